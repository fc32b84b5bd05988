"""Creating tables, reading them, and appending to their logs: the only module that speaks SQL.

Every write is checked by replaying the log with the new line before it is stored, so a refused
write leaves the table exactly as it was.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError, OperationalError

from referee.games import game as find_game

from ..rules.base import D, Game, IllegalEvent, MalformedEvent, RuleError, _
from ..rules.events import decode, encode
from . import gates
from .bounds import check_room
from .database import db
from .models import EventRow, GameTable, Seat, _now
from .private import check_private
from .record import ParsedRecord, check_header, storable
from .refusals import counted
from .replay import LogEntry, Replayed, extend, replay
from .results import keep, result_of
from .snapshots import SnapshotCache

TOKEN_BYTES = 32  # 256 bits for write tokens
ID_BYTES = 16  # 128 bits: the table id is the read right


class StaleWrite(Exception):
    """The write was based on an older state than the table's (409)."""

    def __init__(self, current: Replayed) -> None:
        self.current = current
        super().__init__("stale write")


@dataclass(frozen=True)
class Created:
    table: GameTable
    scorer_token: str
    seat_tokens: tuple[str, ...]


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str | None, token_hash: str | None) -> bool:
    """Constant-time comparison of a presented token with a stored hash."""
    if not token or not token_hash:
        return False
    return hmac.compare_digest(hash_token(token), token_hash)


def create_table(game_id: Any, players: Any, options: Any) -> Created:
    """A new table (checked by ``check_header`` exactly as a record's header is), with its tokens."""
    header = check_header(game_id, players, options)
    return _insert(header.game, header.players, header.options, (), header.start)


def import_record(parsed: ParsedRecord) -> Created:
    """A table from a record already checked by ``parse_record``: all events or none."""
    return _insert(parsed.game, parsed.players, parsed.options, parsed.events, parsed.final)


_INSERT_EVENTS = {
    "qmark": "INSERT INTO events (table_id, seq, kind, body, author, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    "pyformat": "INSERT INTO events (table_id, seq, kind, body, author, created_at)"
    " VALUES (%s, %s, %s, CAST(%s AS JSON), %s, %s)",
}
_INSERT_EVENTS["format"] = _INSERT_EVENTS["pyformat"]


def _insert(
    game: Game[Any, Any],
    names: tuple[str, ...],
    options: dict[str, Any],
    events: tuple[dict[str, Any], ...],
    final: Any,
) -> Created:
    """The table, its seats, its log and its result (``final``: the state its events lead to, as the
    caller's check left it; None: not known, made when first read)."""
    scorer = secrets.token_urlsafe(TOKEN_BYTES)
    seat_tokens = tuple(secrets.token_urlsafe(TOKEN_BYTES) for _ in names)
    table = GameTable(
        id=secrets.token_urlsafe(ID_BYTES),
        game=game.id,
        options=options,
        scorer_token_hash=hash_token(scorer),
    )
    table.seats = [
        Seat(index=i, name=n, token_hash=hash_token(t))
        for i, (n, t) in enumerate(zip(names, seat_tokens, strict=True))
    ]
    # The rows are made ready before the first write, then sent in one executemany: SQLite's write lock
    # is held for milliseconds, not for the conversion of up to MAX_LOG_LINES rows (other tables wait on it).
    at = _now()
    rows = [
        (table.id, seq, "event", json.dumps(body), "import", at) for seq, body in enumerate(events, start=1)
    ]
    result = result_of(game, names, final, game.view(final)) if final is not None else None
    db.session.add(table)
    db.session.flush()  # the table row first: events refer to it
    if rows:
        db.session.connection().exec_driver_sql(_INSERT_EVENTS[db.engine.dialect.paramstyle], rows)
    if result is not None:
        keep(table.id, len(rows), result)
    db.session.commit()
    return Created(table, scorer, seat_tokens)


def get_table(table_id: str) -> GameTable | None:
    if not isinstance(table_id, str) or len(table_id) > 32 or not storable(table_id):
        return None
    return db.session.get(GameTable, table_id)


# The log is read as plain columns, not ORM objects: a table at the size limit loads twice as fast.
_LOG_COLUMNS = (EventRow.seq, EventRow.kind, EventRow.body, EventRow.author, EventRow.created_at)


def log_of(table: GameTable) -> list[LogEntry]:
    rows = db.session.execute(
        select(*_LOG_COLUMNS).where(EventRow.table_id == table.id).order_by(EventRow.seq)
    )
    return [LogEntry(*r) for r in rows]


# Snapshots: the log is append-only and replay is pure, so a table's state at seq N stays true;
# later plain events are applied to it instead of replaying everything (an undo or a correction
# replays the whole log). One cache per process, bounded by count and by memory (snapshots.py);
# a miss is only slower, never wrong.
SNAPSHOT_TABLES = 512
SNAPSHOT_BYTES = 64 * 1024 * 1024
_SNAPSHOTS = SnapshotCache(SNAPSHOT_TABLES, SNAPSHOT_BYTES)
_remember = _SNAPSHOTS.put


def _log_after(table: GameTable, seq: int) -> list[LogEntry]:
    rows = db.session.execute(
        select(*_LOG_COLUMNS).where(EventRow.table_id == table.id, EventRow.seq > seq).order_by(EventRow.seq)
    )
    return [LogEntry(*r) for r in rows]


def _from_snapshot(table: GameTable) -> Replayed | None:
    snapshot = _SNAPSHOTS.get(table.id)
    if snapshot is not None:
        newer = _log_after(table, snapshot.last_seq)
        if not newer:
            return snapshot
        extended = extend(snapshot, newer)
        if extended is not None:
            _remember(table.id, extended)
            return extended
    return None


def current(table: GameTable) -> Replayed:
    """The table as its log now stands (from the snapshot when the log has only grown since)."""
    rep = _from_snapshot(table)
    if rep is not None:
        return rep
    gate = gates.replaying.gate(table.id)
    with gate.lock:  # one full replay of a table at a time here; the others wait and use its snapshot
        rep = _from_snapshot(table)
        if rep is None:
            # narrated: kept for the table page, which shows its history (made now, not by a second replay);
            # a snapshot the log has left behind (an undo or a correction written by another process)
            # still says the events before the changed one
            game, older = find_game(table.game), _SNAPSHOTS.get(table.id)
            rep = replay(game, table.players, table.options, log_of(table), narrated=True, previous=older)
            _remember(table.id, rep)
    return rep


def current_at(table: GameTable, last_seq: int) -> Replayed:
    """The table as of its log line ``last_seq``, known to be its last from a read just made (one
    grouped query for a whole session's tables, see ``sessions.activity``): the kept snapshot when it
    is at that line, with no read of the log; otherwise (not kept, or the log has moved on since) as
    ``current`` reads it."""
    snapshot = kept_at(table.id, last_seq)
    return snapshot if snapshot is not None else current(table)


def current_of(table: GameTable, game: Game[Any, D]) -> Replayed[D]:
    """``current`` typed by ``game``'s own view detail, for a page of that game's folder, which reads
    its detail's keys checked (a table's replay is of whichever game its row names, so ``current``
    types it as any game's). A table of another game is a programming error (ValueError)."""
    rep: Replayed[Any] = current(table)
    if rep.game is not game:
        raise ValueError(f"table {table.id} is of {rep.game.id}, not {game.id}")
    return rep


def kept_at(table_id: str, last_seq: int) -> Replayed | None:
    """The kept snapshot of the table if it is at ``last_seq`` (its last log line, read just now),
    else None; reads nothing, so a busy director's board need not even load the tables that did
    not change (``sessions.board_states``)."""
    snapshot = _SNAPSHOTS.get(table_id)
    return snapshot if snapshot is not None and snapshot.last_seq == last_seq else None


def normalise_event(game: Game[Any, Any], raw: Any) -> dict[str, Any]:
    """The event in the record's canonical spelling (``"4-6"`` becomes ``"6-4"``)."""
    return encode(decode(game.events, raw))


class KeyReused(IllegalEvent):
    """An idempotency key already names another log line at this table (422): the new one is not
    recorded, and not silently taken for the old one either."""

    def __init__(self) -> None:
        super().__init__(
            "idempotency_key_reused",
            _(
                "This entry's key was already used for a different entry at this table, so it was not"
                " recorded. Send it with a new key."
            ),
        )


def _as_stored(game: Game[Any, Any], kind: str, body: Mapping[str, Any]) -> str | None:
    """The log line ``kind``/``body`` would be stored as (canonical JSON), None when it cannot be
    read: two spellings of one entry ("6-4" and "4-6") are the same request, anything else is not."""
    try:
        if kind == "event":
            stored: Any = normalise_event(game, body)
        elif kind == "correct":
            stored = {"target": body.get("target"), "event": normalise_event(game, body.get("event"))}
        else:
            stored = dict(body)
        return json.dumps(stored, sort_keys=True)
    except (RuleError, TypeError, ValueError):
        return None


def same_request(
    game: Game[Any, Any],
    seen: tuple[str, Mapping[str, Any], str],
    kind: str,
    body: Mapping[str, Any],
    author: str,
) -> None:
    """Raise KeyReused unless ``kind``/``body`` by ``author`` is the line already stored under the
    key (``seen``: its kind, body and author). Another writer's line never matches, so a key cannot
    be used to test guesses at someone's sealed entry."""
    seen_kind, seen_body, seen_author = seen
    same = seen_kind == kind and seen_author == author
    if not same or _as_stored(game, kind, body) != json.dumps(seen_body, sort_keys=True):
        raise KeyReused()


RACE_RETRIES = 64  # each lost race means another write was stored: a bound, not a timeout


def _checked_by_full_replay(
    table: GameTable, game: Game[Any, Any], now: Replayed, entry: LogEntry, *, based_on: int | None
) -> Replayed:
    """An undo or a correction, checked by replaying the whole log, one at a time per table here
    (gates.py). While another is being checked, one based on a seq (a page, If-Match) is stale
    already and refused at once; one without waits its turn (writes without If-Match are serialised)."""
    gate = gates.checking.gate(table.id)
    if not gate.lock.acquire(blocking=based_on is None):
        raise StaleWrite(now)
    try:
        # narrated: kept as the snapshot the page after the undo or correction shows with its history;
        # the sentences of the events before the one taken back or corrected are those ``now`` has
        log = [*log_of(table), entry]
        return replay(game, table.players, table.options, log, narrated=True, previous=now)
    finally:
        gate.lock.release()


def commit_keeping_loaded() -> None:
    """Commit without expiring what the session loaded: an append only adds its log line, so the
    table (and its seats) read before stay true, and the page or answer rendered next needs no
    second read of them (by default every attribute is read again after a commit)."""
    session = db.session()
    session.expire_on_commit = False
    try:
        session.commit()
    finally:
        session.expire_on_commit = True


@counted  # a refused write leaves no log line; the director's screen counts it (refusals.py)
def append(
    table: GameTable,
    kind: str,
    body: Mapping[str, Any],
    *,
    author: str = "scorer",
    based_on: int | None = None,
    idempotency_key: str | None = None,
    seat: int | None = None,
    _retries: int = 3,
    _races: int = RACE_RETRIES,
) -> tuple[Replayed, int, bool]:
    """Record one log line after checking it by replay.

    ``seat`` is the writer's seat (None: the scorer): an undo or a correction may not touch another
    seat's private event (private.py). Only a write ``based_on`` a seq (If-Match, or the seq of the
    page it was made on) is refused as stale; one without it that loses the race for the next seq
    (the unique ``(table, seq)``) is checked again against the table as it now stands and stored
    after the winner, so concurrent legal writes are serialised, never dropped.

    Returns ``(state, seq, created)``; ``created`` is False when ``idempotency_key`` was seen
    before (the first write's result stands). Raises RuleError (nothing stored) or StaleWrite.
    """
    if idempotency_key is not None and (len(idempotency_key) > 80 or not storable(idempotency_key)):
        raise MalformedEvent("bad_idempotency_key", _("The request is malformed."))  # the column holds 80
    if idempotency_key:
        seen = db.session.scalar(
            select(EventRow).where(EventRow.table_id == table.id, EventRow.idempotency_key == idempotency_key)
        )
        if seen is not None:
            same_request(find_game(table.game), (seen.kind, seen.body, seen.author), kind, body, author)
            return current(table), seen.seq, False
    now = current(table)
    last = now.last_seq
    check_room(last)
    game = find_game(table.game)
    if based_on is not None and based_on != last:
        raise StaleWrite(now)
    check_private(now, seat, kind, body)
    # Decoded once: the log stores the event's canonical encoding, and the check applies the
    # decoded event itself (a correction's is checked by replaying the whole log from the bodies).
    event = None
    if kind == "event":
        event = decode(game.events, body)
        body = encode(event)
    elif kind == "correct":
        body = {"target": body.get("target"), "event": normalise_event(game, body.get("event"))}
    # Its time as stored: the state is kept.
    entry = LogEntry(last + 1, kind, dict(body), author, _now(), event)
    # Checked by replay before anything is stored: raises RuleError if the rules refuse it.
    state = extend(now, [entry]) or _checked_by_full_replay(table, game, now, entry, based_on=based_on)
    result = result_of(game, table.players, state.state, state.view)  # made before the write lock is taken
    db.session.add(
        EventRow(
            table_id=table.id,
            seq=entry.seq,
            kind=kind,
            body=entry.body,
            author=author,
            idempotency_key=idempotency_key,
            created_at=entry.at,
        )
    )
    again = functools.partial(
        append, table, kind, body, author=author, idempotency_key=idempotency_key, seat=seat
    )
    try:
        db.session.flush()  # the line, then its table's result: every writer takes the two in this order
        keep(table.id, entry.seq, result)
        commit_keeping_loaded()
    except OperationalError as exc:
        # SQLite under load: the write lock was not free within busy_timeout. Nothing was stored;
        # check and try again from the top (the log may have moved on meanwhile).
        db.session.rollback()
        if _retries > 0 and "database is locked" in str(exc):
            return again(based_on=based_on, _retries=_retries - 1, _races=_races)
        raise
    except IntegrityError:
        db.session.rollback()
        if idempotency_key:
            seen = db.session.scalar(
                select(EventRow).where(
                    EventRow.table_id == table.id, EventRow.idempotency_key == idempotency_key
                )
            )
            if seen is not None:
                same_request(game, (seen.kind, seen.body, seen.author), kind, body, author)
                return current(table), seen.seq, False
        if based_on is None and _races > 0:  # another write took this seq: go after it
            return again(based_on=None, _retries=_retries, _races=_races - 1)
        raise StaleWrite(current(table)) from None
    _remember(table.id, state)  # an undo's or a correction's full replay too: the next read needs none
    return state, entry.seq, True
