"""The record/API codec reads only record-format.md's spellings (issue 14, point 3).

Tiles ``"a-b"`` (either order), cards rank-then-suit (``T`` for 10, suit symbols allowed, ``JK``),
seats and other whole numbers as JSON integers, yes/no as JSON true/false, lists as JSON arrays,
option values of the option's JSON type. Anything else is refused with a MalformedEvent naming the
field and the form expected. (An HTML form's looser text is normalised before it reaches the codec:
tests/web/test_form_values.py.)
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games import GAMES
from referee.rules.base import MalformedEvent
from referee.rules.cards import Card
from referee.rules.events import decode, encode, event, schema
from referee.rules.tiles import Tile


@event("probe")
class Probe:
    tile: Tile | None = None
    card: Card | None = None
    seat: int | None = None
    count: int | None = None
    flag: bool | None = None
    cards: tuple[Card, ...] | None = None


def read(field, value):
    return getattr(decode((Probe,), {"type": "probe", field: value}), field)


ACCEPTED = [
    ("tile", "6-4", Tile(6, 4)),
    ("tile", "4-6", Tile(6, 4)),
    ("tile", "0-0", Tile(0, 0)),
    ("card", "AH", Card(14, "H")),
    ("card", "10S", Card(10, "S")),
    ("card", "TS", Card(10, "S")),
    ("card", "2C", Card(2, "C")),
    ("card", "Q♥", Card(12, "H")),
    ("card", "JK", Card(0, "")),
    ("seat", 0, 0),
    ("seat", 3, 3),
    ("count", -5, -5),
    ("count", 12, 12),
    ("flag", True, True),
    ("flag", False, False),
    ("cards", ["AH", "KH", "QH"], (Card(14, "H"), Card(13, "H"), Card(12, "H"))),
    ("cards", [], ()),
]

REFUSED = [
    ("tile", "6-4 ", "a tile written like 6-4"),
    ("tile", " 6-4", "a tile written like 6-4"),
    ("tile", "[5-3]", "a tile written like 6-4"),
    ("tile", "6|2", "a tile written like 6-4"),
    ("tile", "6:4", "a tile written like 6-4"),
    ("tile", "64", "a tile written like 6-4"),
    ("tile", "6–4", "a tile written like 6-4"),  # an en dash
    ("tile", "６-４", "a tile written like 6-4"),  # full-width digits
    ("tile", 64, "a tile written like 6-4"),
    ("tile", ["6", "4"], "a tile written like 6-4"),
    ("card", "AH ", "a card written like 10H, QS or JK"),
    ("card", "ah", "a card written like 10H, QS or JK"),
    ("card", "Ah", "a card written like 10H, QS or JK"),
    ("card", "1H", "a card written like 10H, QS or JK"),
    ("card", "11H", "a card written like 10H, QS or JK"),
    ("card", "02H", "a card written like 10H, QS or JK"),
    ("card", "١٠H", "a card written like 10H, QS or JK"),  # Arabic-Indic digits
    ("card", "A-H", "a card written like 10H, QS or JK"),
    ("card", "jk", "a card written like 10H, QS or JK"),
    ("card", 14, "a card written like 10H, QS or JK"),
    ("seat", "0", "a whole number"),
    ("seat", "1", "a whole number"),
    ("seat", 0.0, "a whole number"),
    ("seat", True, "a whole number"),
    ("seat", [0], "a whole number"),
    ("count", "12", "a whole number"),
    ("count", "１２", "a whole number"),
    ("count", "١٢", "a whole number"),
    ("count", 1.5, "a whole number"),
    ("count", "1e3", "a whole number"),
    ("count", False, "a whole number"),
    ("flag", "true", "true or false"),
    ("flag", "yes", "true or false"),
    ("flag", "on", "true or false"),
    ("flag", 1, "true or false"),
    ("flag", 0, "true or false"),
    ("cards", "AH,KH,QH", "a list"),
    ("cards", '["AH", "KH"]', "a list"),
    ("cards", {"0": "AH"}, "a list"),
    ("cards", "AH", "a list"),
    ("cards", ["AH", "kh"], "a card written like 10H, QS or JK"),
]


@pytest.mark.parametrize(("field", "value", "expected"), ACCEPTED, ids=[f"{f}={v!r}" for f, v, _ in ACCEPTED])
def test_the_canonical_spellings_are_read(field, value, expected):
    assert read(field, value) == expected


@pytest.mark.parametrize(("field", "value", "expected"), REFUSED, ids=[f"{f}={v!r}" for f, v, _ in REFUSED])
def test_any_other_spelling_is_refused_naming_the_field_and_the_form(field, value, expected):
    with pytest.raises(MalformedEvent) as err:
        read(field, value)
    message = str(err.value)
    assert f"The {field} of the probe entry must be {expected}" in message, message


def test_the_written_form_is_canonical_whatever_order_a_tile_was_given_in():
    assert encode(decode((Probe,), {"type": "probe", "tile": "4-6", "card": "TS"})) == {
        "type": "probe",
        "tile": "6-4",
        "card": "10S",
    }


def test_a_refused_value_is_echoed_only_in_part():
    with pytest.raises(MalformedEvent) as err:
        read("cards", "x" * 100_000)
    assert len(str(err.value)) < 200


OPTIONS = [
    ("ninety-nine", "oxfordWhist", True, True),
    ("ninety-nine", "oxfordWhist", "yes", None),
    ("ninety-nine", "oxfordWhist", "true", None),
    ("ninety-nine", "oxfordWhist", 1, None),
    ("ninety-nine", "fixedTarget", 400, 400),
    ("ninety-nine", "fixedTarget", "400", None),
    ("ninety-nine", "fixedTarget", 400.0, None),
    ("trick-de-bingo", "rounds", 2, 2),
    ("trick-de-bingo", "rounds", "2", None),
    ("five-up", "profile", "LeQuantette", "LeQuantette"),
    ("five-up", "profile", "ida", None),
    ("five-up", "profile", "IDA ", None),
    ("five-up", "sets", 3, 3),
    ("five-up", "sets", "3", None),
]


@pytest.mark.parametrize(("game", "option", "value", "expected"), OPTIONS)
def test_option_values_must_be_of_the_options_json_type(game, option, value, expected):
    if expected is None:
        with pytest.raises(MalformedEvent) as err:
            GAMES[game].resolve_options({option: value})
        assert err.value.code == "bad_option" and option in str(err.value)
    else:
        assert GAMES[game].resolve_options({option: value})[option] == expected


@pytest.mark.parametrize("field", ["tile", "card"])
def test_the_openapi_patterns_say_what_the_codec_reads(field):
    pattern = schema(Probe)["properties"][field]["pattern"]
    for f, value, _ in ACCEPTED:
        if f == field:
            assert re.search(pattern, value), value
    for f, value, _ in REFUSED:
        if f == field and isinstance(value, str):
            assert not re.search(pattern, value), value


@event("needy")
class Needy:
    indicator: Tile


def test_a_missing_field_is_named_in_a_sentence_that_reads_for_any_field():
    """Not "needs a indicator": the sentence holds whatever the field's name."""
    with pytest.raises(MalformedEvent) as err:
        decode((Needy,), {"type": "needy"})
    assert err.value.code == "missing_field"
    assert str(err.value) == "The needy entry needs its indicator."


@event("cells_probe")
class CellsProbe:
    cells: tuple[tuple[int, int], tuple[int, int, int]]


@pytest.mark.parametrize(
    "cells",
    [
        [[2, 3], [2, 4, 5]],
        [[0, -1], [7, 8, 9]],
        [[2, 3], [2, 4]],  # a row too short
        [[2, 3, 4], [2, 4, 5]],  # a row too long
        [[2, True], [2, 4, 5]],  # true is no whole number
        [[2, 3.0], [2, 4, 5]],
        [["2", 3], [2, 4, 5]],
        [[2, 3]],
        [[2, 3], [2, 4, 5], [1, 1]],
        "2,3",
        [(2, 3), [2, 4, 5]],  # a tuple row, as Python code may pass it
        ((2, 3), (2, 4, 5)),
    ],
)
def test_rows_of_whole_numbers_read_as_the_general_fixed_tuple_reader_reads_them(cells: object) -> None:
    """Cells (fixed tuples of fixed tuples of integers) take a quicker path for plain JSON arrays of
    plain integers; every value decodes, or is refused, exactly as the general reader does."""
    from referee.rules.events import _decode_fixed, _value_decoder

    rows = (_value_decoder(tuple[int, int]), _value_decoder(tuple[int, int, int]))
    try:
        expected: object = _decode_fixed(rows, cells, "cells_probe", "cells")
    except MalformedEvent as err:
        expected = (err.code, err.message, err.params)
    try:
        got: object = decode([CellsProbe], {"type": "cells_probe", "cells": cells}).cells
    except MalformedEvent as err:
        got = (err.code, err.message, err.params)
    assert got == expected
    assert type(got) is type(expected)


def _event_classes() -> list[type]:
    return sorted({cls for game in GAMES.values() for cls in game.events} | {Probe}, key=lambda c: c.__qualname__)


SPELLINGS = ["6-4", "4-6", "0-0", "9-9", "7-a", "10H", "TH", "Q♥", "JK", "1H", "AS", "round"]
SCALARS = st.none() | st.booleans() | st.integers(-3, 12) | st.floats(allow_nan=False) | st.sampled_from(SPELLINGS)
VALUES = st.one_of(
    SCALARS,
    st.lists(SCALARS, max_size=4),
    st.lists(st.sampled_from(SPELLINGS), max_size=4),
    st.lists(st.integers(-3, 12), max_size=4),
    st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["seat", "x"]), inner, max_size=2), max_leaves=6),
)


def _by_each_field(cls: type, raw: dict[str, object], where: str) -> object:
    """The event as each field's own decoder reads it, field by field in field order: what the
    decoder written for the class must answer."""
    from referee.rules.events import _value_decoder, field_specs

    specs = field_specs(cls)
    unknown = [k for k in raw if k != "type" and k not in {spec.name for spec in specs}]
    if unknown:
        raise MalformedEvent("unknown_field", "The %(type)s entry has no field %(field)s.", type=where, field=unknown[0])
    values = {}
    for spec in specs:
        value = raw.get(spec.name)
        if value is None:
            if not spec.optional:
                raise MalformedEvent("missing_field", "The %(type)s entry needs its %(field)s.", type=where, field=spec.name)
            continue
        values[spec.name] = _value_decoder(spec.hint)(value, where, spec.name)
    return cls(**values)


@settings(max_examples=200)
@given(st.data())
def test_each_event_class_decodes_as_its_fields_own_decoders_read_it(data: st.DataObject) -> None:
    """Every game's event classes are read by a decoder written once per class (well-spelt numbers,
    tiles, cards and lists of them in line); any value, well spelt or not, decodes to the same event,
    or is refused with the same code, message and parameters, as the fields' own decoders answer."""
    from referee.rules.events import _fields_decoder, field_specs

    cls = data.draw(st.sampled_from(_event_classes()))
    names = [spec.name for spec in field_specs(cls)]
    raw = data.draw(st.fixed_dictionaries({}, optional=dict.fromkeys(names, VALUES)))
    if data.draw(st.integers(0, 9)) == 0:
        raw = {**raw, data.draw(st.sampled_from(["extra", "type"])): "x"}

    def answer(read: object) -> object:
        try:
            ev = read(cls, raw, "probe") if read is _by_each_field else read(raw, "probe")  # type: ignore[operator]
        except MalformedEvent as err:
            return (err.code, err.message, err.params)
        return (type(ev), vars(ev))

    assert answer(_fields_decoder(cls)) == answer(_by_each_field)
