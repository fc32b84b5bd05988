"""Ninety-Nine's own endpoints: each seat's join link and its QR code, for the scorer to show.

Seat tokens are stored only as hashes, so the scorer asks for a fresh link for a seat (which
replaces that seat's earlier link); it is kept in the scorer's session to draw its QR code.
"""

from __future__ import annotations

import io
import secrets

import qrcode
import qrcode.image.svg
from flask import Blueprint, Response, abort, g, redirect, render_template, request, session, url_for

from ..extensions import db, htmx
from ..store.tables import TOKEN_BYTES, current, get_table, hash_token
from .access import access_for, remember

bp = Blueprint("ninety_nine", __name__, url_prefix="/t/<table_id>/ninety-nine")


@bp.url_value_preprocessor
def load_table(endpoint, values):
    table = get_table((values or {}).get("table_id", ""))
    if table is None or table.game != "ninety-nine":
        abort(404)
    g.table = table
    g.access = access_for(table)
    if not g.access.scorer:
        abort(403)


def _seat(index: int):
    seat = next((s for s in g.table.seats if s.index == index), None)
    if seat is None:
        abort(404)
    return seat


def seat_link_token(table_id: str, index: int) -> str | None:
    return session.get("tokens", {}).get(f"{table_id}:link{index}")


@bp.post("/seats/<int:index>/link")
def new_link(table_id: str, index: int):
    """A fresh join link for one seat (the old one stops working)."""
    seat = _seat(index)
    token = secrets.token_urlsafe(TOKEN_BYTES)
    seat.token_hash = hash_token(token)
    db.session.commit()
    remember(table_id, f"link{index}", token)
    if htmx:
        return render_template(
            "table/_main.html",
            table=g.table,
            rep=current(g.table),
            access=g.access,
            error=None,
            nn_links_open=True,
        )
    return redirect(url_for("table.show", table_id=table_id))


@bp.get("/seats/<int:index>/qr.svg")
def seat_qr(table_id: str, index: int):
    _seat(index)
    token = seat_link_token(table_id, index)
    if token is None:
        abort(404)
    url = url_for("table.join", table_id=table_id, token=token, _external=True)
    img = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    buf = io.BytesIO()
    img.save(buf)
    return Response(buf.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "private, no-store"})


@bp.post("/trick")
def trick(table_id: str):
    """A trick from one picker per position (card0, card1, ...): the play order survives without JavaScript."""
    from . import table as table_pages  # its write path: access, stale writes, refusals

    cards = [request.form.get(f"card{i}", "") for i in range(5)]
    cards = [c for c in cards if c]
    return table_pages._respond(*table_pages._record("event", {"type": "trick", "cards": cards}))
