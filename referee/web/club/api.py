"""Clubs over the JSON API v1: create a club, add players to its roster, create its sessions (the
club's director token, as ``Authorization: Bearer``), list them; and read a player's history (the
club id is its read right, as a table id is a table's).

A club session is a session like any other (``/api/v1/sessions/{id}``), whose director token the
club's derives; its roster comes from the club's (clubs.py).
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, NotRequired, TypedDict

from flask import Blueprint, Response, jsonify, url_for

from referee.extensions import csrf
from referee.rules.base import RuleError, _
from referee.store.clubs import (
    add_players,
    create_club,
    create_club_session,
    get_club,
    player_at,
    roster_names,
    session_token,
    sessions_of,
)
from referee.store.history import GameHistory, club_results, player_history
from referee.store.models import Club
from referee.store.tables import token_matches
from referee.web.club.ratings import PlayerRatings, player_ratings
from referee.web.json_api.bodies import json_object
from referee.web.json_api.openapi_fields import TITLE, names
from referee.web.tables.access import bearer
from referee.web.tables.presenting import error_response, refusal_status

bp = Blueprint("clubs_api", __name__, url_prefix="/api/v1/clubs")
csrf.exempt(bp)  # token-authenticated, not cookie-authenticated


class NewClub(TypedDict):
    name: Annotated[str, TITLE]
    players: NotRequired[
        Annotated[
            list[str] | None,
            names(maxItems=500, nullable=True, description="the first names on the roster (optional)"),
        ]
    ]


class ClubCreated(TypedDict):
    id: str
    director_token: str
    url: Annotated[str, {"description": "the club's director page, with the token"}]


class ClubSessionLine(TypedDict):
    id: str
    name: str
    created_at: Annotated[str, {"format": "date-time"}]
    tables: int
    director_token: str
    url: str


class ClubAnswer(TypedDict):
    """The club's roster and sessions, newest first (``GET /api/v1/clubs/{id}``)."""

    id: str
    name: str
    players: list[str]
    sessions: list[ClubSessionLine]


class NewPlayers(TypedDict):
    players: Annotated[list[str], names(minItems=1)]


class Roster(TypedDict):
    players: list[str]


class ClubSessionCreated(TypedDict):
    id: str
    club: str
    director_token: Annotated[str, {"description": "the session's, derived from the club's"}]
    url: Annotated[str, {"description": "the session's director screen, with its token"}]


class GameLine(TypedDict):
    """A game's line of a player's history; the game's own numbers follow (club/openapi.py)."""

    game: str
    played: int
    won: int


class PlayerHistory(PlayerRatings):
    player: str
    games: Annotated[
        list[dict[str, Any]],
        {"description": "per game (finished tables only): played, won, and the game's numbers"},
    ]


def _club_or_404(club_id: str) -> Club | Response:
    club = get_club(club_id)
    if club is None:
        return error_response(404, RuleError("not_found", _("There is no such club.")))
    return club


def director_club(club_id: str, token: str | None) -> Club | Response:
    """The club if ``token`` is its director's; otherwise the 404/401/403 answer to send."""
    club = _club_or_404(club_id)
    if isinstance(club, Response):
        return club
    if not token:
        return error_response(
            401, RuleError("unauthorized", _("This needs the club's director token (Authorization: Bearer)."))
        )
    if not token_matches(token, club.director_token_hash):
        return error_response(403, RuleError("forbidden", _("This token is not the director's of this club.")))
    return club


def _session_link(session_id: str, token: str) -> str:
    return url_for("sessions_pages.director", session_id=session_id, token=token, _external=True)


@bp.post("")
def create() -> Response:
    try:
        body = json_object()
        made = create_club(body.get("name"), body.get("players"))
    except RuleError as err:
        return error_response(refusal_status(err), err)
    answer: ClubCreated = {
        "id": made.club.id,
        "director_token": made.director_token,
        "url": url_for("clubs_pages.club", club_id=made.club.id, token=made.director_token, _external=True),
    }
    resp = jsonify(answer)
    resp.status_code = 201
    resp.headers["Location"] = url_for("clubs_api.show", club_id=made.club.id)
    return resp


@bp.get("/<club_id>")
def show(club_id: str) -> Response:
    token = bearer()
    club = director_club(club_id, token)
    if isinstance(club, Response):
        return club
    sessions: list[ClubSessionLine] = []
    for summary in sessions_of(club):
        s = summary.session
        derived = session_token(token or "", s.id)
        sessions.append(
            {
                "id": s.id,
                "name": s.name,
                "created_at": s.created_at.isoformat() + "Z",
                "tables": summary.tables,
                "director_token": derived,
                "url": _session_link(s.id, derived),
            }
        )
    answer: ClubAnswer = {"id": club.id, "name": club.name, "players": roster_names(club), "sessions": sessions}
    return jsonify(answer)


@bp.post("/<club_id>/players")
def new_players(club_id: str) -> Response:
    club = director_club(club_id, bearer())
    if isinstance(club, Response):
        return club
    try:
        roster = add_players(club, json_object().get("players"))
    except RuleError as err:
        return error_response(refusal_status(err), err)
    answer: Roster = {"players": roster}
    return jsonify(answer)


@bp.post("/<club_id>/sessions")
def new_session(club_id: str) -> Response:
    token = bearer()
    club = director_club(club_id, token)
    if isinstance(club, Response):
        return club
    try:
        body = json_object()
        session, derived = create_club_session(club, token or "", body.get("name"), body.get("players"))
    except RuleError as err:
        return error_response(refusal_status(err), err)
    answer: ClubSessionCreated = {
        "id": session.id, "club": club.id, "director_token": derived, "url": _session_link(session.id, derived)
    }
    resp = jsonify(answer)
    resp.status_code = 201
    resp.headers["Location"] = url_for("sessions_api.show", session_id=session.id)
    return resp


def history_json(rows: list[GameHistory]) -> list[dict[str, Any]]:
    """Each game's row: played, won, and its stats' fields (plus the averages they define)."""
    out = []
    for row in rows:
        item: dict[str, Any] = dict(GameLine(game=row.game, played=row.played, won=row.won))
        if row.stats is not None:
            item.update(dataclasses.asdict(row.stats))
            for extra in ("average", "percent"):
                if hasattr(row.stats, extra):
                    item[extra] = getattr(row.stats, extra)
        out.append(item)
    return out


@bp.get("/<club_id>/players/<int:index>")
def player(club_id: str, index: int) -> Response:
    club = _club_or_404(club_id)
    if isinstance(club, Response):
        return club
    name = player_at(club, index)
    if name is None:
        return error_response(404, RuleError("not_found", _("There is no such player in this club.")))
    answer: PlayerHistory = {
        "player": name,
        "games": history_json(player_history(club_results(club, name), name)),
        **player_ratings(club, name),  # issue 32
    }
    return jsonify(answer)
