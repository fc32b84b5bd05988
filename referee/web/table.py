"""One table's pages: the state, the entry forms, undo, corrections, sharing and export.

Views stay thin: parse the form, append the log line (the store replays it first), render.
A full page or the ``#table`` fragment is chosen by the HX-Request header.
"""

from __future__ import annotations

import io
import json

import qrcode
import qrcode.image.svg
from flask import Blueprint, Response, abort, g, redirect, render_template, request, url_for
from flask_babel import gettext

from ..extensions import htmx
from ..rules import game as find_game
from ..rules.base import RuleError
from ..store.private import may_change_own
from ..store.record import to_record
from ..store.replay import Replayed
from ..store.sharing import propose_correction
from ..store.tables import StaleWrite, append, current, get_table, token_matches
from .access import access_for, held_link, remember
from .correction_form import correction_fields, preselect
from .forms import normalise_form_event, normalise_form_line
from .i18n import explain
from .moments import render_moment
from .state import form_event, public_events, public_record
from .undo import last_undone

bp = Blueprint("table", __name__, url_prefix="/t")
bp.add_app_template_global(correction_fields)
bp.add_app_template_filter(preselect)


@bp.url_value_preprocessor
def load_table(endpoint, values):
    table = get_table((values or {}).get("table_id", ""))
    if table is None:
        abort(404)
    g.table = table
    g.access = access_for(table)


def _render(rep: Replayed, *, error: str | None = None, status: int = 200):
    """The page (or its ``#table`` fragment). A refusal through htmx answers with the answer box
    alone, retargeted onto ``#answer``: the entry form is not re-rendered, so the player's
    selection stays and only the tile or card at fault needs changing."""
    if htmx and status == 422:
        body = render_template("table/_answer.html", table=g.table, rep=rep, access=g.access, error=error)
        return body, status, {"HX-Retarget": "#answer", "HX-Reswap": "outerHTML"}
    template = "table/_main.html" if htmx else "table/page.html"
    return render_template(template, table=g.table, rep=rep, access=g.access, error=error), status


def _record(kind: str, body: dict) -> tuple[Replayed, str | None, int]:
    """Append one log line (a form's, normalised to the record's spelling first): the new state,
    or the unchanged one with why not."""
    game, seat = find_game(g.table.game), None if g.access.scorer else g.access.seat
    body = normalise_form_line(game, kind, body)
    own = kind == "correct" and seat is not None and may_change_own(current(g.table), seat, kind, body)
    if not (g.access.may_record(game, kind, body) or own):
        abort(403)
    # A seat's own entry from its phone (a sealed bid or its change, a draft pick) does not depend
    # on what the table did meanwhile (the replay still checks it), so a page that is out of date
    # is no reason to refuse it; entries from the scorer's phone keep the guard.
    private = own or (seat is not None and kind == "event" and body.get("type") in game.seat_events)
    try:
        rep, _seq, _created = append(
            g.table,
            kind,
            body,
            author="scorer" if seat is None else f"seat{seat}",
            based_on=None if private else request.form.get("based_on", type=int),
            idempotency_key=request.form.get("idem") or None,
            seat=seat,
        )
    except StaleWrite as stale:
        message = gettext(
            "Someone else recorded something just now. Here is the table as it stands: check it, then enter yours again if it is still needed."
        )
        return stale.current, message, 409
    except RuleError as err:
        return current(g.table), explain(err), 422
    return rep, None, 200


def _propose(seq: int, event: dict) -> tuple[Replayed, str | None, int]:
    """At a table that confirms corrections: keep the correction pending until a seat confirms it."""
    event = normalise_form_event(find_game(g.table.game), event)
    try:
        propose_correction(
            g.table,
            seq,
            event,
            based_on=request.form.get("based_on", type=int),
            idempotency_key=request.form.get("idem") or None,
        )
    except StaleWrite as stale:
        message = gettext(
            "Someone else recorded something just now. Here is the table as it stands: check it, then enter yours again if it is still needed."
        )
        return stale.current, message, 409
    except RuleError as err:
        return current(g.table), explain(err), 422
    return current(g.table), None, 200


def _respond(rep: Replayed, error: str | None, status: int):
    if status == 200 and not htmx:  # without JavaScript the page opens at the answer
        return redirect(url_for("table.show", table_id=g.table.id, _anchor="answer"))
    return _render(rep, error=error, status=status)


@bp.get("/<table_id>")
def show(table_id: str):
    if "at" in request.args:  # a past moment, read only (moments.py)
        return render_moment(request.args["at"], g.access)
    return _render(current(g.table))


@bp.get("/<table_id>/join/<token>")
def join(table_id: str, token: str):
    """A scorer or seat link: remember the token in this phone's session, then show the table."""
    if token_matches(token, g.table.scorer_token_hash):
        remember(table_id, "scorer", token)
    else:
        seat = access_for(g.table, token).seat
        if seat is None:
            abort(403)
        remember(table_id, f"seat{seat}", token)
    return redirect(url_for("table.show", table_id=table_id))


@bp.post("/<table_id>/events")
def post_event(table_id: str):
    return _respond(*_record("event", form_event(find_game(g.table.game), request.form)))


@bp.post("/<table_id>/undo")
def undo(table_id: str):
    return _respond(*_record("undo", {}))


@bp.post("/<table_id>/redo")
def redo(table_id: str):
    """Enter the event the last undo took back again, as a new event, while nothing new was entered."""
    entry = last_undone(current(g.table))
    if entry is None:
        return _respond(
            current(g.table), gettext("There is nothing to redo: something was entered after the undo."), 422
        )
    return _respond(*_record("event", dict(entry.body)))


@bp.route("/<table_id>/correct/<int:seq>", methods=["GET", "POST"])
def correct(table_id: str, seq: int):
    """Replace an earlier event; the log keeps the original and the correction. A seat changes its
    own sealed bid here too (at once: nobody else may see it to confirm it)."""
    rep = current(g.table)
    own = may_change_own(rep, g.access.seat, "correct", {"target": seq})
    if not (g.access.can_write or own):
        abort(403)
    target = next((e for e in public_events(rep, g.access) if e.seq == seq), None)
    if target is None:
        abort(404)
    if target.body.get("sealed"):
        abort(403)  # another seat's private event (a sealed bid): corrected once it is opened
    error, status, shown = None, 200, target.body
    if request.method == "POST":
        event = form_event(find_game(g.table.game), request.form)
        shown = {**target.body, **event, "type": target.body["type"]}  # a refused try keeps its picks
        if g.table.confirm_corrections and not own:
            rep, error, status = _propose(seq, event)
        else:
            rep, error, status = _record("correct", {"target": seq, "event": event})
        if status == 200:
            return redirect(url_for("table.show", table_id=table_id))
    return render_template(
        "table/correct.html", table=g.table, rep=rep, target=target, shown=shown, error=error
    ), status


@bp.get("/<table_id>/record.json")
def export(table_id: str):
    rep = current(g.table)
    data = json.dumps(public_record(rep, g.access, to_record(rep)), ensure_ascii=False, indent=2)
    name = f"referee-{g.table.game}-{table_id[:8]}.json"
    return Response(
        data, mimetype="application/json", headers={"Content-Disposition": f'attachment; filename="{name}"'}
    )


@bp.get("/<table_id>/qr/<which>.svg")
def qr(table_id: str, which: str):
    """A QR code of the viewer link, or (for the scorer only) of the scorer link or a seat's link."""
    token = held_link(g.table, which) if g.access.scorer else None
    if which == "viewer":
        url = url_for("table.show", table_id=table_id, _external=True)
    elif token is not None:
        url = url_for("table.join", table_id=table_id, token=token, _external=True)
    else:
        abort(404)
    img = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    buf = io.BytesIO()
    img.save(buf)
    return Response(buf.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "private, no-store"})
