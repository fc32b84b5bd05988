"""One table's pages: the state, the entry forms, undo, corrections, sharing and export.

Views stay thin: parse the form, record the log line through ``service`` (the store replays it
first, and decides whether a correction waits for a seat), render.
A full page or the ``#table`` fragment is chosen by the HX-Request header.
"""

from __future__ import annotations

import io
import json

import qrcode
import qrcode.image.svg
from flask import Blueprint, Response, abort, g, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext

from referee.extensions import htmx
from referee.rules.forms import FormEvent
from referee.store.record import to_record
from referee.store.replay import Effective, Replayed, entry_index
from referee.store.tables import current, token_matches
from referee.store.writing import Refused, open_correction
from referee.web.page import render_page
from referee.web.tables import service

from .access import access_for, held_link, remember
from .correction_effect import prior_body, take_back_allowed
from .correction_form import correction_of, correction_page, preselect, seat_number
from .moments import render_moment
from .presenting import public_events, public_record
from .table_page import link_of
from .undo import last_corrected, last_undone

bp = Blueprint("table", __name__, url_prefix="/t")
bp.add_app_template_filter(preselect)
bp.add_app_template_filter(seat_number)
bp.url_value_preprocessor(service.table_loader())


@bp.get("/<table_id>")
def show(table_id: str) -> ResponseReturnValue:
    if "at" in request.args:  # a past moment, read only (moments.py)
        return render_moment(request.args["at"], g.access)
    return service.render(current(g.table))


@bp.get("/<table_id>/join/<token>")
def join(table_id: str, token: str) -> ResponseReturnValue:
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
def post_event(table_id: str) -> ResponseReturnValue:
    return service.enter()


@bp.post("/<table_id>/undo")
def undo(table_id: str) -> ResponseReturnValue:
    return service.answer(service.record("undo", {}))


@bp.post("/<table_id>/redo")
def redo(table_id: str) -> ResponseReturnValue:
    """Enter the event the last undo took back again, as a new event, while nothing new was entered."""
    entry = last_undone(current(g.table))
    if entry is None:
        return service.refuse(gettext("There is nothing to redo: something was entered after the undo."))
    return service.answer(service.record("event", dict(entry.body)))


@bp.post("/<table_id>/take-back")
def take_back(table_id: str) -> ResponseReturnValue:
    """Take back the correction just made: the record format's undo withdraws the latest standing
    event, not a correction, so the corrected entry is corrected once more, back to what it was
    before (a new log line; the history shows both). Offered while the table's last log line is that
    correction; a seat's private entry (a sealed bid) is its own seat's to change."""
    rep = current(g.table)
    seq = last_corrected(rep)
    if seq is None or not take_back_allowed(rep, seq):
        return service.refuse(gettext("There is no correction to take back: something was entered after it."))
    prior = prior_body(rep, entry_index(rep, seq) or 0)
    return service.answer(service.record("correct", {"target": seq, "event": dict(prior or {})}))


@bp.route("/<table_id>/correct/<int:seq>", methods=["GET", "POST"])
def correct(table_id: str, seq: int) -> ResponseReturnValue:
    """Replace an earlier event; the log keeps the original and the correction. A seat changes its
    own sealed bid here too (at once: nobody else may see it to confirm it).

    With htmx the form is a sheet over the play surface (the history's "Correct" link swaps it in
    beside the table): a correction that stands answers with the table and closes the sheet; a
    refused one answers with the sheet again, the picks kept and the reason in it. Without
    JavaScript it is a page of its own, and a correction that stands opens the table at its answer."""
    rep = current(g.table)
    if isinstance(open_correction(g.table, rep, g.access.writer(), seq), Refused):
        abort(403)
    target = next((e for e in public_events(rep, g.access) if e.seq == seq), None)
    if target is None:
        abort(404)
    error, status, shown = None, 200, target.body
    if request.method == "POST":
        found = corrected_event(rep, target)
        event, error = found.body, found.refusal
        shown = {**target.body, **event, "type": target.body["type"]}  # a refused try keeps its picks
        if error is None:
            outcome = service.record("correct", {"target": seq, "event": event})
            rep, error, status = outcome.rep, outcome.error, outcome.status
        else:
            status = 422
        if status == 200 and htmx:
            closed = '<div id="correction-slot" hx-swap-oob="true"></div>'
            page = service.render_table("table/_main.html", rep) + closed + service.alarm(rep)
            return page, 200, {"HX-Retarget": "#table", "HX-Reswap": "outerHTML"}
        if status == 200:
            return redirect(url_for("table.show", table_id=table_id, _anchor="answer"))
    template = "table/_correction_sheet.html" if htmx else "table/correct.html"
    form = correction_page(link_of(g.table), rep, target, shown, error, g.access.reader_seat)
    return render_page(template, form), status


def corrected_event(rep: Replayed, target: Effective) -> FormEvent:
    """The corrected event from the correction form, read as its entry surface posts it (the game's
    ``Correction.readers``: the tiles left in each hand, a placement's cells and way round) or field by
    field; with the sentence why not, what was entered."""
    read = correction_of(rep.game.id).readers.get(str(target.body["type"]))
    return service.posted(None if read is None else read(rep, target.seq))


@bp.get("/<table_id>/record.json")
def export(table_id: str) -> Response:
    rep = current(g.table)
    data = json.dumps(public_record(rep, g.access, to_record(rep)), ensure_ascii=False, indent=2)
    name = f"referee-{g.table.game}-{table_id[:8]}.json"
    return Response(
        data, mimetype="application/json", headers={"Content-Disposition": f'attachment; filename="{name}"'}
    )


@bp.get("/<table_id>/qr/<which>.svg")
def qr(table_id: str, which: str) -> Response:
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
