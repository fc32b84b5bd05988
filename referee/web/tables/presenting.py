"""A replayed table as the API and the pages show it, in the request's language."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Annotated, Any, NotRequired, TypedDict

from flask import Response, jsonify, url_for

from referee.rules.base import D, RuleError
from referee.store.replay import Replayed
from referee.web.json_api.bodies import NOT_JSON
from referee.web.site.i18n import say

from .access import Access


@dataclass(frozen=True)
class TableLine:
    """A table of any game as a list of tables shows it (this phone's tables on the home page, a club
    night's board, the table a director has just added): what every game has, read off its replay
    before rendering. No detail: that is typed per game, and only the table's own pages show it."""

    game: str
    """The game's name (an msgid: the template says it in the reader's language)."""
    players: tuple[str, ...]
    totals: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]
    breaches: int
    seq: int
    """The table's last log line."""

    @classmethod
    def of(cls, rep: Replayed) -> TableLine:
        view = rep.view
        return cls(
            rep.game.name, rep.players, view.totals, view.finished, view.winners, len(view.breaches), rep.last_seq
        )


class Breach(TypedDict):
    """A rule break found afterwards, as the API says it."""

    event: Annotated[int, {"description": "the offending event's index in events"}]
    detected_at: Annotated[int | None, {"description": "the first event that proves the breach"}]
    seq: Annotated[int | None, {"description": "the offending entry's seq: the entry number the pages show"}]
    detected_seq: Annotated[int | None, {"description": "the seq of the entry that proves the breach"}]
    rule: str
    seat: int
    message: str


class State(TypedDict):
    """A table's state as the API answers it (``GET /api/v1/tables/{id}``, and after each write)."""

    id: str
    game: str
    players: list[str]
    options: dict[str, Any]
    seq: Annotated[int, {"description": "the last log line; sent as the ETag"}]
    events: list[dict[str, Any]]
    totals: list[int]
    finished: bool
    winners: list[int]
    breaches: list[Breach]
    detail: Annotated[dict[str, Any], {"description": "game-specific state (see each rules module)"}]
    viewer_url: str
    game_points: NotRequired[list[int]]


def state_json(table_id: str, rep: Replayed[D], access: Access) -> State:
    """The record format's table state: game, players, options, events (with seq), totals, ..."""
    view = rep.view
    detail = dict(access.visible_detail(rep))
    out: State = {
        "id": table_id,
        "game": rep.game.id,
        "players": list(rep.players),
        "options": dict(rep.options),
        "seq": rep.last_seq,
        "events": [{"seq": e.seq, **e.body} for e in public_events(rep, access)],
        "totals": list(view.totals),
        "finished": view.finished,
        "winners": list(view.winners),
        "breaches": [
            {
                "event": b.event,
                "detected_at": b.detected_at,
                "seq": rep.seq_of(b.event),
                "detected_seq": rep.seq_of(b.detected_at),
                "rule": b.rule,
                "seat": b.seat,
                "message": say(b.message, dict(b.params)),
            }
            for b in view.breaches
        ],
        "detail": detail,
        "viewer_url": url_for("table.show", table_id=table_id, _external=True),
    }
    if "game_points" in detail:
        out["game_points"] = detail["game_points"]
    return out


def public_events(rep: Replayed[D], access: Access) -> list[Any]:
    """The effective events as this reader may see them: an event the game marks private to a seat
    (detail ``private_events``: [index, seat], e.g. a sealed bid) keeps only its type and seat for
    everyone but that seat. Its changes still show (who and when), without their contents."""
    private = {i: s for i, s in rep.view.detail.get("private_events", ())}
    out = []
    for i, e in enumerate(rep.effective):
        if i in private and private[i] != access.seat:
            body = {"type": e.body.get("type"), "seat": e.body.get("seat"), "sealed": True}
            changes = tuple(dataclasses.replace(c, body={}) for c in e.corrections)
            e = dataclasses.replace(e, body=body, corrections=changes, original=body if e.corrections else None)
        out.append(e)
    return out


def public_record(rep: Replayed[D], access: Access, record: dict[str, Any]) -> dict[str, Any]:
    """A record without the events private to another seat (it still replays: they come later)."""
    private = {i: s for i, s in rep.view.detail.get("private_events", ())}
    if not private:
        return record
    events = [e for i, e in enumerate(record["events"]) if private.get(i, access.seat) == access.seat]
    return {**record, "events": events}


class ErrorBody(TypedDict):
    code: str
    message: str
    event: NotRequired[Annotated[int, {"description": "a record's first bad event, by its index"}]]
    retry_after: NotRequired[Annotated[int, {"description": "seconds to wait before asking again"}]]


class Refusal(TypedDict):
    """Every refusal of the JSON APIs: a code and a sentence in the request's language."""

    error: ErrorBody


def error_json(err: RuleError, event: int | None = None) -> Refusal:
    body: ErrorBody = {"code": err.code, "message": say(err.message, err.params)}
    if event is not None:
        body["event"] = event
    return {"error": body}


def error_response(status: int, err: RuleError, event: int | None = None) -> Response:
    """The JSON APIs' refusal (tables and club sessions alike): the status, a code and the message."""
    resp = jsonify(error_json(err, event))
    resp.status_code = status
    return resp


def refusal_status(err: RuleError) -> int:
    """400 for a body that is not JSON at all, 422 for JSON the record format or the rules refuse."""
    return 400 if err.code in NOT_JSON else 422
