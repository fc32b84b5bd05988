"""The shared ``narrate`` (rules/narration.py): one sentence per event class, the same fallback."""

from __future__ import annotations

import pytest

from referee.rules import GAMES
from referee.rules.base import Line
from referee.rules.events import decode


@pytest.mark.parametrize(
    ("game", "raw", "message"),
    [
        ("bingo", {"type": "close", "seat": 1}, "%(name)s closes."),
        ("five-up", {"type": "pass", "seat": 1}, "%(name)s passes."),
    ],
)
def test_an_event_is_said_by_its_class_and_anything_else_is_an_entry(game, raw, message):
    g = GAMES[game]
    assert g.narrate is not None
    assert g.narrate(decode(g.events, raw), ("Aki", "Ben")) == Line(message, {"name": "Ben"})
    assert g.narrate(object(), ("Aki", "Ben")) == Line("An entry.")
