"""A player's Ninety-Nine numbers for their history (issue 17): bids made out of deals played.

Pure: read from the score sheet (``detail["sheet"]``, one row per *complete* deal), where each
player's ``success`` is the rules' N13 verdict (tricks won equal to the bid). A deal still being
played is not on the sheet, so a sealed bid never counts before it is open.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules.base import View

from .view import Detail


@dataclass(frozen=True)
class NinetyNineStats:
    deals: int = 0
    made: int = 0

    def __add__(self, other: NinetyNineStats) -> NinetyNineStats:
        return NinetyNineStats(self.deals + other.deals, self.made + other.made)

    @property
    def percent(self) -> int | None:
        """Bids made, in whole per cent (rounded half up); None before any deal."""
        return (200 * self.made + self.deals) // (2 * self.deals) if self.deals else None


def player_stats(view: View[Detail], seat: int) -> NinetyNineStats:
    """The complete deals ``seat`` bid in at this table and how many bids it made."""
    rows = [row for row in view.detail.get("sheet") or () if seat < len(row.get("success") or ())]
    return NinetyNineStats(len(rows), sum(1 for row in rows if row["success"][seat]))
