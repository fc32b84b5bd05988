"""The score pad's ``start`` and ``apply``: a round needs one number per seat, within sane bounds."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.rules.base import IllegalEvent, _
from referee.rules.dispatch import make_apply
from referee.rules.drafts import grown, update

from .events import Round
from .state import State

LIMIT = 1_000_000
"""The largest points, either way, one round may give a seat (a typo guard, not a rule)."""


def start(players: tuple[str, ...], options: Mapping[str, Any]) -> State:
    return State(players=tuple(players), target=int(options.get("target", 0)))


def _round(state: State, ev: Round) -> State:
    if len(ev.points) != len(state.players):
        raise IllegalEvent(
            "bad_points",
            _("A round needs one number for each of the %(n)s players."),
            n=len(state.players),
        )
    if any(abs(p) > LIMIT for p in ev.points):
        raise IllegalEvent("bad_points", _("Points must lie between −1,000,000 and 1,000,000."))
    running = tuple(t + p for t, p in zip(state.totals(), ev.points, strict=True))
    return update(state, rounds=grown(state.rounds, ev.points), running=grown(state.running, running))


apply: Callable[[State, object], State] = make_apply({Round: _round}, _("The score pad records rounds only."))
