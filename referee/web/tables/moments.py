"""Time travel: a table as it stood after any log line K, read-only, with steps to walk through it.

``/t/<id>?at=K`` shows the replay of the first K log lines (referee/store/moments.py) with the same
redaction as the live page for this phone's role; each step (entry, trick, deal...) is a plain link,
so a moment can be shared. Which event types start a trick or a deal is the game's (``Game.steps``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Generic

from flask import g
from flask_babel import gettext

from referee.games import game as find_game
from referee.rules.base import D, RuleError
from referee.store.moments import check_moment, state_at
from referee.store.replay import Effective, LogEntry, Replayed
from referee.store.tables import current, log_of
from referee.web.page import render_page
from referee.web.site.i18n import explain

from .access import Access
from .log_rows import log_rows
from .table_page import TableLink, TablePage, link_of, table_page


def step_words() -> dict[str, tuple[str, str]]:
    """Link words per step name: (previous, next)."""
    return {
        "entry": (gettext("Previous entry"), gettext("Next entry")),
        "trick": (gettext("Previous trick"), gettext("Next trick")),
        "play": (gettext("Previous play"), gettext("Next play")),
        "placement": (gettext("Previous placement"), gettext("Next placement")),
        "deal": (gettext("Previous deal"), gettext("Next deal")),
        "hand": (gettext("Previous hand"), gettext("Next hand")),
        "round": (gettext("Previous round"), gettext("Next round")),
    }


@dataclasses.dataclass(frozen=True)
class Step:
    name: str
    previous: int | None
    next: int | None


def steps(game_id: str, log: list[LogEntry], k: int) -> list[Step]:
    """Where each step goes from moment ``k``: the nearest moment before/after it that ends with an
    entry of that kind (a trick recorded, a deal started), or None at either end."""
    last = log[-1].seq if log else 0
    out = [Step("entry", k - 1 if k > 0 else None, k + 1 if k < last else None)]
    for types, name in find_game(game_id).steps:
        marks = [e.seq for e in log if _type_of(e) in types]
        out.append(
            Step(
                name,
                max((m for m in marks if m < k), default=None),
                min((m for m in marks if m > k), default=None),
            )
        )
    return out


def _type_of(entry: LogEntry) -> Any:
    """The event type a log line records; undo and correction lines are entry steps only."""
    return entry.body.get("type") if entry.kind == "event" else None


def corrected_later(log: list[LogEntry], k: int) -> dict[int, LogEntry]:
    """Entries of moment ``k`` that a correction after it changed: entry seq -> the last such correction.
    A moment replays the log as it stood (a correction is a later line of its own), so it shows the entry
    as first recorded; a new player settling a dispute saw the old tile where History showed the new one,
    so the page says what each was corrected to and when (issue 27)."""
    return {
        e.body["target"]: e
        for e in log
        if e.kind == "correct" and e.seq > k and e.body["target"] <= k and not e.body["event"].get("sealed")
    }


class ReadOnly(Access):
    """The reader's rights for what they may see, but nothing to record: a moment is history."""

    @property
    def can_write(self) -> bool:
        return False


@dataclasses.dataclass(frozen=True)
class MomentPage(Generic[D]):
    """A moment of the table (``k`` its log line; None with ``error`` when there is no such moment,
    the table then shown as it stands): its replay and page as this reader sees them, typed by the
    game's view detail ``D``, the steps to the moments around it, the entry it ends with, and the
    entries a later correction changed."""

    table: TableLink
    access: Access
    last: int
    words: Mapping[str, tuple[str, str]]
    rep: Replayed[D]
    page: TablePage[D]
    error: str | None
    k: int | None
    steps: tuple[Step, ...]
    entry: LogEntry | None
    corrected_later: Mapping[int, LogEntry]
    rows: tuple[Effective, ...] = ()
    """The history up to this moment, newest first: the events that stand and the undo and correction lines."""
    notes: Mapping[int, str] = dataclasses.field(default_factory=dict)
    """The sentence of each undo and correction line among ``rows``, by its number (``log_rows``)."""


def moment_page(
    table: TableLink, rep: Replayed[D], reader: ReadOnly, log: list[LogEntry], k: int | None, error: str | None = None
) -> MomentPage[D]:
    """``rep`` (the table after its log line ``k``, or as it stands when there is no moment ``k``:
    ``error`` says why) as ``reader`` sees it, with its steps and entries, all worked out."""
    page = table_page(rep, reader, answer=False, history=False)
    notes = log_rows(rep, reader, page.shown)
    return MomentPage(
        table=table,
        access=reader,
        last=log[-1].seq if log else 0,
        words=step_words(),
        rep=rep,
        page=page,
        error=error,
        k=k,
        steps=() if k is None else tuple(steps(rep.game.id, log, k)),
        entry=None if k is None else next((e for e in log if e.seq == k), None),
        corrected_later={} if k is None else corrected_later(log, k),
        rows=tuple(sorted((*page.shown, *(e for e, _ in notes)), key=lambda e: e.seq, reverse=True)),
        notes={e.seq: sentence for e, sentence in notes},
    )


def render_moment(raw_at: str, access: Access) -> tuple[str, int]:
    """The moment page; for a moment that does not exist, the page says why (422) with the table now."""
    log = log_of(g.table)
    reader = ReadOnly(access.scorer, access.seat)
    table = link_of(g.table)
    try:
        k = check_moment(raw_at, log[-1].seq if log else 0)
    except RuleError as err:
        return render_page("table/moment.html", moment_page(table, current(g.table), reader, log, None, explain(err))), 422
    return render_page("table/moment.html", moment_page(table, state_at(g.table, k, log), reader, log, k)), 200
