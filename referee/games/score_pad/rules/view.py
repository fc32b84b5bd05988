"""What a score pad shows: the totals, and each round with the running totals after it."""

from __future__ import annotations

from typing import TypedDict

from referee.rules.base import View

from .state import State


class Detail(TypedDict):
    """The score pad's ``View.detail``, as the table page, the score sheet PDF and the API read it.

    The state's own tuples (JSON arrays in the API): a view costs the same after 5 rounds or 5,000."""

    rounds: tuple[tuple[int, ...], ...]  # each round's points, one number per seat, oldest round first
    running: tuple[tuple[int, ...], ...]  # each seat's running total after each round (the shape of rounds)


def view(state: State) -> View[Detail]:
    """The totals and rounds; once the agreed total is reached, the highest total wins (a tie shares)."""
    totals = state.totals()
    winners = tuple(seat for seat, total in enumerate(totals) if total == max(totals)) if state.finished else ()
    detail = Detail(rounds=state.rounds, running=state.running)
    return View(totals=totals, detail=detail, finished=state.finished, winners=winners)
