"""Rate-limit counters in the app's own database, so every worker and every server counts together.

Flask-Limiter keeps its counters in a ``limits`` storage; ``limits`` has none for SQL, so this is one
(scheme ``referee-db://``) for its fixed-window strategy: one row per (client, limit) with the count
and the moment the window ends. The increment is a single upsert, atomic on SQLite and PostgreSQL, on
its own connection (never the request's session). Redis stays available through
``REFEREE_RATELIMIT_STORAGE=redis://...``.
"""

from __future__ import annotations

import random
import time
from typing import Any

from limits.storage import Storage
from sqlalchemy import Float, Index, Integer, String, case, delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Mapped, mapped_column

from .database import db
from .models import Model

SWEEP_CHANCE = 0.01  # about one increment in a hundred deletes the windows that ended long ago
SWEEP_AGE = 3600.0


class RateCounter(Model):
    """One client's count within one limit's current window (``key`` is built by ``limits``)."""

    __tablename__ = "rate_limits"
    __table_args__ = (Index("ix_rate_limits_expires", "expires_at"),)

    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    count: Mapped[int] = mapped_column(Integer)
    expires_at: Mapped[float] = mapped_column(Float)


def _insert(dialect: str) -> Any:
    return (postgresql.insert if dialect == "postgresql" else sqlite.insert)(RateCounter)


class DatabaseStorage(Storage):
    """A ``limits`` storage on the app's database (fixed windows only: what Flask-Limiter uses here)."""

    STORAGE_SCHEME = ["referee-db"]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options: Any) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)

    @property
    def base_exceptions(self) -> type[Exception]:
        return SQLAlchemyError

    @staticmethod
    def _engine() -> Any:
        return db.engine  # the app's engine: limits are checked inside a request

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        now = time.time()
        engine = self._engine()
        table = RateCounter.__table__
        stmt = _insert(engine.dialect.name).values(key=key[:255], count=amount, expires_at=now + expiry)
        expired = table.c.expires_at <= now
        stmt = stmt.on_conflict_do_update(
            index_elements=[table.c.key],
            set_={
                "count": case((expired, stmt.excluded.count), else_=table.c.count + stmt.excluded.count),
                "expires_at": case((expired, stmt.excluded.expires_at), else_=table.c.expires_at),
            },
        ).returning(table.c.count)
        with engine.begin() as conn:
            count = conn.execute(stmt).scalar_one()
            if random.random() < SWEEP_CHANCE:
                conn.execute(delete(RateCounter).where(RateCounter.expires_at < now - SWEEP_AGE))
        return int(count)

    def _row(self, key: str) -> tuple[int, float] | None:
        table = RateCounter.__table__
        with self._engine().connect() as conn:
            row = conn.execute(
                select(table.c.count, table.c.expires_at).where(table.c.key == key[:255])
            ).first()
        if row is None or row.expires_at <= time.time():
            return None
        return int(row.count), float(row.expires_at)

    def get(self, key: str) -> int:
        row = self._row(key)
        return row[0] if row else 0

    def get_expiry(self, key: str) -> float:
        row = self._row(key)
        return row[1] if row else time.time()

    def check(self) -> bool:
        try:
            with self._engine().connect() as conn:
                conn.execute(select(1))
        except SQLAlchemyError:
            return False
        return True

    def reset(self) -> int | None:
        with self._engine().begin() as conn:
            return int(conn.execute(delete(RateCounter)).rowcount)

    def clear(self, key: str) -> None:
        with self._engine().begin() as conn:
            conn.execute(delete(RateCounter).where(RateCounter.key == key[:255]))
