"""A Five Up count checked without a recorded hand (``/check``): the open ends as players see them.

Each open end is a number (the free half of a simple tile) or a double with a free side. They become
layout nodes, and the layout's own count (F15), formula and score (F16) answer: nothing is counted here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..base import IllegalEvent, MalformedEvent, _
from ..tiles import Tile
from .layout import Node, count, formula, points

MAX_ENDS = 12


@dataclass(frozen=True)
class CountCheck:
    count: int
    formula: str
    points: int


def _number(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 6:
        raise MalformedEvent("bad_end", _("An open end shows a number from 0 to 6."))
    return value


def check_count(ends: Sequence[tuple[str, Any]]) -> CountCheck:
    """``ends``: ``("end", n)`` for a simple tile's free number n, ``("double", n)`` for the double
    n-n with a side free (it counts twice its number once, F15)."""
    if not ends:
        raise IllegalEvent("no_ends", _("Tap at least one open end."))
    if len(ends) > MAX_ENDS:
        raise IllegalEvent("too_many_ends", _("A layout has at most %(n)s open ends here."), n=MAX_ENDS)
    nodes: list[Node] = []
    doubles: set[int] = set()
    for kind, raw in ends:
        n = _number(raw)
        if kind == "double":
            if n in doubles:
                raise IllegalEvent("double_twice", _("There is only one %(tile)s."), tile=Tile(n, n))
            doubles.add(n)
            nodes.append(Node(tile=Tile(n, n), seat=0, sides_free=1))
        else:
            nodes.append(Node(tile=Tile.of(n, (n + 1) % 7), seat=0, free=(n,)))
    layout = tuple(nodes)
    total = count(layout)
    return CountCheck(total, formula(layout), points(total))
