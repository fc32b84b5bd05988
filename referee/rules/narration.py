"""The one ``narrate`` the games share: a sentence per event class, the same call, the same fallback.

What ``dispatch.make_apply`` is to the rules, this is to the history: a game writes, per event
class, how a referee would say that event (a :class:`~referee.rules.base.Line`), given the player
names and the state after it; ``after`` is None outside a replay, so the sentence then says only
what was played. The dispatch by class and the sentence for any other object live here once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .base import Line, _

Say = Callable[[Any, tuple[str, ...], Any], Line]
"""``say(event, players, after)``: one event class as a sentence (``after``: the game's state or None)."""


def make_narrate(sayings: Mapping[type, Say]) -> Callable[..., Line]:
    """The game's ``narrate(event, players, before=None, after=None)`` (see ``Game.narrate``)."""

    def narrate(ev: object, players: tuple[str, ...], before: object = None, after: object = None) -> Line:
        say = sayings.get(type(ev))
        return say(ev, players, after) if say is not None else Line(_("An entry."))

    return narrate
