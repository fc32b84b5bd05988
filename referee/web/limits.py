"""Rate limits (Flask-Limiter) on writes and on creating tables, per client address.

Reads (pages, polls, PDFs) are not limited: live pages poll twice a second. The limits are generous
for a person at a table and stop a script hammering the server. ``RATELIMIT_ENABLED`` (environment
``REFEREE_RATELIMIT_ENABLED=false``) turns them off for load tests. Counters live in memory per worker
(``RATELIMIT_STORAGE_URI`` can point at a shared store).
"""

from __future__ import annotations

from flask import Flask
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

CREATE_LIMIT = "10 per minute;100 per hour"
WRITE_LIMIT = "120 per minute"
CREATE_ENDPOINTS = frozenset({"pages.new_table", "pages.import_page", "api.create", "api.create_from_record"})


def init_app(app: Flask) -> Limiter:
    """One limiter per app (so test apps never share counters), applied to every POST endpoint: one
    budget for creating tables and one for all writes, per client address."""
    app.config.setdefault("RATELIMIT_STORAGE_URI", "memory://")
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)
    limiter = Limiter(get_remote_address, app=app, default_limits=[])
    app.extensions["referee_limiter"] = limiter  # the decorators only hold a weak reference
    for rule in app.url_map.iter_rules():
        if "POST" not in (rule.methods or ()) or rule.endpoint not in app.view_functions:
            continue
        creates = rule.endpoint in CREATE_ENDPOINTS
        shared = limiter.shared_limit(
            CREATE_LIMIT if creates else WRITE_LIMIT, scope="create" if creates else "write", methods=["POST"]
        )
        app.view_functions[rule.endpoint] = shared(app.view_functions[rule.endpoint])
    return limiter
