"""The OpenAPI paths and schemas of clubs (clubs_api.py), merged into ``/api/openapi.json``."""

from __future__ import annotations

from typing import Any

from .club_ratings import openapi_properties
from .openapi_fields import TITLE, names
from .sessions_openapi import ERR, answer, busy_answer, request_body

CLUB_ID = {"name": "club_id", "in": "path", "required": True, "schema": {"type": "string"}}
DIRECTOR: list[dict[str, list[str]]] = [{"bearer": []}]
NAMES = {"type": "array", "items": {"type": "string"}}


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
                            "claims": {**integer, "description": "bingo: claims made"},
                            "failed": {**integer, "description": "bingo: claims that failed"},
                            "hands": {**integer, "description": "five-up: finished hands"},
                            "points": {**integer, "description": "five-up: the side's points in them"},
                            "average": {
                                "type": "number",
                                "nullable": True,
                                "description": "five-up: points per hand",
                            },
                            "largest": {
                                "type": "object",
                                "nullable": True,
                                "description": "five-up: the largest count scored, and the tile that made it",
                                "properties": {"count": integer, "tile": {"type": "string"}},
                            },
                            "deals": {**integer, "description": "ninety-nine: complete deals"},
                            "made": {**integer, "description": "ninety-nine: bids made"},
                            "percent": {
                                "type": "integer",
                                "nullable": True,
                                "description": "ninety-nine: bids made, %",
                            },
                            "rounds": {**integer, "description": "trick-de-bingo: rounds played"},
                            "bingos": {**integer, "description": "trick-de-bingo: bingo lines"},
                            "placements": {**integer, "description": "bead-game: tiles placed"},
                            "best": {
                                "type": "object",
                                "nullable": True,
                                "description": "bead-game: the best placement: score, tile, the product written out",
                                "properties": {
                                    "score": integer,
                                    "tile": {"type": "string"},
                                    "text": {"type": "string"},
                                },
                            },
                        },
                        "required": ["game", "played", "won"],
                    },
                },
                **openapi_properties(),  # ratings and head-to-head records (issue 32)
            },
            "required": ["player", "games", "ratings", "recentTables", "headToHead"],
        },
    }
