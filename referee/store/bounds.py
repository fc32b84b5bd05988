"""How big one table may grow, so no request on it costs more than a bounded replay.

A table's state is the replay of its log, and an undo, a correction or a server's first read replays
all of it. ``MAX_LOG_LINES`` caps the log (game events, undos and corrections alike) far above any
real game (a long evening at a game with no natural end is a few hundred lines; every other game
ends on its own well before): at the cap a full replay takes a few hundred milliseconds
(benchmarks/isolation.py), and a record longer than the cap is refused before it is replayed.
"""

from __future__ import annotations

from ..rules.base import IllegalEvent, MalformedEvent, _

MAX_LOG_LINES = 5000


def check_room(lines: int) -> None:
    """Refuse one more log line at a table that already holds ``lines``."""
    if lines >= MAX_LOG_LINES:
        raise IllegalEvent(
            "table_full",
            _("This table is full: a table holds at most %(max)s entries. Start a new table to go on."),
            max=MAX_LOG_LINES,
        )


def record_too_long(events: int) -> MalformedEvent | None:
    """The refusal of a record with more events than a table may hold, or None."""
    if events <= MAX_LOG_LINES:
        return None
    return MalformedEvent(
        "too_many_events",
        _("A table holds at most %(max)s events; this record has %(count)s. Split it into several records."),
        max=MAX_LOG_LINES,
        count=events,
    )
