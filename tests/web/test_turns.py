"""Whose turn a seat's phone says it is (referee/web/tables/turns.py, each game's ``web.is_turn_of``), read from each turn-taking game's view
as its golden record is replayed: always a seat at the table, and the seat that plays next."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.games import GAMES
from referee.rules.events import decode
from referee.web.tables.turns import is_turn_of

RECORDS = Path(__file__).parents[1] / "records"


@pytest.mark.parametrize(
    ("name", "moves"),
    [  # the event types a seat makes on its turn
        ("bingo-four-deals-to-eight", {"trick"}),
        ("five-up-partners-to-61", {"play"}),
        ("bead-game-two-hands", {"place"}),
        ("trick-de-bingo-one-round", {"pick"}),  # the draft: each seat picks on its own phone, in turn
    ],
)
def test_the_seat_to_play_is_the_seat_whose_move_comes_next(name: str, moves: set[str]):
    rec = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    game = GAMES[rec["game"]]
    state = game.start(tuple(rec["players"]), game.resolve_options(rec["options"]))
    checked = 0
    for raw in rec["events"]:
        detail = game.view(state).detail
        turns = [seat for seat in range(len(rec["players"])) if is_turn_of(game.id, detail, seat)]
        assert len(turns) <= 1, raw  # one seat after another
        if raw["type"] in moves:
            assert turns and turns[0] == raw.get("seat", turns[0]), raw  # a Bingo trick names no seat
            checked += 1
        state = game.apply(state, decode(game.events, raw))
    assert checked >= 5
    assert not is_turn_of("ninety-nine", {"to_play": [0, 1, 2]}, 0)  # tricks entered whole: no turn


def test_every_seat_whose_ninety_nine_bid_is_missing_has_its_turn_while_the_deal_takes_bids():
    """The seats bid together: each seat with no sealed bid hears "Your turn" (also while the tricks are
    entered, and after them: the deal waits for its bids), a seat whose bid is sealed does not, and
    nobody between deals."""
    rec = json.loads((RECORDS / "ninety-nine-three-player-game-to-100.json").read_text(encoding="utf-8"))
    game = GAMES[rec["game"]]
    state = game.start(tuple(rec["players"]), game.resolve_options(rec["options"]))
    bids = 0
    for raw in rec["events"]:
        detail = game.view(state).detail
        turns = [seat for seat in range(3) if is_turn_of(game.id, detail, seat)]
        missing = [seat for seat, status in enumerate(detail["bid_status"]) if status == "missing"]
        assert set(turns) <= set(missing), raw  # a sealed bid is never asked for again
        if detail["phase"] in ("not started", "complete"):
            assert turns == [], raw  # between deals nobody bids
        elif detail["phase"] == "awaiting bids":
            assert turns == missing, raw  # the deal waits for them
        if raw["type"] == "bid":
            assert raw["seat"] in turns
            bids += 1
        state = game.apply(state, decode(game.events, raw))
    assert bids >= 5
    assert not is_turn_of("ninety-nine", {"phase": "bidding", "bid_status": ["missing"]}, None)  # a viewer
