"""The shape every game gives its race (referee/rules/race.py): each side's points per deal, hand or
round, and the running totals they make. A game's descriptor reads it from its view (``Game.race``);
this module needs nothing else, so the descriptor can name it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import accumulate
from typing import Literal

Unit = Literal["deal", "hand", "round"]


@dataclass(frozen=True)
class Count:
    """Five Up: the count of the layout after one play, and the points it scored (F15-F16)."""

    count: int
    points: int


@dataclass(frozen=True)
class Race:
    unit: Unit
    sides: tuple[tuple[int, ...], ...]
    points: tuple[tuple[int, ...], ...]
    start: tuple[int, ...]
    target: int | None = None
    finished: bool = False
    counts: tuple[Count, ...] = ()
    live: bool = False  # the last step is still being played
    sums: tuple[tuple[int, ...], ...] | None = None  # the running totals, when the game keeps them already

    @cached_property
    def running(self) -> tuple[tuple[int, ...], ...]:
        """Each side's total after each step (the shape of ``points``): summed a side at a time, so a
        score pad of 5,000 rounds costs milliseconds."""
        if self.sums is not None:
            return self.sums
        if not self.points:
            return ()
        columns = (accumulate(column, initial=start) for column, start in zip(zip(*self.points, strict=True), self.start, strict=True))
        return tuple(zip(*columns, strict=True))[1:]

    def names(self, players: tuple[str, ...]) -> tuple[str, ...]:
        """Each line's name: a player, or partners joined by an ampersand."""
        return tuple(" & ".join(players[s] for s in seats) for seats in self.sides)
