"""Live table pages: every open page of a table follows it without a reload, and the big screen.

Mechanism: **short polling of a tiny endpoint**, not server-sent events. ``GET /t/<id>/live?since=V``
answers ``204 No Content`` while the table's version ``V`` (last seq, and pending corrections made or
decided) is unchanged, and the page's fragment (``#table`` or the big screen) when it has changed.
``static/js/app.js`` asks every 0.7 s while the page is visible (every 5 s when hidden), so a new event
shows within a second.

Why not push: gunicorn runs gthread with 2 workers x 8 threads = 16 threads. A kept-alive phone
between polls holds no thread (gthread parks idle connections in its poller), but server-sent events
hold a thread per open page for as long as it is open, so 16 phones would exhaust the server; push
would need an async worker (gevent, a new dependency) and a change feed between workers and servers
(PostgreSQL LISTEN/NOTIFY; SQLite has none across processes), and the poll would stay anyway for
sleeping phones, captive portals and proxies. It does not pay: with the unchanged poll answered
before Flask, 400 idle phones polling cost 13% (SQLite) to 20% (PostgreSQL, plus 6% in its own
backends) of one core, under the 25% an idle club may take, and a change still costs every phone one
fragment whichever way it travels. A failed poll is simply "connection lost" until one succeeds.

Cost: a poll that finds nothing new is answered before Flask (``live_gate``: no request context,
session or ORM), from one indexed read on a connection the thread keeps for it; a changed table's
fragment is rendered once per version for the public view and the big screen (``live_cache``) and
served to every phone; seats' and the scorer's pages carry their own CSRF token and are rendered for
each. ``If-None-Match`` with the ``ETag`` of the last answer gets 304 likewise.
Measured (issue 20) on the project's 2 cores, shared at the time with other engineers' work (load
average 12-27), so CPU seconds, not milliseconds, are the figures that hold: ``benchmarks/request_cpu.py``
(one worker, one request at a time) a 204 poll costs the worker 0.27 ms (SQLite) / 0.42 ms
(PostgreSQL) of CPU against 0.49 / 0.53 ms for ``/healthz`` (it was 0.82 / 0.97 ms through Flask);
``benchmarks/live_load.py`` (README's club server, 100 tables x 4 kept-alive phones polling as
``app.js`` does, ~530 requests a second): the idle club takes 13% / 20% of one core (6-7% / 10-11%
per worker, connections 192/212 and 189/215 per worker), 100 x 4 phones plus 20 API entries a second
38% / 44% (+12% PostgreSQL; 54% on SQLite when every phone follows on its seat link, whose fragment
is rendered for it alone, against 36% for viewers in the same half hour), 50 x 4 plus 50 entries a second 43% / 50% (+11%); 0 errors and 0
refusals in every run; a new entry reached every phone of its table within 0.88 s (p95, SQLite, load
average 15; 1.9 s on PostgreSQL at load average 24, where ``/healthz`` p95 alone was 1.5 s). So 100 tables x 4 visible phones are well within two workers on two cores by CPU; the
latencies that run measured were the shared machine's (its ``/healthz`` p95 was 0.06-5 s), not the app's.

A page never loses what a person is typing: when the table changes while an entry form on this phone
has been touched or has focus, the script does not swap; it shows "The table has changed: tap to
refresh" (and the stale form would in any case be refused with 409 and the table as it stands).
The same holds while a refusal is on screen (it stays until the player's next action). A poll answer
is swapped in only when its version is newer than the page's (versions only grow, see
``store.sharing.version``) and never while this phone's own entry is on its way: a poll answered
just before that entry must not replace the entry's answer with an older table.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from flask import Blueprint, Flask, Response, abort, current_app, g, request
from flask_babel import get_locale

from ..store.replay import Replayed
from ..store.sharing import read_version
from ..store.tables import current
from . import service
from .access import Access, held_link
from .live_cache import FragmentCache
from .live_gate import VERSION_KEY
from .live_gate import init_app as answer_unchanged_polls_first
from .undo import last_undone, shown_body

bp = Blueprint("live", __name__, url_prefix="/t")

POLL_MS = 700
RECENT = 8  # events on the big screen


def seat_view(rep: Replayed, access: Access):
    """The game's view with its detail as this reader may see it (the scorer sees the public detail)."""
    return dataclasses.replace(rep.view, detail=access.visible_detail(rep))


def init_app(app: Flask) -> None:
    app.extensions["live_fragments"] = FragmentCache()
    answer_unchanged_polls_first(app)
    app.jinja_env.globals.update(
        seat_view=seat_view,
        held_link=held_link,
        live_poll_ms=POLL_MS,
        last_undone=last_undone,
        undone_body=shown_body,
    )


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
def poll(table_id: str):
    """204 while the table is as the page shows it (``since``), 304 for ``If-None-Match``;
    otherwise the page's fresh fragment, rendered once per version for the public kinds of reader."""
    now = request.environ.get(VERSION_KEY) or read_version(table_id)  # live_gate read it already
    if now is None:
        abort(404)
    if request.args.get("since") == now:
        return Response(status=204, headers={"Cache-Control": "no-store"})
    if request.if_none_match.contains(now):
        return Response(status=304, headers={"Cache-Control": "no-store", "ETag": f'"{now}"'})
    service.open_table(table_id)
    kind = "screen" if request.args.get("view") == "screen" else reader(g.access)

    def render() -> str:
        rep = current(g.table)
        if kind == "screen":
            return service.render_table("table/_screen.html", rep, access=Access())
        return service.render_table("table/_main.html", rep, error=None)

    if kind in SHARED and set(request.args) <= {"since", "view"}:
        html = current_app.extensions["live_fragments"].fragment(
            table_id, now, kind, str(get_locale()), render
        )
    else:  # a seat's or the scorer's own page, or one that depends on more of the query
        html = render()
    return Response(html, headers={"Cache-Control": "no-store", "ETag": f'"{now}"'})


@bp.get("/<table_id>/screen")
def screen(table_id: str):
    """The big-screen view: read-only and public whoever opens it."""
    return service.render_table("bigscreen.html", current(g.table), access=Access(), recent=RECENT)
