"""Heavy reads: the requests that cost a worker far more than an entry or a poll.

PDFs (a dispute report, a filled score sheet, a session's cards and standings), whole records, club
players' pages and time travel (``?at=K`` replays the table up to K) take from tens of milliseconds to
seconds of Python on a big table. A gthread worker runs them in threads of one process: each holds a
thread for as long as it runs and takes its share of the GIL from every other request of the worker.
With nothing to bound them, 32 reports asked at once take every thread of both workers, and another
table's entries and polls wait in the queue behind them for seconds.

So a worker runs at most ``HEAVY_AT_ONCE`` heavy reads at a time (config, default 2 of its 8
threads). One more is answered at once with 503, ``Retry-After`` and a sentence in the reader's
language; it never waits on a thread. The other threads stay free for entries and polls. Under
gunicorn the heavy reads run in a child process of the worker (``offload.py``), so they do not take
the worker's GIL either; ``benchmarks/isolation.py`` measures what that leaves for another table.

``Kept`` holds finished answers (a dispute report's PDF) by what makes them: table, version, reader
and question. Asked again before the table changes, an answer costs a lookup.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Container, Hashable

from flask import Flask, Response, current_app, g, jsonify, request
from flask_babel import gettext

from referee.web.page import Message, render_page

HEAVY_AT_ONCE = 2
RETRY_AFTER = 2  # seconds: about what the heavy reads ahead of this one take

HEAVY_ENDPOINTS = frozenset(
    {
        "dispute.report",
        "printing.filled",
        "printing.blank",
        "table.export",
        "api.get_record",
        "sessions_pages.cards",
        "sessions_pages.standings_pdf",
        "sessions_pages.standings_as_csv",
        "clubs_pages.player",
        "clubs_api.player",
        "club_ratings.rating_chart",  # issue 32: reads the club's ladder, as the player's page does
    }
)
TIME_TRAVEL = frozenset({"table.show", "api.get_state", "race.chart"})  # heavy with ?at=K only
BUSY_KEY = "referee.heavy_busy"  # set by offload.py: every place of the worker taken, answer 503


def heavy_read(endpoint: str | None, args: Container[str]) -> bool:
    """Is a GET of this endpoint with these query arguments one of the heavy reads?"""
    return endpoint in HEAVY_ENDPOINTS or (endpoint in TIME_TRAVEL and "at" in args)


def init_app(app: Flask) -> None:
    """Bound the heavy reads of this app (one per worker process) to ``HEAVY_AT_ONCE`` at a time."""
    app.config.setdefault("HEAVY_AT_ONCE", HEAVY_AT_ONCE)
    app.extensions["referee_heavy"] = threading.BoundedSemaphore(app.config["HEAVY_AT_ONCE"])
    app.before_request(_take_a_place)
    app.teardown_request(_give_back_the_place)


def _take_a_place() -> tuple[Response | str, int, dict[str, str]] | None:
    if request.method != "GET" or not heavy_read(request.endpoint, request.args):
        return None
    if request.environ.get(BUSY_KEY) or not current_app.extensions["referee_heavy"].acquire(blocking=False):
        return busy()
    g.heavy_place = True
    return None


def _give_back_the_place(_exc: BaseException | None) -> None:
    if g.pop("heavy_place", False):
        current_app.extensions["referee_heavy"].release()


def busy() -> tuple[Response | str, int, dict[str, str]]:
    """The 503 of a heavy read that found every place taken: what happened and when to try again."""
    message = gettext(
        "The server is busy preparing other printouts and records. Try again in a few seconds: "
        "entries and the live tables are not affected."
    )
    headers = {"Retry-After": str(RETRY_AFTER)}
    if request.path.startswith("/api/"):
        return jsonify(error={"code": "busy", "message": message, "retry_after": RETRY_AFTER}), 503, headers
    return render_page("error.html", Message(message)), 503, headers


class Kept:
    """Finished answers by key, least recently used first out, at most ``max_bytes`` in all; safe
    across a worker's threads."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._items: OrderedDict[Hashable, bytes] = OrderedDict()
        self._total = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> bytes | None:
        with self._lock:
            data = self._items.get(key)
            if data is not None:
                self._items.move_to_end(key)
            return data

    def put(self, key: Hashable, data: bytes) -> None:
        if len(data) > self.max_bytes:
            return
        with self._lock:
            old = self._items.pop(key, None)
            self._total += len(data) - (len(old) if old is not None else 0)
            self._items[key] = data
            while self._total > self.max_bytes:
                _key, gone = self._items.popitem(last=False)
                self._total -= len(gone)
