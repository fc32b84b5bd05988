"""Pieces every part of the OpenAPI document says the same way (tables, clubs, sessions, checks,
photos): the names a table takes, a title, an answer, a refusal, a director's guard. Here, below
openapi.py and the parts it merges, so each imports them at its top."""

from __future__ import annotations

from typing import Any

PLAYER_NAME = {
    "type": "string",
    "format": "player-name",
    "minLength": 1,
    "description": "trimmed (spaces and invisible format characters at either end), with a visible "
    "character (a letter, digit, punctuation mark or symbol), no control characters, at most 40 "
    "characters; no two names at a table alike after NFKC and case folding",
}
TITLE = {
    "type": "string",
    "format": "title",
    "minLength": 1,
    "description": "trimmed: a character other than a space, no control characters, at most 120 characters",
}


ERR = {"$ref": "#/components/schemas/Error"}
DIRECTOR: list[dict[str, list[str]]] = [{"bearer": []}]


def json_content(schema: dict[str, Any]) -> dict[str, Any]:
    """A request's or an answer's ``content``: ``schema`` as JSON."""
    return {"application/json": {"schema": schema}}


def request_body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": json_content(schema)}


def answer(description: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"description": description, **({"content": json_content(schema)} if schema else {})}


def busy_answer() -> dict[str, Any]:
    """The 503 every heavy read of the API may answer (web/site/heavy.py): every place for one is taken."""
    return {
        **answer(
            "busy: the server runs as many heavy reads as it may at once; ask again after Retry-After seconds",
            ERR,
        ),
        "headers": {
            "Retry-After": {
                "description": "seconds to wait before asking again",
                "schema": {"type": "integer"},
            }
        },
    }


def path_id(name: str) -> dict[str, Any]:
    """A path's ``{name}`` segment: an id."""
    return {"name": name, "in": "path", "required": True, "schema": {"type": "string"}}


def guarded(what: str, responses: dict[str, Any]) -> dict[str, Any]:
    """``responses`` of an operation on ``what`` (a club, a session) that needs its director's token."""
    return {
        **responses,
        "401": answer("no director token", ERR),
        "403": answer(f"not this {what}'s director token", ERR),
        "404": answer(f"no such {what}", ERR),
    }


def names(**more: Any) -> dict[str, Any]:
    """A list of player names, no two the same (the server compares them after NFKC and case folding)."""
    return {"type": "array", "items": PLAYER_NAME, "uniqueItems": True, **more}
