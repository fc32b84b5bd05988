"""Who may do what at a table: the scorer token (write), a seat token (that seat's private events),
or nothing but the table id (read). Tokens arrive by link (then kept in the signed session cookie)
or as ``Authorization: Bearer``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import request, session

from ..rules.base import Game
from ..store.models import GameTable
from ..store.tables import token_matches


@dataclass(frozen=True)
class Access:
    scorer: bool = False
    seat: int | None = None

    @property
    def can_write(self) -> bool:
        return self.scorer

    def may_record(self, game: Game, kind: str, body: Mapping[str, Any]) -> bool:
        """The scorer records anything; a seat only its own private events (``Game.seat_events``)."""
        if self.scorer:
            return True
        return (
            self.seat is not None
            and kind == "event"
            and body.get("type") in game.seat_events
            and body.get("seat") in (self.seat, str(self.seat))
        )


def remember(table_id: str, role: str, token: str) -> None:
    tokens = dict(session.get("tokens", {}))
    tokens[f"{table_id}:{role}"] = token
    session["tokens"] = tokens
    session["last_table"] = table_id  # a scanned printed card (/c/<id>) goes to this table
    session.permanent = True


def remember_links(table_id: str, scorer_token: str, seat_tokens: tuple[str, ...]) -> None:
    """A new table's creator keeps the scorer token and each seat's link (to show as QR codes)."""
    remember(table_id, "scorer", scorer_token)
    for index, token in enumerate(seat_tokens):
        remember(table_id, f"link{index}", token)


def held_link(table: GameTable, role: str) -> str | None:
    """The token of the ``scorer`` or ``seat<n>`` link this phone holds to hand out, if still valid."""
    if role == "scorer":
        token, token_hash = _remembered(table.id, "scorer"), table.scorer_token_hash
    else:
        seat = next((s for s in table.seats if f"seat{s.index}" == role), None)
        if seat is None:
            return None
        token, token_hash = _remembered(table.id, f"link{seat.index}"), seat.token_hash
    return token if token_matches(token, token_hash) else None


def _remembered(table_id: str, role: str) -> str | None:
    return session.get("tokens", {}).get(f"{table_id}:{role}")


def bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    return header[7:].strip() if header.lower().startswith("bearer ") else None


def access_for(table: GameTable, token: str | None = None) -> Access:
    """The rights the presented token (or the session's remembered ones) give at this table."""
    if token is not None:
        if token_matches(token, table.scorer_token_hash):
            return Access(scorer=True)
        for seat in table.seats:
            if token_matches(token, seat.token_hash):
                return Access(seat=seat.index)
        return Access()
    if token_matches(_remembered(table.id, "scorer"), table.scorer_token_hash):
        return Access(scorer=True)
    for seat in table.seats:
        if token_matches(_remembered(table.id, f"seat{seat.index}"), seat.token_hash):
            return Access(seat=seat.index)
    return Access()
