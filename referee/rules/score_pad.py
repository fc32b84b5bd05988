"""The score pad: players, points per round, running totals. The simplest game, for any game.

Events: ``round`` with one whole number per seat (docs/record-format.md, score-pad). It never finishes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypedDict

from .base import Game, IllegalEvent, Line, View, _
from .events import event


@event("round")
class Round:
    points: tuple[int, ...]


class Detail(TypedDict):
    """The score pad's ``View.detail``, as the table page, the score sheet PDF and the API read it."""

    rounds: list[list[int]]  # each round's points, one number per seat, oldest round first
    running: list[list[int]]  # each seat's running total after each round (the shape of rounds)


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    rounds: tuple[tuple[int, ...], ...] = ()


def start(players: tuple[str, ...], options: Mapping[str, Any]) -> State:
    return State(players=tuple(players))


def apply(state: State, ev: Any) -> State:
    match ev:
        case Round(points=points):
            if len(points) != len(state.players):
                raise IllegalEvent(
                    "bad_points",
                    _("A round needs one number for each of the %(n)s players."),
                    n=len(state.players),
                )
            if any(abs(p) > 1_000_000 for p in points):
                raise IllegalEvent("bad_points", _("Points must lie between -1,000,000 and 1,000,000."))
            return State(state.players, state.rounds + (points,))
    raise IllegalEvent("unknown_event", _("The score pad records rounds only."))


def totals(state: State) -> tuple[int, ...]:
    return tuple(sum(r[i] for r in state.rounds) for i in range(len(state.players)))


def view(state: State) -> View[Detail]:
    running = []
    acc = [0] * len(state.players)
    for r in state.rounds:
        acc = [a + p for a, p in zip(acc, r, strict=True)]
        running.append(tuple(acc))
    return View(
        totals=totals(state),
        detail=Detail(rounds=[list(r) for r in state.rounds], running=[list(r) for r in running]),
    )


def narrate(ev: Any, players: tuple[str, ...], before: State | None = None, after: State | None = None) -> Line:
    """"Round 3: Aki 5, Ben -2" (the round number when replaying)."""
    scores = tuple(f"{name} {points:+d}" for name, points in zip(players, ev.points, strict=False))
    if after is not None:
        return Line(_("Round %(no)s: %(scores)s"), {"no": len(after.rounds), "scores": scores})
    return Line(_("A round: %(scores)s"), {"scores": scores})


GAME = Game(
    id="score-pad",
    name=_("Score pad"),
    min_players=2,
    max_players=8,
    options=(),
    events=(Round,),
    start=start,
    apply=apply,
    view=view,
    narrate=narrate,
)
