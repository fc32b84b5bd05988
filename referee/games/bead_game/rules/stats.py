"""A player's Domino Bead Game numbers for their history (issue 17): their best placement.

A placement is one tile laid on the board (D7-D8) and scores the product of its line factors, x2 for
a double (D14-D17). Pure: read from the score sheet (``detail["sheet"]``, one row per turn), which
gives the tile as placed (``"5-4"``) and the product written out (``"3 × 1 × 1 × 2 = 6"``).
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules.base import View

from .view import Detail


@dataclass(frozen=True)
class Placement:
    score: int
    tile: str
    text: str


@dataclass(frozen=True)
class BeadGameStats:
    placements: int = 0
    best: Placement | None = None

    def __add__(self, other: BeadGameStats) -> BeadGameStats:
        best = [p for p in (self.best, other.best) if p is not None]
        return BeadGameStats(
            self.placements + other.placements, max(best, key=lambda p: p.score) if best else None
        )


def player_stats(view: View[Detail], seat: int) -> BeadGameStats:
    """The tiles ``seat`` placed at this table and the highest-scoring of them (the first, on a tie)."""
    placed = [
        Placement(int(row["score"]), str(row.get("tile", "")), str(row.get("text", "")))
        for row in view.detail.get("sheet") or ()
        if row.get("seat") == seat and row.get("kind") == "place"
    ]
    best = None
    for p in placed:
        if best is None or p.score > best.score:
            best = p
    return BeadGameStats(len(placed), best)
