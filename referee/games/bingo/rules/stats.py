"""A player's Bingo numbers for their history (issue 17): the claims they made, and those that failed.

Pure: read from the view's score sheet (``detail["deals"]``, one row per deal with its settled
claim), so the numbers are whatever the rules decided when the log was replayed; nothing is
stored. Only claims a player made count (``kind == "claim"``); a closer's implied claim (B40) is
the rules settling a deal nobody claimed, not a claim made.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules.base import View

from .view import Detail


@dataclass(frozen=True)
class BingoStats:
    claims: int = 0
    failed: int = 0

    def __add__(self, other: BingoStats) -> BingoStats:
        return BingoStats(self.claims + other.claims, self.failed + other.failed)


def player_stats(view: View[Detail], seat: int) -> BingoStats:
    """The claims ``seat`` made at this table (B32-B37) and how many of them failed."""
    made = [
        claim
        for deal in view.detail.get("deals") or ()
        if (claim := deal.get("claim")) and claim.get("kind") == "claim" and claim.get("seat") == seat
    ]
    return BingoStats(len(made), sum(1 for claim in made if not claim.get("correct")))
