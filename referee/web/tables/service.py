"""The one way a request reaches a table: find it with this phone's rights, record a line, answer.

Every table page, game page, printout and the JSON API go through here, so a table is looked up,
its reader's rights worked out and a write sent in one place: a new game's page cannot forget
the game check. Who may write what (the seat rule, sealed entries, the stale-page guard, whether a
correction is appended or waits for a seat) is the store's decision (``store.writing.write``); this
module only speaks HTTP around it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import abort, g, redirect, request, url_for
from flask_babel import gettext
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response as WerkzeugResponse

from referee.extensions import htmx
from referee.games import game as find_game
from referee.rules.base import D, MalformedEvent, RuleError, _
from referee.rules.forms import FormEvent, FormReader, decode_form
from referee.rules.numbers import whole_number
from referee.store.models import GameTable
from referee.store.replay import Effective, Replayed, ReplayError
from referee.store.sharing import CONFIRMED, PENDING, REJECTED, corrections_of
from referee.store.tables import current, get_table
from referee.store.writing import Reason, Refused, write
from referee.web.page import render_page
from referee.web.site.i18n import explain
from referee.web.updates.next_table import page_live

from .access import Access, access_for, held_links
from .correction_form import correction_of, field_label
from .table_page import Answer, Corrections, Proposed, TableScreen, link_of, page_of

Page = tuple[str, int] | tuple[str, int, dict[str, str]]
"""A rendered table page or fragment with its status (and, for a refusal through htmx, where it swaps)."""


def find(table_id: Any, *, game: str | None = None, token: str | None = None) -> tuple[GameTable, Access] | None:
    """The table with this id (of this game, when given) and the rights this request has there:
    the presented ``token`` (a link or ``Authorization: Bearer``), else the links this phone holds."""
    table = get_table(table_id) if isinstance(table_id, str) else None
    if table is None or (game is not None and table.game != game):
        return None
    return table, access_for(table, token or None)


def open_table(table_id: Any, *, game: str | None = None, token: str | None = None) -> GameTable:
    """``find``, kept for this request as ``g.table`` and ``g.access``; 404 when there is none."""
    found = find(table_id, game=game, token=token)
    if found is None:
        abort(404)
    table, g.access = found
    g.table = table
    return table


def table_loader(game: str | None = None) -> Callable[[str | None, dict[str, Any] | None], None]:
    """A blueprint's ``url_value_preprocessor``: every URL naming a table opens it (of ``game`` only)."""

    def load(_endpoint: str | None, values: dict[str, Any] | None) -> None:
        if values and "table_id" in values:
            open_table(values["table_id"], game=game)

    return load


@dataclass(frozen=True)
class Outcome:
    """A form's write as the page answers it: the table to show, and why not (with the status)."""

    rep: Replayed
    error: str | None = None
    status: int = 200


def based_on() -> int | None:
    """The seq of the page a form was made on (its ``based_on`` field), None when the form names
    none (a script's form); a value that is no seq is refused, never taken as "no check"."""
    if "based_on" not in request.form:
        return None
    seq = whole_number(request.form["based_on"])
    if seq is None:
        raise MalformedEvent(
            "bad_based_on",
            _("This form did not say which state of the table it was made on: reload the page and enter it again."),
        )
    return seq


def posted(read: FormReader | None = None) -> FormEvent:
    """The event this request's form posted at ``g.table``, by the one form decoder
    (``rules.forms.decode_form``; ``read`` is the game's reader when its page posts its own fields)."""
    return decode_form(find_game(g.table.game), request.form, read)


def sent() -> MultiDict[str, str]:
    """What this request sent (its form, or its query for a GET), as entered: for a page shown again
    with it, a preview, or a quick check's question (``QuickCheck.read``), which records nothing.
    An entry's event is read by ``posted`` alone."""
    return request.form if request.method == "POST" else request.args


def enter(read: FormReader | None = None) -> Page | WerkzeugResponse:
    """Record the event this request's form posted, or refuse it with why not (what was entered kept)."""
    found = posted(read)
    if found.refusal is not None:
        return refuse(found.refusal)
    return answer(record("event", found.body))


def record(kind: str, body: Mapping[str, Any]) -> Outcome:
    """A form's log line at ``g.table`` (its event decoded by ``posted`` first), written by the
    store's one write command: the new state, or the unchanged one with why not. 403 when this
    phone may not write it (a seat's phone is told why)."""
    table = g.table
    line = dict(body)
    try:
        page_seq = based_on()
    except RuleError as err:
        return Outcome(current(table), explain(err), 422)
    written = write(
        table,
        g.access.writer(),
        kind,
        line,
        based_on=page_seq,
        from_page=True,
        idempotency_key=request.form.get("idem") or None,
    )
    if not isinstance(written, Refused):
        return Outcome(written.state)
    if written.reason is Reason.FORBIDDEN:
        if written.error is None:  # a viewer's
            abort(403)
        # a seat's phone is told what it enters; its page swaps in a refused entry's answer (422), no 403
        return Outcome(written.state, explain(written.error), 422 if htmx else 403)
    if written.reason is Reason.STALE:
        message = gettext(
            "Someone else recorded something just now. Here is the table as it stands: check it, then enter yours again if it is still needed."
        )
        return Outcome(written.state, message, 409)
    assert written.error is not None  # PRIVATE and REFUSED say why
    reason = form_reason(written.error, kind)
    later = later_entry(written, kind, line)
    if later is not None:
        reason = gettext(
            "Entry %(n)s, later in the game, does not fit this change: %(why)s Correct entry %(n)s so that it fits, then make this change again.",
            n=later,
            why=reason,
        )
    return Outcome(written.state, reason, 422)


def later_entry(written: Refused, kind: str, line: Mapping[str, Any]) -> int | None:
    """The entry (its log line) a refused correction breaks further on, when it is not the corrected
    one and this reader may see it: the rules' refusal is about that entry ("Tiles in Ben's hand: 2"
    said of a hand's end after its draw was corrected), which the player must be told to fix first."""
    err = written.error
    if kind != "correct" or not isinstance(err, ReplayError):
        return None
    rep = written.state
    if not 0 <= err.index < len(rep.effective):
        return None
    private = dict(rep.view.detail.get("private_events", ()))  # a sealed entry is named only to its seat
    if private.get(err.index, g.access.seat) != g.access.seat:
        return None
    seq = rep.effective[err.index].seq
    return seq if seq != line.get("target") else None


def form_reason(err: RuleError, kind: str = "event") -> str:
    """Why a form's entry was refused, in a player's words: a field the form left empty is named as
    its picker's label ("Tile"), not as the record format's field (the API keeps its own sentence),
    or told what to do on the surface that left it empty: the table's or (``kind`` "correct") the
    correction sheet's, whose controls differ."""
    if err.code == "missing_field":
        field = str(err.params.get("field", ""))
        how = correction_of(g.table.game)
        said = (how.missing_in_sheet if kind == "correct" else how.missing).get(field)
        if said is not None:
            return str(said)
        what = field_label(g.table.game, field)
        return gettext("Nothing was chosen for “%(what)s”: choose it, then send again.", what=what)
    return explain(err)


def corrections(table: GameTable, shown: Sequence[Effective]) -> Corrections:
    """Proposed corrections for the history: pending ones, and who confirmed or rejected each, to a
    reader who sees the entries as ``shown`` (a sealed bid's cards stay with its seat)."""
    rows = corrections_of(table)
    seen = {e.seq: e.body for e in shown}
    return Corrections(
        pending=tuple(Proposed.of(r, seen.get(r.target)) for r in rows if r.status == PENDING),
        confirmed_by={
            r.applied_seq: Proposed.of(r, seen.get(r.target))
            for r in rows
            if r.status == CONFIRMED and r.applied_seq is not None
        },
        rejected=tuple(Proposed.of(r, seen.get(r.target)) for r in rows if r.status == REJECTED),
    )


def render_table(
    template: str,
    rep: Replayed[D],
    *,
    access: Access | None = None,
    error: str | None = None,
    recent: int | None = None,
) -> str:
    """A template that shows ``g.table`` as ``rep`` to ``access`` (this request's reader when None):
    its ``TableScreen``, with all it shows beyond the replay (the corrections waiting or decided, the
    version live pages poll from, ``page``) worked out first (table_page.py): templates only show."""
    reader = g.access if access is None else access
    polled, later = page_live(g.table, reader)  # a seat's at a club night: with its next table
    page = page_of(rep, reader, error=error)
    screen = TableScreen(
        table=link_of(g.table),
        rep=rep,
        access=reader,
        page=page,
        corrections=corrections(g.table, page.shown),
        links=held_links(g.table) if reader.scorer else {},  # the share box's links (scorer only)
        version=polled,
        next_table=later,
        error=error,
        recent=recent,
    )
    return render_page(template, screen)


def render_answer(template: str, rep: Replayed[D], error: str | None) -> str:
    """The answer to this request's entry alone (``template``: the answer box or the alarm)."""
    page = page_of(rep, g.access, error=error, whole=False)
    return render_page(template, Answer(link_of(g.table), rep, g.access, page, error))


def render(rep: Replayed[D], *, error: str | None = None, status: int = 200) -> Page:
    """The table page (or its ``#table`` fragment). A refusal through htmx answers with the answer
    box alone, retargeted onto ``#answer``: the entry form is not re-rendered, so the player's
    selection stays and only the tile or card at fault needs changing."""
    if htmx and status == 422:
        body = render_answer("table/_answer.html", rep, error)
        return body + alarm(rep, error), status, {"HX-Retarget": "#answer", "HX-Reswap": "outerHTML"}
    if htmx:
        return render_table("table/_main.html", rep, error=error) + alarm(rep, error), status
    return render_table("table/page.html", rep, error=error), status


def alarm(rep: Replayed[D], error: str | None = None) -> str:
    """The out-of-band swap that has this phone's screen reader say the refusal of, or the verdict on,
    the player's own entry (issue 33), sent after the table with every htmx answer to an entry (a
    post: a page asked for again, such as a Five Up end chosen, is no new verdict)."""
    if request.method != "POST":
        return ""
    return render_answer("table/_alarm.html", rep, error)


def answer(outcome: Outcome) -> Page | WerkzeugResponse:
    """A form's answer: without JavaScript a write that stood opens the page at the answer."""
    if outcome.status == 200 and not htmx:
        return redirect(url_for("table.show", table_id=g.table.id, _anchor="answer"))
    return render(outcome.rep, error=outcome.error, status=outcome.status)


def same_query(url: str) -> str:
    """``url`` with this request's query string (repeated keys and their order kept): an old
    address redirects to its new one without losing what was asked."""
    query = request.query_string.decode("latin-1")
    return f"{url}?{query}" if query else url


def refuse(message: str) -> Page:
    """A game page's own refusal (a form it cannot read), shown like the rules' refusals (422)."""
    return render(current(g.table), error=message, status=422)
