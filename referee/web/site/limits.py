"""Rate limits (Flask-Limiter) on writes and on creating anything, per client address.

Reads (pages, polls, PDFs) are not limited: live pages poll twice a second. The limits are generous
for a person at a table and stop a script hammering the server. ``RATELIMIT_ENABLED`` (environment
``REFEREE_RATELIMIT_ENABLED=false``) turns them off for load tests.

The client address is the real phone's behind a trusted proxy (``REFEREE_PROXIES``, see ``trust``).
Counters live where every worker and server sees them: the app's database by default
(``referee.store.rate_limits``), or Redis when ``REFEREE_RATELIMIT_STORAGE`` names one
(``redis://host:6379``; needs the ``redis`` package). A limit hit answers 429 with ``Retry-After``
and a sentence saying when to try again.
"""

from __future__ import annotations

import math
import time

from flask import Flask, Response, current_app, g, jsonify, request
from flask_babel import ngettext
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address

from referee.extensions import htmx
from referee.store import rate_limits  # noqa: F401 - registers the referee-db:// storage with limits
from referee.store.tables import current
from referee.web.page import Message, render_page
from referee.web.tables import service

CREATE_LIMIT = "10 per minute;100 per hour"
WRITE_LIMIT = "120 per minute"
CREATE_ENDPOINTS = frozenset(
    {
        # tables and records, from a phone's pages and over the API
        "pages.new_table",
        "pages.import_page",
        "api.create",
        "api.create_from_record",
        # sessions and clubs, and the tables and records made inside a session (director's forms too)
        "sessions_api.create",
        "sessions_api.new_table",
        "sessions_api.new_record",
        "clubs_api.create",
        "clubs_api.new_session",
        "clubs_pages.new_club",
        "clubs_pages.new_session",
        "clubs_pages.new_session_alone",
        "sessions_pages.add_table",
        "sessions_pages.add_record",
        # a paired round makes its tables at once (issue 32)
        "sessions_api.new_round",
        "sessions_pages.pair_round",
    }
)
"""Every way to create something: one budget (``CREATE_LIMIT``) per client for all of them together."""


def init_app(app: Flask) -> Limiter:
    """One limiter per app, applied to every POST endpoint: one budget for creating (tables, records,
    sessions, clubs, a session's tables and records), one for all other writes, per client address.
    The counters live in the shared store, so every worker and server counts together."""
    app.config.setdefault("RATELIMIT_STORAGE_URI", "referee-db://")
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)
    app.config.setdefault("RATELIMIT_SWALLOW_ERRORS", True)  # a storage hiccup never turns into a 500
    limiter = Limiter(get_remote_address, app=app, default_limits=[])
    app.extensions["referee_limiter"] = limiter  # the decorators only hold a weak reference
    for rule in app.url_map.iter_rules():
        if "POST" not in (rule.methods or ()) or rule.endpoint not in app.view_functions:
            continue
        creates = rule.endpoint in CREATE_ENDPOINTS
        shared = limiter.shared_limit(
            CREATE_LIMIT if creates else WRITE_LIMIT, scope="create" if creates else "write", methods=["POST"]
        )
        # flask-limiter types its decorator as returning the view it takes; given flask's union of a sync
        # and an async view it returns a view of the union of their results, which the union cannot hold
        app.view_functions[rule.endpoint] = shared(app.view_functions[rule.endpoint])  # type: ignore[assignment]
    app.register_error_handler(RateLimitExceeded, too_many_requests)
    return limiter


def retry_after(limiter: Limiter) -> int:
    """Whole seconds until the breached limit's window ends (at least 1)."""
    current = limiter.current_limit
    reset_at = current.reset_at if current is not None else time.time() + 60
    return max(1, math.ceil(reset_at - time.time()))


def too_many_requests(_exc: RateLimitExceeded) -> tuple[Response | str, int, dict[str, str]]:
    """The 429 of every page and of the API: what happened and when to try again."""
    seconds = retry_after(current_app.extensions["referee_limiter"])
    message = ngettext(
        "Too many entries from this address in a short time, so this one was not recorded. Try again in %(num)d second.",
        "Too many entries from this address in a short time, so this one was not recorded. Try again in %(num)d seconds.",
        seconds,
    )
    headers = {"Retry-After": str(seconds)}
    if request.path.startswith("/api/"):  # every API answers JSON, sessions and clubs too
        body = jsonify(error={"code": "rate_limited", "message": message, "retry_after": seconds})
        return body, 429, headers
    if htmx and g.get("table") is not None:  # an entry on a table page: the table, with the message on it
        rep = current(g.table)
        page = service.render_table("table/_main.html", rep, error=message) + service.alarm(rep, message)
        return page, 429, headers
    return render_page("error.html", Message(message)), 429, headers
