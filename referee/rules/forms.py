"""The one form decoder, beside the event codec (events.py): what a phone's HTML form posted, as the
event dict the codec reads from JSON, or the sentence why not with what was entered kept.

An HTML form posts text only ("3", "on", "6|4", "ah", "6-4,3-1"), and a list as repeated inputs
(``cards=AH&cards=KH``) or one input per position (``cards.0``, ``cards.1``). ``decode_form`` reads
an event's fields by the event class's field types: whole numbers from ASCII digits with an optional
sign, yes/no from the usual form words, tiles and cards from their looser spellings, lists from
repeated inputs, comma-separated text or JSON text. A value it cannot read is passed on unchanged, and
the codec refuses it with the field and the expected form: one message, whatever the way in.

A game whose page posts more than its events' own fields (taps on a board, the tiles left in each
hand) declares a ``FormReader`` in its own folder (its web module) and hands it to ``decode_form``:
the reader gives the event in the form's words, the decoder spells it as the codec reads it.
Pure: no Flask here; a werkzeug ``MultiDict`` is one ``FormData``.
"""

from __future__ import annotations

import dataclasses
import json
import re
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, overload

from .base import Game, MalformedEvent, Option, RuleError, _
from .cards import Card
from .events import field_specs, type_of
from .numbers import whole_number
from .tiles import Tile


class FormData(Protocol):
    """A posted form as werkzeug's MultiDict gives it: the first value of a name, or all of them."""

    @overload
    def get(self, key: str, /) -> str | None: ...

    @overload
    def get(self, key: str, default: str, /) -> str: ...

    def getlist(self, key: str) -> list[str]: ...

    def items(self) -> Iterable[tuple[str, str]]: ...

    def __contains__(self, key: object, /) -> bool: ...


@dataclass(frozen=True)
class FormEvent:
    """A form's event: in the codec's spelling when ``refusal`` is None; else what was entered, kept
    for the page shown again, and the sentence (in the player's language) saying why not."""

    body: dict[str, Any] = field(default_factory=dict)
    refusal: str | None = None


FormReader = Callable[[FormData], FormEvent]
"""A game's reader of a form that posts more than an event's own fields (declared in its folder)."""


def decode_form(game: Game[Any, Any], form: FormData, read: FormReader | None = None) -> FormEvent:
    """The event ``form`` posted for ``game``: read by ``read`` when the page has its own fields, else
    field by field (``type`` plus the event's fields), then spelt as the event codec reads JSON."""
    found = read(form) if read is not None else FormEvent(posted_fields(game, form))
    if found.refusal is not None:
        return found
    return FormEvent(dict(normalise_form_event(game, found.body)))


def posted_fields(game: Game[Any, Any], form: FormData) -> dict[str, Any]:
    """The raw event a form posted: ``type`` plus the event's fields (lists from repeated inputs)."""
    type_name = form.get("type", "")
    raw: dict[str, Any] = {"type": type_name}
    cls = next((c for c in game.events if type_of(c) == type_name), None)
    if cls is None:
        return raw
    for name, hint, _optional in field_specs(cls):
        values = form.getlist(name)
        if typing.get_origin(hint) in (typing.Union, types.UnionType):  # an optional list: X | None
            hint = next((a for a in typing.get_args(hint) if a is not type(None)), hint)
        if typing.get_origin(hint) is tuple and not values:
            values = _indexed(form, name)
            if values:
                raw[name] = values
        elif typing.get_origin(hint) is tuple and len(values) > 1:
            raw[name] = values
        elif values and values[0].strip():  # an empty input means "not given"
            raw[name] = values[0]
    return raw


def _indexed(form: FormData, name: str) -> list[str]:
    """A list posted as ``name.0``, ``name.1``, ... in that order (one picker per position, so the
    order of play survives without JavaScript); positions left empty are skipped."""
    positions = sorted(
        (index, value)
        for key, value in form.items()
        if key.startswith(name + ".") and (index := whole_number(key[len(name) + 1 :])) is not None
    )
    return [value for _index, value in positions if value.strip()]


# --- one value, from a form's text to the record's spelling -------------------------------------

_TILE = re.compile(r"\[?\s*([0-9])\s*[-|:/ ]\s*([0-9])\s*\]?")
_CARD_SYMBOLS = {"♤": "♠", "♡": "♥", "♢": "♦", "♧": "♣"}
TRUE_WORDS = ("true", "on", "1", "yes")
FALSE_WORDS = ("false", "off", "0", "no")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def parse_json(data: str | bytes) -> Any:
    """The JSON value of ``data``, or MalformedEvent("bad_json") saying why not. Python's parser
    raises RecursionError on deeply nested input and reads ``NaN``/``Infinity``, which are not JSON
    and which PostgreSQL's jsonb refuses: both are refused here (the API's bodies are read by it too)."""
    try:
        return json.loads(data, parse_constant=_no_constant)
    except RecursionError:
        raise MalformedEvent("json_too_deep", _("The JSON is nested too deeply.")) from None
    except ValueError:  # also UnicodeDecodeError
        raise MalformedEvent("bad_json", _("The request body must be JSON.")) from None


def form_int(value: Any) -> Any:
    """A whole number from its ASCII digits (``whole_number``); anything else is left for the codec
    to refuse with the field's name ("１２" and "1e3" are not numbers here)."""
    number = whole_number(value, signed=True)
    return value if number is None else number


def form_bool(value: Any) -> Any:
    if isinstance(value, str):
        word = value.strip().lower()
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
    return value


def form_tile(value: Any) -> Any:
    if isinstance(value, str) and (m := _TILE.fullmatch(value.strip())):
        return str(Tile.of(int(m.group(1)), int(m.group(2))))
    return value


def form_card(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    text = value.strip()
    text = text[:-1].upper() + _CARD_SYMBOLS.get(text[-1:], text[-1:].upper()) if text else text
    try:
        return str(Card.parse(text))
    except RuleError:
        return value


def _split(text: str) -> Any:
    """A list typed into one input: JSON (``[[0,1],[0,2]]``) or comma-separated (``6-4,3-1``)."""
    text = text.strip()
    if text.startswith(("[", "{")):
        try:
            return parse_json(text)  # the API's reader: too deep, NaN or not JSON stays text, refused
        except MalformedEvent:
            return text
    return [part.strip() for part in text.split(",") if part.strip()]


def form_value(hint: Any, value: Any) -> Any:
    """``value`` as the codec expects a field of type ``hint``, where a form's text allows it."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return form_value(next(a for a in args if a is not type(None)), value)
    if origin is typing.Literal:
        return value.strip() if isinstance(value, str) else value
    simple = {int: form_int, bool: form_bool, Tile: form_tile, Card: form_card}
    if hint in simple:
        return simple[hint](value)
    if origin is tuple:
        if isinstance(value, str):
            value = _split(value)
        if not isinstance(value, list | tuple):
            return value
        if len(args) == 2 and args[1] is Ellipsis:
            return [form_value(args[0], v) for v in value]
        if len(value) != len(args):
            return list(value)
        return [form_value(a, v) for a, v in zip(args, value, strict=True)]
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if isinstance(value, str):
            value = _split(value)
        return form_fields(hint, value) if isinstance(value, Mapping) else value
    return value


def form_fields(cls: type, raw: Mapping[str, Any]) -> dict[str, Any]:
    specs = {spec.name: spec.hint for spec in field_specs(cls)}
    return {k: form_value(specs[k], v) if k in specs else v for k, v in raw.items()}


def normalise_form_event(game: Game[Any, Any], raw: Any) -> Any:
    """A form's event in the record's spelling (an unknown type is left for the codec to refuse)."""
    if not isinstance(raw, Mapping):
        return raw
    cls = next((c for c in game.events if type_of(c) == raw.get("type")), None)
    return raw if cls is None else {"type": type_of(cls), **form_fields(cls, raw)}


def form_option(opt: Option, value: Any) -> Any:
    """An option as a form posts it: a switch from its checkbox words, a number from its digits (a
    number input left empty takes the default)."""
    if opt.is_switch:
        return form_bool(value)
    if isinstance(value, str) and not value.strip():
        return opt.default
    if isinstance(opt.default, int) and not isinstance(opt.default, bool):
        return form_int(value)
    return value.strip() if isinstance(value, str) else value
