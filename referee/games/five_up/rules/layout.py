"""The Five Up layout as a graph of placed tiles, and its count (F9-F17, rules README A.2).

Every placed tile is a :class:`Node`. A non-double keeps the numbers of its free ends; a double keeps
how many of its two sides and two ends are still free. Its ends open only once both sides are
covered (F13: every double is a spinner), so a double has at most four neighbours.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from referee.rules.base import IllegalEvent, _
from referee.rules.frozen import derived, quick
from referee.rules.tiles import Tile

SIDE = "side"
SPINNER_END = "spinner_end"
END = "end"


@quick
@dataclass(frozen=True)
class Node:
    """One placed tile. ``parent`` is the index of the tile it joined (None for the lead), ``via`` the
    number by which it joined, ``at`` where on the parent (``end``, ``side``, ``spinner_end``) and
    ``slot`` which side/end of a double parent (0 or 1; for a non-double parent, 0 = its higher
    number's end, 1 = its lower number's end)."""

    tile: Tile
    seat: int
    parent: int | None = None
    via: int | None = None
    at: str | None = None
    slot: int = 0
    free: tuple[int, ...] = ()  # a non-double's free end numbers
    sides_free: int = 0  # a double's free sides
    ends_free: int = 2  # a double's free ends (open only when sides_free == 0)

    @derived
    def terms(self) -> tuple[tuple[str, int], ...]:
        """What this tile adds to the count (see ``count_terms``), made once per placed tile: a play
        changes two nodes of the layout, and the count after it reads them all."""
        tile = self.tile
        if tile.hi == tile.lo:  # a double
            return (_DOUBLE_TERMS[tile.hi],) if self.sides_free else ()
        return tuple(_TERMS[n] for n in self.free)

    @derived
    def opens(self) -> tuple[int, ...]:
        """The numbers a tile may show to join this one (see ``open_numbers``), made once per placed tile."""
        tile = self.tile
        if tile.hi == tile.lo:
            return (tile.hi,) if self.sides_free or self.ends_free else ()
        return self.free


Layout = tuple[Node, ...]


class OpenEnd(TypedDict):
    """An open attachment point (the view's ``open_ends``)."""

    tile: str  # the placed tile it belongs to
    where: str  # end | side | spinner_end
    number: int
    count: int  # what it adds to the count (F15); a double's second free side adds 0
    accepts: list[int]  # the numbers a tile may show to join here


class PlacedTile(TypedDict):
    """A placed tile as a renderer needs it (the view's ``layout``), in play order."""

    tile: str
    seat: int
    on: str | None  # the tile it joined (None for the lead)
    via: int | None  # the joining number
    at: str | None  # end | side | spinner_end on the tile it joined
    slot: int  # which side/end of that tile (0 or 1)
    crosswise: bool  # a double lies crosswise (F9, F11)


def new_node(tile: Tile, seat: int, parent: int | None, via: int | None, at: str | None, slot: int) -> Node:
    if tile.is_double:
        # F9/F11: a double lies crosswise; joined by one side (a lead double has both sides free).
        return Node(tile, seat, parent, via, at, slot, sides_free=2 if parent is None else 1)
    free = (tile.hi, tile.lo) if via is None else (tile.other(via),)
    return Node(tile, seat, parent, via, at, slot, free=free)


def find(layout: Layout, tile: Tile) -> int | None:
    hi, lo = tile.hi, tile.lo  # compared as numbers: this runs over the layout at every play
    for i, node in enumerate(layout):
        if node.tile.hi == hi and node.tile.lo == lo:
            return i
    return None


def _can_take(node: Node, tile: Tile) -> bool:
    if node.tile.is_double:
        return tile.has(node.tile.hi) and bool(node.sides_free or node.ends_free)
    return any(tile.has(n) for n in node.free)


def _only_target(layout: Layout, tile: Tile) -> Tile:
    """The tile a play without ``on`` joins: docs/record-format.md makes ``on`` optional, so it may be left
    out where only one tile on the table can take this one; otherwise the record must say."""
    targets = [node.tile for node in layout if _can_take(node, tile)]
    if len(targets) == 1:
        return targets[0]
    if not targets:
        raise IllegalEvent("no_match", _("%(tile)s fits no open end of the layout."), tile=str(tile))
    raise IllegalEvent(
        "missing_on",
        _("Say which tile %(tile)s joins (on): it could join %(targets)s."),
        tile=str(tile),
        targets=tuple(targets),
    )


def attach(layout: Layout, tile: Tile, on: Tile | None, seat: int) -> Layout:
    """The layout with ``tile``, which is not on it yet (the play has checked), placed on ``on``
    (F9-F14), or an IllegalEvent saying why not."""
    if not layout:
        if on is not None:
            raise IllegalEvent(
                "bad_on", _("%(tile)s is the lead: it joins nothing, so leave out on."), tile=str(tile)
            )
        return (new_node(tile, seat, None, None, None, 0),)  # F9: the lead may be any tile
    if on is None:
        on = _only_target(layout, tile)
    index = find(layout, on)
    if index is None:
        raise IllegalEvent("bad_on", _("%(on)s is not on the table."), on=str(on))
    target = layout[index]
    if target.tile.is_double:
        n = target.tile.hi
        if not tile.has(n):
            raise IllegalEvent(
                "no_match",
                _("%(tile)s does not match %(on)s: only a %(n)s can join it."),
                tile=str(tile),
                on=str(on),
                n=n,
            )
        if target.sides_free:  # F12: a free side first
            slot = 2 - target.sides_free  # a joined double's side 0 faces its parent
            new_target = _covered(target, target.free, target.sides_free - 1, target.ends_free)
            at = SIDE
        elif target.ends_free:  # F13: the ends open once both sides are covered
            slot = 2 - target.ends_free
            new_target = _covered(target, target.free, target.sides_free, target.ends_free - 1)
            at = SPINNER_END
        else:
            raise IllegalEvent(
                "spinner_full",
                _("%(on)s already has four neighbours: nothing more can join it."),
                on=str(on),
            )
    else:
        numbers = [n for n in target.free if tile.has(n)]
        if not numbers:
            if not target.free:
                raise IllegalEvent("no_open_end", _("%(on)s has no open end left."), on=str(on))
            raise IllegalEvent(
                "no_match",
                _("%(tile)s does not match %(on)s: its open end shows %(ends)s."),
                tile=str(tile),
                on=str(on),
                ends=" / ".join(str(n) for n in target.free),
            )
        n = numbers[0]  # F11: two different tiles never share both numbers, so n is unique
        slot = 0 if n == target.tile.hi else 1
        new_target = _covered(
            target, tuple(x for x in target.free if x != n), target.sides_free, target.ends_free
        )
        at = END
    node = new_node(tile, seat, index, n, at, slot)
    return layout[:index] + (new_target,) + layout[index + 1 :] + (node,)


def _covered(node: Node, free: tuple[int, ...], sides_free: int, ends_free: int) -> Node:
    """``node`` with these free ends and sides: ``replace`` in one step (every play changes the tile it
    joins, whose kept values are then made anew)."""
    return Node(node.tile, node.seat, node.parent, node.via, node.at, node.slot, free, sides_free, ends_free)


def count_terms(layout: Layout) -> list[tuple[str, int]]:
    """The terms of the count, in play order (F15): a free simple end adds its number, a double
    with a free side adds twice its number (once), a double with both sides covered adds 0."""
    terms: list[tuple[str, int]] = []
    for node in layout:
        terms += node.terms
    return terms


_TERMS = [(str(n), n) for n in range(10)]
_DOUBLE_TERMS = [(f"{n}×2", 2 * n) for n in range(10)]


def count(layout: Layout) -> int:
    return sum(v for _t, v in count_terms(layout))


def formula(layout: Layout) -> str:
    """E.g. ``2 + 1 + 4×2 + 5 + 4 = 20`` (F-E1)."""
    return tally(layout)[1]


def tally(layout: Layout) -> tuple[int, str]:
    """The count and its formula, from one reading of the layout (a play needs both)."""
    terms = count_terms(layout)
    total = sum([v for _t, v in terms])
    text = " + ".join([t for t, _v in terms]) or "0"
    return total, f"{text} = {total}"


def points(total: int) -> int:
    """F16: a positive multiple of 5 scores total / 5; anything else scores nothing."""
    return total // 5 if total > 0 and total % 5 == 0 else 0


def open_numbers(layout: Layout) -> frozenset[int]:
    """The numbers a tile may show to join somewhere (F11); on an empty table anything goes."""
    return frozenset([n for node in layout for n in node.opens])


def fits(layout: Layout, tile: Tile) -> bool:
    """Whether ``tile`` could be placed somewhere (F18)."""
    if not layout:
        return True
    nums = open_numbers(layout)
    return tile.hi in nums or tile.lo in nums


def open_ends(layout: Layout) -> list[OpenEnd]:
    """Every open attachment point: its tile, kind, number, what it adds to the count, what may join."""
    out: list[OpenEnd] = []
    for node in layout:
        t = str(node.tile)
        if node.tile.is_double:
            n = node.tile.hi
            for k in range(node.sides_free):
                # the double counts once (F15), so its second free side adds nothing more
                out.append(
                    {"tile": t, "where": SIDE, "number": n, "count": 2 * n if k == 0 else 0, "accepts": [n]}
                )
            if not node.sides_free:
                for _k in range(node.ends_free):
                    out.append({"tile": t, "where": SPINNER_END, "number": n, "count": 0, "accepts": [n]})
        else:
            for n in node.free:
                out.append({"tile": t, "where": END, "number": n, "count": n, "accepts": [n]})
    return out


def describe(layout: Layout) -> list[PlacedTile]:
    """What a renderer needs of every placed tile, in play order."""
    return [
        {
            "tile": str(node.tile),
            "seat": node.seat,
            "on": None if node.parent is None else str(layout[node.parent].tile),
            "via": node.via,
            "at": node.at,
            "slot": node.slot,
            "crosswise": node.tile.is_double,
        }
        for node in layout
    ]
