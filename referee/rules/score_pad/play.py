"""The score pad's ``start`` and ``apply``: a round needs one number per seat, within sane bounds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import IllegalEvent, _
from .events import Round
from .state import State

LIMIT = 1_000_000
"""The largest points, either way, one round may give a seat (a typo guard, not a rule)."""


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
            if any(abs(p) > LIMIT for p in points):
                raise IllegalEvent("bad_points", _("Points must lie between -1,000,000 and 1,000,000."))
            return State(state.players, state.rounds + (points,))
    raise IllegalEvent("unknown_event", _("The score pad records rounds only."))
