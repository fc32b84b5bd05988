"""Events as frozen dataclasses, and their one codec for JSON records and API bodies.

The codec is strict: only the spellings of record-format.md are read (an HTML form's values are
normalised to them by referee/rules/forms.py before an event exists).

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
from functools import cache, partial
from typing import Any, NamedTuple, NoReturn, TypeVar, dataclass_transform

from .base import MalformedEvent, _, word
from .cards import Card
from .frozen import is_plain, made
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
    """A frozen dataclass used as a value inside an event (e.g. a tile placed on a board cell)."""
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
    HTML forms are normalised to these spellings first (referee/rules/forms.py).
    """
    return decoder(classes)(raw)


def decoder(classes: Iterable[type]) -> Callable[[Any], Any]:
    """``decode`` for one game's event classes, looked up once (a replay decodes every event)."""
    return _decoder(classes if isinstance(classes, tuple) else tuple(classes))


@cache
def _decoder(classes: tuple[type, ...]) -> Callable[[Any], Any]:
    by_type = _by_type(classes)

    def decode_one(raw: Any) -> Any:
        if type(raw) is not dict and not isinstance(raw, Mapping):
            raise MalformedEvent("bad_event", _("An event must be an object with a type."))
        type_name = raw.get("type")
        if not isinstance(type_name, str) or type_name not in by_type:
            raise MalformedEvent(
                "unknown_event",
                _("Unknown event type %(type)s; this game knows: %(known)s."),
                type=shown(type_name),
                known=", ".join(by_type),
            )
        return by_type[type_name](raw, type_name)

    return decode_one


@cache
def _by_type(classes: tuple[type, ...]) -> dict[str, Callable[[Mapping[str, Any], str], Any]]:
    """A game's event types by name, each with its decoder (a replay decodes every event)."""
    return {cls.type: _fields_decoder(cls) for cls in classes if hasattr(cls, "type")}


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


@cache
def _fields_decoder(cls: type) -> Callable[[Mapping[str, Any], str], Any]:
    """``cls`` from a JSON object, by a function written for ``cls`` once (a replay decodes every
    event): each field read in line, the common well-spelt values (a whole number, a known tile or
    card, a list of them) taken without a call; anything else goes to the field's own decoder
    (``_value_decoder``), which reads it or refuses it with the field and the expected form. A plain
    event class is built from its fields in field order, its defaults written in (``made``)."""
    specs = field_specs(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    # An optional field with a default_factory is left to __init__, as is any class that is not plain.
    plain = is_plain(cls) and all(
        fields[spec.name].default is not dataclasses.MISSING for spec in specs if spec.optional
    )
    env: dict[str, Any] = {
        "cls": cls,
        "names": frozenset(spec.name for spec in specs) | {"type"},
        "_unknown_field": _unknown_field,
        "_missing_field": _missing_field,
        "_made": made,
        "_TILES": _TILES,
        "_CARDS": _CARDS,
        "_INT_ONLY": frozenset({int}),
    }
    lines = [
        "def decode_fields(raw, where):",
        "    if not names.issuperset(raw):",
        "        _unknown_field(raw, names, where)",
    ]
    kept = []
    for i, spec in enumerate(specs):
        env[f"_d{i}"] = _value_decoder(spec.hint)
        env[f"_default{i}"] = fields[spec.name].default
        lines.append(f"    v = raw.get({spec.name!r})")
        if not spec.optional:
            lines += ["    if v is None:", f"        _missing_field(where, {spec.name!r})"]
        elif plain:
            lines += ["    if v is None:", f"        f{i} = _default{i}"]
        else:
            lines += ["    if v is None:", f"        f{i} = _missing"]
        lines += [
            "    else:",
            *(f"        {line}" for line in _read_in_line(spec.hint, f"f{i}", f"_d{i}", spec.name)),
        ]
        kept.append((spec.name, f"f{i}"))
    if plain:
        lines.append(f"    return _made(cls, {{{', '.join(f'{name!r}: {var}' for name, var in kept)}}})")
    elif not any(spec.optional for spec in specs):  # every field given: passed by name, as read
        lines.append(f"    return cls({', '.join(f'{name}={var}' for name, var in kept)})")
    else:
        env["_missing"] = _MISSING
        given = ", ".join(f"({name!r}, {var})" for name, var in kept)
        lines.append(
            f"    return cls(**{{name: value for name, value in ({given},) if value is not _missing}})"
        )
    exec("\n".join(lines), env)
    decode_fields: Callable[[Mapping[str, Any], str], Any] = env["decode_fields"]
    decode_fields.__qualname__ = f"{cls.__qualname__} decoder"
    return decode_fields


_MISSING = object()
"""An optional field not given, for a class whose ``__init__`` then fills in its default."""


def _read_in_line(hint: Any, var: str, decode: str, name: str) -> list[str]:
    """The lines that read the JSON value ``v`` into ``var``: a common well-spelt value in line,
    anything else through the field's decoder ``decode`` (which reads or refuses it)."""
    fallback = f"{var} = {decode}(v, where, {name!r})"
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return _read_in_line([a for a in args if a is not type(None)][0], var, decode, name)
    if hint is int or hint is bool:
        return [f"{var} = v if type(v) is {hint.__name__} else {decode}(v, where, {name!r})"]
    if hint is str:  # ASCII text is storable_text when it holds no NUL (no surrogate is ASCII)
        return [f"{var} = v if type(v) is str and v.isascii() and '\\x00' not in v else {decode}(v, where, {name!r})"]
    if hint is Tile or hint is Card:
        known = "_TILES" if hint is Tile else "_CARDS"
        return [
            f"{var} = {known}.get(v) if type(v) is str else None",
            f"if {var} is None:",
            f"    {fallback}",
        ]
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis and args[0] is int:
        return [
            f"{var} = tuple(v) if type(v) is list and _INT_ONLY.issuperset(map(type, v)) else None",
            f"if {var} is None:",
            f"    {fallback}",
        ]
    if origin is tuple and args and all(_int_row_width(a) for a in args):
        # A fixed tuple of fixed tuples of whole numbers (a bead placement's two cells, read at every
        # placement): JSON arrays of plain integers of the right lengths, taken without a call.
        checks, rows = [f"type(v) is list and len(v) == {len(args)}"], []
        for i, row in enumerate(args):
            width = _int_row_width(row)
            checks.append(f"type(v[{i}]) is list and len(v[{i}]) == {width}")
            checks += [f"type(v[{i}][{j}]) is int" for j in range(width)]
            rows.append(f"tuple(v[{i}])")
        return [
            f"if {' and '.join(checks)}:",
            f"    {var} = ({', '.join(rows)},)",
            "else:",
            f"    {fallback}",
        ]
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis and args[0] in (Tile, Card):
        known = "_TILES" if args[0] is Tile else "_CARDS"
        return [
            "try:",
            f"    {var} = tuple(map({known}.__getitem__, v)) if type(v) is list else None",
            "except (KeyError, TypeError):  # a spelling not read before, or no spelling",
            f"    {var} = None",
            f"if {var} is None:",
            f"    {fallback}",
        ]
    return [fallback]


def _int_row_width(hint: Any) -> int:
    """The width of a fixed tuple of whole numbers (``tuple[int, int]``: 2), else 0."""
    args = typing.get_args(hint)
    return len(args) if typing.get_origin(hint) is tuple and args and all(a is int for a in args) else 0


def _unknown_field(raw: Mapping[str, Any], names: frozenset[str], where: str) -> NoReturn:
    raise MalformedEvent(
        "unknown_field",
        _("The %(type)s entry has no field %(field)s."),
        type=where,
        field=shown(next(k for k in raw if k not in names)),
    )


def _missing_field(where: str, name: str) -> NoReturn:
    raise MalformedEvent(
        "missing_field", _("The %(type)s entry needs its %(field)s."), type=where, field=name
    )


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
EXPECTED_INT = word(_("a whole number of at most 18 digits 0-9 (a minus sign allowed)"))
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
        _("The %(field)s of the %(type)s entry must be %(expected)s, not %(value)s."),
        field=name,
        type=where,
        expected=expected,
        value=shown(value, quote=True),
    )


ValueDecoder = Callable[[Any, str, str], Any]
"""``decoder(value, event type, field name)``: one field's value, or MalformedEvent naming the field."""

_TILES: dict[str, Tile] = {}
_CARDS: dict[str, Card] = {}
"""Tiles and cards already read, by their spelling: each valid spelling is parsed once per process."""


@cache
def _value_decoder(hint: Any) -> ValueDecoder:
    """The decoder of one field type, made once per type (a replay decodes every event).

    Values only in their record-format spelling: tiles ``"6-4"`` (either order), cards ``"10H"``
    (``T`` and suit symbols as record-format allows), integers and booleans as JSON numbers and
    true/false, lists as JSON arrays, nested values as JSON objects. Anything else is refused with
    the field and the expected form."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return _value_decoder([a for a in args if a is not type(None)][0])
    if origin is typing.Literal:
        return partial(_decode_literal, args)
    if hint is Tile:
        return _decode_tile
    if hint is Card:
        return _decode_card
    if hint is bool:
        return _decode_bool
    if hint is int:
        return _decode_int
    if hint is str:
        return _decode_str
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return partial(_decode_list, _value_decoder(args[0]))
        if all(a is int for a in args):
            return partial(_decode_ints, tuple(_value_decoder(a) for a in args))
        return partial(_decode_fixed, tuple(_value_decoder(a) for a in args))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return partial(_decode_object, _fields_decoder(hint))
    raise TypeError(f"unsupported field type {hint!r}")  # a programming error, not user input


def _decode_literal(choices: tuple[str, ...], value: Any, where: str, name: str) -> Any:
    if isinstance(value, str) and value in choices:
        return value
    raise MalformedEvent(
        "bad_field",
        _("The %(field)s of the %(type)s entry must be one of: %(choices)s."),
        field=name,
        type=where,
        choices=", ".join(str(a) for a in choices),
    )


def _decode_tile(value: Any, where: str, name: str) -> Tile:
    if not isinstance(value, str):
        raise _bad(where, name, value, EXPECTED_TILE, "bad_tile")
    tile = _TILES.get(value)
    if tile is None:
        if not _CANONICAL_TILE.fullmatch(value):
            raise _bad(where, name, value, EXPECTED_TILE, "bad_tile")
        tile = _TILES[value] = Tile.parse(value)
    return tile


def _decode_card(value: Any, where: str, name: str) -> Card:
    if not isinstance(value, str):
        raise _bad(where, name, value, EXPECTED_CARD, "bad_card")
    card = _CARDS.get(value)
    if card is None:
        try:
            card = _CARDS[value] = Card.parse(value)
        except MalformedEvent:
            raise _bad(where, name, value, EXPECTED_CARD, "bad_card") from None
    return card


def _decode_bool(value: Any, where: str, name: str) -> bool:
    if isinstance(value, bool):
        return value
    raise _bad(where, name, value, EXPECTED_BOOL)


def _decode_int(value: Any, where: str, name: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise _bad(where, name, value, EXPECTED_INT)


def _decode_str(value: Any, where: str, name: str) -> str:
    if isinstance(value, str) and storable_text(value):
        return value
    raise _bad(where, name, value, EXPECTED_TEXT)


def _decode_list(item: ValueDecoder, value: Any, where: str, name: str) -> tuple[Any, ...]:
    if not isinstance(value, list | tuple):
        raise _bad(where, name, value, EXPECTED_LIST)
    return tuple(item(v, where, name) for v in value)


def _decode_fixed(items: tuple[ValueDecoder, ...], value: Any, where: str, name: str) -> tuple[Any, ...]:
    if not isinstance(value, list | tuple) or len(value) != len(items):
        raise _bad(where, name, value, EXPECTED_LIST)
    return tuple(item(v, where, name) for item, v in zip(items, value, strict=True))


def _decode_ints(items: tuple[ValueDecoder, ...], value: Any, where: str, name: str) -> tuple[Any, ...]:
    """A fixed tuple of whole numbers (a board cell or a pair of numbers): a JSON array of plain
    integers is taken as it is; anything else goes through ``_decode_fixed``, which refuses it."""
    if type(value) is list and len(value) == len(items) and all(type(v) is int for v in value):
        return tuple(value)
    return _decode_fixed(items, value, where, name)


def _decode_object(fields: Callable[[Mapping[str, Any], str], Any], value: Any, where: str, name: str) -> Any:
    if not isinstance(value, Mapping):
        raise _bad(where, name, value, EXPECTED_OBJECT)
    return fields(value, where)


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


def type_of(cls: type) -> str | None:
    """The name ``@event`` gave ``cls`` (its ``"type"`` in the record format), None for a ``@record``:
    the attribute is set when the class is made, so a type checker cannot see it on the class."""
    name = getattr(cls, "type", None)
    return name if isinstance(name, str) else None
