"""What a phone's form sends, turned into the record format's spelling before an event exists.

An HTML form posts text only ("3", "on", "6|4", "ah", "6-4,3-1"). The event codec reads only the
canonical JSON spellings of record-format.md (referee/rules/events.py), so the form layer
normalises here, by the event's field types: whole numbers from ASCII digits with an optional sign,
yes/no from the usual form words, tiles and cards from their looser spellings, lists from repeated
inputs, comma-separated text or JSON text. A value it cannot read is passed on unchanged, and the
codec refuses it with the field and the expected form: one message, whatever the way in.
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from collections.abc import Mapping
from typing import Any

from referee.rules.base import Game, MalformedEvent, Option, RuleError
from referee.rules.cards import Card
from referee.rules.events import field_specs, type_of
from referee.rules.numbers import whole_number
from referee.rules.tiles import Tile
from referee.web.json_api.bodies import parse_json

_TILE = re.compile(r"\[?\s*([0-9])\s*[-|:/ ]\s*([0-9])\s*\]?")
_CARD_SYMBOLS = {"♤": "♠", "♡": "♥", "♢": "♦", "♧": "♣"}
TRUE_WORDS = ("true", "on", "1", "yes")
FALSE_WORDS = ("false", "off", "0", "no")


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


def normalise_form_line(game: Game[Any, Any], kind: str, body: Mapping[str, Any]) -> dict[str, Any]:
    """A log line built from a form: its event (or a correction's event) normalised."""
    if kind == "event":
        return dict(normalise_form_event(game, body))  # a Mapping in, a Mapping out
    if kind == "correct":
        return {**body, "target": form_int(body.get("target")), "event": normalise_form_event(game, body.get("event"))}
    return dict(body)


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
