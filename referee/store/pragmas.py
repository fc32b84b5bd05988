"""SQLite connection settings, applied to every new DB-API connection of any SQLAlchemy engine.

WAL lets readers (every polling phone) run beside the one writer; FULL sync makes an acknowledged
write survive a crash; foreign keys are off by default in SQLite; the busy timeout makes a second
writer wait instead of failing. PostgreSQL connections are left alone.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """SQLite: WAL for concurrent readers, FULL sync so an acknowledged write survives a crash."""
    if type(dbapi_connection).__module__.startswith("sqlite3"):
        cur = dbapi_connection.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=FULL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=5000")
        cur.close()
