"""The OpenAPI paths and schemas of club sessions (sessions.py), merged into ``/api/openapi.json``."""

from __future__ import annotations

from typing import Any

ERR = {"$ref": "#/components/schemas/Error"}
SESSION_ID = {"name": "session_id", "in": "path", "required": True, "schema": {"type": "string"}}
DIRECTOR = [{"bearer": []}]


def _answer(description: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "description": description,
        **({"content": {"application/json": {"schema": schema}}} if schema else {}),
    }


def _body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


def _guarded(responses: dict[str, Any]) -> dict[str, Any]:
    return {
        **responses,
        "401": _answer("no director token", ERR),
        "403": _answer("not this session's director token", ERR),
        "404": _answer("no such session", ERR),
    }


TABLE_CREATED = _answer(
    "created: what POST /api/v1/tables answers, plus the table's number in the session",
    {"$ref": "#/components/schemas/SessionTableCreated"},
)


def session_paths() -> dict[str, Any]:
    return {
        "/api/v1/sessions": {
            "post": {
                "summary": "Create a club session (an evening) with its roster; answers the director token",
                "requestBody": _body({"$ref": "#/components/schemas/NewSession"}),
                "responses": {
                    "201": _answer("created", {"$ref": "#/components/schemas/SessionCreated"}),
                    "400": _answer("not JSON", ERR),
                    "422": _answer("no name, or a roster that is not a list of distinct names", ERR),
                },
            }
        },
        "/api/v1/sessions/{session_id}": {
            "get": {
                "summary": "The session's tables as they stand and the standings per game "
                "(Authorization: Bearer <director_token>)",
                "parameters": [SESSION_ID],
                "security": DIRECTOR,
                "responses": _guarded(
                    {"200": _answer("the session", {"$ref": "#/components/schemas/Session"})}
                ),
            }
        },
        "/api/v1/sessions/{session_id}/tables": {
            "post": {
                "summary": "Add a table (the body of POST /api/v1/tables; players from the roster)",
                "parameters": [SESSION_ID],
                "security": DIRECTOR,
                "requestBody": _body({"$ref": "#/components/schemas/NewTable"}),
                "responses": _guarded(
                    {
                        "201": TABLE_CREATED,
                        "400": _answer("not JSON", ERR),
                        "422": _answer("refused (not_on_roster: a player is not on the roster)", ERR),
                    }
                ),
            }
        },
        "/api/v1/sessions/{session_id}/records": {
            "post": {
                "summary": "Import a whole record as a table of the session (its players must be on the roster)",
                "parameters": [SESSION_ID],
                "security": DIRECTOR,
                "requestBody": _body({"$ref": "#/components/schemas/Record"}),
                "responses": _guarded(
                    {
                        "201": TABLE_CREATED,
                        "400": _answer("not JSON", ERR),
                        "422": _answer(
                            "refused (not_on_roster, or error.event names the first bad event)", ERR
                        ),
                    }
                ),
            }
        },
    }


def session_schemas() -> dict[str, Any]:
    names = {"type": "array", "items": {"type": "string"}}
    return {
        "NewSession": {
            "type": "object",
            "properties": {
                "name": {"type": "string", "maxLength": 120},
                "players": {
                    **names,
                    "minItems": 1,
                    "maxItems": 500,
                    "description": "the roster: distinct names",
                },
            },
            "required": ["name", "players"],
        },
        "SessionCreated": {
            "type": "object",
            "properties": {
                "id": {"type": "string"},
                "director_token": {"type": "string"},
                "url": {"type": "string", "description": "the director's screen, with the token"},
            },
            "required": ["id", "director_token", "url"],
        },
        "SessionTableCreated": {
            "type": "object",
            "properties": {
                "id": {"type": "string"},
                "number": {"type": "integer", "description": "the table's number in the session, from 1"},
                "session": {"type": "string"},
                "scorer_token": {"type": "string"},
                "viewer_url": {"type": "string"},
                "scorer_url": {"type": "string"},
                "seat_tokens": names,
            },
            "required": ["id", "number", "scorer_token", "viewer_url"],
        },
        "Session": {
            "type": "object",
            "properties": {
                "id": {"type": "string"},
                "name": {"type": "string"},
                "players": names,
                "tables": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "id": {"type": "string"},
                            "number": {"type": "integer"},
                            "game": {"type": "string"},
                            "players": names,
                            "totals": {"type": "array", "items": {"type": "integer"}},
                            "finished": {"type": "boolean"},
                            "winners": {"type": "array", "items": {"type": "integer"}},
                            "seq": {"type": "integer"},
                            "viewer_url": {"type": "string"},
                        },
                        "required": ["id", "game", "players", "totals", "finished", "winners", "seq"],
                    },
                },
                "standings": {
                    "type": "object",
                    "description": "per game id: played = the player's finished tables, won = those where "
                    "they are among the winners, points = the sum of their totals over finished tables; "
                    "sorted by won, then points, descending",
                    "additionalProperties": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {
                                "player": {"type": "string"},
                                "played": {"type": "integer"},
                                "won": {"type": "integer"},
                                "points": {"type": "integer"},
                            },
                            "required": ["player", "played", "won", "points"],
                        },
                    },
                },
            },
            "required": ["id", "name", "players", "tables", "standings"],
        },
    }
