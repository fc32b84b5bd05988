"""The director's screen ``/s/<id>``: every table of a session on one page, and the standings.

The director link (``?token=``) is checked, kept in the signed session cookie and dropped from the
address bar. The board follows the tables the way a table page does (``static/js/app.js``): it polls
``/s/<id>/live?since=V``, which answers 204 while ``V`` (every table's last seq and proposed or
decided corrections, and which tables are idle) is unchanged, and the fresh board otherwise. Building
``V`` takes two grouped queries and no replay; the board itself replays each table (from the
snapshot cache, which checks the log's latest seq first, so it is never stale).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import Blueprint, Response, abort, g, redirect, render_template, request, url_for
from flask_babel import gettext, ngettext

from printables.club import StandingRow, TableCard, build_standings_pdf, build_table_cards, standings_csv

from ..store.models import ClubSession
from ..store.refusals import STORM_REFUSALS, Refusals, refusals_of
from ..store.replay import Replayed
from ..store.sessions import Activity, activity, get_session, seat_links, standings, table_rows
from .access import director_token

bp = Blueprint("sessions_pages", __name__, url_prefix="/s")

IDLE = timedelta(minutes=10)
PROGRESS_EVENTS = {"deal", "hand", "round"}


@bp.url_value_preprocessor
def load_session(endpoint, values):
    """The session, for its director only: the link's token, or the one this browser keeps."""
    found = get_session((values or {}).get("session_id", ""))
    if found is None:
        abort(404)
    g.club_session = found
    g.director_token = director_token("directors", found.id, found.director_token_hash)


@dataclass(frozen=True)
class BoardRow:
    number: int
    table_id: str
    rep: Replayed
    activity: Activity
    idle: bool
    refusals: Refusals = Refusals()

    @property
    def progress(self) -> str:
        """``Deal 3``, ``Hand 5`` or ``Round 2``: how many deals (hands, rounds) have begun."""
        starts = [e.body.get("type") for e in self.rep.effective if e.body.get("type") in PROGRESS_EVENTS]
        if not starts:
            return gettext("Not started")
        n = len(starts)
        return {
            "deal": gettext("Deal %(n)s", n=n),
            "hand": gettext("Hand %(n)s", n=n),
            "round": gettext("Round %(n)s", n=n),
        }[starts[-1]]


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _idle(act: Activity, now: datetime) -> bool:
    return now - (act.last_at or act.created_at or now) >= IDLE


def since_text(at: datetime | None, now: datetime) -> str:
    if at is None:
        return gettext("Nothing recorded yet.")
    minutes = int((now - at).total_seconds() // 60)
    if minutes < 1:
        return gettext("just now")
    return ngettext("%(num)s minute ago", "%(num)s minutes ago", minutes)


def board_version(
    acts: dict[str, Activity], now: datetime, refused: dict[str, Refusals] | None = None
) -> str:
    """Changes whenever the board would, and only grows (app.js swaps in a poll answer only when its
    version is newer, compared part by part): log lines and tables, then corrections proposed, then
    decided, then tables gone idle. A table stops being idle only through a new log line, which the
    first part counts. Then refused entries, then storms over: a storm starts only with a refusal,
    which the part before counts."""
    lines = sum(a.seq for a in acts.values()) + len(acts)
    proposed = sum(a.proposed for a in acts.values())
    decided = sum(a.decided for a in acts.values())
    idle = sum(1 for a in acts.values() if _idle(a, now))
    refusals = (refused or {}).values()
    storms_over = sum(1 for r in refusals if r.storm_over)
    return f"{lines}.{proposed}.{decided}.{idle}.{sum(r.count for r in refusals)}.{storms_over}"


def _board(club: ClubSession) -> dict[str, Any]:
    now, acts = _now(), activity(club)
    refused = refusals_of(acts, now)
    rows = []
    for row in table_rows(club, {table_id: act.seq for table_id, act in acts.items()}):
        act = acts.get(row.table.id, Activity())
        rows.append(
            BoardRow(
                row.number, row.table.id, row.rep, act, _idle(act, now), refused.get(row.table.id, Refusals())
            )
        )
    return {
        "club": club,
        "rows": rows,
        "standings": standings(r.rep for r in rows),
        "game_names": {r.rep.game.id: r.rep.game.name for r in rows},
        "version": board_version(acts, now, refused),
        "storm_refusals": STORM_REFUSALS,
        "since_text": lambda at: since_text(at, now),
    }


@bp.get("/<session_id>")
def director(session_id: str):
    if request.args.get("token"):
        return redirect(url_for("sessions_pages.director", session_id=session_id))
    return render_template("session/director.html", **_board(g.club_session))


@bp.get("/<session_id>/live")
def poll(session_id: str):
    """204 while the board is as the page shows it; otherwise the fresh board."""
    now, acts = _now(), activity(g.club_session)
    if request.args.get("since") == board_version(acts, now, refusals_of(acts, now)):
        return Response(status=204, headers={"Cache-Control": "no-store"})
    return render_template("session/_board.html", **_board(g.club_session))


# --- paper for the evening: pure builders (printables/club.py), fed here -------------------------


def _translate(message: str, params: Any = None) -> str:
    return gettext(message, **dict(params or {}))


def _named_standings(club: ClubSession) -> dict[str, list[StandingRow]]:
    rows = table_rows(club)
    names = {r.rep.game.id: gettext(r.rep.game.name) for r in rows}
    return {
        names[game]: [StandingRow(s.player, s.played, s.won, s.points) for s in ranked]
        for game, ranked in standings(r.rep for r in rows).items()
    }


def _download(data: bytes, mimetype: str, name: str) -> Response:
    return Response(data, mimetype=mimetype, headers={"Content-Disposition": f'inline; filename="{name}"'})


@bp.get("/<session_id>/cards.pdf")
def cards(session_id: str):
    """A card per table with a QR code per seat that joins that seat."""
    club: ClubSession = g.club_session
    host = request.host_url.rstrip("/")
    made = []
    for row in table_rows(club):
        links = tuple(
            host + url_for("table.join", table_id=row.table.id, token=token) if token else ""
            for token in seat_links(g.director_token, row.table)
        )
        made.append(TableCard(row.number, gettext(row.rep.game.name), row.rep.players, links))
    return _download(
        build_table_cards(club.name, made, translate=_translate), "application/pdf", "tables.pdf"
    )


@bp.get("/<session_id>/standings.pdf")
def standings_pdf(session_id: str):
    club: ClubSession = g.club_session
    data = build_standings_pdf(club.name, _named_standings(club), translate=_translate)
    return _download(data, "application/pdf", "standings.pdf")


@bp.get("/<session_id>/standings.csv")
def standings_as_csv(session_id: str):
    data = standings_csv(_named_standings(g.club_session), translate=_translate)
    return _download(data, "text/csv; charset=utf-8", "standings.csv")
