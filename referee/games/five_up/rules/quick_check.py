"""A Five Up count checked without a recorded hand (``/check``): the open ends as players see them.

Each open end is the tile lying there, tapped (with its free number, or for a double whether a side is
still free), or failing that just a number. They become layout nodes, and the layout's own count (F15),
formula and score (F16) answer: nothing is counted here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.rules.base import IllegalEvent, MalformedEvent, _
from referee.rules.tiles import Tile

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


def _tile_node(text: Any, free: Any, spinner: bool) -> Node:
    """The tile tapped at an open end: a simple tile shows one free number (one of its own); a double
    counts with a side free, and a spinner (both sides taken, F13) counts nothing until its ends are
    played on (F15)."""
    tile = Tile.parse(text)
    if tile.is_double:
        return Node(tile=tile, seat=0, sides_free=0 if spinner else 1)
    if spinner:
        raise IllegalEvent("not_a_double", _("%(tile)s is not a double, so it is no spinner."), tile=tile)
    if free is None:
        raise IllegalEvent("which_half", _("Say which number of %(tile)s is free."), tile=tile)
    if _number(free) not in (tile.hi, tile.lo):
        raise IllegalEvent(
            "free_half",
            _("The free number of %(tile)s is %(hi)s or %(lo)s."),
            tile=tile,
            hi=tile.hi,
            lo=tile.lo,
        )
    return Node(tile=tile, seat=0, free=(free,))


def check_count(ends: Sequence[tuple[Any, ...]]) -> CountCheck:
    """``ends``: ``("tile", "6-4", 4, False)`` for a tapped tile with its free number (ignored for a
    double) and whether it is a spinner with both sides taken; ``("end", n)`` for a simple tile's
    free number n and ``("double", n)`` for the double n-n with a side free (it counts twice its
    number once, F15) when only the numbers are told. A tile lies at most once on the table."""
    if not ends:
        raise IllegalEvent("no_ends", _("Tap at least one open end."))
    if len(ends) > MAX_ENDS:
        raise IllegalEvent("too_many_ends", _("A layout has at most %(n)s open ends here."), n=MAX_ENDS)
    nodes: list[Node] = []
    tiles: set[Tile] = set()  # the real tiles told (a bare number's node is only a stand-in)
    for kind, *args in ends:
        if kind == "tile":
            node = _tile_node(*args)
        elif kind == "double":
            n = _number(args[0])
            node = Node(tile=Tile(n, n), seat=0, sides_free=1)
        else:
            n = _number(args[0])
            nodes.append(Node(tile=Tile.of(n, (n + 1) % 7), seat=0, free=(n,)))
            continue
        if node.tile in tiles:
            raise IllegalEvent("double_twice", _("There is only one %(tile)s."), tile=node.tile)
        tiles.add(node.tile)
        nodes.append(node)
    layout = tuple(nodes)
    total = count(layout)
    return CountCheck(total, formula(layout), points(total))
