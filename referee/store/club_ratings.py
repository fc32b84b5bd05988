"""A club's finished tables as ratings.py reads them: one query for the tables of the club's nights in
the order played (oldest night first, tables by number), their results as history.py reads them (kept
with each log line, made again from the log when behind it), and the players as name keys."""

from __future__ import annotations

from sqlalchemy import select

from ..extensions import db
from ..rules.names import name_key
from .kept_results import kept_results
from .models import Club, ClubSession, SessionTable
from .ratings import Played


def club_played(club: Club) -> list[Played]:
    rows = db.session.execute(
        select(SessionTable.session_id, SessionTable.table_id)
        .join(ClubSession, ClubSession.id == SessionTable.session_id)
        .where(ClubSession.club_id == club.id)
        .order_by(ClubSession.created_at, ClubSession.id, SessionTable.number)
    ).all()
    results = kept_results([table_id for _, table_id in rows])
    return [
        Played(session_id, r.game, tuple(name_key(n) for n in r.players), r.winners, r.totals)
        for (session_id, _), r in zip(rows, results, strict=True)
        if r.finished
    ]
