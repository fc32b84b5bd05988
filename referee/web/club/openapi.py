"""The OpenAPI paths and schemas of clubs (clubs_api.py), merged into ``/api/openapi.json``."""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

from referee.games import GAMES
from referee.rules.events import schema
from referee.web.club.ratings import openapi_properties
from referee.web.json_api.openapi_fields import TITLE, names

from .sessions_openapi import ERR, answer, busy_answer, request_body

CLUB_ID = {"name": "club_id", "in": "path", "required": True, "schema": {"type": "string"}}
DIRECTOR: list[dict[str, list[str]]] = [{"bearer": []}]
NAMES = {"type": "array", "items": {"type": "string"}}


def stats_properties() -> dict[str, Any]:
    """Every game's club numbers (its descriptor's ``stats``: each field of its kind, and each property
    it describes), each said to be that game's; a name two games share says both, and must be of one
    type in both (TypeError otherwise: the document has one schema per name, so a second type would be
    documented wrongly for one of them)."""
    out: dict[str, Any] = {}
    for game in GAMES.values():
        if game.stats is None:
            continue
        kind, about = game.stats.kind, game.stats.about
        hints = typing.get_type_hints(kind)
        for name in {**hints, **about}:
            hint = hints[name] if name in hints else typing.get_type_hints(getattr(kind, name).fget)["return"]
            said, shape = f"{game.id}: {about.get(name, name)}", _number_schema(hint)
            if name in out:
                if {k: v for k, v in out[name].items() if k != "description"} != shape:
                    raise TypeError(f"{game.id}'s club number {name!r} has another type than ({out[name]['description']})")
                said = f"{out[name]['description']}; {said}"
            out[name] = {**shape, "description": said}
    return out


def _number_schema(hint: Any) -> dict[str, Any]:
    """A club number's schema: a whole number, a fraction, or a record of them; ``X | None`` is nullable."""
    if typing.get_origin(hint) in (types.UnionType, typing.Union):
        (inner,) = (arg for arg in typing.get_args(hint) if arg is not type(None))
        return {**_number_schema(inner), "nullable": True}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return schema(hint)
    return {"type": "number" if hint is float else "integer"}


def _guarded(responses: dict[str, Any]) -> dict[str, Any]:
    return {
        **responses,
        "401": answer("no director token", ERR),
        "403": answer("not this club's director token", ERR),
        "404": answer("no such club", ERR),
    }


def club_paths() -> dict[str, Any]:
    return {
        "/api/v1/clubs": {
            "post": {
                "summary": "Create a club (a roster kept across sessions); answers the club's director token",
                "requestBody": request_body({"$ref": "#/components/schemas/NewClub"}),
                "responses": {
                    "201": answer("created", {"$ref": "#/components/schemas/ClubCreated"}),
                    "400": answer("not JSON", ERR),
                    "422": answer("no name (bad_club), or names that are not distinct (bad_players)", ERR),
                },
            }
        },
        "/api/v1/clubs/{club_id}": {
            "get": {
                "summary": "The club's roster and sessions, newest first, with each session's director "
                "token (Authorization: Bearer <club director_token>)",
                "parameters": [CLUB_ID],
                "security": DIRECTOR,
                "responses": _guarded({"200": answer("the club", {"$ref": "#/components/schemas/Club"})}),
            }
        },
        "/api/v1/clubs/{club_id}/players": {
            "post": {
                "summary": "Add names to the club's roster (a name already on it, in any spelling that "
                "reads alike, stays as it is)",
                "parameters": [CLUB_ID],
                "security": DIRECTOR,
                "requestBody": request_body(
                    {"type": "object", "properties": {"players": names(minItems=1)}, "required": ["players"]}
                ),
                "responses": _guarded(
                    {
                        "200": answer(
                            "the whole roster",
                            {"type": "object", "properties": {"players": NAMES}, "required": ["players"]},
                        ),
                        "400": answer("not JSON", ERR),
                        "422": answer("not a list of distinct names", ERR),
                    }
                ),
            }
        },
        "/api/v1/clubs/{club_id}/sessions": {
            "post": {
                "summary": "Create a session of the club: the body of POST /api/v1/sessions; names on the "
                "club's roster take its spelling, new ones join the club. The session is then used through "
                "/api/v1/sessions/{id} with the director_token answered",
                "parameters": [CLUB_ID],
                "security": DIRECTOR,
                "requestBody": request_body({"$ref": "#/components/schemas/NewSession"}),
                "responses": _guarded(
                    {
                        "201": answer("created", {"$ref": "#/components/schemas/ClubSessionCreated"}),
                        "400": answer("not JSON", ERR),
                        "422": answer("no name, or a roster that is not a list of distinct names", ERR),
                    }
                ),
            }
        },
        "/api/v1/clubs/{club_id}/players/{index}": {
            "get": {
                "summary": "A player's history in the club (no token: the club id is the read right): per "
                "game, finished tables played and won, and the game's own numbers",
                "parameters": [
                    CLUB_ID,
                    {
                        "name": "index",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "integer", "minimum": 0},
                        "description": "the player's place on the club's roster, from 0",
                    },
                ],
                "responses": {
                    "200": answer("the history", {"$ref": "#/components/schemas/PlayerHistory"}),
                    "404": answer("no such club or player", ERR),
                    "503": busy_answer(),
                },
            }
        },
    }


def club_schemas() -> dict[str, Any]:
    integer = {"type": "integer"}
    return {
        "NewClub": {
            "type": "object",
            "properties": {
                "name": TITLE,
                "players": names(maxItems=500, nullable=True, description="the first names on the roster (optional)"),
            },
            "required": ["name"],
        },
        "ClubCreated": {
            "type": "object",
            "properties": {
                "id": {"type": "string"},
                "director_token": {"type": "string"},
                "url": {"type": "string", "description": "the club's director page, with the token"},
            },
            "required": ["id", "director_token", "url"],
        },
        "ClubSessionCreated": {
            "type": "object",
            "properties": {
                "id": {"type": "string"},
                "club": {"type": "string"},
                "director_token": {"type": "string", "description": "the session's, derived from the club's"},
                "url": {"type": "string", "description": "the session's director screen, with its token"},
            },
            "required": ["id", "club", "director_token", "url"],
        },
        "Club": {
            "type": "object",
            "properties": {
                "id": {"type": "string"},
                "name": {"type": "string"},
                "players": NAMES,
                "sessions": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "id": {"type": "string"},
                            "name": {"type": "string"},
                            "created_at": {"type": "string", "format": "date-time"},
                            "tables": integer,
                            "director_token": {"type": "string"},
                            "url": {"type": "string"},
                        },
                        "required": ["id", "name", "created_at", "tables", "director_token", "url"],
                    },
                },
            },
            "required": ["id", "name", "players", "sessions"],
        },
        "PlayerHistory": {
            "type": "object",
            "properties": {
                "player": {"type": "string"},
                "games": {
                    "type": "array",
                    "description": "per game (finished tables only): played, won, and the game's numbers",
                    "items": {
                        "type": "object",
                        "properties": {
                            "game": {"type": "string"},
                            "played": integer,
                            "won": integer,
                            **stats_properties(),
                        },
                        "required": ["game", "played", "won"],
                    },
                },
                **openapi_properties(),  # ratings and head-to-head records (issue 32)
            },
            "required": ["player", "games", "ratings", "recentTables", "headToHead"],
        },
    }
