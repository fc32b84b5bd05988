"""The JSON API's bodies and answers as TypedDicts, and the OpenAPI schema of each made from its type.

Each request body and each JSON answer is declared once, as a TypedDict beside the view that reads or
builds it. An answer's view is typed with it (mypy strict checks every key it writes, and each value's
type), and ``/api/openapi.json`` says ``schema_of`` it: a field added to the type is in the document,
and the document has no field the type lacks (tests/web/conftest.py checks the answers sent). A field's words for the document (its description, a
format, bounds) ride on it as ``Annotated[int, {"description": "..."}]``; ``NotRequired`` fields are
the optional ones; ``X | None`` is nullable.

TypedDicts rather than a validation library: the values of a request body are checked where they are
read (the store and the rules, whose refusals say in the player's language what is wrong), so a body's
type only names its fields for the document (a view cannot take the unchecked body as its type without
a cast); an answer is a plain dict that ``jsonify`` sends as it is.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Collection
from typing import Any, Literal, NotRequired, Required

from referee.rules.events import schema as event_schema


def schema_of(hint: Any, named: Collection[type] = ()) -> dict[str, Any]:
    """The OpenAPI 3.0 schema of ``hint``: a TypedDict (an object), a list or ``tuple[X, ...]``, a
    ``dict[str, X]`` (an object keyed by text), a ``Literal``, ``str``/``int``/``float``/``bool``, a
    rules dataclass (as the event codec writes it), each optionally ``Annotated`` with more schema
    words. A TypedDict in ``named`` is a component of the document of its own (``object_schema``):
    it is referred to by its name."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Annotated:
        words = {k: v for extra in hint.__metadata__ for k, v in extra.items()}
        return {**schema_of(args[0], named), **words}
    if origin in (Required, NotRequired):
        return schema_of(args[0], named)
    if origin in (types.UnionType, typing.Union):
        (inner,) = (a for a in args if a is not type(None))
        shape = {**schema_of(inner, named), "nullable": True}
        return {**shape, "enum": [*shape["enum"], None]} if "enum" in shape else shape
    if typing.is_typeddict(hint):
        return {"$ref": f"#/components/schemas/{hint.__name__}"} if hint in named else object_schema(hint, named)
    if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        return {"type": "array", "items": schema_of(args[0], named)}
    if origin is dict:  # keyed by text; dict[str, Any] says only that it is an object
        return {"type": "object", **({} if args[1] is Any else {"additionalProperties": schema_of(args[1], named)})}
    if origin is Literal:
        return {"type": _SCALARS[type(args[0])], "enum": list(args)}
    if hint in _SCALARS:
        return {"type": _SCALARS[hint]}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):  # a rules value (a game's club numbers)
        return event_schema(hint)
    raise TypeError(f"no schema for {hint!r}")  # a programming error: a shape of a kind not listed above


_SCALARS: dict[Any, str] = {str: "string", int: "integer", float: "number", bool: "boolean"}


def object_schema(shape: type, named: Collection[type] = ()) -> dict[str, Any]:
    """The TypedDict ``shape`` as an object: its keys, each of its type, the ``NotRequired`` ones
    optional. (Read from the annotations, not ``__required_keys__``: with postponed annotations,
    Python 3.11 counts every key as required.)"""
    hints = typing.get_type_hints(shape, include_extras=True)
    total: bool = shape.__total__  # type: ignore[attr-defined]
    required = [name for name, hint in hints.items() if _required(hint, total)]
    return {
        "type": "object",
        "properties": {name: schema_of(hint, named) for name, hint in hints.items()},
        **({"required": required} if required else {}),
    }


def _required(hint: Any, total: bool) -> bool:
    origin = typing.get_origin(hint)
    return origin is Required or (total and origin is not NotRequired)
