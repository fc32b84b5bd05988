"""The tables a phone holds: which scorer and seat links this device was given, kept server-side.

A phone carries one random device secret in a cookie (``referee.web.tables.access``); nothing else about
its tables travels in cookies, so a phone can hold any number of tables (a cookie of every token
overflowed the browser's 4 KB after about 14 tables) and no token sits readable in a signed cookie.

The database stores neither the secret nor the tokens in the clear: rows are keyed by the secret's
SHA-256, and each token is sealed with a keystream derived from the secret (HMAC-SHA256 over a random
nonce), so a copy of the database alone, like the tables' own token hashes, gives no write right.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ForeignKey, Index, String, delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from .database import db
from .models import EventRow, GameTable, Model, _now

NONCE_BYTES = 16


class DeviceTable(Model):
    """One link (``scorer``, ``seat<n>`` joined, ``link<n>`` a creator's copy of a seat link) a device holds."""

    __tablename__ = "device_tables"
    __table_args__ = (Index("ix_device_tables_table", "table_id"),)

    device: Mapped[str] = mapped_column(String(64), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    role: Mapped[str] = mapped_column(String(16), primary_key=True)
    sealed_token: Mapped[str] = mapped_column(String(160))
    remembered_at: Mapped[datetime] = mapped_column(default=_now)


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def device_key(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def _stream(secret: str, nonce: bytes, label: str, size: int) -> bytes:
    out = b""
    block = 0
    while len(out) < size:
        out += hmac.new(secret.encode(), nonce + f"{label}:{block}".encode(), hashlib.sha256).digest()
        block += 1
    return out[:size]


def seal(secret: str, label: str, token: str) -> str:
    nonce = secrets.token_bytes(NONCE_BYTES)
    data = token.encode()
    mixed = bytes(a ^ b for a, b in zip(data, _stream(secret, nonce, label, len(data)), strict=True))
    return base64.urlsafe_b64encode(nonce + mixed).decode()


def unseal(secret: str, label: str, sealed: str) -> str | None:
    try:
        raw = base64.urlsafe_b64decode(sealed.encode())
        nonce, mixed = raw[:NONCE_BYTES], raw[NONCE_BYTES:]
        data = bytes(a ^ b for a, b in zip(mixed, _stream(secret, nonce, label, len(mixed)), strict=True))
        return data.decode()
    except (ValueError, UnicodeDecodeError):
        return None


def remember(secret: str, table_id: str, held: Mapping[str, str]) -> None:
    """Keep (or replace) the token of each role in ``held`` at ``table_id`` for this device; commits."""
    key, now = device_key(secret), _now()
    for _attempt in range(2):  # another request of the same phone may insert the same row meanwhile
        try:
            for role, token in held.items():
                db.session.merge(
                    DeviceTable(
                        device=key,
                        table_id=table_id,
                        role=role,
                        sealed_token=seal(secret, f"{table_id}:{role}", token),
                        remembered_at=now,
                    )
                )
            db.session.commit()
            return
        except IntegrityError:
            db.session.rollback()


def tokens(secret: str, table_id: str) -> dict[str, str]:
    """Every token this device holds at the table, by role."""
    rows = db.session.execute(
        select(DeviceTable.role, DeviceTable.sealed_token).where(
            DeviceTable.device == device_key(secret), DeviceTable.table_id == table_id
        )
    )
    held = {}
    for role, sealed in rows:
        token = unseal(secret, f"{table_id}:{role}", sealed)
        if token is not None:
            held[role] = token
    return held


def forget(secret: str, table_id: str) -> None:
    db.session.execute(
        delete(DeviceTable).where(DeviceTable.device == device_key(secret), DeviceTable.table_id == table_id)
    )
    db.session.commit()


@dataclass(frozen=True)
class HeldTable:
    table: GameTable
    last_activity: datetime


def held_tables(secret: str) -> list[HeldTable]:
    """The tables this device holds a link of, the most recently active first."""
    last_event = (
        select(func.max(EventRow.created_at)).where(EventRow.table_id == GameTable.id).scalar_subquery()
    )
    held = select(DeviceTable.table_id).where(DeviceTable.device == device_key(secret))
    rows = db.session.execute(select(GameTable, last_event).where(GameTable.id.in_(held))).all()
    found = [HeldTable(table, at or table.created_at) for table, at in rows]
    found.sort(key=lambda h: h.last_activity, reverse=True)
    return found
