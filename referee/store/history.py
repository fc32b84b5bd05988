"""A player's history in a club: per game, the finished tables they played and won, and the numbers
each game's pure ``stats`` module reads from a table (``referee/games/<game>/rules/stats.py``).

Every figure is added up from the tables' results when it is asked for (results.py: kept with each
log line, made again from the log when behind it), so an undo or a correction at a table changes
the history at once, and no table is replayed to read it. Only finished tables count (as in the
standings), so nothing still sealed at a table in play can reach a player's page.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from referee.games import game as find_game

from ..rules.names import name_key
from .database import db
from .kept_results import kept_results
from .models import Club, ClubSession, Seat, SessionTable
from .results import TableResult


@dataclass(frozen=True)
class GameHistory:
    game: str
    name: str
    played: int
    won: int
    stats: Any = None
    """The game's stats dataclass summed over the tables (None for a game without one)."""


def player_history(results: Iterable[TableResult], player: str) -> list[GameHistory]:
    """Pure: per game (in the order first met), ``player``'s finished tables, wins and stats."""
    key = name_key(player)
    games: dict[str, GameHistory] = {}
    for result in results:
        if not result.finished:
            continue
        seat = next((i for i, name in enumerate(result.players) if name_key(name) == key), None)
        if seat is None:
            continue
        gid = result.game
        stats = result.stats[seat] if result.stats else None
        was = games.get(gid)
        if was is not None:
            stats = was.stats + stats if stats is not None else was.stats
        games[gid] = GameHistory(
            gid,
            find_game(gid).name,
            (was.played if was else 0) + 1,
            (was.won if was else 0) + (seat in result.winners),
            stats,
        )
    return list(games.values())


def club_results(club: Club, player: str | None = None) -> list[TableResult]:
    """The results of the club's sessions' tables (only those where ``player`` sits, if given: a
    session's roster spells names as the club's does); oldest session first, tables in number order."""
    query = (
        select(SessionTable.table_id)
        .join(ClubSession, ClubSession.id == SessionTable.session_id)
        .where(ClubSession.club_id == club.id)
        .order_by(ClubSession.created_at, ClubSession.id, SessionTable.number)
    )
    if player is not None:
        query = query.where(SessionTable.table_id.in_(select(Seat.table_id).where(Seat.name == player)))
    return kept_results(list(db.session.scalars(query)))
