"""Clubs: a roster kept from evening to evening, and the sessions run from it.

A club's director token creates its sessions; each session's own director token is derived from it
(HMAC, as a session derives its seat tokens), so the club's page links to every session's director
screen while the store keeps only hashes. A session's roster is drawn from the club's: a name already
on it (in any spelling names.py calls alike) takes the club's spelling, a new one is added to the club.
So one player keeps one name across the club's sessions, which is what their history is read by.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from ..rules.base import MalformedEvent, _
from ..rules.names import clean_names, name_key
from .database import db
from .models import Club, ClubPlayer, ClubSession, RosterName, SessionTable
from .record import storable
from .sessions import MAX_ROSTER, _session_name, check_roster
from .tables import ID_BYTES, TOKEN_BYTES, hash_token

ROSTER_RETRIES = 8  # each lost race means another session added a name at the same moment


@dataclass(frozen=True)
class ClubCreated:
    club: Club
    director_token: str


@dataclass(frozen=True)
class SessionSummary:
    session: ClubSession
    tables: int


def _club_name(raw: Any) -> str:
    try:
        return _session_name(raw)
    except MalformedEvent as err:  # the same rules as a session's name, said of a club
        raise MalformedEvent(
            "bad_club", _("A club needs a name of at most 120 characters, without control characters.")
        ) from err


def create_club(name: Any, players: Any = None) -> ClubCreated:
    """A new club (its roster may start empty) and its director token (only its hash is kept)."""
    title = _club_name(name)
    names = () if players is None or players == [] else check_roster(players)
    token = secrets.token_urlsafe(TOKEN_BYTES)
    club = Club(id=secrets.token_urlsafe(ID_BYTES), name=title, director_token_hash=hash_token(token))
    club.roster = [ClubPlayer(index=i, name=n, key=name_key(n)) for i, n in enumerate(names)]
    db.session.add(club)
    db.session.commit()
    return ClubCreated(club, token)


def get_club(club_id: Any) -> Club | None:
    if not isinstance(club_id, str) or len(club_id) > 32 or not storable(club_id):
        return None
    return db.session.get(Club, club_id)


def session_token(club_token: str, session_id: str) -> str:
    """A club session's director token, derived from the club's (256 bits, HMAC-SHA256)."""
    mac = hmac.new(club_token.encode(), f"{session_id}:director".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()


def _on_club_roster(club: Club, names: Sequence[str]) -> list[str]:
    """``names`` in the club's spelling, the new ones added to its roster (not yet committed)."""
    known = {p.key: p.name for p in club.roster}
    if len(set(known) | {name_key(n) for n in names}) > MAX_ROSTER:
        raise MalformedEvent("bad_players", _("A club's roster may have at most 500 players."))
    out = []
    for name in names:
        key = name_key(name)
        if key not in known:
            club.roster.append(ClubPlayer(index=len(club.roster), name=name, key=key))
            known[key] = name
        out.append(known[key])
    return out


def _commit_roster_change(club: Club) -> None:
    """Commit, or raise IntegrityError after a rollback (another writer added names meanwhile)."""
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        db.session.refresh(club)
        raise


def add_players(club: Club, players: Any) -> list[str]:
    """Put names on the club's roster (those already on it stay as they are); the whole roster."""
    if not isinstance(players, list) or not players:
        raise MalformedEvent("bad_players", _("players must be a list of names."))
    names = clean_names(players)
    for _attempt in range(ROSTER_RETRIES):
        _on_club_roster(club, names)
        try:
            _commit_roster_change(club)
        except IntegrityError:
            continue
        return [p.name for p in club.roster]
    raise RuntimeError("could not add the players")  # only under more racing writers than retries


def create_club_session(club: Club, club_token: str, name: Any, players: Any) -> tuple[ClubSession, str]:
    """A session of the club, its roster drawn from (or added to) the club's; and its director token."""
    title, names = _session_name(name), check_roster(players)
    for _attempt in range(ROSTER_RETRIES):
        roster = _on_club_roster(club, names)
        session_id = secrets.token_urlsafe(ID_BYTES)
        token = session_token(club_token, session_id)
        session = ClubSession(
            id=session_id, name=title, director_token_hash=hash_token(token), club_id=club.id
        )
        session.roster = [RosterName(index=i, name=n, key=name_key(n)) for i, n in enumerate(roster)]
        db.session.add(session)
        try:
            _commit_roster_change(club)
        except IntegrityError:
            continue
        return session, token
    raise RuntimeError("could not create the session")  # only under more racing writers than retries


def sessions_of(club: Club) -> list[SessionSummary]:
    """The club's sessions, newest first, each with its number of tables."""
    counts = (
        select(SessionTable.session_id, func.count(SessionTable.table_id).label("n"))
        .group_by(SessionTable.session_id)
        .subquery()
    )
    rows = db.session.execute(
        select(ClubSession, func.coalesce(counts.c.n, 0))
        .outerjoin(counts, counts.c.session_id == ClubSession.id)
        .where(ClubSession.club_id == club.id)
        .order_by(ClubSession.created_at.desc(), ClubSession.id)
    )
    return [SessionSummary(session, int(n)) for session, n in rows]


def roster_names(club: Club) -> list[str]:
    return [p.name for p in club.roster]


def player_at(club: Club, index: Any) -> str | None:
    """The roster's name at ``index`` (the player pages' address), or None."""
    if not isinstance(index, int) or isinstance(index, bool):
        return None
    return next((p.name for p in club.roster if p.index == index), None)
