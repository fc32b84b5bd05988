"""The OpenAPI 3 document of the JSON API (``GET /api/openapi.json``): each body and answer made from
its type (shapes.py), every game's events from their classes, the paths a table."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify

from referee.games import GAMES
from referee.rules.base import Game, Option
from referee.rules.events import schema, type_of
from referee.store.bounds import MAX_LOG_LINES
from referee.web.club.openapi import club_paths, club_schemas  # clubs and players' history (issue 17)
from referee.web.club.sessions_openapi import session_paths, session_schemas
from referee.web.tables.presenting import Refusal, State
from referee.web.tables.quick_checks import MOMENT_PARAMETER, openapi_paths
from referee.web.tables.race import openapi_paths as race_paths

from .openapi_fields import ERR, answer, busy_answer, names, path_id, request_body
from .photos import openapi_paths as photo_paths
from .shapes import object_schema, schema_of
from .tables import Correct, NewTable, Proposal, Recorded, Stale, TableCreated, Undo

bp = Blueprint("openapi", __name__, url_prefix="/api")


@bp.get("/openapi.json")
def openapi() -> Response:
    return jsonify(openapi_document())


def _game_events() -> dict[str, Any]:
    schemas: dict[str, Any] = {}
    for game in GAMES.values():
        for cls in game.events:
            name = f"{game.id}.{type_of(cls)}"
            schemas[name] = {**schema(cls), "description": f"{game.id}: {type_of(cls)}"}
    return schemas


def _option(opt: Option) -> dict[str, Any]:
    """What an option takes, as ``Option.coerce`` reads it: true/false, one of its choices, or a
    whole number within its bounds (or its default, "off")."""
    if opt.is_switch:
        return {"type": "boolean"}
    if opt.bounds is not None:
        lo, hi = opt.bounds
        if opt.default == lo - 1:
            return {"type": "integer", "minimum": opt.default, "maximum": hi}
        return {"type": "integer", "anyOf": [{"enum": [opt.default]}, {"minimum": lo, "maximum": hi}]}
    return {"enum": list(opt.choices or ())}


def options_schema(game: Game[Any, Any]) -> dict[str, Any]:
    """A game's options object: its options only, each of its type; at most one of a group on."""
    groups: dict[str, list[str]] = {}
    for opt in game.options:
        if opt.group is not None:
            groups.setdefault(opt.group.id, []).append(opt.id)
    both_on = [
        {"properties": {a: {"enum": [True]}, b: {"enum": [True]}}, "required": [a, b]}
        for members in groups.values()
        for i, a in enumerate(members)
        for b in members[i + 1 :]
    ]
    return {
        "type": "object",
        "nullable": True,
        "properties": {opt.id: _option(opt) for opt in game.options},
        "additionalProperties": False,
        **({"not": {"anyOf": both_on}} if both_on else {}),
    }


def table_header(game: Game[Any, Any]) -> dict[str, Any]:
    """A table's header for one game (``store.record.check_header``): the game, its number of players, its options."""
    return {
        "game": {"type": "string", "enum": [game.id]},
        "players": names(minItems=game.min_players, maxItems=game.max_players),
        "options": options_schema(game),
    }


def new_table() -> dict[str, Any]:
    """``NewTable`` once per game, its game, players and options those of the game."""
    body = schema_of(NewTable)
    return {"oneOf": [{**body, "properties": {**body["properties"], **table_header(game)}} for game in GAMES.values()]}


def record() -> dict[str, Any]:
    """A record (docs/record-format.md): the header, then the game's events (the rules judge them)."""
    return {
        "oneOf": [
            {
                "type": "object",
                "properties": {
                    "format": {"type": "string", "enum": ["referee-record"]},
                    "version": {"type": "integer", "enum": [1]},
                    **table_header(game),
                    "events": {
                        "type": "array",
                        "maxItems": MAX_LOG_LINES,
                        "items": {"oneOf": [{"$ref": f"#/components/schemas/{game.id}.{type_of(c)}"} for c in game.events]},
                    },
                },
                "required": ["format", "version", "game", "players", "events"],
                "additionalProperties": False,
            }
            for game in GAMES.values()
        ]
    }


def _writes_bounded(paths: dict[str, Any]) -> dict[str, Any]:
    """``paths``, each write also answering what every POST may (web/site/limits.py, errors.py): 429
    past its address's budget, 413 for a body over the limit."""
    for operations in paths.values():
        if "post" in operations:
            responses = operations["post"]["responses"]
            responses.setdefault("413", answer("the body is over the size limit", ERR))
            responses.setdefault("429", answer("too many writes from this address; ask again after Retry-After seconds", ERR))
    return paths


NAMED = (State,)
"""The answers that are components of the document of their own, referred to by name."""


def _state() -> dict[str, Any]:
    """``State``, its game one of the games there are (now: a game may be added after this module)."""
    state = object_schema(State)
    state["properties"]["game"]["enum"] = list(GAMES)
    return state


def openapi_document() -> dict[str, Any]:
    events = _game_events()
    event_refs = [{"$ref": f"#/components/schemas/{n}"} for n in events]
    created = schema_of(TableCreated)
    err, table_id = ERR, path_id("table_id")
    return {
        "openapi": "3.0.3",
        "info": {
            "title": "referee API",
            "version": "1",
            "description": f"Record format version 1: tables, records and events of {', '.join(GAMES)}. Besides each game's events, a table accepts two log "
            'lines of its own: {"type": "undo"} (takes back the last event that stands) and '
            '{"type": "correct", "target": <seq>, "event": {...}} (replaces an earlier event; the log '
            "keeps both). A seat's private event (a sealed bid) is changed only by that seat's token, "
            "with correct; nobody else undoes or corrects it, or an event before it, until it is shown (403). "
            "A write without If-Match is never refused as stale: concurrent writes are stored one after another.",
        },
        "paths": _writes_bounded({
            "/api/v1/tables": {
                "post": {
                    "summary": "Create a table",
                    "requestBody": request_body({"$ref": "#/components/schemas/NewTable"}),
                    "responses": {
                        "201": answer("created", created),
                        "400": answer("not JSON", err),
                        "422": answer("refused", err),
                    },
                }
            },
            "/api/v1/records": {
                "post": {
                    "summary": "Create a table from a whole record (all or nothing)",
                    "requestBody": request_body({"$ref": "#/components/schemas/Record"}),
                    "responses": {
                        "201": answer("created", created),
                        "400": answer("not JSON", err),
                        "422": answer("refused; error.event names the first bad event", err),
                    },
                }
            },
            "/api/v1/tables/{table_id}": {
                "get": {
                    "summary": "The table's state (ETag: the last seq), or with ?at=K as it stood at seq K",
                    "parameters": [table_id, MOMENT_PARAMETER],
                    "responses": {
                        "200": answer("state", {"$ref": "#/components/schemas/State"}),
                        "404": answer("no such table", err),
                        "422": answer("no such moment (at outside 0..seq)", err),
                        "503": busy_answer(),
                    },
                }
            },
            **openapi_paths(err),
            **photo_paths(err),  # tiles read from a photo (issue 31)
            **race_paths(),  # the race chart (issue 32)
            "/api/v1/tables/{table_id}/record": {
                "get": {
                    "summary": "The table's record",
                    "parameters": [table_id],
                    "responses": {
                        "200": answer("record", {"$ref": "#/components/schemas/Record"}),
                        "404": answer("no such table", err),
                        "503": busy_answer(),
                    },
                }
            },
            "/api/v1/tables/{table_id}/events": {
                "post": {
                    "summary": "Record one event (Authorization: Bearer <scorer_token>)",
                    "parameters": [
                        table_id,
                        {"name": "If-Match", "in": "header", "required": False, "schema": {"type": "string"}},
                        {
                            "name": "Idempotency-Key",
                            "in": "header",
                            "required": False,
                            "schema": {"type": "string"},
                        },
                    ],
                    "security": [{"bearer": []}],
                    "requestBody": request_body(
                        {
                            "oneOf": [
                                *event_refs,
                                {"$ref": "#/components/schemas/Undo"},
                                {"$ref": "#/components/schemas/Correct"},
                            ]
                        }
                    ),
                    "responses": {
                        "201": answer("recorded", schema_of(Recorded, NAMED)),
                        "200": answer("already recorded under this Idempotency-Key", schema_of(Recorded, NAMED)),
                        "202": answer("a correction waits for a seat to confirm it", schema_of(Proposal)),
                        "400": answer("not JSON", err),
                        "401": answer("no token", err),
                        "403": answer("token may not write, or may not touch a sealed event", err),
                        "404": answer("no such table", err),
                        "409": answer("stale If-Match; the current state is included", schema_of(Stale, NAMED)),
                        "422": answer(
                            "malformed or illegal event; idempotency_key_reused: the key names another entry", err
                        ),
                    },
                }
            },
            **session_paths(),
            **club_paths(),
        }),
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": {
                **events,
                "Error": schema_of(Refusal),
                **session_schemas(),
                **club_schemas(),
                "State": _state(),
                "NewTable": new_table(),
                "Record": record(),
                "Undo": schema_of(Undo),
                "Correct": schema_of(Correct),
            },
        },
    }
