"""What a score pad shows: the totals, and each round with the running totals after it."""

from __future__ import annotations

from typing import TypedDict

from ..base import View
from .state import State


class Detail(TypedDict):
    """The score pad's ``View.detail``, as the table page, the score sheet PDF and the API read it."""

    rounds: list[list[int]]  # each round's points, one number per seat, oldest round first
    running: list[list[int]]  # each seat's running total after each round (the shape of rounds)


def view(state: State) -> View[Detail]:
    running = []
    acc = [0] * len(state.players)
    for r in state.rounds:
        acc = [a + p for a, p in zip(acc, r, strict=True)]
        running.append(tuple(acc))
    return View(
        totals=state.totals(),
        detail=Detail(rounds=[list(r) for r in state.rounds], running=[list(r) for r in running]),
    )
