"""Creating tables, reading them, and appending to their logs: the only module that speaks SQL.

Every write is checked by replaying the log with the new line before it is stored, so a refused
write leaves the table exactly as it was.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..rules import game as find_game
from ..rules.base import Game
from ..rules.events import decode, encode
from .models import EventRow, GameTable, Seat
from .record import ParsedRecord
from .replay import LogEntry, Replayed, replay

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


def create_table(game_id: str, players: Any, options: Mapping[str, Any] | None) -> Created:
    """A new table (validated: game, 2..n players, known options), with its tokens."""
    game = find_game(game_id)
    if not isinstance(players, list | tuple):
        players = []
    names = game.check_players(players)
    resolved = game.resolve_options(options if isinstance(options, Mapping) else {})
    game.start(names, resolved)  # the rules may refuse a combination of options
    return _insert(game, names, resolved, ())


def import_record(parsed: ParsedRecord) -> Created:
    """A table from a record already checked by ``parse_record``: all events or none."""
    return _insert(parsed.game, parsed.players, parsed.options, parsed.events)


def _insert(game: Game, names: tuple[str, ...], options: dict[str, Any], events: tuple[dict, ...]) -> Created:
    scorer = secrets.token_urlsafe(TOKEN_BYTES)
    seat_tokens = tuple(secrets.token_urlsafe(TOKEN_BYTES) for _ in names)
    table = GameTable(
        id=secrets.token_urlsafe(ID_BYTES), game=game.id, options=options, scorer_token_hash=hash_token(scorer)
    )
    table.seats = [
        Seat(index=i, name=n, token_hash=hash_token(t)) for i, (n, t) in enumerate(zip(names, seat_tokens, strict=True))
    ]
    db.session.add(table)
    db.session.flush()  # the table row first: events refer to it
    for seq, body in enumerate(events, start=1):
        db.session.add(EventRow(table_id=table.id, seq=seq, kind="event", body=body, author="import"))
    db.session.commit()
    return Created(table, scorer, seat_tokens)


def get_table(table_id: str) -> GameTable | None:
    if not isinstance(table_id, str) or len(table_id) > 32:
        return None
    return db.session.get(GameTable, table_id)


def log_of(table: GameTable) -> list[LogEntry]:
    rows = db.session.scalars(select(EventRow).where(EventRow.table_id == table.id).order_by(EventRow.seq))
    return [LogEntry(r.seq, r.kind, r.body, r.author, r.created_at) for r in rows]


def current(table: GameTable) -> Replayed:
    return replay(find_game(table.game), table.players, table.options, log_of(table))


def normalise_event(game: Game, raw: Any) -> dict[str, Any]:
    """The event in the record's canonical spelling (``"4-6"`` becomes ``"6-4"``)."""
    return encode(decode(game.events, raw))


def append(
    table: GameTable,
    kind: str,
    body: Mapping[str, Any],
    *,
    author: str = "scorer",
    based_on: int | None = None,
    idempotency_key: str | None = None,
) -> tuple[Replayed, int, bool]:
    """Record one log line after checking it by replay.

    Returns ``(state, seq, created)``; ``created`` is False when ``idempotency_key`` was seen
    before (the first write's result stands). Raises RuleError (nothing stored) or StaleWrite.
    """
    if idempotency_key:
        seen = db.session.scalar(
            select(EventRow).where(EventRow.table_id == table.id, EventRow.idempotency_key == idempotency_key)
        )
        if seen is not None:
            return current(table), seen.seq, False
    log = log_of(table)
    last = log[-1].seq if log else 0
    game = find_game(table.game)
    if based_on is not None and based_on != last:
        raise StaleWrite(replay(game, table.players, table.options, log))
    if kind == "event":
        body = normalise_event(game, body)
    elif kind == "correct":
        body = {"target": body.get("target"), "event": normalise_event(game, body.get("event"))}
    entry = LogEntry(last + 1, kind, dict(body), author)
    state = replay(game, table.players, table.options, [*log, entry])  # raises RuleError if refused
    db.session.add(
        EventRow(
            table_id=table.id, seq=entry.seq, kind=kind, body=entry.body, author=author, idempotency_key=idempotency_key
        )
    )
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        if idempotency_key:
            seen = db.session.scalar(
                select(EventRow).where(EventRow.table_id == table.id, EventRow.idempotency_key == idempotency_key)
            )
            if seen is not None:
                return current(table), seen.seq, False
        raise StaleWrite(current(table)) from None
    return state, entry.seq, True


