"""Who may do what at a table: the scorer token (write), a seat token (that seat's private events),
or nothing but the table id (read). Tokens arrive by link (then kept server-side for this phone's
device cookie, see ``referee.store.devices``) or as ``Authorization: Bearer``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Flask, Response, abort, g, request, session

from referee.rules.base import D
from referee.store import devices
from referee.store.models import GameTable
from referee.store.replay import Replayed
from referee.store.tables import get_table, token_matches
from referee.store.writing import Writer

DEVICE_COOKIE = "referee_device"
DEVICE_DAYS = 400  # the longest a browser keeps a cookie


@dataclass(frozen=True)
class Access:
    scorer: bool = False
    seat: int | None = None

    @property
    def can_write(self) -> bool:
        return self.scorer

    @property
    def reader_seat(self) -> int | None:
        """The seat whose private things this phone sees and enters; None for the scorer (who sees
        the public table and writes for it) and for a viewer."""
        return None if self.scorer else self.seat

    def visible_detail(self, rep: Replayed[D]) -> D:
        """The game's view detail as this reader may see it (another seat's sealed bid left out)."""
        return rep.game.public_detail(rep.view.detail, self.reader_seat)

    def writer(self, via: str = "scorer") -> Writer:
        """These rights as the store's write command takes them (it alone decides what they may write)."""
        return Writer(scorer=self.scorer, seat=self.reader_seat, via=via)


def usable_secret(secret: str | None) -> str | None:
    """The device cookie's value if it may be one we made, else None (a phone that holds no links)."""
    return secret if secret is not None and 20 <= len(secret) <= 64 and secret.isascii() else None


def bearer_of(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer`` header, or None."""
    header = header or ""
    return header[7:].strip() if header.lower().startswith("bearer ") else None


def certainly_viewer(device_cookie: str | None, authorization: str | None, session_tokens: object) -> bool:
    """Whether a request with this device cookie, ``Authorization`` header and legacy session tokens
    is a viewer at every table whatever it asks: it presents no token and its phone holds no links.
    ``access_for`` decides by the same two functions, and the live gate (``live_gate``) asks this
    before answering from the public fragment cache, so the two cannot drift apart."""
    return usable_secret(device_cookie) is None and bearer_of(authorization) is None and not session_tokens


def device_secret(create: bool = False) -> str | None:
    """This phone's device secret (from its cookie); ``create`` makes one, sent with the response."""
    secret = usable_secret(g.get("device_secret") or request.cookies.get(DEVICE_COOKIE))  # else start afresh
    if secret is None and create:
        secret = devices.new_secret()
    if secret is not None:
        g.device_secret = secret
    return secret


def remember(table_id: str, role: str, token: str) -> None:
    keep(table_id, {role: token})


def remember_links(table_id: str, scorer_token: str, seat_tokens: tuple[str, ...]) -> None:
    """A new table's creator keeps the scorer token and each seat's link (to show as QR codes)."""
    keep(table_id, {"scorer": scorer_token} | {f"link{i}": t for i, t in enumerate(seat_tokens)})


def keep(table_id: str, held: dict[str, str]) -> None:
    """This phone holds these links of the table from now on (its cookie is sent again, renewed)."""
    devices.remember(device_secret(create=True), table_id, held)  # type: ignore[arg-type]
    g.pop("device_tokens", None)
    g.send_device_cookie = True
    session["last_table"] = table_id  # a scanned printed card (/c/<id>) goes to this table
    session.permanent = True


def held_link(table: GameTable, role: str) -> str | None:
    """The token of the ``scorer`` or ``seat<n>`` link this phone holds to hand out, if still valid."""
    token: str | None
    token_hash: str | None
    if role == "scorer":
        token, token_hash = _remembered(table.id, "scorer"), table.scorer_token_hash
    else:
        seat = next((s for s in table.seats if f"seat{s.index}" == role), None)
        if seat is None:
            return None
        token, token_hash = _remembered(table.id, f"link{seat.index}"), seat.token_hash
    return token if token_matches(token, token_hash) else None


def held_links(table: GameTable) -> dict[str, str | None]:
    """``held_link`` for every role of the table (``scorer``, ``seat0``, ...), read before a page
    renders: a template shows the links it is given and never asks the store for them."""
    return {role: held_link(table, role) for role in ("scorer", *(f"seat{s.index}" for s in table.seats))}


def _remembered(table_id: str, role: str) -> str | None:
    secret = device_secret()
    if secret is None:
        return None
    cache: dict[str, dict[str, str]] = g.setdefault("device_tokens", {})
    if table_id not in cache:
        cache[table_id] = devices.tokens(secret, table_id)
    return cache[table_id].get(role)


def _send_device_cookie(resp: Response) -> Response:
    secret = g.get("device_secret")
    if secret is not None and g.get("send_device_cookie"):
        resp.set_cookie(
            DEVICE_COOKIE,
            secret,
            max_age=DEVICE_DAYS * 24 * 3600,
            secure=request.is_secure,
            httponly=True,
            samesite="Lax",
        )
    return resp


def _adopt_session_tokens(_endpoint: str | None = None, _values: dict[str, Any] | None = None) -> None:
    """A phone from before device cookies carries its tokens in the session: move them server-side
    (first thing in a request, before a table's blueprint works out this phone's access)."""
    held = session.get("tokens")
    if not held:
        return
    by_table: dict[str, dict[str, str]] = {}
    for key, token in dict(held).items():
        table_id, _sep, role = str(key).partition(":")
        if isinstance(token, str) and len(role) <= 16:
            by_table.setdefault(table_id, {})[role] = token
    last = session.get("last_table")
    for table_id, roles in by_table.items():
        if get_table(table_id) is not None:
            keep(table_id, roles)
    session.pop("tokens", None)
    if last is not None:
        session["last_table"] = last


def init_app(app: Flask) -> None:
    app.url_value_preprocessor(_adopt_session_tokens)
    app.after_request(_send_device_cookie)


def bearer() -> str | None:
    return bearer_of(request.headers.get("Authorization"))


def access_for(table: GameTable, token: str | None = None) -> Access:
    """The rights the presented token (or the session's remembered ones) give at this table."""
    if token is not None:
        if token_matches(token, table.scorer_token_hash):
            return Access(scorer=True)
        for seat in table.seats:
            if token_matches(token, seat.token_hash):
                return Access(seat=seat.index)
        return Access()
    if device_secret() is None:  # this phone holds no links at all: a viewer (its seats stay unread)
        return Access()
    if token_matches(_remembered(table.id, "scorer"), table.scorer_token_hash):
        return Access(scorer=True)
    for seat in table.seats:
        if token_matches(_remembered(table.id, f"seat{seat.index}"), seat.token_hash):
            return Access(seat=seat.index)
    return Access()


def director_token(kept_under: str, key: str, token_hash: str) -> str:
    """A director's token for this request (a session's or a club's): the link's ``?token=``, kept in
    this browser's session under ``kept_under`` (its own key: table tokens live server-side with the
    device), or the one kept before; 403 when it is not the director's."""
    token = request.args.get("token") or session.get(kept_under, {}).get(key)
    if not token_matches(token, token_hash):
        abort(403)
    if request.args.get("token"):
        session[kept_under] = {**session.get(kept_under, {}), key: token}
        session.permanent = True
    return token
