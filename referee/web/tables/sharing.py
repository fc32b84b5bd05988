"""Sharing a table: new links that revoke the old ones (scorer only), and seats confirming or
rejecting a correction the scorer proposed (at tables that confirm corrections)."""

from __future__ import annotations

from flask import Blueprint, abort, g, redirect, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext

from referee.extensions import htmx
from referee.store.tables import current
from referee.store.writing import Reason, Refused, confirm, renew_link
from referee.web.site.i18n import explain
from referee.web.tables import service

from .access import remember

bp = Blueprint("sharing", __name__, url_prefix="/t")
bp.url_value_preprocessor(service.table_loader())


def _table(error: str | None = None, status: int = 200) -> ResponseReturnValue:
    if status == 200 and not htmx:
        return redirect(url_for("table.show", table_id=g.table.id))
    template = "table/_main.html" if htmx else "table/page.html"
    return service.render_table(template, current(g.table), error=error), status


@bp.post("/<table_id>/links/<role>")
def renew(table_id: str, role: str) -> ResponseReturnValue:
    """A new scorer or seat link; the old one stops working at once. This phone keeps the new one."""
    try:
        token = renew_link(g.table, g.access.writer(), role)
    except KeyError:
        abort(404)
    if isinstance(token, Refused):
        abort(403)
    if role == "scorer":
        remember(table_id, "scorer", token)
    else:
        remember(table_id, f"link{role.removeprefix('seat')}", token)
    return redirect(url_for("table.show", table_id=table_id, _anchor="share"))


@bp.post("/<table_id>/corrections/<int:pending_id>/<any(confirm, reject):decision>")
def decide_correction(table_id: str, pending_id: int, decision: str) -> ResponseReturnValue:
    """A seat (not the scorer who proposed it) confirms or rejects a pending correction."""
    decided = confirm(g.table, g.access.writer(), pending_id, accept=decision == "confirm")
    if not isinstance(decided, Refused):
        return _table()
    if decided.reason is Reason.FORBIDDEN:
        abort(403)
    if decided.reason is Reason.DECIDED:
        return _table(gettext("This correction was already confirmed or rejected on another phone."), 409)
    assert decided.error is not None  # the rules refuse it now (it stays pending)
    return _table(explain(decided.error), 422)
