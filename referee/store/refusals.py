"""Refused entries per table, so the director's screen can flag a table where entries keep failing.

A refused write is not a log line (the log holds what was recorded), so it leaves no trace there;
this keeps one small row per table instead: how many writes were ever refused, and the times of the
last ``STORM_REFUSALS`` of them. Nothing of the refused entry itself is kept (no body, no error code,
no seat): a refused sealed bid or a probe against one leaves only "one more refusal, at this time",
which the table's own phones could see happen anyway.

The storm: ``STORM_REFUSALS`` or more refusals within the last ``STORM_WINDOW``, i.e. the
``STORM_REFUSALS``-th most recent refusal is less than ``STORM_WINDOW`` old; the flag clears by
itself once it is older. Each refusal is one atomic upsert (the times shift along one column, as
SQL assigns every column from the row as it was) on its own connection (never the request's session,
whose work the refusal must not commit), on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Concatenate, ParamSpec, TypeVar

from sqlalchemy import DateTime, ForeignKey, Integer, String, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Mapped, mapped_column

from ..rules.base import RuleError
from .database import db
from .models import GameTable, Model, _now

STORM_REFUSALS = 5
"""Refused entries within STORM_WINDOW that make a storm: more than a player correcting a slip or
two (one mistyped tile and its retry), what a broken phone, a confused scorer or a probe does.
The table keeps that many times (``TIMES``): changing it takes a migration."""
STORM_WINDOW = timedelta(minutes=2)


class TableRefusals(Model):
    """One table's refused writes: how many, and the times of the last ``STORM_REFUSALS``, newest
    first (``last_at``, then ``earlier_1`` to ``earlier_4``; None while there were fewer)."""

    __tablename__ = "table_refusals"

    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("game_tables.id"), primary_key=True)
    count: Mapped[int] = mapped_column(Integer)
    last_at: Mapped[datetime] = mapped_column(DateTime)
    earlier_1: Mapped[datetime | None] = mapped_column(DateTime, default=None)
    earlier_2: Mapped[datetime | None] = mapped_column(DateTime, default=None)
    earlier_3: Mapped[datetime | None] = mapped_column(DateTime, default=None)
    earlier_4: Mapped[datetime | None] = mapped_column(DateTime, default=None)


TIMES = ("last_at", "earlier_1", "earlier_2", "earlier_3", "earlier_4")  # STORM_REFUSALS columns


@dataclass(frozen=True)
class Refusals:
    """What the director's screen shows of a table's refusals at ``now``."""

    count: int = 0
    last_at: datetime | None = None
    fifth_at: datetime | None = None
    """The STORM_REFUSALS-th most recent refusal (None while there were fewer)."""
    now: datetime | None = None

    @property
    def storm(self) -> bool:
        """Flagged: STORM_REFUSALS or more refusals within the last STORM_WINDOW."""
        return self.fifth_at is not None and self.now is not None and self.now - self.fifth_at < STORM_WINDOW

    @property
    def storm_over(self) -> bool:
        """Had STORM_REFUSALS refusals once, and is not flagged now (grows only with time)."""
        return self.fifth_at is not None and not self.storm


def _upsert(dialect: str) -> Any:
    return (postgresql.insert if dialect == "postgresql" else sqlite.insert)(TableRefusals)


def note_refusal(table_id: str, at: datetime | None = None) -> None:
    """Count one refused write at ``table_id`` (``at``: now). Best effort: a database that cannot take
    the note does not turn the refusal (a 4xx the player reads) into a server error."""
    at = at or _now()
    t = TableRefusals.__table__.c
    engine = db.engine
    stmt = _upsert(engine.dialect.name).values(table_id=table_id, count=1, last_at=at)
    shifted = {newer: t[older] for older, newer in zip(TIMES, TIMES[1:], strict=False)}
    stmt = stmt.on_conflict_do_update(
        index_elements=[t.table_id], set_={"count": t.count + 1, "last_at": at, **shifted}
    )
    try:
        with engine.begin() as conn:
            conn.execute(stmt)
    except SQLAlchemyError:
        pass  # e.g. the table row is gone, or SQLite stayed locked: the flag is a hint, not a record


def refusals_of(table_ids: Iterable[str], now: datetime | None = None) -> dict[str, Refusals]:
    """Per table that ever refused a write, its refusals as of ``now`` (one query)."""
    ids = list(table_ids)
    if not ids:
        return {}
    now = now or _now()
    rows = db.session.execute(
        select(
            TableRefusals.table_id, TableRefusals.count, TableRefusals.last_at, TableRefusals.earlier_4
        ).where(TableRefusals.table_id.in_(ids))
    )
    return {table_id: Refusals(count, last, fifth, now) for table_id, count, last, fifth in rows}


P = ParamSpec("P")
R = TypeVar("R")


def counted(write: Callable[Concatenate[GameTable, P], R]) -> Callable[Concatenate[GameTable, P], R]:
    """``write(table, ...)`` with every RuleError it raises noted as one refusal at ``table`` (once,
    even when the write retries itself)."""

    @functools.wraps(write)
    def wrapper(table: GameTable, /, *args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return write(table, *args, **kwargs)
        except RuleError as err:
            if not getattr(err, "refusal_noted", False):
                err.refusal_noted = True  # type: ignore[attr-defined]
                note_refusal(table.id)
            raise

    return wrapper
