"""Events as frozen dataclasses, and their one codec for JSON records and API bodies.

The codec is strict: only the spellings of record-format.md are read (an HTML form's values are
normalised to them by referee/web/forms.py before an event exists).

A game declares each event once::

    @event("trick")
    class Trick:
        lead: Tile
        reply: Tile

and gets decoding (``decode``), encoding (``encode``) and an OpenAPI schema (``schema``) from the
field annotations. Supported field types: ``int``, ``bool``, ``str``, ``Tile``, ``Card``,
``Literal["a", "b"]`` (one of fixed strings), ``tuple[X, ...]``, fixed tuples such as ``tuple[int, int]`` (a grid cell), nested event-like
dataclasses, and ``X | None = None`` for optional fields.
"""

from __future__ import annotations

import dataclasses
import json
import re
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any, NamedTuple, TypeVar, dataclass_transform

from .base import MalformedEvent, _, word
from .cards import Card
from .tiles import Tile

_T = TypeVar("_T")


@dataclass_transform(frozen_default=True)
def event(type_name: str) -> Callable[[type[_T]], type[_T]]:
    """Make ``cls`` a frozen dataclass event written as ``{"type": type_name, ...}``."""

    def wrap(cls: type[_T]) -> type[_T]:
        cls = dataclasses.dataclass(frozen=True)(cls)
        setattr(cls, "type", type_name)  # noqa: B010 (a class attribute the type checker cannot see)
        return cls

    return wrap


@dataclass_transform(frozen_default=True)
def record(cls: type[_T]) -> type[_T]:
    """A frozen dataclass used as a value inside an event (e.g. a bead-game placement)."""
    return dataclasses.dataclass(frozen=True)(cls)


def encode(ev: Any) -> dict[str, Any]:
    """The event as the record format writes it (optional fields left out when None)."""
    out: dict[str, Any] = {"type": ev.type} if hasattr(type(ev), "type") else {}
    for f in dataclasses.fields(ev):
        value = getattr(ev, f.name)
        if value is not None:
            out[f.name] = _encode_value(value)
    return out


def _encode_value(value: Any) -> Any:
    if isinstance(value, Tile | Card):
        return str(value)
    if isinstance(value, tuple | list):
        return [_encode_value(v) for v in value]
    if dataclasses.is_dataclass(value):
        return encode(value)
    return value


def decode(classes: Iterable[type], raw: Any) -> Any:
    """The event ``raw`` (a dict from JSON) names, or MalformedEvent saying what is wrong.

    Strict: values must be spelt exactly as record-format.md writes them (see ``_decode_value``).
    HTML forms are normalised to these spellings first (referee/web/forms.py).
    """
    if not isinstance(raw, Mapping):
        raise MalformedEvent("bad_event", _("An event must be an object with a type."))
    by_type = {cls.type: cls for cls in classes if hasattr(cls, "type")}
    type_name = raw.get("type")
    if not isinstance(type_name, str) or type_name not in by_type:
        raise MalformedEvent(
            "unknown_event",
            _("Unknown event type %(type)s; this game knows: %(known)s."),
            type=shown(type_name),
            known=", ".join(by_type),
        )
    return _decode_fields(by_type[type_name], raw, type_name)


class FieldSpec(NamedTuple):
    name: str
    hint: Any
    optional: bool


@cache
def field_specs(cls: type) -> tuple[FieldSpec, ...]:
    """The fields of an event class with their resolved types (resolved once: replay decodes a lot)."""
    hints = typing.get_type_hints(cls)
    return tuple(
        FieldSpec(
            f.name,
            hints[f.name],
            f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING,
        )
        for f in dataclasses.fields(cls)
    )


def _decode_fields(cls: type, raw: Mapping[str, Any], where: str) -> Any:
    specs = field_specs(cls)
    names = {spec.name for spec in specs}
    unknown = [k for k in raw if k not in names and k != "type"]
    if unknown:
        raise MalformedEvent(
            "unknown_field",
            _("The %(type)s event has no field %(field)s."),
            type=where,
            field=shown(unknown[0]),
        )
    values = {}
    for name, hint, optional in specs:
        if name not in raw or raw[name] is None:
            if not optional:
                raise MalformedEvent(
                    "missing_field", _("The %(type)s event needs its %(field)s."), type=where, field=name
                )
            continue
        values[name] = _decode_value(hint, raw[name], where, name)
    return cls(**values)


SHOWN_CHARS = 40
"""How much of a refused value an error message repeats (a huge array is not echoed back)."""


def shown(value: Any, quote: bool = False) -> str:
    """A refused value as a message shows it: JSON (text too when ``quote``), cut to SHOWN_CHARS."""
    if isinstance(value, str) and not quote:
        text = value
    else:
        try:
            text = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError, RecursionError):
            text = type(value).__name__
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 1] + "…"


# What each kind of value must look like, as the refusal names it (translated words).
EXPECTED_INT = word(_("a whole number in the digits 0-9 (a minus sign allowed)"))
EXPECTED_BOOL = word(_("true or false"))
EXPECTED_TEXT = word(_("text"))
EXPECTED_LIST = word(_("a list"))
EXPECTED_OBJECT = word(_("an object"))
EXPECTED_TILE = word(_("a tile written like 6-4"))
EXPECTED_CARD = word(_("a card written like 10H, QS or JK"))

# The fields a player fills in on a form, named in their language when a value is refused (the
# record's own key stays in English for the API). Only these: short keys such as "en" or "id" are
# not words, and "count" is also a condition kind shown raw: they would translate wrongly wherever
# else they appear as a parameter.
FIELD_WORDS = (
    word(_("points")),
    word(_("seat")),
    word(_("dealer")),
    word(_("leader")),
    word(_("tile")),
    word(_("tiles")),
    word(_("card")),
    word(_("cards")),
    word(_("pips")),
)

_CANONICAL_TILE = re.compile(r"[0-9]-[0-9]")


def _bad(where: str, name: str, value: Any, expected: str, code: str = "bad_field") -> MalformedEvent:
    return MalformedEvent(
        code,
        _("The %(field)s of the %(type)s event must be %(expected)s, not %(value)s."),
        field=name,
        type=where,
        expected=expected,
        value=shown(value, quote=True),
    )


def _decode_value(hint: Any, value: Any, where: str, name: str) -> Any:
    """One value in its record-format spelling only: tiles ``"6-4"`` (either order), cards ``"10H"``
    (``T`` and suit symbols as record-format allows), integers and booleans as JSON numbers and
    true/false, lists as JSON arrays, nested values as JSON objects. Anything else is refused with
    the field and the expected form."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        inner = [a for a in args if a is not type(None)]
        return _decode_value(inner[0], value, where, name)
    if origin is typing.Literal:
        if isinstance(value, str) and value in args:
            return value
        raise MalformedEvent(
            "bad_field",
            _("The %(field)s of the %(type)s event must be one of: %(choices)s."),
            field=name,
            type=where,
            choices=", ".join(str(a) for a in args),
        )
    if hint is Tile:
        if not isinstance(value, str) or not _CANONICAL_TILE.fullmatch(value):
            raise _bad(where, name, value, EXPECTED_TILE, "bad_tile")
        return Tile.parse(value)
    if hint is Card:
        if not isinstance(value, str):
            raise _bad(where, name, value, EXPECTED_CARD, "bad_card")
        try:
            return Card.parse(value)
        except MalformedEvent:
            raise _bad(where, name, value, EXPECTED_CARD, "bad_card") from None
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise _bad(where, name, value, EXPECTED_BOOL)
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise _bad(where, name, value, EXPECTED_INT)
    if hint is str:
        if isinstance(value, str) and storable_text(value):
            return value
        raise _bad(where, name, value, EXPECTED_TEXT)
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise _bad(where, name, value, EXPECTED_LIST)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode_value(args[0], v, where, name) for v in value)
        if len(value) != len(args):
            raise _bad(where, name, value, EXPECTED_LIST)
        return tuple(_decode_value(a, v, where, name) for a, v in zip(args, value, strict=True))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(value, Mapping):
            raise _bad(where, name, value, EXPECTED_OBJECT)
        return _decode_fields(hint, value, where)
    raise TypeError(f"unsupported field type {hint!r}")  # a programming error, not user input


def storable_text(text: str) -> bool:
    """Text every database keeps as given: no NUL (PostgreSQL refuses it) and no lone surrogate."""
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def schema(cls: type) -> dict[str, Any]:
    """An OpenAPI 3 schema of the event as JSON."""
    props: dict[str, Any] = {}
    required = []
    if hasattr(cls, "type"):
        props["type"] = {"type": "string", "enum": [cls.type]}
        required.append("type")
    for name, hint, optional in field_specs(cls):
        props[name] = _schema_of(hint)
        if not optional:
            required.append(name)
        else:  # an optional field may also be given as null (the decoder reads null as "not given")
            props[name]["nullable"] = True
            if "enum" in props[name]:
                props[name]["enum"] = [*props[name]["enum"], None]
    return {"type": "object", "properties": props, "required": required, "additionalProperties": False}


def _schema_of(hint: Any) -> dict[str, Any]:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return _schema_of([a for a in args if a is not type(None)][0])
    if origin is typing.Literal:
        return {"type": "string", "enum": list(args)}
    if hint is Tile:
        return {"type": "string", "pattern": "^[0-9]-[0-9]$", "example": "6-4"}
    if hint is Card:
        return {"type": "string", "pattern": "^((10|[2-9TJQKA])[SHDC♠♥♦♣]|JK)$", "example": "10H"}
    if hint is int:
        return {"type": "integer"}
    if hint is bool:
        return {"type": "boolean"}
    if hint is str:
        return {"type": "string"}
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _schema_of(args[0])}
        return {"type": "array", "items": _schema_of(args[0]), "minItems": len(args), "maxItems": len(args)}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return schema(hint)
    raise TypeError(f"unsupported field type {hint!r}")
