"""A table as it stood at an earlier moment: the replay of its first K log lines.

The log is append-only and replay is pure, so the state after log line K is exactly what the table
answered when its ``seq`` was K: undo and correction lines after K have not happened yet, and a sealed
event private at K is still private in that replay. Nothing here writes.
"""

from __future__ import annotations

from referee.games import game as find_game

from ..rules.base import IllegalEvent, _
from ..rules.numbers import whole_number
from .models import GameTable
from .replay import LogEntry, Replayed, replay
from .tables import current, log_of


def check_moment(at: object, last: int) -> int:
    """``at`` (text or int) as a moment 0..last, or a RuleError saying which moments exist."""
    k = at if isinstance(at, int) and not isinstance(at, bool) else whole_number(at, signed=True)
    if k is None:
        raise IllegalEvent(
            "bad_moment", _("A moment is a whole number from 0 to %(last)s (the entries so far)."), last=last
        )
    if not 0 <= k <= last:
        raise IllegalEvent(
            "no_such_moment",
            _("There is no moment %(at)s: this table has moments 0 to %(last)s."),
            at=k,
            last=last,
        )
    return k


def state_at(table: GameTable, k: int, log: list[LogEntry] | None = None) -> Replayed:
    """The table after its first ``k`` log lines (0: before anything was recorded)."""
    now = current(table)
    if k == now.last_seq:
        return now
    lines = log if log is not None else log_of(table)
    return replay(find_game(table.game), table.players, table.options, [e for e in lines if e.seq <= k])
