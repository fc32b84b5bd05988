"""Club sessions over the JSON API v1: create one, add tables or records from its roster, read its
tables and standings (the director token, as ``Authorization: Bearer``, for all but creating one).

Tables are made by the same store calls as ``POST /api/v1/tables`` and ``/api/v1/records``, so a
session's table answers exactly what table creation answers, plus its ``number`` in the session.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired, TypedDict

from flask import Blueprint, Response, jsonify, url_for

from referee.extensions import csrf
from referee.rules.base import RuleError, _
from referee.store.models import ClubSession
from referee.store.record import RecordError, parse_record
from referee.store.results import result_of_replayed
from referee.store.rounds import RoundMade, pair_round, rounds_of
from referee.store.sessions import (
    TableRow,
    add_table,
    create_session,
    get_session,
    import_into,
    roster_of,
    standings,
    table_rows,
)
from referee.store.sharing import set_confirm_corrections
from referee.store.tables import Created, token_matches
from referee.web.json_api.bodies import confirm_corrections, json_body, json_object
from referee.web.json_api.openapi_fields import TITLE, names
from referee.web.json_api.tables import TableCreated, created_response, table_created
from referee.web.tables.access import bearer
from referee.web.tables.presenting import error_response, refusal_status

bp = Blueprint("sessions_api", __name__, url_prefix="/api/v1/sessions")
csrf.exempt(bp)  # token-authenticated, not cookie-authenticated


def director_session(session_id: str, token: str | None) -> ClubSession | Response:
    """The session if ``token`` is its director's; otherwise the 404/401/403 answer to send."""
    session = get_session(session_id)
    if session is None:
        return error_response(404, RuleError("not_found", _("There is no such session.")))
    if not token:
        return error_response(
            401, RuleError("unauthorized", _("This needs the director token (Authorization: Bearer)."))
        )
    if not token_matches(token, session.director_token_hash):
        return error_response(
            403, RuleError("forbidden", _("This token is not the director's of this session."))
        )
    return session


class NewSession(TypedDict):
    name: Annotated[str, TITLE]
    players: Annotated[list[str], names(minItems=1, maxItems=500, description="the roster: distinct names")]


class SessionCreated(TypedDict):
    id: str
    director_token: str
    url: Annotated[str, {"description": "the director's screen, with the token"}]


class SessionTableCreated(TableCreated):
    """What ``POST /api/v1/tables`` answers, plus the table's number in the session."""

    number: Annotated[int, {"description": "the table's number in the session, from 1"}]
    session: str


class SessionTable(TypedDict):
    """A table of the session as it stands."""

    id: str
    number: int
    game: str
    players: list[str]
    totals: list[int]
    finished: bool
    winners: list[int]
    seq: int
    viewer_url: str


class Standing(TypedDict):
    player: str
    played: int
    won: int
    points: int


class Session(TypedDict):
    id: str
    name: str
    players: list[str]
    tables: list[SessionTable]
    standings: Annotated[
        dict[str, list[Standing]],
        {
            "description": "per game id: played = the player's finished tables, won = those where "
            "they are among the winners, points = the sum of their totals over finished tables; "
            "sorted by won, then points, descending"
        },
    ]


class NewRound(TypedDict):
    game: str
    seats: Literal[2, 4]
    method: Literal["swiss", "partners"]
    pinned: NotRequired[
        Annotated[
            dict[str, Annotated[int, {"minimum": 1}]],
            {"description": "roster place (as text) -> table of the round, from 1"},
        ]
    ]
    absent: NotRequired[Annotated[list[int], {"description": "roster places of players not playing this round"}]]


class RoundTable(SessionTableCreated):
    seats: Annotated[list[int], {"description": "roster places in seat order"}]


class RoundCreated(TypedDict):
    round: int
    tables: list[RoundTable]
    byes: Annotated[list[int], {"description": "roster places of the players sitting this round out"}]
    cards_url: Annotated[
        str,
        {
            "format": "uri",
            "description": "the round's table cards (PDF, a QR code per seat joining that seat); "
            "carries the director's token",
        },
    ]


class RoundTableLine(TypedDict):
    id: str
    number: int
    seats: list[int]


class Round(TypedDict):
    round: int
    game: str
    method: str
    tables: list[RoundTableLine]
    byes: list[int]


class Rounds(TypedDict):
    rounds: list[Round]


def table_json(row: TableRow) -> SessionTable:
    view = row.rep.view
    return {
        "id": row.table.id,
        "number": row.number,
        "game": row.rep.game.id,
        "players": list(row.rep.players),
        "totals": list(view.totals),
        "finished": view.finished,
        "winners": list(view.winners),
        "seq": row.rep.last_seq,
        "viewer_url": url_for("table.show", table_id=row.table.id, _external=True),
    }


def session_json(session: ClubSession) -> Session:
    rows = table_rows(session)
    return {
        "id": session.id,
        "name": session.name,
        "players": list(roster_of(session)),
        "tables": [table_json(r) for r in rows],
        "standings": {
            game: [{"player": s.player, "played": s.played, "won": s.won, "points": s.points} for s in rows_]
            for game, rows_ in standings(result_of_replayed(r.rep) for r in rows).items()
        },
    }


def _numbered(created: Created, number: int, session: ClubSession) -> Response:
    answer: SessionTableCreated = {**table_created(created), "number": number, "session": session.id}
    return created_response(answer, created.table.id)


@bp.post("")
def create() -> Response:
    try:
        body = json_object()
        made = create_session(body.get("name"), body.get("players"))
    except RuleError as err:
        return error_response(refusal_status(err), err)
    answer: SessionCreated = {
        "id": made.session.id,
        "director_token": made.director_token,
        "url": url_for(
            "sessions_pages.director", session_id=made.session.id, token=made.director_token, _external=True
        ),
    }
    resp = jsonify(answer)
    resp.status_code = 201
    resp.headers["Location"] = url_for("sessions_api.show", session_id=made.session.id)
    return resp


@bp.get("/<session_id>")
def show(session_id: str) -> Response:
    session = director_session(session_id, bearer())
    if isinstance(session, Response):
        return session
    return jsonify(session_json(session))


@bp.post("/<session_id>/tables")
def new_table(session_id: str) -> Response:
    session = director_session(session_id, bearer())
    if isinstance(session, Response):
        return session
    try:
        body = json_object()
        confirm = confirm_corrections(body)
        created, number = add_table(
            session, bearer() or "", body.get("game"), body.get("players"), body.get("options")
        )
    except RuleError as err:
        return error_response(refusal_status(err), err)
    if confirm:
        set_confirm_corrections(created.table, True)
    return _numbered(created, number, session)


@bp.post("/<session_id>/records")
def new_record(session_id: str) -> Response:
    session = director_session(session_id, bearer())
    if isinstance(session, Response):
        return session
    try:
        parsed = parse_record(json_body())
        created, number = import_into(session, bearer() or "", parsed)
    except RecordError as err:
        return error_response(422, err, err.index)
    except RuleError as err:
        return error_response(refusal_status(err), err)
    return _numbered(created, number, session)


def round_json(made: RoundMade, session: ClubSession, token: str) -> RoundCreated:
    """A paired round's answer: each table as POST .../tables answers it, with its seats by roster index,
    and the link that prints the round's table cards (a QR code per seat), with the director's token as
    the session's own link carries it."""
    tables: list[RoundTable] = [
        {**table_created(table.created), "number": table.number, "session": session.id, "seats": list(table.seats)}
        for table in made.tables
    ]
    cards = url_for(
        "sessions_pages.cards", session_id=session.id, round=made.number, token=token, _external=True
    )
    return {"round": made.number, "tables": tables, "byes": list(made.byes), "cards_url": cards}


@bp.post("/<session_id>/rounds")
def new_round(session_id: str) -> Response:
    session = director_session(session_id, bearer())
    if isinstance(session, Response):
        return session
    try:
        made = pair_round(session, bearer() or "", json_object())
    except RuleError as err:
        return error_response(refusal_status(err), err)
    resp = jsonify(round_json(made, session, bearer() or ""))
    resp.status_code = 201
    resp.headers["Location"] = url_for("sessions_api.list_rounds", session_id=session.id)
    return resp


@bp.get("/<session_id>/rounds")
def list_rounds(session_id: str) -> Response:
    session = director_session(session_id, bearer())
    if isinstance(session, Response):
        return session
    answer: Rounds = {
        "rounds": [
            {
                "round": r.number,
                "game": r.game,
                "method": r.method,
                "tables": [{"id": t, "number": n, "seats": list(seats)} for t, n, seats in r.tables],
                "byes": list(r.byes),
            }
            for r in rounds_of(session)
        ]
    }
    return jsonify(answer)
