"""What a table's log decided, as the standings and the players' histories read it, kept beside the log.

A club's pages add up finished tables: their winners, totals and each seat's numbers from the game's
pure ``stats`` module (``referee/games/<game>/rules/stats.py``). Replaying every table of a club for each
page cost seconds at tables of thousands of lines, so each table's result is kept in
``table_results``, tagged with the log line it is the result of (``seq``) and with ``RESULT_VERSION``:
``tables.append`` writes it in the same transaction as the line, an import with its events.

The result is never the source of truth: it is ``result_of`` the table as its log stands, so it can
always be made again (``kept_results`` does, when the one kept is missing, behind the log or of an
older version). Only a finished table's result holds more than "not finished": nothing of a table
in play, where a bid may still be sealed, is kept here.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy.dialects import postgresql, sqlite

from referee.games import game as find_game

from ..rules.base import D, Game, View
from .database import db
from .models import TableResultRow
from .replay import Replayed

RESULT_VERSION = 1
"""Raise it whenever what a result holds changes, or what a finished table's log gives: how a game's
stats count, or a rules change to its winners or totals. Every kept result of another version is
then made again from its log when it is next read."""



@dataclass(frozen=True)
class TableResult:
    """A table's result: its game and players, whether it is finished and, if so, its winners (seats),
    totals and each seat's stats (empty for a game without stats)."""

    game: str
    players: tuple[str, ...]
    finished: bool = False
    winners: tuple[int, ...] = ()
    totals: tuple[int, ...] = ()
    stats: tuple[Any, ...] = ()


def result_of(game: Game[Any, D], players: tuple[str, ...], state: Any, view: View[D]) -> TableResult:
    """Pure: the result of a table whose rules stand at ``state`` (``view`` is its view)."""
    if not view.finished:
        return TableResult(game.id, tuple(players))
    per_seat = game.stats
    return TableResult(
        game.id,
        tuple(players),
        True,
        tuple(view.winners),
        tuple(view.totals),
        tuple(per_seat.of_seat(state, view, seat) for seat in range(len(players))) if per_seat else (),
    )


def result_of_replayed(rep: Replayed) -> TableResult:
    return result_of(rep.game, rep.players, rep.state, rep.view)


def to_json(result: TableResult) -> dict[str, Any]:
    """What is kept (the players are the table's seats, kept with the table)."""
    out: dict[str, Any] = {"game": result.game, "finished": result.finished}
    if result.finished:
        out.update(
            winners=list(result.winners),
            totals=list(result.totals),
            stats=[dataclasses.asdict(s) for s in result.stats],
        )
    return out


def from_json(data: Mapping[str, Any], players: tuple[str, ...], *, with_stats: bool = True) -> TableResult:
    """The kept result; ``with_stats=False`` leaves the seats' stats out (most of the decoding: a reader
    that needs only who won, as the ratings, reads hundreds of results)."""
    game = str(data["game"])
    per_seat = find_game(game).stats if with_stats else None
    stats = tuple(_dataclass(per_seat.kind, s) for s in data.get("stats", ())) if per_seat else ()
    return TableResult(
        game,
        tuple(players),
        bool(data["finished"]),
        tuple(data.get("winners", ())),
        tuple(data.get("totals", ())),
        stats,
    )


def _dataclass(cls: Any, data: Mapping[str, Any]) -> Any:
    """A stats dataclass from its ``asdict`` form, with its optional dataclass fields (a largest
    count, a best placement) made again as such."""
    return cls(
        **{
            name: _dataclass(inner, data[name]) if inner is not None and data[name] is not None else data[name]
            for name, inner in _fields(cls).items()
        }
    )


@functools.cache
def _fields(cls: Any) -> dict[str, type[Any] | None]:
    """Per field of a stats dataclass, the dataclass its value is, if any (read once per type: type
    hints are costly to evaluate, and a club page decodes hundreds of results)."""
    hints = typing.get_type_hints(cls)
    out: dict[str, type[Any] | None] = {}
    for f in dataclasses.fields(cls):
        kinds = typing.get_args(hints[f.name]) or (hints[f.name],)
        out[f.name] = next((t for t in kinds if isinstance(t, type) and dataclasses.is_dataclass(t)), None)
    return out


def keep(table_id: str, seq: int, result: TableResult) -> None:
    """Store ``result`` as the table's result as of log line ``seq``, in the caller's transaction.

    A result of an older line never replaces a newer one (a slow reader that made it again while a
    line was being written): the log only grows, so the higher ``seq`` is the later log."""
    db.session.execute(
        _upsert(db.engine.dialect.name),
        {"table_id": table_id, "seq": seq, "version": RESULT_VERSION, "result": to_json(result)},
    )


@functools.cache
def _upsert(dialect: str) -> Any:
    """The statement ``keep`` runs, built once per dialect: every write runs it, and building it
    costs more than running it."""
    stmt = (postgresql.insert if dialect == "postgresql" else sqlite.insert)(TableResultRow)
    return stmt.on_conflict_do_update(
        index_elements=[TableResultRow.table_id],
        set_={"seq": stmt.excluded.seq, "version": stmt.excluded.version, "result": stmt.excluded.result},
        where=TableResultRow.seq <= stmt.excluded.seq,
    )
