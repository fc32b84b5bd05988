"""The OpenAPI paths and schemas of club sessions (sessions.py), merged into ``/api/openapi.json``."""

from __future__ import annotations

from typing import Any

from referee.web.json_api.openapi_fields import DIRECTOR, ERR, answer, guarded, path_id, request_body
from referee.web.json_api.shapes import schema_of

from .sessions import NewRound, NewSession, RoundCreated, Rounds, Session, SessionCreated, SessionTableCreated

SESSION_ID = path_id("session_id")


TABLE_CREATED = answer(
    "created: what POST /api/v1/tables answers, plus the table's number in the session",
    {"$ref": "#/components/schemas/SessionTableCreated"},
)


def session_paths() -> dict[str, Any]:
    return {
        "/api/v1/sessions": {
            "post": {
                "summary": "Create a club session (an evening) with its roster; answers the director token",
                "requestBody": request_body({"$ref": "#/components/schemas/NewSession"}),
                "responses": {
                    "201": answer("created", {"$ref": "#/components/schemas/SessionCreated"}),
                    "400": answer("not JSON", ERR),
                    "422": answer("no name, or a roster that is not a list of distinct names", ERR),
                },
            }
        },
        "/api/v1/sessions/{session_id}": {
            "get": {
                "summary": "The session's tables as they stand and the standings per game "
                "(Authorization: Bearer <director_token>)",
                "parameters": [SESSION_ID],
                "security": DIRECTOR,
                "responses": guarded(
                    "session",
                    {"200": answer("the session", {"$ref": "#/components/schemas/Session"})}
                ),
            }
        },
        "/api/v1/sessions/{session_id}/tables": {
            "post": {
                "summary": "Add a table (the body of POST /api/v1/tables; players from the roster)",
                "parameters": [SESSION_ID],
                "security": DIRECTOR,
                "requestBody": request_body({"$ref": "#/components/schemas/NewTable"}),
                "responses": guarded(
                    "session",
                    {
                        "201": TABLE_CREATED,
                        "400": answer("not JSON", ERR),
                        "422": answer("refused (not_on_roster: a player is not on the roster)", ERR),
                    }
                ),
            }
        },
        "/api/v1/sessions/{session_id}/records": {
            "post": {
                "summary": "Import a whole record as a table of the session (its players must be on the roster)",
                "parameters": [SESSION_ID],
                "security": DIRECTOR,
                "requestBody": request_body({"$ref": "#/components/schemas/Record"}),
                "responses": guarded(
                    "session",
                    {
                        "201": TABLE_CREATED,
                        "400": answer("not JSON", ERR),
                        "422": answer(
                            "refused (not_on_roster, or error.event names the first bad event)", ERR
                        ),
                    }
                ),
            }
        },
        "/api/v1/sessions/{session_id}/rounds": {
            "post": {
                "summary": "Pair the next round from the standings as they stand (finished tables by their "
                "result, unfinished ones by their current totals) and make its tables",
                "description": "Swiss (2 seats): no rematch, at most one bye per player, players of the same "
                "score meet where they can, ties broken by the sum of their opponents' scores. Partners "
                "(4 seats, seats 0 and 2 partners against 1 and 3): no repeated partnership, opponents met "
                "at most twice. pinned maps a roster place to the table of the round it must play at "
                "(1 = the round's first table).",
                "parameters": [SESSION_ID],
                "security": DIRECTOR,
                "requestBody": request_body({"$ref": "#/components/schemas/NewRound"}),
                "responses": guarded(
                    "session",
                    {
                        "201": answer("paired: the round's tables and byes", {"$ref": "#/components/schemas/RoundCreated"}),
                        "400": answer("not JSON", ERR),
                        "422": answer(
                            "refused: a bad body, or a round that cannot keep its rules (rematch, no_bye, "
                            "partners, seats, pinned), said in a sentence; nothing is made",
                            ERR,
                        ),
                    }
                ),
            },
            "get": {
                "summary": "The session's paired rounds, each with its tables and byes",
                "parameters": [SESSION_ID],
                "security": DIRECTOR,
                "responses": guarded("session", {"200": answer("the rounds", {"$ref": "#/components/schemas/Rounds"})}),
            },
        },
    }


def session_schemas() -> dict[str, Any]:
    shapes = (NewSession, SessionCreated, SessionTableCreated, NewRound, RoundCreated, Rounds, Session)
    return {shape.__name__: schema_of(shape) for shape in shapes}
