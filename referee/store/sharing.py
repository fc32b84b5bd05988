"""Sharing a table: renewing (revoking) its links, its change marker for live pages, and corrections
that wait for a seat's confirmation.

A pending correction is not a log line: the log only ever holds what stands. When a seat confirms,
the correction is appended like any other (``kind="correct"``, author = who proposed it), and the
pending row keeps who confirmed it and when, for the history.
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    ForeignKey,
    Index,
    Row,
    Select,
    String,
    UniqueConstraint,
    bindparam,
    func,
    select,
    update,
)
from sqlalchemy.engine import CursorResult
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from referee.games import game as find_game

from .database import db
from .models import EventRow, GameTable, Model, _now
from .private import check_private
from .record import storable
from .refusals import counted
from .replay import LogEntry, Replayed, replay
from .tables import (
    TOKEN_BYTES,
    StaleWrite,
    append,
    current,
    hash_token,
    log_of,
    normalise_event,
    same_request,
)
from .version_feed import mark_changed

PENDING, CONFIRMING, CONFIRMED, REJECTED = "pending", "confirming", "confirmed", "rejected"


class PendingCorrection(Model):
    """A correction proposed by the scorer at a table with ``confirm_corrections`` on."""

    __tablename__ = "pending_corrections"
    __table_args__ = (
        UniqueConstraint("table_id", "idempotency_key", name="uq_pending_table_idem"),
        Index("ix_pending_table", "table_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"))
    target: Mapped[int]
    event: Mapped[dict[str, Any]] = mapped_column(JSON)
    proposed_by: Mapped[str] = mapped_column(String(16), default="scorer")
    proposed_at: Mapped[datetime] = mapped_column(default=_now)
    status: Mapped[str] = mapped_column(String(16), default=PENDING)
    decided_by: Mapped[str | None] = mapped_column(String(16), default=None)
    decided_at: Mapped[datetime | None] = mapped_column(default=None)
    applied_seq: Mapped[int | None] = mapped_column(default=None)
    idempotency_key: Mapped[str | None] = mapped_column(String(80), default=None)


class AlreadyDecided(Exception):
    """Another seat confirmed or rejected this correction first."""


def renew_token(table: GameTable, role: str) -> str:
    """A new token for ``scorer`` or ``seat<n>``; the old one stops working with this commit."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    if role == "scorer":
        table.scorer_token_hash = hash_token(token)
    else:
        seat = next((s for s in table.seats if f"seat{s.index}" == role), None)
        if seat is None:
            raise KeyError(role)
        seat.token_hash = hash_token(token)
    db.session.commit()
    return token


def set_confirm_corrections(table: GameTable, on: bool) -> None:
    table.confirm_corrections = bool(on)
    db.session.commit()


def _version_query() -> Select[Any]:
    """One row: the table's id (None when there is no such table), then the three parts of its version.
    Built once: a poll only binds ``table_id`` and runs the statement SQLAlchemy has compiled already."""
    table_id = bindparam("table_id", type_=String)
    corrections = PendingCorrection.table_id == table_id
    return select(
        select(GameTable.id).where(GameTable.id == table_id).scalar_subquery(),
        select(func.coalesce(func.max(EventRow.seq), 0))
        .where(EventRow.table_id == table_id)
        .scalar_subquery(),
        select(func.count(PendingCorrection.id)).where(corrections).scalar_subquery(),
        select(func.count(PendingCorrection.decided_at)).where(corrections).scalar_subquery(),
    )


VERSION_QUERY = _version_query()


def spell_version(row: Row[Any] | tuple[Any, ...]) -> str:
    _id, seq, rows, decided = tuple(row)
    return f"{seq or 0}.{rows or 0}.{decided or 0}"


def version(table: GameTable) -> str:
    """Changes whenever anything a table page shows changes: a log line, or a correction proposed or decided."""
    return spell_version(db.session.execute(VERSION_QUERY, {"table_id": table.id}).one())


def read_version(table_id: str) -> str | None:
    """``version`` of the table with this id, or None if there is none: one indexed read on a plain
    pooled connection, with no ORM session or object loaded, so that a live poll that finds nothing
    new costs about what ``/healthz`` costs (see referee/web/updates/pages.py)."""
    if len(table_id) > 32 or not storable(table_id):
        return None
    # Autocommit: one statement needs no BEGIN before it nor ROLLBACK after it (round trips on PostgreSQL).
    with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        row = conn.execute(VERSION_QUERY, {"table_id": table_id}).one()
    return None if tuple(row)[0] is None else spell_version(row)


def corrections_of(table: GameTable) -> list[PendingCorrection]:
    """Every proposed correction of the table, oldest first (pending and decided)."""
    return list(
        db.session.scalars(
            select(PendingCorrection)
            .where(PendingCorrection.table_id == table.id)
            .order_by(PendingCorrection.id)
        )
    )


@counted
def propose_correction(
    table: GameTable,
    target: int,
    event: Any,
    *,
    author: str = "scorer",
    based_on: int | None = None,
    idempotency_key: str | None = None,
) -> PendingCorrection:
    """Check the correction by replay (RuleError if refused), then keep it pending; nothing in the log yet.

    Only the scorer proposes, so a seat's private event and what comes before it are out of reach
    (private.py) until the game opens it."""
    if idempotency_key:
        seen = db.session.scalar(
            select(PendingCorrection).where(
                PendingCorrection.table_id == table.id, PendingCorrection.idempotency_key == idempotency_key
            )
        )
        if seen is not None:
            _proposed_again(table, seen, target, event, author)
            return seen
    game = find_game(table.game)
    log = log_of(table)
    last = log[-1].seq if log else 0
    now = current(table)
    if based_on is not None and based_on != last:
        raise StaleWrite(now)
    check_private(now, None, "correct", {"target": target, "event": event if isinstance(event, dict) else {}})
    body = {"target": target, "event": normalise_event(game, event)}
    replay(game, table.players, table.options, [*log, LogEntry(last + 1, "correct", body, author)])
    row = PendingCorrection(
        table_id=table.id,
        target=target,
        event=body["event"],
        proposed_by=author,
        idempotency_key=idempotency_key,
    )
    db.session.add(row)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        seen = db.session.scalar(
            select(PendingCorrection).where(
                PendingCorrection.table_id == table.id, PendingCorrection.idempotency_key == idempotency_key
            )
        )
        if seen is None:
            raise
        _proposed_again(table, seen, target, event, author)
        return seen
    return row


def _proposed_again(table: GameTable, seen: PendingCorrection, target: Any, event: Any, author: str) -> None:
    """KeyReused unless this is the correction already proposed under the same key."""
    body = {"target": target, "event": event}
    proposed = ("correct", {"target": seen.target, "event": seen.event}, seen.proposed_by)
    same_request(find_game(table.game), proposed, "correct", body, author)


def decide(table: GameTable, pending_id: int, *, by: str, confirm: bool) -> Replayed:
    """A seat confirms (the correction is appended to the log) or rejects a pending correction.

    The row is claimed first with a conditional update, so two phones confirming at once record it once.
    Raises AlreadyDecided, or RuleError when the correction no longer fits the table (it stays pending).
    """
    claimed = db.session.execute(
        update(PendingCorrection)
        .where(
            PendingCorrection.id == pending_id,
            PendingCorrection.table_id == table.id,
            PendingCorrection.status == PENDING,
        )
        .values(status=CONFIRMING if confirm else REJECTED, decided_by=by, decided_at=_now())
    )
    mark_changed(db.session(), table.id)  # decided_at counts in the version; a Core UPDATE is no object
    db.session.commit()
    assert isinstance(claimed, CursorResult)  # an UPDATE's result is one: it has a row count
    if claimed.rowcount != 1:
        raise AlreadyDecided()
    row = db.session.get(PendingCorrection, pending_id)
    assert row is not None
    if not confirm:
        return current(table)
    try:
        rep, seq, _created = append(
            table, "correct", {"target": row.target, "event": row.event}, author=row.proposed_by
        )
    except Exception:
        db.session.rollback()
        row = db.session.get(PendingCorrection, pending_id)
        assert row is not None
        row.status, row.decided_by, row.decided_at = PENDING, None, None
        db.session.commit()
        raise
    row.status, row.applied_seq = CONFIRMED, seq
    db.session.commit()
    return rep
