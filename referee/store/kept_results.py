"""Reading many tables' results at once (for a club's pages) without replaying them.

One query reads, per table, its kept result and its last log line; a result is taken only when it is
of that line and of ``results.RESULT_VERSION``. Any other table (kept before this was, written to
outside the app, or of an older version) is replayed as ``tables.current`` reads it and its result
kept again, so the next reader needs no replay: a kept result can be missing or behind, but is never
read stale. The cost of a page is then a query and the JSON of its results, whatever the length of
the tables' logs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError, OperationalError

from .database import db
from .models import EventRow, GameTable, Seat, TableResultRow
from .results import RESULT_VERSION, TableResult, from_json, keep, result_of_replayed
from .tables import commit_keeping_loaded, current


def kept_results(table_ids: Sequence[str], *, with_stats: bool = True) -> list[TableResult]:
    """Each table's result as its log now stands, in the order given. Plain rows are read (results
    and seats' names), not objects: a club page reads hundreds of tables. ``with_stats=False``: kept
    results are read without their seats' stats (results.from_json)."""
    if not table_ids:
        return []
    last_line = (
        select(func.max(EventRow.seq)).where(EventRow.table_id == TableResultRow.table_id).scalar_subquery()
    )
    kept: dict[str, dict[str, Any]] = {
        table_id: result
        for table_id, result in db.session.execute(
            select(TableResultRow.table_id, TableResultRow.result).where(
                TableResultRow.table_id.in_(table_ids),
                TableResultRow.version == RESULT_VERSION,
                TableResultRow.seq == func.coalesce(last_line, 0),
            )
        )
    }
    players: dict[str, list[str]] = {}
    for table_id, name in db.session.execute(
        select(Seat.table_id, Seat.name).where(Seat.table_id.in_(list(kept))).order_by(Seat.table_id, Seat.index)
    ):
        players.setdefault(table_id, []).append(name)
    out, made = [], []
    for table_id in table_ids:
        if table_id in kept:
            out.append(from_json(kept[table_id], tuple(players.get(table_id, ())), with_stats=with_stats))
            continue
        table = db.session.get(GameTable, table_id)
        assert table is not None  # the caller read its id just now, and tables are never deleted
        rep = current(table)
        out.append(result_of_replayed(rep))
        made.append((table_id, rep.last_seq, out[-1]))
    if made:
        _keep_made(made)
    return out


def _keep_made(made: list[tuple[str, int, TableResult]]) -> None:
    """Keep the results made by replay, in a transaction of their own (SQLite cannot turn a read
    begun before another writer's commit into a write) and in table id order (two readers lock the
    rows in the same order). Only slower if it fails (the database busy with writes for longer than
    its timeout): the next reader makes them again."""
    commit_keeping_loaded()  # ends the read: nothing was written
    try:
        for table_id, seq, result in sorted(made, key=lambda m: m[0]):
            keep(table_id, seq, result)
        commit_keeping_loaded()
    except (OperationalError, IntegrityError):
        db.session.rollback()
