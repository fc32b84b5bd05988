"""A table's version read the cheapest way a database allows, for live polls (issue 20).

Every open table page asks every 0.7 s whether its table changed (``referee/web/updates/pages.py``),
so the read that answers "no" is most of a club server's work. On PostgreSQL the answer comes first
from this process's ``version_feed.VersionCache`` (kept right by LISTEN/NOTIFY: no round trip while
nobody changed the table); otherwise it is ``sharing.VERSION_QUERY``, the same statement as
``sharing.version``, sent as the driver's own SQL (compiled once per dialect) on a connection this
thread keeps for nothing else, in autocommit: no pool checkout and no pre-ping (a round trip to
PostgreSQL each), no transaction to begin or roll back, no SQLAlchemy result objects.

Never stale beyond the notification's delay: a read from the database sees everything committed
before it (SQLite in WAL mode, PostgreSQL in READ COMMITTED, each statement in autocommit), and a
version kept on PostgreSQL is dropped when any worker or app server commits a change to its table
(see ``version_feed`` for why a read racing that commit is never kept). Pages and writes do not read
from here: they read the database. A connection that fails (the database restarted) is dropped and
the error raised; the next read on that thread opens a new one. A database only one connection can
see (SQLite in memory, for some tests) has no reader: ``reader_for`` returns None and callers use the
session's engine.

``news`` is the poll's one decision, made here for both ways a poll is answered (``web/updates/gate``
before Flask, ``web/updates/pages.poll`` within it), so the two cannot answer a page differently.
"""

from __future__ import annotations

import contextlib
import threading
from enum import Enum
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.pool import SingletonThreadPool, StaticPool
from werkzeug.http import parse_etags

from .record import storable
from .sharing import VERSION_QUERY, spell_version
from .version_feed import VersionCache, cache_for


class VersionReader:
    """Reads table versions on one kept connection per thread (a worker has a few threads)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        compiled = VERSION_QUERY.compile(dialect=engine.dialect)
        self.sql = str(compiled)
        self.params = compiled.construct_params({"table_id": ""})  # with its constants (coalesce's 0)
        self.positions = compiled.positiontup  # the parameter names in order, for a "?" driver
        self._local = threading.local()
        self.cache: VersionCache | None = cache_for(engine)  # PostgreSQL: kept right by LISTEN/NOTIFY

    def _connection(self) -> Any:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            pooled = self.engine.raw_connection()  # made as the engine makes them (SQLite pragmas too)
            conn = pooled.dbapi_connection
            assert conn is not None  # a connection just checked out holds one
            pooled.detach()  # then it is this thread's own, outside the pool
            self.engine.dialect.set_isolation_level(conn, "AUTOCOMMIT")
            self._local.conn = conn
        return conn

    def read(self, table_id: str) -> str | None:
        """The table's version (``sharing.version``), or None when there is no such table: from this
        process's ``VersionCache`` while it holds it, else from the database (and then kept)."""
        if len(table_id) > 32 or not storable(table_id):
            return None
        if self.cache is None:
            return self.read_database(table_id)
        version = self.cache.get(table_id)
        if version is None:
            ticket = self.cache.ticket()
            version = self.read_database(table_id)
            if version is not None:
                self.cache.put(table_id, version, ticket)
        return version

    def read_database(self, table_id: str) -> str | None:
        """The table's version as the database has it now."""
        params: Any = {**self.params, "table_id": table_id}
        if self.positions:
            params = tuple(params[name] for name in self.positions)
        conn = self._connection()
        try:
            cursor = conn.cursor()
            cursor.execute(self.sql, params)
            row = cursor.fetchone()
            cursor.close()
        except Exception:
            self._local.conn = None
            with contextlib.suppress(Exception):
                conn.close()
            raise
        return None if row is None or row[0] is None else spell_version(row)


def reader_for(engine: Engine) -> VersionReader | None:
    """A reader on ``engine``'s database, or None if a second connection would not see the same data."""
    if isinstance(engine.pool, SingletonThreadPool | StaticPool):
        return None
    return VersionReader(engine)


class News(Enum):
    """What a live poll tells a page at the table's version."""

    NONE = "none"
    """The page shows this version (``since``): nothing new (204)."""
    NOT_MODIFIED = "not modified"
    """The last answer the phone holds is of this version (``If-None-Match``): 304."""
    CHANGED = "changed"
    """The page is behind: answer its fragment at this version."""


def news(version: str, since: str | None, if_none_match: str | None) -> News:
    """Whether a page polling with ``since`` (the first value of the query's ``since``) and the
    ``If-None-Match`` header ``if_none_match`` has anything new at the table's ``version``."""
    if since == version:
        return News.NONE
    if parse_etags(if_none_match).contains(version):
        return News.NOT_MODIFIED
    return News.CHANGED
