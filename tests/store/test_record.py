"""The record codec: every event type of every game survives encode -> JSON -> decode, and a whole
record is refused at its first bad event, naming it."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules import GAMES
from referee.rules.cards import Card, deck
from referee.rules.events import decode, encode
from referee.rules.tiles import Tile, double_set
from referee.store.record import RecordError, parse_record

st.register_type_strategy(Tile, st.sampled_from(double_set()))
st.register_type_strategy(Card, st.sampled_from(deck()))

EVENT_TYPES = [(g.id, cls) for g in GAMES.values() for cls in g.events]
RECORDS = sorted((Path(__file__).parents[1] / "records").glob("*.json"))


@pytest.mark.parametrize(("game_id", "cls"), EVENT_TYPES, ids=[f"{g}.{c.type}" for g, c in EVENT_TYPES])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_every_event_type_round_trips_through_json(game_id, cls, data):
    event = data.draw(st.from_type(cls))
    wire = json.loads(json.dumps(encode(event)))
    assert wire["type"] == cls.type
    assert decode(GAMES[game_id].events, wire) == event


def test_tiles_are_written_higher_number_first():
    event = decode(GAMES["score-pad"].events, {"type": "round", "points": [1, 2]})
    assert encode(event) == {"type": "round", "points": [1, 2]}
    assert str(Tile.parse("4-6")) == "6-4"
    assert Card.parse("T♥") == Card.parse("10H")


def record(events, game="score-pad", players=("Aki", "Ben"), **extra):
    return {"format": "referee-record", "version": 1, "game": game, "players": list(players),
            "options": {}, "events": events, **extra}


def test_a_record_is_refused_at_its_first_bad_event():
    events = [{"type": "round", "points": [1, 2]}, {"type": "round", "points": [1]}, {"type": "round"}]
    with pytest.raises(RecordError) as err:
        parse_record(record(events))
    assert err.value.index == 1


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ({"format": "other", "version": 1}, "bad_record"),
        (record([], game="chess"), "unknown_game"),
        (record([], players=["Solo"]), "bad_players"),
        ({**record([]), "options": {"noSuchOption": True}}, "unknown_option"),
        (record([{"type": "round", "points": ["x", 1]}]), "bad_field"),
        (record([{"type": "trick", "points": [1, 1]}]), "unknown_event"),
        (record([{"type": "round", "points": [1, 1], "extra": 1}]), "unknown_field"),
        ({**record([]), "comment": "hi"}, "bad_record"),
        ([], "bad_record"),
    ],
)
def test_malformed_records_are_refused_with_a_code(raw, code):
    with pytest.raises(RecordError) as err:
        parse_record(raw)
    assert err.value.code == code


@pytest.mark.parametrize("path", RECORDS, ids=[p.name for p in RECORDS])
def test_golden_records_parse_and_normalise_idempotently(path):
    raw = json.loads(path.read_text(encoding="utf-8"))
    parsed = parse_record(raw)
    again = parse_record({**raw, "events": list(parsed.events)})
    assert again.events == parsed.events
