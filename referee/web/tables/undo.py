"""Undo that says what it undid, and a one-tap redo while nothing new was entered.

The log is append-only: undo is a log line that takes back the last standing event, and redo
appends that event again as a new event like any other (so the history shows all three). Redo is
offered exactly while the table's last log line is an undo, which is read off the replayed table:
the last log line was an event if the last standing event carries that seq, a correction if some
standing event lists it among its corrections (``last_corrected``), and otherwise an undo.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules.base import D
from referee.store.replay import LogEntry, Replayed

from .access import Access


def last_undone(rep: Replayed[D]) -> LogEntry | None:
    """The event the table's last log line undid, or None when that line was not an undo."""
    if not rep.undone or rep.last_seq == 0:
        return None
    if rep.effective and rep.effective[-1].seq == rep.last_seq:
        return None
    if last_corrected(rep) is not None:
        return None
    return rep.undone[-1]


def last_corrected(rep: Replayed[D]) -> int | None:
    """The seq of the event the table's last log line corrected, or None when that line was no
    correction: the answer then says "Corrected:" with that entry as it now stands, not
    "Recorded:" with the latest one."""
    for event in rep.effective:
        if any(c.seq == rep.last_seq for c in event.corrections):
            return event.seq
    return None


def shown_body(rep: Replayed[D], access: Access, body: Mapping[str, Any]) -> dict[str, Any]:
    """An undone event as this reader may see it. A game's private event (``Game.private_events``: a
    sealed Ninety-Nine bid) is shown only to its own seat, as the history does; everyone else, the scorer
    included, reads just its type and seat. A seat's public entry (a premium bid) is shown whole."""
    body = dict(body)
    if body.get("type") in rep.game.private_events and str(body.get("seat")) != str(access.seat):
        return {"type": body.get("type"), "seat": body.get("seat"), "sealed": True}
    return body
