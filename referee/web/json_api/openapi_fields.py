"""Schema pieces every part of the OpenAPI document says the same way (tables, clubs, sessions): the
names a table takes and a title. Here, below openapi.py and the parts it merges, so each imports them
at its top."""

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


def json_content(schema: dict[str, Any]) -> dict[str, Any]:
    """A request's or an answer's ``content``: ``schema`` as JSON."""
    return {"application/json": {"schema": schema}}


def names(**more: Any) -> dict[str, Any]:
    """A list of player names, no two the same (the server compares them after NFKC and case folding)."""
    return {"type": "array", "items": PLAYER_NAME, "uniqueItems": True, **more}
