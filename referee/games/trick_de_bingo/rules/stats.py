"""A player's Trick de Bingo numbers for their history (issue 17): the bingos (flipped lines) they made.

Pure: read from the score rows (``detail["score_rows"]``, T20), counting only rounds that are over,
where ``lines`` is the number of complete lines on the player's sheet.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules.base import View

from .view import Detail


@dataclass(frozen=True)
class TrickDeBingoStats:
    rounds: int = 0
    bingos: int = 0

    def __add__(self, other: TrickDeBingoStats) -> TrickDeBingoStats:
        return TrickDeBingoStats(self.rounds + other.rounds, self.bingos + other.bingos)


def player_stats(view: View[Detail], seat: int) -> TrickDeBingoStats:
    """The rounds ``seat`` finished at this table and the bingo lines it made in them."""
    rows = [
        row
        for round_ in view.detail.get("score_rows") or ()
        if round_.get("complete")
        for row in round_.get("rows") or ()
        if row.get("seat") == seat
    ]
    return TrickDeBingoStats(len(rows), sum(int(row.get("lines") or 0) for row in rows))
