"""Whose turn a seat's phone says it is (referee/web/turns.py), read from each turn-taking game's view
as its golden record is replayed: always a seat at the table, and the seat that plays next."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.games import GAMES
from referee.rules.events import decode
from referee.web.turns import seat_to_play

RECORDS = Path(__file__).parents[1] / "records"


@pytest.mark.parametrize(
    ("name", "moves"),
    [  # the event types a seat makes on its turn
        ("bingo-four-deals-to-eight", {"trick"}),
        ("five-up-partners-to-61", {"play"}),
        ("bead-game-two-hands", {"place"}),
    ],
)
def test_the_seat_to_play_is_the_seat_whose_move_comes_next(name: str, moves: set[str]):
    rec = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    game = GAMES[rec["game"]]
    state = game.start(tuple(rec["players"]), game.resolve_options(rec["options"]))
    checked = 0
    for raw in rec["events"]:
        turn = seat_to_play(game.id, game.view(state).detail)
        assert turn is None or turn in range(len(rec["players"]))
        if raw["type"] in moves:
            assert turn is not None and turn == raw.get("seat", turn), raw  # a Bingo trick names no seat
            checked += 1
        state = game.apply(state, decode(game.events, raw))
    assert checked >= 5
    assert seat_to_play("ninety-nine", {"to_play": [0, 1, 2]}) is None  # tricks entered whole: no turn
