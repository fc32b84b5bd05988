"""The table page as its templates show it (issue 30: templates only show).

Everything a table page or one of its fragments reads beyond the replayed table itself (the view
as this reader may see it, the events they may read, the answer's undo or correction and what that
correction changed, the history in groups, whose turn it is) is worked out here, once per request
and before rendering, into one frozen ``TablePage``. The templates read its fields; they call no
helper that replays, redacts or asks a game's rules (``tests/web/test_templates_only_show.py``).

A screen is rendered from one frozen page object around it (``referee.web.page.render_page``):
``TableScreen`` for the table page, a seat's or a viewer's, its ``#table`` fragment, the live poll's
and the big screen's; ``Answer`` for the answer box and the alarm sent with an entry's answer. They
hold the table as its links name it (``TableLink``) and the corrections as plain values
(``Proposed``), never a database row a template could still query through.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic

from flask import g

from referee.rules.base import Breach, D, View
from referee.store.models import GameTable
from referee.store.replay import Effective, LogEntry, Replayed
from referee.store.sharing import PendingCorrection

from .access import Access
from .answer_breaches import Part, answer_breaches, settled_part
from .correction_effect import Effect, correction_effect, take_back_allowed
from .history_groups import HistoryGroup, history_groups
from .log_rows import with_log_rows
from .presenting import public_events
from .race_chart import RaceChart, race_chart
from .turns import is_turn_of
from .undo import last_corrected, last_undone, shown_body
from .words import history as history_lines


@dataclass(frozen=True)
class TablePage(Generic[D]):
    """What one reader's table page shows, typed by the game's view detail ``D``."""

    view: View[D]
    """The game's view with its detail as this reader may see it (another seat's sealed bid left out)."""
    shown: tuple[Effective, ...]
    """The effective events as this reader may see them (``presenting.public_events``)."""
    your_turn: bool
    """Whether this seat's phone says "Your turn" (never the scorer's or a viewer's)."""
    undone: LogEntry | None = None
    """The event the table's last log line undid (the answer offers Redo), or None."""
    undone_body: Mapping[str, Any] | None = None
    """That undone event as this reader may see it."""
    corrected: int | None = None
    """The seq of the entry the last log line corrected, or None."""
    effect: Effect | None = None
    """What that correction changed for the players (worked out only when the answer shows it)."""
    take_back: bool = False
    """Whether the answer offers to take that correction back (the scorer, not a seat's sealed entry)."""
    lines: tuple[tuple[Effective, str], ...] = ()
    """The history, oldest first: each event this reader may see with its sentence, and each undo and
    correction line at its own number (``log_rows``)."""
    history: tuple[HistoryGroup, ...] = ()
    """The same history in groups, one per deal (hand, round), newest first."""
    race: RaceChart | None = None
    """The race chart as this reader may see it."""
    settles: Part | None = None
    """The part (deal, hand) the latest entry settles, by the game's word (its answer says the part's score)."""
    rule_breaks: tuple[Breach, ...] = ()
    """The rule breaks the game's verdict on the latest entry says (``table/_breaches.html``): every one of the
    part it settles, else those it proves."""


def table_page(
    rep: Replayed[D],
    access: Access,
    *,
    error: str | None = None,
    answer: bool = True,
    history: bool = True,
    race: bool = True,
) -> TablePage[D]:
    """``rep`` as ``access`` sees it, with the parts the page shows: ``answer``, the answer to the
    last log line (an undo, or a correction and what it changed: a replay, so worked out only when
    no refusal is on screen); ``history``, the history list; ``race``, the race chart. A refused
    entry's answer box and the alarm sent with it show only the answer, a past moment no answer."""
    view = dataclasses.replace(rep.view, detail=access.visible_detail(rep))
    shown = tuple(public_events(rep, access))
    settles = settled_part(rep.game.id, view.detail, shown[-1].body if shown else None)
    page = TablePage(
        view=view,
        shown=shown,
        your_turn=not (access.scorer or view.finished) and is_turn_of(rep.game.id, view.detail, access.seat),
        race=race_chart(rep, access) if race else None,
        settles=settles,
        rule_breaks=answer_breaches(view, rep.effective, settles),
    )
    undone, corrected = last_undone(rep), last_corrected(rep)  # never both: the last line is one or the other
    if answer:
        page = dataclasses.replace(
            page,
            undone=undone,
            undone_body=shown_body(rep, access, undone.body) if undone else None,
            corrected=corrected,
        )
    if answer and corrected is not None and error is None:
        page = dataclasses.replace(
            page,
            effect=correction_effect(rep, corrected),
            take_back=access.can_write and take_back_allowed(rep, corrected),
        )
    if history:
        lines = tuple(with_log_rows(rep, access, history_lines(rep, access)))
        page = dataclasses.replace(page, lines=lines, history=history_groups(lines, rep.game, rep.players, rep.last_seq))
    return page


def page_of(
    rep: Replayed[D], access: Access, *, error: str | None = None, whole: bool = True
) -> TablePage[D]:
    """``table_page`` with its answer (``whole``: and its history and race), kept for this request:
    the table and the alarm sent with one entry's answer show the same page, so it is built once (a
    correction's effect costs a replay)."""
    kept = g.get("table_page")
    if kept is not None:
        k_rep, k_access, k_error, k_whole, k_page = kept
        same = k_rep is rep and k_access == access and k_error == error and (k_whole or not whole)
        if same and isinstance(k_page, TablePage):  # a page of ``rep`` is a page of its detail type
            return k_page
    page = table_page(rep, access, error=error, history=whole, race=whole)
    g.table_page = (rep, access, error, whole, page)
    return page


@dataclass(frozen=True)
class TableLink:
    """The table as its pages name it: its id for the links, and whether a correction there waits
    for a seat to confirm it (the row itself stays in the view)."""

    id: str
    confirm_corrections: bool


def link_of(table: GameTable) -> TableLink:
    return TableLink(table.id, table.confirm_corrections)


@dataclass(frozen=True)
class Proposed:
    """A correction the scorer proposed, as the history shows it to one reader: which entry, the event
    proposed, who proposed it and when, who decided it (None while it waits), and the entry it corrects
    as that reader sees it (None: not among the entries they see)."""

    id: int
    target: int
    event: Mapping[str, Any]
    """The event proposed as this reader may read it: a correction of a sealed bid this reader may not
    open is said as the entry it corrects is (its type and seat), so the bid's cards stay with its seat."""
    proposed_by: str
    proposed_at: datetime
    decided_by: str | None
    was: Mapping[str, Any] | None = None

    @classmethod
    def of(cls, row: PendingCorrection, was: Mapping[str, Any] | None) -> Proposed:
        """``row`` to a reader who sees the entry it corrects as ``was``."""
        event = was if was is not None and was.get("sealed") else row.event
        return cls(row.id, row.target, event, row.proposed_by, row.proposed_at, row.decided_by, was)


@dataclass(frozen=True)
class Corrections:
    """The table's proposed corrections: those waiting, those confirmed (by the seq they were applied
    as), and those rejected."""

    pending: tuple[Proposed, ...]
    confirmed_by: Mapping[int, Proposed]
    rejected: tuple[Proposed, ...]


@dataclass(frozen=True)
class TableScreen(Generic[D]):
    """The table as one reader's screen shows it (the scorer's, a seat's, a viewer's, the big screen's):
    the replay and its ``page``, the corrections proposed, the share box's links (the scorer's only),
    the version the page polls from and the reader's next table at a club night, and why the last
    entry was refused (None: it stood, or nothing was entered)."""

    table: TableLink
    rep: Replayed[D]
    access: Access
    page: TablePage[D]
    corrections: Corrections
    links: Mapping[str, str | None]
    version: str
    next_table: tuple[str, int] | None
    error: str | None
    recent: int | None = None
    """How many of the latest entries the big screen lists (None: the screen's own number)."""


@dataclass(frozen=True)
class Answer(Generic[D]):
    """The answer to one entry alone (the answer box swapped onto a refusal, the alarm a screen
    reader says): the replay, its page and why the entry was refused."""

    table: TableLink
    rep: Replayed[D]
    access: Access
    page: TablePage[D]
    error: str | None
