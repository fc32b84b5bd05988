"""A player's history in a club: per game, the finished tables they played and won, and the numbers
each game's pure ``stats`` module reads from a replayed table (``referee/rules/<game>/stats.py``).

Nothing is stored: every figure is added up from the tables' replayed states when it is asked for,
so an undo or a correction at a table changes the history at once. Only finished tables count (as
in the standings), so nothing still sealed at a table in play can reach a player's page.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..rules.bead_game.stats import player_stats as bead_game_stats
from ..rules.bingo.stats import player_stats as bingo_stats
from ..rules.five_up.stats import player_stats as five_up_stats
from ..rules.names import name_key
from ..rules.ninety_nine.stats import player_stats as ninety_nine_stats
from ..rules.trick_de_bingo.stats import player_stats as trick_de_bingo_stats
from .models import Club, ClubSession, GameTable, Seat, SessionTable
from .replay import Replayed
from .tables import current

STATS: dict[str, Callable[[Replayed, int], Any]] = {
    "bingo": lambda rep, seat: bingo_stats(rep.view, seat),
    "five-up": lambda rep, seat: five_up_stats(rep.state, seat, rep.view),
    "ninety-nine": lambda rep, seat: ninety_nine_stats(rep.view, seat),
    "trick-de-bingo": lambda rep, seat: trick_de_bingo_stats(rep.view, seat),
    "bead-game": lambda rep, seat: bead_game_stats(rep.view, seat),
}
"""Per game id, its numbers for one seat of a replayed table; each result type adds up with ``+``."""


@dataclass(frozen=True)
class GameHistory:
    game: str
    name: str
    played: int
    won: int
    stats: Any = None
    """The game's stats dataclass summed over the tables (None for a game without one)."""


def player_history(reps: Iterable[Replayed], player: str) -> list[GameHistory]:
    """Pure: per game (in the order first met), ``player``'s finished tables, wins and stats."""
    key = name_key(player)
    games: dict[str, GameHistory] = {}
    for rep in reps:
        if not rep.view.finished:
            continue
        seat = next((i for i, name in enumerate(rep.players) if name_key(name) == key), None)
        if seat is None:
            continue
        gid = rep.game.id
        stats = STATS[gid](rep, seat) if gid in STATS else None
        was = games.get(gid)
        if was is not None:
            stats = was.stats + stats if stats is not None else was.stats
        games[gid] = GameHistory(
            gid,
            rep.game.name,
            (was.played if was else 0) + 1,
            (was.won if was else 0) + (seat in rep.view.winners),
            stats,
        )
    return list(games.values())


def club_tables(club: Club, player: str | None = None) -> list[Replayed]:
    """The tables of the club's sessions (only those where ``player`` sits, if given: a session's
    roster spells names as the club's does), replayed; oldest session first, tables in number order."""
    query = (
        select(SessionTable)
        .join(ClubSession, ClubSession.id == SessionTable.session_id)
        .where(ClubSession.club_id == club.id)
        .order_by(ClubSession.created_at, ClubSession.id, SessionTable.number)
        .options(selectinload(SessionTable.table).selectinload(GameTable.seats))
    )
    if player is not None:
        query = query.where(SessionTable.table_id.in_(select(Seat.table_id).where(Seat.name == player)))
    return [current(link.table) for link in db.session.scalars(query)]
