"""A club's ladder (ratings.py) as its players' pages and API read it: worked out once per change of
the club's tables, then kept in this process.

The club's finished tables are read in the order played (oldest night first, tables by number), their
results as history.py reads them (kept with each log line, made again from the log when behind it), the
players as name keys. Working out the ladder of a club of 500 tables costs a few hundred milliseconds,
so each process keeps the last ladder of each club it read (``ClubLadders``), with the club's version it
was worked out at: per table of the club's nights, its id and its last log line. A log is append-only
(an entry, an undo, a correction are each a new line), so any change to any of the club's tables, and
any table added, changes the version. Every read asks the database for the version first (one indexed
query, no results read) and uses the kept ladder only if it is of that version; a version read before a
write and results read after it only make the next reader look again, never serve a stale ladder.
On a new version only the tables whose last log line changed (and tables added) have their results
read; if the finished tables are then the same as before (an entry at a table still in play) the ladder
is kept without working it out again. Only a table finishing, or one no longer finished after an undo or
a correction, does, and then only from the start of that table's club night: the kept ladder is taken
back to that night (``Ladder.until``, no rating worked out) and the tables from there on are added
again. A table finishing on the night in play costs that night's tables, a correction on an earlier
night the tables from that night on; only the first read of a club in a process works out every table
(``benchmarks/ratings.py``, RESULTS.md section 18). The pages that read the ladder are heavy reads
(web/site/heavy.py), so that first read never runs in a request another table is waiting on.

A ladder worked out is also kept in the database (``club_ladders``, one row per club: the ``Kept``
as JSON, kept_ladder.py), so the first read of a club in another process, or after a restart, takes it from there and
goes on from its version like a kept one, instead of rating every table again; a change is then worked
out once by the first reader in any process, not once per process. The row stays derived: it is only
a starting point checked against the club's version, a row of another ``LADDER_FORMAT`` (or one that
no longer loads) is ignored, and deleting it only makes the next read work the ladder out afresh.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError, OperationalError

from ..lru import Lru
from ..rules.names import name_key
from .database import db
from .kept_ladder import Kept, Version, kept_from_json, kept_json
from .kept_results import kept_results
from .models import Club, ClubLadderRow, ClubSession, EventRow, SessionTable
from .ratings import Ladder, Played
from .tables import commit_keeping_loaded

KEEP = 64  # clubs per process
LADDER_FORMAT = 2  # of the JSON ``Kept`` in ``club_ladders`` (1 was a pickle): raise it when its meaning changes


class ClubLadders(Lru[str, Kept]):
    """The last ladder of each club read in this process (least recently read forgotten first);
    safe across a worker's threads. A ladder handed out is shared: readers must not change it."""

    def __init__(self, keep: int = KEEP) -> None:
        super().__init__(keep)
        self.worked_out = 0  # ladders worked out from the tables (for tests and benchmarks)
        self.rated = 0  # tables added to them

    def ladder(self, club: Club) -> Ladder:
        """The club's ladder as its tables now stand."""
        version = club_version(club)
        kept = self.get(club.id) or stored_ladder(club.id)
        if kept is not None and kept.version == version:
            self.put(club.id, kept)
            return kept.ladder
        known = kept.tables if kept is not None else {}
        tables = {(table_id, seq): known[table_id, seq] for _, table_id, _, seq in version if (table_id, seq) in known}
        tables.update(club_played([row for row in version if (row[1], row[3]) not in known]))
        played = tuple(p for _, table_id, _, seq in version if (p := tables[table_id, seq]) is not None)
        if kept is not None and played == kept.played:
            self.put(club.id, replace(kept, version=version, tables=tables))  # not stored: no table rated
            return kept.ladder
        start = redo_from(kept.played if kept is not None else (), played)
        ladder = kept.ladder.until(start) if kept is not None and start else Ladder()  # nothing kept: afresh
        for table in played[start:]:
            ladder.add(table)
        with self._lock:
            self.worked_out += 1
            self.rated += len(played) - start
        self.put(club.id, Kept(version, tables, played, ladder))
        store_ladder(club.id, Kept(version, tables, played, ladder))
        return ladder


LADDERS = ClubLadders()


def stored_ladder(club_id: str) -> Kept | None:
    """The club's ladder as a process last kept it in the database, if of this ``LADDER_FORMAT``."""
    row = db.session.get(ClubLadderRow, club_id)
    if row is None or row.format != LADDER_FORMAT:
        return None
    try:
        return kept_from_json(row.kept)
    except (KeyError, TypeError, ValueError, IndexError):  # not a ladder this code wrote: worked out again
        return None


def store_ladder(club_id: str, kept: Kept) -> None:
    """Keep the ladder in the database for the other processes, in a transaction of its own (as
    kept_results does); a write that fails (the database busy, another process storing at once) only
    leaves the row behind, and the next reader goes on from there."""
    commit_keeping_loaded()  # ends the read: nothing was written
    try:
        db.session.merge(ClubLadderRow(club_id=club_id, format=LADDER_FORMAT, kept=kept_json(kept)))
        commit_keeping_loaded()
    except (OperationalError, IntegrityError):
        db.session.rollback()


def redo_from(was: Sequence[Played], now: Sequence[Played]) -> int:
    """Where the ladder of ``was`` must be taken back to before ``now``'s tables are added: its end when
    ``now`` only adds tables, else the start of the club night of the first table that differs (tables
    of a night are consecutive; ``Ladder.until`` takes a ladder back to a night's start)."""
    same = next((i for i, (a, b) in enumerate(zip(was, now, strict=False)) if a != b), min(len(was), len(now)))
    if same == len(was):
        return same
    nights = {tables[same].session for tables in (was, now) if same < len(tables)}
    while same > 0 and was[same - 1].session in nights:
        same -= 1
    return same


def club_version(club: Club) -> Version:
    """Per table of the club's nights in the order played: its night, id, number and last log line."""
    last_line = select(func.max(EventRow.seq)).where(EventRow.table_id == SessionTable.table_id).scalar_subquery()
    rows = db.session.execute(
        select(SessionTable.session_id, SessionTable.table_id, SessionTable.number, func.coalesce(last_line, 0))
        .join(ClubSession, ClubSession.id == SessionTable.session_id)
        .where(ClubSession.club_id == club.id)
        .order_by(ClubSession.created_at, ClubSession.id, SessionTable.number)
    ).all()
    return tuple((session_id, table_id, number, seq) for session_id, table_id, number, seq in rows)


def club_played(rows: Sequence[tuple[str, str, int, int]]) -> dict[tuple[str, int], Played | None]:
    """These tables (rows of a version) by (id, last log line): as played if finished, else None. Only
    tables whose log changed since the ladder was kept are read: their results as they stand now."""
    results = kept_results([table_id for _, table_id, _, _ in rows], with_stats=False)  # who won is enough
    return {
        (table_id, seq): (
            Played(session_id, r.game, tuple(name_key(n) for n in r.players), r.winners, r.totals, table_id, number)
            if r.finished
            else None
        )
        for (session_id, table_id, number, seq), r in zip(rows, results, strict=True)
    }


def club_ladder(club: Club) -> Ladder:
    """The club's ratings, each table's change to them and its players' records, as its tables now
    stand (this process's ladder of the club, worked out again only when a finished table changed)."""
    return LADDERS.ladder(club)


def night_names(session_ids: Collection[str]) -> dict[str, str]:
    """The names of these club nights, by id."""
    rows = db.session.execute(select(ClubSession.id, ClubSession.name).where(ClubSession.id.in_(session_ids)))
    return {session_id: name for session_id, name in rows}
