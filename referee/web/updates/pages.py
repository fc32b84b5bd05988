"""Live table pages: every open page of a table follows it without a reload, and the big screen.

Mechanism: **short polling of a tiny endpoint**, not server-sent events. ``GET /t/<id>/live?since=V``
answers ``204 No Content`` while the table's version ``V`` (last seq, and pending corrections made or
decided) is unchanged, and the page's fragment (``#table`` or the big screen) when it has changed.
``static/js/app.js`` asks every 0.7 s while the page is visible (every 5 s when hidden), so a new event
shows within a second. The director's screen and the big screen ask every 0.7 s even when the browser
counts them hidden (a window behind another): people watch them, and a 5 s pace made the director's
screen follow a table in up to 5 s (issue 27 measured 2.3 s).

Why not push to the phones: gunicorn runs gthread with 2 workers x 8 threads = 16 threads. A
kept-alive phone between polls holds no thread (gthread parks idle connections in its poller), but
server-sent events hold a thread per open page for as long as it is open, so 16 phones would exhaust
the server; push would need an async worker (gevent, a new dependency), and the poll would stay
anyway for sleeping phones, captive portals and proxies. Push pays between the servers instead: on
PostgreSQL every commit that changes a table notifies every worker of every app server
(``store.version_feed``, LISTEN/NOTIFY), so a worker answers an unchanged poll from the version it
keeps, with no round trip to the database, and drops it when notified. A failed poll is simply
"connection lost" until one succeeds.

Cost: a poll that finds nothing new is answered before Flask (``live_gate``: no request context,
session or ORM): on SQLite from one indexed read on a connection the thread keeps for it, on
PostgreSQL from the worker's kept version (the read only after a change). A changed table's fragment
is rendered once per version for the public view and the big screen (``live_cache``) and then
answered before Flask too, to every phone that is certainly a public reader (no device cookie, no
token); seats' and the scorer's pages carry their own CSRF token and are rendered for each.
``If-None-Match`` with the ``ETag`` of the last answer gets 304 likewise.

Capacity, as ``benchmarks/live_load.py`` measured it on the project's 2 cores (README's club server, 2
workers x 8 threads, the load generator on the same cores; ``benchmarks/RESULTS.md`` section 9e): 100
tables x 4 phones following plus 20 entries a second take 35-37% of one core (entry p95 7.8 ms on
SQLite, 9.9 ms on PostgreSQL; poll p95 5.2 / 5.6 ms); 400 phones following idle tables take 16-18% of
one core; 50 tables x 4 phones plus 50 entries a second take 47-64% of one core (PostgreSQL entry p95
18.5-25.6 ms over four runs, 3.6-3.9x ``/healthz``). A new entry reaches every following phone within
0.67 s (p95). One request at a time (``benchmarks/request_cpu.py``) a 204 poll costs about half a
``/healthz``, and a changed poll served from the kept public fragment less than one.

A page never loses what a person is typing: when the table changes while an entry form on this phone
has been touched or has focus, the script does not swap; it shows "The table has changed: tap to
refresh" (and the stale form would in any case be refused with 409 and the table as it stands).
The same holds while a refusal is on screen (it stays until the player's next action). A poll answer
is swapped in only when its version is newer than the page's (versions only grow, see
``store.sharing.version``) and never while this phone's own entry is on its way: a poll answered
just before that entry must not replace the entry's answer with an older table.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, Response, abort, current_app, g, request
from flask.typing import ResponseReturnValue
from flask_babel import get_locale

from referee.rules.numbers import shown_number
from referee.store.database import db
from referee.store.live_versions import News, news
from referee.store.sharing import read_version
from referee.store.tables import current
from referee.web.tables import service
from referee.web.tables.access import Access
from referee.web.updates.cache import FragmentCache
from referee.web.updates.gate import SHARED_QUERY, VERSION_KEY
from referee.web.updates.gate import init_app as answer_unchanged_polls_first

from .next_table import polled_version

bp = Blueprint("live", __name__, url_prefix="/t")

POLL_MS = 700
RECENT = 8  # events on the big screen


def init_app(app: Flask) -> None:
    app.extensions["live_fragments"] = FragmentCache()
    answer_unchanged_polls_first(app)
    app.jinja_env.globals.update(live_poll_ms=POLL_MS, shown_number=shown_number)


_open_table = service.table_loader()


@bp.url_value_preprocessor
def _load(endpoint: str | None, values: dict[str, Any] | None) -> None:
    """Every page here loads its table and the reader's rights, except a poll: it first asks
    whether anything changed at all, with no ORM session, and loads them only if so."""
    if endpoint != "live.poll":
        _open_table(endpoint, values)


SHARED = ("viewer", "screen")  # kinds of reader whose fragment is the same for every phone


def reader(access: Access) -> str:
    if access.scorer:
        return "scorer"
    return "viewer" if access.seat is None else f"seat{access.seat}"


@bp.get("/<table_id>/live")
def poll(table_id: str) -> ResponseReturnValue:
    """204 while the table is as the page shows it (``since``), 304 for ``If-None-Match``;
    otherwise the page's fresh fragment, rendered once per version for the public kinds of reader."""
    now = request.environ.get(VERSION_KEY)  # live_gate read it already (a seat's with its night's rounds)
    if now is None:
        now = read_version(table_id) or abort(404)
        now = polled_version(db.engine, table_id, now, request.args.get("since"))
    match news(now, request.args.get("since"), request.headers.get("If-None-Match")):
        case News.NONE:
            return Response(status=204, headers={"Cache-Control": "no-store"})
        case News.NOT_MODIFIED:
            return Response(status=304, headers={"Cache-Control": "no-store", "ETag": f'"{now}"'})
    service.open_table(table_id)
    kind = "screen" if request.args.get("view") == "screen" else reader(g.access)

    def render() -> str:
        rep = current(g.table)
        if kind == "screen":
            return service.render_table("table/_screen.html", rep, access=Access())
        return service.render_table("table/_main.html", rep, error=None)

    if kind in SHARED and set(request.args) <= SHARED_QUERY:  # the gate answers the same ones
        html = current_app.extensions["live_fragments"].fragment(
            table_id, now, kind, str(get_locale()), render
        )
    else:  # a seat's or the scorer's own page, or one that depends on more of the query
        html = render()
    return Response(html, headers={"Cache-Control": "no-store", "ETag": f'"{now}"'})


@bp.get("/<table_id>/screen")
def screen(table_id: str) -> str:
    """The big-screen view: read-only and public whoever opens it."""
    return service.render_table("bigscreen.html", current(g.table), access=Access(), recent=RECENT)
