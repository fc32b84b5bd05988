"""The undo and correction lines of a table's log as rows of its History, each at its own number.

An entry's number is its log line (README: one entry number everywhere), and an undo or a correction
is a log line too: listed only as notes on other rows, it left a gap in the History ("entries 10, 11,
13": what was 12?). Each is a row of its own that says in a sentence who did what to which entry,
with what the entry was (an undo) or is now (a correction) as this reader may see it: another seat's
sealed bid stays "Ben sealed a bid." for the viewer and the other seats, the scorer included.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from flask_babel import gettext

from referee.rules.base import D
from referee.store.replay import Effective, LogEntry, Replayed

from .access import Access
from .undo import shown_body
from .words import event_words


def author_name(author: str, players: tuple[str, ...]) -> str:
    """Who wrote a log line, as a player says it: a seat by its player's name, else the scorer."""
    if author == "scorer":
        return gettext("the scorer")
    if author == "api":
        return gettext("the scorer (API)")
    if author == "import":
        return gettext("an imported record")
    if author.startswith("seat") and author[4:].isdigit() and int(author[4:]) < len(players):
        return players[int(author[4:])]
    return author


def _what(rep: Replayed[D], access: Access, body: Mapping[str, Any]) -> str:
    """An event as this reader may see it, in words, without the full stop a sentence of ours adds."""
    return event_words(rep, shown_body(rep, access, body)).rstrip(".。")


def _correction(rep: Replayed[D], access: Access, target: Effective, line: LogEntry) -> tuple[Effective, str]:
    who = author_name(line.author, rep.players)
    private = shown_body(rep, access, target.body).get("sealed") or target.body.get("sealed")
    if private or not line.body.get("event"):  # a sealed bid changed: who and when, not what
        return Effective(line.seq, {"type": "correct"}), gettext(
            "Entry %(n)s (a sealed entry) changed by %(who)s.", n=target.seq, who=who
        )
    what = _what(rep, access, line.body["event"])
    return Effective(line.seq, {"type": "correct"}), gettext(
        "Entry %(n)s corrected by %(who)s: now %(what)s.", n=target.seq, who=who, what=what
    )


def log_rows(rep: Replayed[D], access: Access, shown: Iterable[Effective]) -> list[tuple[Effective, str]]:
    """The undo and correction lines, each as a row (an ``Effective`` whose body's type is the line's
    kind, so no "Correct" link is offered for it) with its sentence, in log order. ``shown``: the events
    that stand as this reader may see them (``presenting.public_events``)."""
    rows: list[tuple[Effective, str]] = []
    for e in shown:
        rows.extend(_correction(rep, access, e, c) for c in e.corrections)
    for undo in rep.undos:
        gone = undo.gone
        rows.extend(_correction(rep, access, gone, c) for c in gone.corrections)
        what = _what(rep, access, gone.body)
        who = author_name(undo.line.author, rep.players)
        sentence = gettext("Entry %(n)s undone by %(who)s: %(what)s.", n=gone.seq, who=who, what=what)
        rows.append((Effective(undo.line.seq, {"type": "undo"}), sentence))
    return sorted(rows, key=lambda row: row[0].seq)


def with_log_rows(
    rep: Replayed[D], access: Access, lines: Iterable[tuple[Effective, str]]
) -> list[tuple[Effective, str]]:
    """The History's rows in log order: the events that stand (``lines``, as ``words.history`` gives
    them) and the undo and correction lines between them."""
    lines = list(lines)
    rows = lines + log_rows(rep, access, (e for e, _ in lines))
    return sorted(rows, key=lambda row: row[0].seq)
