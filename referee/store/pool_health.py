"""Pooled connections checked before use only when they have been idle: a dead one is replaced
unseen, and a busy worker pays no extra round trip.

SQLAlchemy's ``pool_pre_ping`` sends a ping to PostgreSQL on every checkout, that is on every
request that reaches the database. Under a club's load that round trip (and the wait for the GIL
after it) was the largest single part of an entry: ``benchmarks/live_load.py --scenarios 50x4+50
--db postgresql`` measured entry p95 21.6-27.2 ms with it and 16.3 ms without. A connection used a
moment ago is as alive as a ping would show, so only one idle for longer than ``IDLE_S`` is pinged
(with the dialect's own ping, as ``pool_pre_ping`` does); a failed ping raises
``DisconnectionError``, on which the pool discards the connection and opens another, so the request
never sees it. The pool hands out the most recently used connection first (``pool_use_lifo`` in
``config.py``), so a quiet server keeps a few warm connections and lets the others idle.

What this gives up: a connection that dies while in use or within ``IDLE_S`` of its last use (the
database restarted under load) fails the one request that holds it; SQLAlchemy then invalidates the
whole pool, so the next requests open fresh connections.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import Engine, event, exc

IDLE_S = 5.0
_RETURNED = "referee_returned_at"  # in the connection record's info: monotonic time of its last check-in


def ping_after_idle(engine: Engine) -> None:
    """Check ``engine``'s pooled connections at checkout when they have been idle over ``IDLE_S``."""
    dialect = engine.dialect

    @event.listens_for(engine, "checkin")
    def _returned(_dbapi_connection: Any, record: Any) -> None:
        if record is not None:
            record.info[_RETURNED] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _check(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        returned = record.info.get(_RETURNED)
        if returned is None or time.monotonic() - returned < IDLE_S:
            return  # just opened, or used a moment ago
        try:
            alive = dialect.do_ping(dbapi_connection)
        except dialect.loaded_dbapi.Error as error:
            raise exc.DisconnectionError("an idle pooled connection no longer answers") from error
        if not alive:
            raise exc.DisconnectionError("an idle pooled connection no longer answers")
