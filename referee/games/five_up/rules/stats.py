"""A player's Five Up numbers for their history (issue 17): their side's average hand score and the
largest count they scored with one tile.

Pure: a hand's score for a side is what the rules credited it in that hand (its plays' points, its
end points and the +2 for going out, F24-F28, F35), read from ``detail["hands"]``; a count is the
layout's open ends added up after a play (F15-F16), and it scores when the rules gave the play
points. Plays of finished hands are kept in the state (``State.hands``), which the view does not list.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules.base import View

from .state import State
from .view import Detail, HandSummary, view


@dataclass(frozen=True)
class LargestCount:
    count: int
    tile: str


@dataclass(frozen=True)
class FiveUpStats:
    hands: int = 0
    points: int = 0
    largest: LargestCount | None = None

    def __add__(self, other: FiveUpStats) -> FiveUpStats:
        counts = [c for c in (self.largest, other.largest) if c is not None]
        return FiveUpStats(
            self.hands + other.hands,
            self.points + other.points,
            max(counts, key=lambda c: c.count) if counts else None,
        )

    @property
    def average(self) -> float | None:
        """Points per finished hand, None before any."""
        return self.points / self.hands if self.hands else None


def _hand_score(hand: HandSummary, side: int, seats: list[int]) -> int:
    play, end = hand["play_points"], hand["end_points"]
    points = (play[side] if side < len(play) else 0) + (end[side] if side < len(end) else 0)
    return points + (hand["domino_bonus"] if hand["dominoer"] in seats else 0)


def player_stats(state: State, seat: int, shown: View[Detail] | None = None) -> FiveUpStats:
    """Finished hands at this table, the points ``seat``'s side scored in them, and the largest
    count ``seat`` scored (with the tile that made it; the first, on a tie). ``shown``: the view of
    ``state``, when the caller has it already."""
    detail = (shown or view(state)).detail
    sides = [list(s) for s in detail.get("sides") or ()]
    side = next((i for i, seats in enumerate(sides) if seat in seats), seat)
    seats = sides[side] if side < len(sides) else [seat]
    hands = list(detail.get("hands") or ())
    largest = None
    for hand in state.hands:
        for play in hand.plays:
            if play.seat == seat and play.points > 0 and (largest is None or play.count > largest.count):
                largest = LargestCount(play.count, str(play.tile))
    return FiveUpStats(len(hands), sum(_hand_score(h, side, seats) for h in hands), largest)
