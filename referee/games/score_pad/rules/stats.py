"""A player's score pad numbers for their club page: rounds played and their best round.

Pure: read from the pad's own rounds (only finished pads count: played to an agreed total).
"""

from __future__ import annotations

from dataclasses import dataclass

from .state import State


@dataclass(frozen=True)
class ScorePadStats:
    rounds: int = 0
    best_round: int | None = None
    """The most points in one round (None before any round: a seat's best may be below zero)."""

    def __add__(self, other: ScorePadStats) -> ScorePadStats:
        bests = [b for b in (self.best_round, other.best_round) if b is not None]
        return ScorePadStats(self.rounds + other.rounds, max(bests, default=None))


def player_stats(state: State, seat: int) -> ScorePadStats:
    """The rounds of this pad and the most points ``seat`` scored in one of them."""
    return ScorePadStats(len(state.rounds), max((points[seat] for points in state.rounds), default=None))
