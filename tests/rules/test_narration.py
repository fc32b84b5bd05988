"""Every game narrates every event of every stored record (held-out acceptance records included):
one sentence per event, its params filling its msgid, cards as A♠ and tiles as 3-1, and a sealed
Ninety-Nine bid never naming its cards (N3). Pure: no Flask, the English msgids are the sentences."""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path

import pytest
from test_ninety_nine_support import quick_deal

from referee.games import GAMES
from referee.rules.base import Line
from referee.rules.events import decode
from referee.store.replay import ReplayError, replay_events

ROOT = Path(__file__).resolve().parent.parent
RECORDS = sorted([*(ROOT / "records").glob("*.json"), *(ROOT / "acceptance" / "records").glob("*.json")])
CARD_CODE = re.compile(r"(?<![\w-])(?:10|[2-9AKQJ])[SHDC](?![\w-])")


def english(line: Line) -> str:
    params = {
        k: ", ".join(english(i) if isinstance(i, Line) else str(i) for i in v) if isinstance(v, tuple) else getattr(v, "en", v)
        for k, v in line.params.items()
    }
    message = line.plural if line.plural and params.get("n") != 1 else line.message
    return " ".join([message % params, *(english(m) for m in line.more)])


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_every_event_of_a_record_has_a_plain_sentence(path):
    record = json.loads(path.read_text())
    game = GAMES[record["game"]]
    players = tuple(record["players"])
    options = game.resolve_options(record.get("options"))
    lines: list = []
    with contextlib.suppress(ReplayError):  # a record refused part way: the events before are narrated
        replay_events(game, players, options, record["events"], lines)
    for body, line in zip(record["events"], lines, strict=False):
        told = english(line)
        alone = english(game.narrate(decode(game.events, body), players))  # a correction's original
        for text in (told, alone):
            assert "%(" not in text and not CARD_CODE.search(text), text
            assert not re.search(r"\bseat\b|[{[]", text), text
            assert not re.search(r"\bTB-\d", text), text  # a condition card by its words, even alone
        if body["type"] == "bid" and game.id == "ninety-nine":
            if body["seat"] < len(players):
                assert set(line.params) == {"name"} and told == f"{players[body['seat']]} sealed a bid."
            else:  # N21: the dummy's bid opens its own sentence, with a capital
                assert told in ("The dummy's bid is set aside, face down.", "The dummy's bid is turned up."), told


@pytest.mark.parametrize(
    ("game", "raw", "message"),
    [
        ("bingo", {"type": "close", "seat": 1}, "%(name)s closes."),
        ("five-up", {"type": "pass", "seat": 1}, "%(name)s passes."),
    ],
)
def test_an_event_is_said_by_its_class_and_anything_else_is_an_entry(game, raw, message):
    """The shared ``narrate`` (rules/narration.py): one sentence per event class, the same fallback."""
    g = GAMES[game]
    assert g.narrate is not None
    assert g.narrate(decode(g.events, raw), ("Aki", "Ben")) == Line(message, {"name": "Ben"})
    assert g.narrate(object(), ("Aki", "Ben")) == Line("An entry.")


def test_the_dummys_bid_is_set_aside_before_the_tricks_and_turned_up_after_them():
    """N22: the dummy's bid lies face down until the end of the deal; entered then, it is turned up, not
    "sealed" (newplayer9: the answer said "sealed" while the scorer turned it up at the end)."""
    game = GAMES["ninety-nine"]
    first, second = quick_deal([3, 4, 5], [2, 3, 4], dealer=0), quick_deal([3, 4, 5], [2, 3, 4])
    events = [first[0], first[4], *first[1:4], *second]  # deal 1: the dummy's bid first; deal 2: last
    lines: list = []
    replay_events(game, ("Aki", "Ben"), game.resolve_options({}), events, lines)
    dummy = [english(line) for body, line in zip(events, lines, strict=True) if body.get("seat") == 2]
    assert dummy == ["The dummy's bid is set aside, face down.", "The dummy's bid is turned up."]
