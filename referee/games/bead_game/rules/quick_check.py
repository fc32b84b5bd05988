"""A bead-game line checked without a recorded hand (``/check``): is it a pattern (D12-D13), and what
would a tile laid on at its end, along it, score (D14-D15)? The board's own ``assess`` answers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.rules.base import IllegalEvent, _

from .events import halves
from .grid import Scored, assess, pattern_flaw

MAX_LINE = 12


@dataclass(frozen=True)
class LineCheck:
    values: tuple[int, ...]
    flaw: tuple[tuple[int, ...], int] | None  # the repeating block and the number it holds twice
    placement: Scored | None = None
    refusal: IllegalEvent | None = None


def check_line(values: Sequence[int], tile: str | None = None) -> LineCheck:
    """``values`` in order along the line (1-5, D1); ``tile`` like ``"3-1"``, its first number laid
    next to the line's last cell."""
    line = tuple(values)
    if not line:
        raise IllegalEvent("no_line", _("Tap the numbers of the line in order."))
    if len(line) > MAX_LINE or any(isinstance(v, bool) or not 1 <= v <= 5 for v in line):
        raise IllegalEvent("bad_line", _("A line holds up to %(n)s numbers from 1 to 5."), n=MAX_LINE)
    flaw = pattern_flaw(line)
    if tile is None:
        return LineCheck(line, flaw)
    first, second = halves(tile)
    board = {(0, i): v for i, v in enumerate(line)}
    n = len(line)
    result = assess(board, (0, n), (0, n + 1), first, second)
    if isinstance(result, IllegalEvent):
        return LineCheck(line, flaw, refusal=result)
    return LineCheck(line, flaw, placement=result)
