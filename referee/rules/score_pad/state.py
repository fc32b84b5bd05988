"""The score pad's state: the players and every round's points."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    rounds: tuple[tuple[int, ...], ...] = ()
    events: int = 0  # events applied so far: the next event's index

    @property
    def finished(self) -> bool:
        """A score pad never finishes: players stop when they like."""
        return False

    def totals(self) -> tuple[int, ...]:
        return tuple(sum(r[i] for r in self.rounds) for i in range(len(self.players)))
