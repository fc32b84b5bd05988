"""The OpenAPI paths and schemas of clubs (clubs_api.py), merged into ``/api/openapi.json``."""

from __future__ import annotations

import typing
from typing import Any

from referee.games import GAMES
from referee.web.json_api.openapi_fields import (
    DIRECTOR,
    ERR,
    answer,
    busy_answer,
    guarded,
    path_id,
    request_body,
)
from referee.web.json_api.shapes import schema_of

from .api import (
    ClubAnswer,
    ClubCreated,
    ClubSessionCreated,
    GameLine,
    NewClub,
    NewPlayers,
    PlayerHistory,
    Roster,
)

CLUB_ID = path_id("club_id")


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
            said, shape = f"{game.id}: {about.get(name, name)}", schema_of(hint)
            if name in out:
                if {k: v for k, v in out[name].items() if k != "description"} != shape:
                    raise TypeError(f"{game.id}'s club number {name!r} has another type than ({out[name]['description']})")
                said = f"{out[name]['description']}; {said}"
            out[name] = {**shape, "description": said}
    return out


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
                "responses": guarded("club", {"200": answer("the club", {"$ref": "#/components/schemas/Club"})}),
            }
        },
        "/api/v1/clubs/{club_id}/players": {
            "post": {
                "summary": "Add names to the club's roster (a name already on it, in any spelling that "
                "reads alike, stays as it is)",
                "parameters": [CLUB_ID],
                "security": DIRECTOR,
                "requestBody": request_body(schema_of(NewPlayers)),
                "responses": guarded(
                    "club",
                    {
                        "200": answer("the whole roster", schema_of(Roster)),
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
                "responses": guarded(
                    "club",
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
    line, history = schema_of(GameLine), schema_of(PlayerHistory)
    line["properties"].update(stats_properties())  # and each game's own numbers
    history["properties"]["games"]["items"] = line
    return {
        "NewClub": schema_of(NewClub),
        "ClubCreated": schema_of(ClubCreated),
        "ClubSessionCreated": schema_of(ClubSessionCreated),
        "Club": schema_of(ClubAnswer),
        "PlayerHistory": history,
    }
