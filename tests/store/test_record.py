"""The record codec: every event type of every game survives encode -> JSON -> decode, and a whole
record is refused at its first bad event, naming it."""

import dataclasses
import json
import types
import typing
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from referee.games import GAMES
from referee.rules.base import RuleError
from referee.rules.cards import Card, deck
from referee.rules.events import decode, encode
from referee.rules.tiles import Tile, double_set
from referee.store.record import RecordError, parse_record

# Strings that events really carry (tiles in written order, catalogue ids, JSON) beside arbitrary text
# that a database keeps (the codec refuses NUL and lone surrogates).
TEXT = st.one_of(
    st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), max_size=6), st.sampled_from(["3-1", "5-5", "1-4", "TB-07", "TB-50", "declare", "reveal"])
)


def strategy(hint):
    """Values of a field's type, as the event codec supports them."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return st.one_of(st.none(), strategy(next(a for a in args if a is not type(None))))
    if origin is typing.Literal:
        return st.sampled_from(args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(strategy(args[0]), max_size=5).map(tuple)
        return st.tuples(*(strategy(a) for a in args))
    scalars = {
        Tile: st.sampled_from(double_set()),
        Card: st.sampled_from(deck()),
        int: st.integers(-3, 60),
        bool: st.booleans(),
        str: TEXT,
    }
    if hint in scalars:
        return scalars[hint]
    return events_of(hint).filter(lambda value: value is not None)


def events_of(cls):
    """Instances of ``cls``, or None where its own checks refuse the drawn values."""
    hints = typing.get_type_hints(cls)

    def build(**kw):
        if any(v is None for k, v in kw.items() if not _optional(cls, k)):
            return None
        try:
            return cls(**kw)
        except RuleError:
            return None

    return st.builds(build, **{f.name: strategy(hints[f.name]) for f in dataclasses.fields(cls)})


def _optional(cls, name):
    f = next(f for f in dataclasses.fields(cls) if f.name == name)
    return f.default is not dataclasses.MISSING


EVENT_TYPES = [(g.id, cls) for g in GAMES.values() for cls in g.events]
RECORDS = sorted((Path(__file__).parents[1] / "records").glob("*.json"))


@pytest.mark.parametrize(("game_id", "cls"), EVENT_TYPES, ids=[f"{g}.{c.type}" for g, c in EVENT_TYPES])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(data=st.data())
def test_every_event_type_round_trips_through_json(game_id, cls, data):
    event = data.draw(events_of(cls))
    assume(event is not None)
    wire = json.loads(json.dumps(encode(event)))
    assert wire["type"] == cls.type
    assert decode(GAMES[game_id].events, wire) == event


def test_tiles_are_written_higher_number_first():
    event = decode(GAMES["score-pad"].events, {"type": "round", "points": [1, 2]})
    assert encode(event) == {"type": "round", "points": [1, 2]}
    assert str(Tile.parse("4-6")) == "6-4"
    assert Card.parse("T♥") == Card.parse("10H")


def record(events, game="score-pad", players=("Aki", "Ben"), **extra):
    return {
        "format": "referee-record",
        "version": 1,
        "game": game,
        "players": list(players),
        "options": {},
        "events": events,
        **extra,
    }


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
