"""Club sessions: a roster of players and the tables a director runs from it, and their standings.

A session only links tables (numbered 1, 2, ... in the order they are added); each table keeps its own
log, links and tokens. ``standings`` adds up the tables' results (totals, finished, winners: results.py,
kept with each log line) every time it is asked, so a correction at a table changes them at once.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from ..rules.base import MalformedEvent, _
from ..rules.names import clean_name, clean_names, name_key
from .database import db
from .kept_results import kept_results
from .models import ClubSession, EventRow, GameTable, RosterName, SessionTable
from .record import ParsedRecord, storable
from .replay import Replayed
from .results import TableResult
from .sharing import PendingCorrection
from .tables import (
    ID_BYTES,
    TOKEN_BYTES,
    Created,
    create_table,
    current,
    current_at,
    hash_token,
    import_record,
    kept_at,
    token_matches,
)

MAX_SESSION_NAME = 120
MAX_ROSTER = 500
NUMBER_RETRIES = 16  # each lost race means another table took the number: a bound, not a timeout


@dataclass(frozen=True)
class SessionCreated:
    session: ClubSession
    director_token: str


@dataclass(frozen=True)
class TableRow:
    """A session's table as the director sees it: its number, the table, and its replayed state."""

    number: int
    table: GameTable
    rep: Replayed


@dataclass(frozen=True)
class Standing:
    player: str
    played: int
    won: int
    points: int


def _session_name(raw: Any) -> str:
    if not isinstance(raw, str) or not raw.strip():
        raise MalformedEvent("bad_session", _("A session needs a name."))
    name = raw.strip()
    if not storable(name) or any(unicodedata.category(ch) in ("Cc", "Cs") for ch in name):
        raise MalformedEvent("bad_session", _("A session's name may not contain control characters."))
    if len(name) > MAX_SESSION_NAME:
        raise MalformedEvent("bad_session", _("A session's name may have at most 120 characters."))
    return name


def check_roster(raw: Any) -> tuple[str, ...]:
    """The roster's names as stored: a list of 1 to 500 names, no two alike (names.py's rules)."""
    if not isinstance(raw, list):
        raise MalformedEvent("bad_players", _("players must be a list of names."))
    if not raw:  # the club page's form with nobody ticked (newplayer11: it said the API's sentence)
        raise MalformedEvent("bad_players", _("Who plays tonight? Tick or add at least one player."))
    if len(raw) > MAX_ROSTER:
        raise MalformedEvent("bad_players", _("A session's roster may have at most 500 players."))
    return clean_names(raw)


def create_session(name: Any, players: Any) -> SessionCreated:
    """A new session with its roster and its director token (only its hash is kept)."""
    title, names = _session_name(name), check_roster(players)
    token = secrets.token_urlsafe(TOKEN_BYTES)
    session = ClubSession(
        id=secrets.token_urlsafe(ID_BYTES), name=title, director_token_hash=hash_token(token)
    )
    session.roster = [RosterName(index=i, name=n, key=name_key(n)) for i, n in enumerate(names)]
    db.session.add(session)
    db.session.commit()
    return SessionCreated(session, token)


def get_session(session_id: Any) -> ClubSession | None:
    if not isinstance(session_id, str) or len(session_id) > 32 or not storable(session_id):
        return None
    return db.session.get(ClubSession, session_id)


def on_roster(session: ClubSession, players: Any) -> Any:
    """The table's players in the roster's spelling; MalformedEvent naming every one not on it.

    Anything that is not a list of text is passed on unchanged for the table's own header check
    to refuse with its usual message."""
    if not isinstance(players, list | tuple) or not all(isinstance(p, str) for p in players):
        return players
    roster = {r.key: r.name for r in session.roster}
    names, missing = [], []
    for raw in players:
        name = clean_name(raw)
        if name_key(name) in roster:
            names.append(roster[name_key(name)])
        elif name not in missing:
            missing.append(name)
    if len(missing) == 1:
        raise MalformedEvent("not_on_roster", _("%(name)s is not on this session's roster."), name=missing[0])
    if missing:
        raise MalformedEvent(
            "not_on_roster", _("%(names)s are not on this session's roster."), names=", ".join(missing)
        )
    return names


def seat_token(director_token: str, table_id: str, seat: int) -> str:
    """A session table's seat link token, derived from the director token (256 bits, HMAC-SHA256).

    The store keeps only hashes of tokens, yet the evening's paper needs every seat's link: so a
    session's seats get tokens the director can recompute (with the director token, never stored)
    and nobody else can."""
    mac = hmac.new(director_token.encode(), f"{table_id}:seat:{seat}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()


def _link(
    session: ClubSession, director_token: str, created: Created, round_number: int | None = None
) -> tuple[Created, int]:
    """Number the table in the session (a lost race for a number takes the next one) and give its
    seats their derived tokens (the random ones made with the table were never handed out)."""
    table = created.table
    tokens = tuple(seat_token(director_token, table.id, seat.index) for seat in table.seats)
    for seat, token in zip(table.seats, tokens, strict=True):
        seat.token_hash = hash_token(token)
    for _attempt in range(NUMBER_RETRIES):
        number = (
            db.session.scalar(
                select(func.max(SessionTable.number)).where(SessionTable.session_id == session.id)
            )
            or 0
        ) + 1
        db.session.add(SessionTable(table_id=table.id, session_id=session.id, number=number, round=round_number))
        try:
            db.session.commit()
            return Created(table, created.scorer_token, tokens), number
        except IntegrityError:
            db.session.rollback()
            for seat, token in zip(table.seats, tokens, strict=True):
                seat.token_hash = hash_token(token)
    raise RuntimeError("could not number the table")  # only under more racing writers than retries


def add_table(
    session: ClubSession,
    director_token: str,
    game_id: Any,
    players: Any,
    options: Any,
    round_number: int | None = None,
) -> tuple[Created, int]:
    """A new table of the session (players from its roster), and its number; ``round_number``: the
    paired round it belongs to (rounds.py)."""
    created = create_table(game_id, on_roster(session, players), options)
    return _link(session, director_token, created, round_number)


def import_into(session: ClubSession, director_token: str, parsed: ParsedRecord) -> tuple[Created, int]:
    """A record as a table of the session; its players must be on the roster (renamed to its spelling)."""
    names = tuple(on_roster(session, list(parsed.players)))
    created = import_record(ParsedRecord(parsed.game, names, parsed.options, parsed.events, parsed.final))
    return _link(session, director_token, created)


def seat_links(director_token: str, table: GameTable) -> tuple[str, ...]:
    """The table's seat tokens as the director recomputes them; a seat whose stored hash does not
    match (a table made before its session link) is left out as an empty string."""
    out = []
    for seat in table.seats:
        token = seat_token(director_token, table.id, seat.index)
        out.append(token if token_matches(token, seat.token_hash) else "")
    return tuple(out)


def session_tables(session: ClubSession, round_number: int | None = None) -> list[tuple[int, GameTable]]:
    """Every table of the session (with its seats) and its number, in number order; nothing replayed.
    With ``round_number``, only that paired round's tables (rounds.py)."""
    query = select(SessionTable).where(SessionTable.session_id == session.id)
    if round_number is not None:
        query = query.where(SessionTable.round == round_number)
    links = db.session.scalars(
        query.order_by(SessionTable.number).options(selectinload(SessionTable.table).selectinload(GameTable.seats))
    )
    return [(link.number, link.table) for link in links]


def table_rows(session: ClubSession, last_seqs: Mapping[str, int] | None = None) -> list[TableRow]:
    """Every table of the session in number order, each replayed as its log now stands. ``last_seqs``
    (table id -> its last log line, as ``activity`` has just read them) spares a read of each log
    when the kept snapshot is already there (``tables.current_at``)."""
    seqs = last_seqs or {}
    return [
        TableRow(number, table, current_at(table, seqs[table.id]) if table.id in seqs else current(table))
        for number, table in session_tables(session)
    ]


def session_results(session: ClubSession) -> list[TableResult]:
    """The results of the session's tables in number order (kept_results.py: no replay)."""
    return kept_results(
        list(
            db.session.scalars(
                select(SessionTable.table_id)
                .where(SessionTable.session_id == session.id)
                .order_by(SessionTable.number)
            )
        )
    )


def board_states(session: ClubSession, last_seqs: Mapping[str, int]) -> list[tuple[int, str, Replayed]]:
    """Every table of the session in number order as (number, table id, state), for the director's
    board: a table whose kept snapshot is at the log line ``activity`` has just read costs no load
    at all; the others are loaded (with their seats) in one query and replayed as ``current`` does."""
    links = db.session.execute(
        select(SessionTable.number, SessionTable.table_id)
        .where(SessionTable.session_id == session.id)
        .order_by(SessionTable.number)
    ).all()
    reps: dict[str, Replayed | None] = {
        table_id: kept_at(table_id, last_seqs[table_id]) if table_id in last_seqs else None
        for _number, table_id in links
    }
    missing = [table_id for table_id, rep in reps.items() if rep is None]
    if missing:
        for table in db.session.scalars(
            select(GameTable).where(GameTable.id.in_(missing)).options(selectinload(GameTable.seats))
        ):
            reps[table.id] = current(table)
    return [(number, table_id, rep) for number, table_id in links if (rep := reps[table_id]) is not None]


def standings(results: Iterable[TableResult]) -> dict[str, list[Standing]]:
    """Per game, each player's finished tables (``played``), those won (among the winners) and the
    sum of their totals: sorted by won, then points, descending (then by name, for a stable list).

    Pure: it reads the tables' results only; unfinished tables do not count yet."""
    counts: dict[str, dict[str, list[int]]] = {}
    for result in results:
        if not result.finished:
            continue
        per_game = counts.setdefault(result.game, {})
        for seat, player in enumerate(result.players):
            row = per_game.setdefault(player, [0, 0, 0])
            row[0] += 1
            row[1] += seat in result.winners
            row[2] += result.totals[seat] if seat < len(result.totals) else 0
    return {
        game: sorted(
            (Standing(p, *c) for p, c in players.items()),
            key=lambda s: (-s.won, -s.points, s.player),
        )
        for game, players in sorted(counts.items())
    }


def roster_of(session: ClubSession) -> Sequence[str]:
    return [r.name for r in session.roster]


@dataclass(frozen=True)
class Activity:
    """What the director's screen needs beyond the state: the last log line's seq and time, and
    the table's proposed corrections (all, and those decided)."""

    seq: int = 0
    last_at: datetime | None = None
    proposed: int = 0
    decided: int = 0
    created_at: datetime | None = None

    @property
    def pending(self) -> int:
        return self.proposed - self.decided


def activity(session: ClubSession) -> dict[str, Activity]:
    """Per table of the session, in three queries (no replay): what changes its row."""
    linked = select(SessionTable.table_id).where(SessionTable.session_id == session.id)
    logs = {
        table_id: (seq, at)
        for table_id, seq, at in db.session.execute(
            select(EventRow.table_id, func.max(EventRow.seq), func.max(EventRow.created_at))
            .where(EventRow.table_id.in_(linked))
            .group_by(EventRow.table_id)
        )
    }
    proposals = {
        table_id: (rows, decided)
        for table_id, rows, decided in db.session.execute(
            select(
                PendingCorrection.table_id,
                func.count(PendingCorrection.id),
                func.count(PendingCorrection.decided_at),
            )
            .where(PendingCorrection.table_id.in_(linked))
            .group_by(PendingCorrection.table_id)
        )
    }
    out = {}
    for table_id, created_at in db.session.execute(
        select(SessionTable.table_id, GameTable.created_at)
        .join(GameTable, GameTable.id == SessionTable.table_id)
        .where(SessionTable.session_id == session.id)
        .order_by(SessionTable.number)
    ):
        seq, at = logs.get(table_id, (0, None))
        rows, decided = proposals.get(table_id, (0, 0))
        out[table_id] = Activity(seq, at, rows, decided, created_at)
    return out
