"""Helpers shared by the Trick de Bingo rules tests (test_trick_de_bingo*.py): four sheets (T-E2's
for North), one legal deal played out, the draft in turn order (T6), and sheets of custom cards that
flip at chosen tricks to stage bingos. Seats: North 0, East 1, South 2, West 3 (clockwise). Events
are fed as raw JSON dicts through the record codec.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.games.trick_de_bingo.rules import GAME
from referee.rules.base import IllegalEvent, MalformedEvent
from referee.rules.events import decode

PLAYERS = ("Aki", "Ben", "Chie", "Dan")
REPO = Path(__file__).parents[2]

# T-E2's sheet for North and three more sheets (cells 1-9 row by row); used by the golden record too.
SHEETS = {
    0: ["TB-01", "TB-09", "TB-15", "TB-20", "TB-23", "TB-27", "TB-10", "TB-30", "TB-39"],
    1: ["TB-05", "TB-48", "TB-16", "TB-17", "TB-22", "TB-19", "TB-13", "TB-25", "TB-31"],
    2: ["TB-18", "TB-33", "TB-41", "TB-32", "TB-43", "TB-12", "TB-14", "TB-45", "TB-44"],
    3: ["TB-37", "TB-02", "TB-24", "TB-04", "TB-21", "TB-49", "TB-26", "TB-06", "TB-47"],
}
# A legal deal played out, dealer North: each trick in play order from its leader.
DEAL = [
    "AC 3C 2H 4H",  # 1: N leads, wins
    "KC 2S 3H 10S",  # 2: N
    "2C 3S 7H JS",  # 3: N wins with a 2 (nobody else has a club)
    "5H 6H JH KH",  # 4: W
    "AD QC 2D 6D",  # 5: W leads; N discards QC
    "AS JC 4S 6S",
    "KS 10C 5S 7S",
    "QS 9C 8H 8S",
    "KD 8C 3D 7D",
    "QD 7C 4D 8D",
    "JD 6C 5D 9D",
    "10D 5C 9H 9S",
    "AH 4C 10H QH",  # 13: W
]
CELL_ORDER = (5, 1, 9, 3, 7, 2, 4, 6, 8)


def new(**options):
    return GAME.start(PLAYERS, GAME.resolve_options(options))


def feed(state, *raw):
    for r in raw:
        state = GAME.apply(state, decode(GAME.events, r))
    return state


def trick(text):
    return {"type": "trick", "cards": text.split()}


def draft_events(sheets, dealer=0):
    """The 36 picks in turn order (T6): dealer first, then to the left; cells centre first."""
    out = []
    for j in range(9):
        for i in range(4):
            seat = (dealer + i) % 4
            cell = CELL_ORDER[j]
            out.append({"type": "pick", "seat": seat, "card": sheets[seat][cell - 1], "cell": cell})
    return out


def drafted(sheets=SHEETS, dealer=0, **options):
    return feed(new(**options), {"type": "round", "dealer": dealer}, *draft_events(sheets, dealer))


def refused(state, raw, code):
    with pytest.raises((IllegalEvent, MalformedEvent)) as err:
        feed(state, raw)
    assert err.value.code == code, str(err.value)
    return str(err.value)


def played(state, n=13):
    return feed(state, *(trick(t) for t in DEAL[:n]))


def _custom_sheets(flip_at):
    """Custom cards "X<seat><cell>" flipping at a given trick (or never, None) to stage bingos."""
    events, sheets = [], {}
    for seat in range(4):
        sheets[seat] = []
        for cell in range(1, 10):
            k = flip_at.get((seat, cell))
            when = {"trick": k} if k else {"all": [{"trick": 1}, {"trick": 2}]}
            card_id = f"X{seat}{cell}"
            events.append(
                {"type": "card", "id": card_id, "condition": json.dumps({"kind": "trick", "when": when})}
            )
            sheets[seat].append(card_id)
    return events, sheets


def staged(flip_at, **options):
    events, sheets = _custom_sheets(flip_at)
    state = feed(new(**options), *events, {"type": "round", "dealer": 0}, *draft_events(sheets))
    return played(state)
