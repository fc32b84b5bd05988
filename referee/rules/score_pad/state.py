"""The score pad's state: the players and every round's points."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    rounds: tuple[tuple[int, ...], ...] = ()

    def totals(self) -> tuple[int, ...]:
        return tuple(sum(r[i] for r in self.rounds) for i in range(len(self.players)))
