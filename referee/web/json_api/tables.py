"""The JSON API v1 of docs/record-format.md. Same store and rules code path as the HTML forms."""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired, TypedDict

from flask import Blueprint, Response, g, jsonify, request, url_for
from flask_babel import gettext
from werkzeug.exceptions import HTTPException

from referee.extensions import csrf
from referee.games import game as find_game
from referee.rules.base import Game, MalformedEvent, RuleError, _
from referee.rules.events import decode
from referee.rules.numbers import whole_number
from referee.store.moments import check_moment, state_at
from referee.store.record import RecordError, parse_record, to_record
from referee.store.sharing import set_confirm_corrections
from referee.store.tables import Created, create_table, current, import_record
from referee.store.writing import Accepted, Proposed, Reason, Refused, write
from referee.web.site.errors import api_refusal, too_large_message
from referee.web.tables import service
from referee.web.tables.access import bearer
from referee.web.tables.presenting import (
    Refusal,
    State,
    error_json,
    error_response,
    public_record,
    refusal_status,
    state_json,
)

from .bodies import confirm_corrections, json_body, json_object

bp = Blueprint("api", __name__, url_prefix="/api")
csrf.exempt(bp)  # token-authenticated, not cookie-authenticated


@bp.errorhandler(HTTPException)
def http_error(exc: HTTPException) -> Response:
    """The API's JSON refusal (errors.py), naming the table where a table was not found."""
    if exc.code == 413:
        return error_response(413, RuleError("too_large", too_large_message()))
    return api_refusal(exc, gettext("There is no such table.") if exc.code == 404 else None)


class NewTable(TypedDict):
    """``POST /api/v1/tables``: a game, its players and options (the document refines each per game)."""

    game: str
    players: list[str]
    options: NotRequired[dict[str, Any] | None]
    confirm_corrections: NotRequired[Annotated[bool, {"description": "true: corrections wait for a seat"}]]


class TableCreated(TypedDict):
    """A new table's id, links and tokens (a new table, a record imported)."""

    id: str
    scorer_token: str
    viewer_url: str
    scorer_url: str
    seat_tokens: list[str]


class Recorded(TypedDict):
    """An event written (201), or one already written under its Idempotency-Key (200)."""

    seq: int
    state: State


class Pending(TypedDict):
    id: int
    target: int
    event: dict[str, Any]


class Proposal(TypedDict):
    """A correction that waits for a seat to confirm it (202)."""

    pending: Pending


class Stale(Refusal):
    """A write refused for its stale If-Match, with the table as it now is."""

    state: State


class Undo(TypedDict):
    type: Literal["undo"]


class Correct(TypedDict):
    type: Literal["correct"]
    target: int
    event: dict[str, Any]


def table_created(created: Created) -> TableCreated:
    """The API's answer to a new table or record: the table's id, links and tokens."""
    return {
        "id": created.table.id,
        "scorer_token": created.scorer_token,
        "viewer_url": url_for("table.show", table_id=created.table.id, _external=True),
        "scorer_url": url_for("table.join", table_id=created.table.id, token=created.scorer_token, _external=True),
        "seat_tokens": list(created.seat_tokens),
    }


def created_response(answer: Any, table_id: str) -> Response:
    """201 with ``answer`` (a new table's, plus what a session adds), located at the table's state."""
    resp = jsonify(answer)
    resp.status_code = 201
    resp.headers["Location"] = url_for("api.get_state", table_id=table_id)
    return resp


@bp.post("/v1/tables")
def create() -> Response:
    try:
        body = json_object()
        confirm = confirm_corrections(body)
        created = create_table(body.get("game"), body.get("players"), body.get("options"))
        if confirm:
            set_confirm_corrections(created.table, True)
        return created_response(table_created(created), created.table.id)
    except RuleError as err:
        return error_response(refusal_status(err), err)


@bp.post("/v1/records")
def create_from_record() -> Response:
    try:
        parsed = parse_record(json_body())
    except RecordError as err:
        return error_response(422, err, err.index)
    except RuleError as err:
        return error_response(refusal_status(err), err)
    created = import_record(parsed)
    return created_response(table_created(created), created.table.id)


def _with_etag(payload: State | Recorded, status: int = 200) -> Response:
    resp = jsonify(payload)
    resp.status_code = status
    resp.headers["ETag"] = f'"{payload["seq"]}"'
    return resp


@bp.get("/v1/tables/<table_id>")
def get_state(table_id: str) -> Response:
    table = service.open_table(table_id, token=bearer())
    rep = current(table)
    if "at" in request.args:  # the table as it stood at seq K (time travel), same shape and redaction
        try:
            rep = state_at(table, check_moment(request.args["at"], rep.last_seq))
        except RuleError as err:
            return error_response(422, err)
    return _with_etag(state_json(table.id, rep, g.access))


@bp.get("/v1/tables/<table_id>/record")
def get_record(table_id: str) -> Response:
    rep = current(service.open_table(table_id, token=bearer()))
    return jsonify(public_record(rep, g.access, to_record(rep)))


def _if_match() -> int | None:
    """The seq an ``If-Match`` names (an ETag this API sent: ``"12"``), None without one (or ``*``);
    anything else is refused rather than ignored: a write sent with a precondition is never stored
    without checking it."""
    raw = request.headers.get("If-Match", "").strip()
    if raw in ("", "*"):
        return None
    seq = whole_number(raw.removeprefix("W/").strip('"'))
    if seq is None:
        raise MalformedEvent("bad_if_match", _('If-Match must be an ETag this API sent, like "12".'))
    return seq


@bp.post("/v1/tables/<table_id>/events")
def post_event(table_id: str) -> Response:
    """One log line by the store's one write command; its decision as an HTTP status."""
    token = bearer()
    table = service.open_table(table_id, token=token)
    writer = g.access.writer(via="api")
    if not token:
        return error_response(401, RuleError("unauthorized", _("Writing needs the scorer token (Authorization: Bearer).")))
    if not writer.may_write:
        return error_response(403, _forbidden())
    try:
        body = json_body()
        if not isinstance(body, dict):
            raise MalformedEvent("bad_event", _("An event must be an object with a type."))
        kind, line = _log_line(find_game(table.game), body)
        based_on = _if_match()
    except RuleError as err:
        return error_response(refusal_status(err), err)
    written = write(
        table, writer, kind, line, based_on=based_on, idempotency_key=request.headers.get("Idempotency-Key") or None
    )
    match written:
        case Accepted(state=state, seq=seq, created=created):
            recorded: Recorded = {"seq": seq, "state": state_json(table.id, state, g.access)}
            return _with_etag(recorded, 201 if created else 200)
        case Proposed(pending=pending):  # a correction waits for a seat to confirm it (202)
            proposal: Proposal = {"pending": {"id": pending.id, "target": pending.target, "event": pending.event}}
            resp = jsonify(proposal)
            resp.status_code = 202
            return resp
        case Refused(reason=Reason.FORBIDDEN, error=error):  # a seat's token is told what it may write
            return error_response(403, error or _forbidden())
        case Refused(reason=Reason.STALE):
            refusal = error_json(RuleError("stale", _("The table has moved on since your state; here it is now.")))
            stale: Stale = {**refusal, "state": state_json(table.id, written.state, g.access)}
            resp = jsonify(stale)
            resp.status_code = 409
            return resp
    assert written.error is not None  # PRIVATE and REFUSED say why
    return error_response(403 if written.reason is Reason.PRIVATE else refusal_status(written.error), written.error)


def _forbidden() -> RuleError:
    return RuleError("forbidden", _("This token may not write to this table."))


def _log_line(game: Game[Any, Any], body: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """``{"type": "undo"}`` and ``{"type": "correct", "target": seq, "event": {...}}`` are log lines
    of their own; anything else is a game event (the store decodes it; a type that is not text is
    refused here already, before the access check looks it up)."""
    if not isinstance(body.get("type"), str):
        decode(game.events, body)  # refuses it with the list of the game's event types
    match body.get("type"):
        case "undo":
            if set(body) != {"type"}:
                raise MalformedEvent("bad_event", _("undo takes no fields."))
            return "undo", {}
        case "correct":
            target, event = body.get("target"), body.get("event")
            if not isinstance(target, int) or isinstance(target, bool) or not isinstance(event, dict):
                raise MalformedEvent(
                    "bad_event", _("correct needs target (the seq of the event) and event (its replacement).")
                )
            return "correct", {"target": target, "event": event}
    return "event", body
