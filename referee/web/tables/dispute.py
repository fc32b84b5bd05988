"""The dispute report PDF (``/t/<id>/print/report.pdf``): a table's story, entry by entry.

It walks the log once, up to the range's end (``referee/store/walk.py``), and builds the table's
view only for the lines in the range, keeping nothing per line but the words to print. For each
entry in the range it prints who recorded what and when, what the game says the entry settled (its
``web.report_lines``: a claim's full breakdown, a count, a deal's score), the running totals when they
change, and at the end the breaches with the entry that proves them. Sealed events stay sealed for this reader exactly as on the live page. The PDF itself is laid out by printables/dispute_report.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, Response, current_app, g, request, url_for
from flask_babel import format_datetime, get_locale, gettext

from printables.dispute_report import DisputeReport, ReportLine, build_dispute_report
from printables.geometry import PAGE_SPECS
from referee.games import game as find_game
from referee.games import part
from referee.rules.base import D, RuleError, View, _, word
from referee.rules.numbers import whole_number
from referee.store.bounds import MAX_LOG_LINES
from referee.store.moments import check_moment
from referee.store.replay import Effective, LogEntry, Replayed, effective_events, replay
from referee.store.sharing import version
from referee.store.tables import log_of
from referee.store.walk import Walk
from referee.web.site.heavy import Kept
from referee.web.site.i18n import explain, say
from referee.web.tables import service

from .access import Access
from .log_rows import author_name
from .race_chart import race_chart

bp = Blueprint("dispute", __name__, url_prefix="/t")
bp.url_value_preprocessor(service.table_loader())

TYPE_WORDS = {
    "deal": _("Deal"),
    "declare": _("Declaration"),
    "trick": _("Trick"),
    "close": _("Close"),
    "claim": _("Claim"),
    "show": _("Tiles shown"),
    "hand": _("New hand"),
    "play": _("Play"),
    "draw": _("Draw"),
    "pass": _("Pass"),
    "end": _("End of the hand"),
    "call": _("Call"),
    "premium": _("Premium"),
    "bid": _("Bid"),
    "tricks": _("Tricks taken"),
    "round": _("Round"),
    "pick": _("Condition card picked"),
    "place": _("Placement"),
    "card": _("Custom condition card"),
}
PART_WORDS = {
    "deal": word(_("deal")),
    "hand": word(_("hand")),
    "round": word(_("round")),
}  # ?deal=N, ?hand=N, ?round=N
SEAT_FIELDS = ("seat", "leader", "dealer", "by")


def _value(game_id: str, key: str, value: Any, players: tuple[str, ...]) -> str:
    """A field as players write it: a seat by name, a card with its suit symbol, a tile as 6-4 (a text
    field as its game writes it: ``web.value_words``)."""
    if key in SEAT_FIELDS and isinstance(value, int) and 0 <= value < len(players):
        return players[value]
    if isinstance(value, list):
        return " ".join(_value(game_id, key, v, players) for v in value)
    if isinstance(value, dict):
        return " ".join(_value(game_id, k, v, players) for k, v in value.items())
    if isinstance(value, str):
        return str(part(game_id, "web").value_words(value))
    return str(value)


def entry_words(rep: Replayed, body: Mapping[str, Any]) -> str:
    """An event in words. The history's own sentences (``event_words``) when the app has them."""
    if body.get("sealed"):
        return gettext(
            "%(name)s made a sealed bid.", name=_value(rep.game.id, "seat", body.get("seat"), rep.players)
        )
    narrate = current_app.jinja_env.globals.get("event_words")
    if callable(narrate):
        said = narrate(rep, body)
        if said:
            return str(said)
    kind = str(body.get("type", ""))
    fields = ", ".join(
        _value(rep.game.id, k, v, rep.players)
        for k, v in body.items()
        if k not in ("type", "condition") and v is not None
    )
    said = gettext(TYPE_WORDS[kind]) if kind in TYPE_WORDS else kind
    return f"{said}: {fields}" if fields else said


def _private(view: View[D], index: int | None) -> int | None:
    """The seat an effective event is private to in this view (a sealed bid), else None."""
    return {i: s for i, s in view.detail.get("private_events", ())}.get(index)


def _range(log: list[LogEntry], game_id: str) -> tuple[int, int]:
    """Entries first..last (log lines, inclusive) from ?from=&to= or ?deal=N / ?hand=N / ?round=N: deal N
    spans the log lines from its deal to the line before the next deal's, as History's heading says."""
    last = log[-1].seq if log else 0
    big = find_game(game_id).steps[1:]  # the big step (deal, hand, round) of a game that has a small one too
    for types, name in big:
        if name in request.args:
            raw = request.args[name].strip()
            n = whole_number(raw) or 0
            # the deals that stand, as History groups them (an undone deal is no deal of the table)
            starts = [e.seq for e in effective_events(log)[0] if e.body.get("type") in types]
            if not 1 <= n <= len(starts):
                raise RuleError(
                    "no_such_part",
                    _("There is no %(part)s %(n)s at this table."),
                    part=PART_WORDS[name],
                    n=raw,
                )
            end = starts[n] - 1 if n < len(starts) else last
            return starts[n - 1], end
    first = check_moment(request.args.get("from", 1 if last else 0), last)
    to = check_moment(request.args.get("to", last), last)
    return max(first, 1 if last else 0), to


@dataclass(frozen=True)
class _Walked:
    """An entry of the range as the walk met it: what its words need once the table at the end of the
    range is known (a sealed bid entered here may be open by then, or still sealed)."""

    entry: LogEntry
    private_then: int | None  # the seat its event (or the event it corrected) was private to just after it
    about: Effective | None  # an undo: the event undone; a correction: the event as it stood before
    undo_visible: bool  # an undo: this reader may see what it undid
    outcome: list[ReportLine]


REPORT_ENTRIES = 500
"""The most entries one report prints (about 20 pages, any real game whole): a longer range prints its
last 500, and says where it starts; the moment page prints the report up to any moment."""
WORK = 2 * MAX_LOG_LINES
"""The most events one report applies before it stops telling what each entry changed (a log of
corrections of its first entries would replay the table once per correction)."""


def report_lines(
    log: list[LogEntry], words: Replayed, first: int, to: int, access: Access
) -> tuple[list[ReportLine], Replayed]:
    """The report's lines for entries first..to, and the table at ``to``: one walk over the log up to
    ``to`` (``Walk``), the views built only inside the range. ``words`` is the empty table, whose game
    and players put events into words."""
    walk = Walk(words.game, words.players, words.options)
    walked: list[_Walked] = []
    stopped: int | None = None  # the entry from which the views were left out (WORK spent)
    for entry in log:
        if entry.seq > to:
            break
        if entry.seq < first:
            walk.step(entry)
            continue
        if stopped is None and walk.applied > WORK:
            stopped = entry.seq
        before = walk.view() if stopped is None else None
        about, index = walk.step(entry)
        after = walk.view() if stopped is None else None
        walked.append(_walked(entry, words, before, after, about, index, access))
    final = walk.replayed()
    final_index = {e.seq: i for i, e in enumerate(final.effective)}
    lines: list[ReportLine] = []
    for step in walked:
        if step.entry.seq == stopped:
            text = gettext(
                "From entry %(n)s on, this report does not say what each entry changed: the table has too "
                "many corrections of early entries to replay them all. Scan a page's code to see the "
                "table at that moment.",
                n=stopped,
            )
            lines.append(ReportLine(text, stopped, "heading"))
        lines.append(_entry_line(step, words, final, final_index, access.reader_seat))
        lines.extend(step.outcome)
    for b in final.view.breaches:
        entry_no = final.seq_of(b.event)
        proof = final.seq_of(b.detected_at)  # the entry that proves it, when the rules say
        text = gettext(
            "Rule break (%(rule)s) in entry %(n)s: %(message)s",
            rule=b.rule,
            n=entry_no or "?",
            message=say(b.message, dict(b.params)),
        )
        if proof is not None and proof != entry_no:
            text += " " + gettext("(proved by entry %(n)s)", n=proof)
        lines.append(ReportLine(text, proof or to, "detail"))
    return lines, final


def _walked(
    entry: LogEntry,
    words: Replayed[D],
    before: View[D] | None,
    after: View[D] | None,
    about: Effective | None,
    index: int | None,
    access: Access,
) -> _Walked:
    """What the walk knew at this entry. Without views (``WORK`` spent), an event of a kind the game
    may keep sealed (``Game.private_events``) counts as private to its seat, so nothing sealed leaks."""
    seat = access.reader_seat
    body = about.body if about is not None else {}
    if before is None or after is None:
        maybe = body.get("seat") if body.get("type") in words.game.private_events else None
        return _Walked(entry, maybe, about, maybe in (None, seat), [])
    outcome = _outcome(words, before, after, entry.seq, access)
    if entry.kind == "undo":
        return _Walked(entry, None, about, _private(before, index) in (None, seat), outcome)
    return _Walked(entry, _private(after, index), about, False, outcome)


def _entry_line(
    step: _Walked, words: Replayed, final: Replayed, final_index: dict[int, int], seat: int | None
) -> ReportLine:
    """An entry's own line: who recorded what and when; a sealed event as this reader may see it at
    the end of the range."""
    entry = step.entry
    when = format_datetime(entry.at, "HH:mm") if entry.at else ""
    head = (
        gettext("Entry %(n)s", n=entry.seq) + (f" · {when}" if when else "") + f" · {author_name(entry.author, words.players)}"
    )
    if entry.kind == "event":
        sealed_now = _private(final.view, final_index[entry.seq]) if entry.seq in final_index else step.private_then
        hidden = sealed_now is not None and sealed_now != seat
        body = (
            {"type": entry.body.get("type"), "seat": entry.body.get("seat"), "sealed": True} if hidden else entry.body
        )
        return ReportLine(f"{head}: {entry_words(words, body)}", entry.seq)
    if entry.kind == "undo":
        gone = step.about
        text = gettext("undid the entry before")
        if gone is not None and step.undo_visible:
            text = gettext("undid entry %(n)s: %(what)s", n=gone.seq, what=entry_words(words, gone.body))
        return ReportLine(f"{head}: {text}", entry.seq)
    target = entry.body.get("target")
    sealed_now = _private(final.view, final_index[target]) if target in final_index else step.private_then
    if sealed_now is not None and sealed_now != seat:  # a sealed bid changed: who and when only
        text = gettext("changed sealed entry %(n)s", n=target)
    else:
        old = step.about
        text = gettext(
            "corrected entry %(n)s from %(old)s to %(new)s",
            n=target,
            old=entry_words(words, old.body) if old else "?",
            new=entry_words(words, entry.body.get("event", {})),
        )
    return ReportLine(f"{head}: {text}", entry.seq)


def _outcome(words: Replayed[D], before: View[D], after: View[D], moment: int, access: Access) -> list[ReportLine]:
    """What an entry changed: what the game says it settled (a claim line by line), then the totals when
    they moved."""
    out: list[ReportLine] = []
    game, players = words.game, words.players
    now, was = (game.public_detail(view.detail, access.reader_seat) for view in (after, before))
    out.extend(ReportLine(text, moment, "detail") for text in part(game.id, "web").report_lines(now, was, players))
    if tuple(after.totals) != tuple(before.totals):
        totals = gettext(", ").join(f"{n} {t}" for n, t in zip(players, after.totals, strict=True))
        out.append(ReportLine(gettext("Totals: %(totals)s", totals=totals), moment, "totals"))
    return out


KEPT = Kept(32 * 1024 * 1024)
"""This worker's finished reports (a few hundred kilobytes each), by table version and question."""


@bp.get("/<table_id>/print/report.pdf")
def report(table_id: str) -> Response:
    key = (
        table_id,
        version(g.table),
        g.access.reader_seat,
        str(get_locale()),
        request.host_url,
        tuple(sorted(request.args.items(multi=True))),
    )
    data = KEPT.get(key)
    if data is None:
        try:
            data = _report_pdf(table_id)
        except RuleError as err:
            return Response(explain(err), status=422, mimetype="text/plain")
        KEPT.put(key, data)
    return Response(
        data,
        mimetype="application/pdf",
        headers={"Content-Disposition": f'inline; filename="report-{table_id[:8]}.pdf"'},
    )


def _report_pdf(table_id: str) -> bytes:
    """The report's PDF for this request's range, paper and reader (RuleError: no such range)."""
    log = log_of(g.table)
    asked, to = _range(log, g.table.game)
    first = max(asked, to - REPORT_ENTRIES + 1)  # at most REPORT_ENTRIES, ending where asked
    words = replay(find_game(g.table.game), g.table.players, g.table.options, [])
    lines, final = report_lines(log, words, first, to, g.access)
    if first > asked:
        text = gettext(
            "A report prints at most %(n)s entries, so this one starts at entry %(first)s. For earlier "
            "entries, open the table at an earlier moment and print the report up to it.",
            n=REPORT_ENTRIES,
            first=first,
        )
        lines.insert(0, ReportLine(text, first, "heading"))
    game = final.game
    options = [
        f"{say(opt.label or opt.help or opt.id)}: "
        f"{gettext('yes') if v is True else gettext('no') if v is False else say(opt.choice_word(v))}"
        for opt in game.options
        for v in [final.options.get(opt.id, opt.default)]
    ]
    facts = (
        gettext("%(game)s · %(players)s", game=say(game.name), players=gettext(", ").join(final.players)),
        gettext("Started %(date)s", date=format_datetime(g.table.created_at, "yyyy-MM-dd HH:mm")),
        gettext(
            "Entries %(first)s to %(to)s of %(last)s", first=first, to=to, last=log[-1].seq if log else 0
        ),
        *options,
    )
    if final.view.finished and final.view.winners:
        lines.append(
            ReportLine(
                gettext(
                    "Finished. Winner: %(names)s",
                    names=gettext(", ").join(final.players[i] for i in final.view.winners),
                ),
                to,
                "heading",
            )
        )
    lines.append(
        ReportLine(
            gettext(
                "Final totals: %(totals)s",
                totals=gettext(", ").join(f"{n} {t}" for n, t in zip(final.players, final.view.totals, strict=True)),
            ),
            to,
            "heading",
        )
    )
    spec = PAGE_SPECS.get(request.args.get("paper", "a4").lower(), PAGE_SPECS["a4"])
    doc = DisputeReport(
        title=gettext("Dispute report"),
        facts=facts,
        lines=tuple(lines),
        link=lambda k: url_for("table.show", table_id=table_id, at=k, _external=True),
        caption=lambda k: gettext("Scan to open the table as it stood after entry %(k)s.", k=k),
        page_label=lambda n, total: gettext("Page %(n)s of %(total)s", n=n, total=total),
        race=race_chart(final, g.access).page(),  # the race as of the report's last entry (issue 32)
    )
    return build_dispute_report(doc, spec=spec)
