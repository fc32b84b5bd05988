"""Clubs over the JSON API v1: create a club, add players to its roster, create its sessions (the
club's director token, as ``Authorization: Bearer``), list them; and read a player's history (the
club id is its read right, as a table id is a table's).

A club session is a session like any other (``/api/v1/sessions/{id}``), whose director token the
club's derives; its roster comes from the club's (clubs.py).
"""

from __future__ import annotations

import dataclasses
from typing import Any

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
from referee.web.club.ratings import player_ratings
from referee.web.json_api.bodies import json_object
from referee.web.tables.access import bearer
from referee.web.tables.presenting import error_response, refusal_status

bp = Blueprint("clubs_api", __name__, url_prefix="/api/v1/clubs")
csrf.exempt(bp)  # token-authenticated, not cookie-authenticated


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
    resp = jsonify(
        id=made.club.id,
        director_token=made.director_token,
        url=url_for("clubs_pages.club", club_id=made.club.id, token=made.director_token, _external=True),
    )
    resp.status_code = 201
    resp.headers["Location"] = url_for("clubs_api.show", club_id=made.club.id)
    return resp


@bp.get("/<club_id>")
def show(club_id: str) -> Response:
    token = bearer()
    club = director_club(club_id, token)
    if isinstance(club, Response):
        return club
    sessions = []
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
    return jsonify(id=club.id, name=club.name, players=roster_names(club), sessions=sessions)


@bp.post("/<club_id>/players")
def new_players(club_id: str) -> Response:
    club = director_club(club_id, bearer())
    if isinstance(club, Response):
        return club
    try:
        roster = add_players(club, json_object().get("players"))
    except RuleError as err:
        return error_response(refusal_status(err), err)
    return jsonify(players=roster)


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
    resp = jsonify(
        id=session.id, club=club.id, director_token=derived, url=_session_link(session.id, derived)
    )
    resp.status_code = 201
    resp.headers["Location"] = url_for("sessions_api.show", session_id=session.id)
    return resp


def history_json(rows: list[GameHistory]) -> list[dict[str, Any]]:
    """Each game's row: played, won, and its stats' fields (plus the averages they define)."""
    out = []
    for row in rows:
        item: dict[str, Any] = {"game": row.game, "played": row.played, "won": row.won}
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
    return jsonify(
        player=name,
        games=history_json(player_history(club_results(club, name), name)),
        **player_ratings(club, name),  # issue 32
    )
