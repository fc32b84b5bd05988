"""An API body's or answer's schema is made from its TypedDict (referee/web/json_api/shapes.py): each
key a property of its type, the NotRequired ones optional, ``X | None`` nullable, Annotated words
kept, a named component referred to by name."""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired, TypedDict

import pytest

from referee.web.json_api.shapes import object_schema, schema_of


class Inner(TypedDict):
    seat: int


class Shape(TypedDict):
    name: Annotated[str, {"description": "said", "minLength": 1}]
    score: float | None
    seats: Literal[2, 4]
    kind: Literal["a", "b"] | None
    inner: list[Inner]
    by_game: dict[str, list[int]]
    anything: dict[str, Any]
    later: NotRequired[bool]


def test_each_key_is_a_property_of_its_type_and_only_not_required_keys_are_optional():
    assert schema_of(Shape) == {
        "type": "object",
        "properties": {
            "name": {"type": "string", "description": "said", "minLength": 1},
            "score": {"type": "number", "nullable": True},
            "seats": {"type": "integer", "enum": [2, 4]},
            "kind": {"type": "string", "enum": ["a", "b", None], "nullable": True},
            "inner": {"type": "array", "items": {"type": "object", "properties": {"seat": {"type": "integer"}}, "required": ["seat"]}},
            "by_game": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "integer"}}},
            "anything": {"type": "object"},
            "later": {"type": "boolean"},
        },
        "required": ["name", "score", "seats", "kind", "inner", "by_game", "anything"],
    }


def test_a_named_shape_is_referred_to_and_its_component_is_its_object():
    assert schema_of(list[Inner], named=(Inner,)) == {"type": "array", "items": {"$ref": "#/components/schemas/Inner"}}
    assert object_schema(Inner, named=(Inner,)) == schema_of(Inner)


class Optional(TypedDict, total=False):
    maybe: int


def test_a_shape_of_optional_keys_requires_none():
    assert schema_of(Optional) == {"type": "object", "properties": {"maybe": {"type": "integer"}}}


def test_a_type_it_cannot_say_is_a_programming_error():
    with pytest.raises(TypeError):
        schema_of(set[int])
