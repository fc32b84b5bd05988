"""Game tables, their seats, and the append-only log of what was recorded; clubs and their sessions.

The state of a table (scores, phase, whose turn) is a replay of ``events``. The one thing derived
that is stored is each table's result (``table_results``, see results.py): what the standings and
the players' histories read, tagged with the log line it is the result of, and made again from the
log whenever that is not the table's last.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, ForeignKey, Index, LargeBinary, String, UniqueConstraint, event, false
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .database import Base, db
from .version_feed import create_triggers

if TYPE_CHECKING:  # db.Model is built at run time from our declarative base; type checkers see that base
    Model = Base
else:
    Model = db.Model


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class GameTable(Model):
    """One table: a game, its players and options. ``id`` is the unguessable read right."""

    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    scorer_token_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=_now)
    confirm_corrections: Mapped[bool] = mapped_column(default=False, server_default=false())
    """A correction by the scorer waits for a seat to confirm it (a setting chosen at creation)."""

    seats: Mapped[list[Seat]] = relationship(order_by="Seat.index", cascade="all, delete-orphan")

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)


class Seat(Model):
    """A player at the table; ``token_hash`` is for the seat's own private link."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    index: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    token_hash: Mapped[str | None] = mapped_column(String(64), default=None)


class EventRow(Model):
    """One line of a table's log. ``kind`` is ``event``, ``undo`` or ``correct``; never updated or deleted.

    The unique ``(table_id, seq)`` is what stops two phones from writing the same step twice.
    """

    __tablename__ = "events"
    __table_args__ = (
        UniqueConstraint("table_id", "seq", name="uq_events_table_seq"),
        UniqueConstraint("table_id", "idempotency_key", name="uq_events_table_idem"),
        Index("ix_events_table", "table_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"))
    seq: Mapped[int]
    kind: Mapped[str] = mapped_column(String(16))
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    author: Mapped[str] = mapped_column(String(16), default="scorer")
    idempotency_key: Mapped[str | None] = mapped_column(String(80), default=None)
    created_at: Mapped[datetime] = mapped_column(default=_now)


class TableResultRow(Model):
    """A table's result as of its log line ``seq`` (results.py): kept for the club's pages, never
    read unless ``seq`` is the table's last line and ``version`` is ``results.RESULT_VERSION``."""

    __tablename__ = "table_results"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    seq: Mapped[int]
    version: Mapped[int]
    result: Mapped[dict[str, Any]] = mapped_column(JSON)


class ClubSession(Model):
    """One club evening (or tournament round): a roster and the tables played from it.

    ``id`` is the unguessable read right of the session's links; the director token writes and reads
    the standings. Scores are never stored here: standings add up the tables' results (results.py).
    """

    __tablename__ = "club_sessions"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    director_token_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=_now)
    club_id: Mapped[str | None] = mapped_column(ForeignKey("clubs.id"), index=True, default=None)
    """The club the session belongs to (None: a session on its own); see clubs.py."""

    roster: Mapped[list[RosterName]] = relationship(order_by="RosterName.index", cascade="all, delete-orphan")
    tables: Mapped[list[SessionTable]] = relationship(
        order_by="SessionTable.number", cascade="all, delete-orphan"
    )


class RosterName(Model):
    """A player on a session's roster; ``key`` (NFKC, case-folded) keeps two alike names out."""

    __tablename__ = "session_players"
    __table_args__ = (UniqueConstraint("session_id", "key", name="uq_session_players_key"),)

    session_id: Mapped[str] = mapped_column(ForeignKey("club_sessions.id"), primary_key=True)
    index: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    key: Mapped[str] = mapped_column(String(160))


class SessionTable(Model):
    """A table of a session, numbered from 1 in the order it was added (the number on its card)."""

    __tablename__ = "session_tables"
    __table_args__ = (UniqueConstraint("session_id", "number", name="uq_session_tables_number"),)

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    session_id: Mapped[str] = mapped_column(ForeignKey("club_sessions.id"), index=True)
    number: Mapped[int]
    round: Mapped[int | None] = mapped_column(default=None)
    """The paired round the table belongs to (rounds.py); None for a table added by hand."""

    table: Mapped[GameTable] = relationship()


class SessionRound(Model):
    """A round the director paired (rounds.py): its game and method, and who sat out (roster indices).
    Its tables are the session tables with this ``round``; the key keeps two directors' clicks from
    making the same round twice."""

    __tablename__ = "session_rounds"

    session_id: Mapped[str] = mapped_column(ForeignKey("club_sessions.id"), primary_key=True)
    number: Mapped[int] = mapped_column(primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    method: Mapped[str] = mapped_column(String(16))
    byes: Mapped[list[int]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=_now)


class Club(Model):
    """A club: its roster (names unique in the club) and its sessions (``ClubSession.club_id``).

    ``id`` is the read right of its players' pages; the director token creates sessions and adds
    players. Players' histories are never stored: they add up the sessions' tables' results.
    """

    __tablename__ = "clubs"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    director_token_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=_now)

    roster: Mapped[list[ClubPlayer]] = relationship(order_by="ClubPlayer.index", cascade="all, delete-orphan")


class ClubPlayer(Model):
    """A name on a club's roster; ``key`` (names.py's ``name_key``) keeps two alike names out."""

    __tablename__ = "club_players"
    __table_args__ = (UniqueConstraint("club_id", "key", name="uq_club_players_key"),)

    club_id: Mapped[str] = mapped_column(ForeignKey("clubs.id"), primary_key=True)
    index: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    key: Mapped[str] = mapped_column(String(160))


class ClubLadderRow(Model):
    """A club's ladder (club_ratings.py) as a process last worked it out, with the club's version it
    was worked out at: derived, never the truth (any process can work it out afresh from the logs).
    Read by a process that keeps none of the club's, taken only if ``format`` is
    ``club_ratings.LADDER_FORMAT``, and gone on from like a ladder the process kept itself."""

    __tablename__ = "club_ladders"

    club_id: Mapped[str] = mapped_column(ForeignKey("clubs.id"), primary_key=True)
    format: Mapped[int]
    kept: Mapped[bytes] = mapped_column(LargeBinary)


# PostgreSQL notifies every change of a table's version itself (version_feed.TRIGGER_SQL).
event.listen(db.metadata, "after_create", create_triggers)
