"""The score pad's state: the players, the agreed total, every round's points and the running totals after each."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    target: int = 0
    """The agreed total that ends the pad (option ``target``); 0: it never ends."""
    rounds: tuple[tuple[int, ...], ...] = ()
    running: tuple[tuple[int, ...], ...] = ()
    """Each seat's total after each round, kept as rounds are added: a view (built after every
    event, for every step of a dispute report) then copies nothing, however long the evening."""
    events: int = 0  # events applied so far: the next event's index

    @property
    def finished(self) -> bool:
        """After the round in which a seat reaches the agreed total; without one, never (players
        stop when they like)."""
        return self.target > 0 and any(total >= self.target for total in self.totals())

    def totals(self) -> tuple[int, ...]:
        return self.running[-1] if self.running else (0,) * len(self.players)
