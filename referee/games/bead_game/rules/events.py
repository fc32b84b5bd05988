"""The bead-game events of docs/record-format.md: ``hand``, ``place``, ``pass``, ``end``.

A placed tile's numbers have an order (the first cell gets the first number), which
:class:`~referee.rules.tiles.Tile` forgets, so ``tile`` fields of placements are strings checked
here and kept in the order written (``"3-1"`` puts the 3 on the first cell).
"""

from __future__ import annotations

import re
from functools import lru_cache

from referee.rules.base import MalformedEvent, _
from referee.rules.events import event, record
from referee.rules.tiles import Tile

Cells = tuple[tuple[int, int], tuple[int, int]]

_HALVES = re.compile(r"^\s*\[?\s*([0-9])\s*[-|:]\s*([0-9])\s*\]?\s*$")  # ASCII digits: not "١-٢"


def halves(text: object) -> tuple[int, int]:
    """The two numbers of a bead tile in the order written; only 1..5 exist (D1)."""
    if isinstance(text, str):
        return _read(text)[1]
    raise _not_a_tile(text)


def _not_a_tile(text: object) -> MalformedEvent:
    return MalformedEvent("bad_tile", _("%(text)s is not a domino tile (write it like 4-2)."), text=text)


@lru_cache(maxsize=1024)
def _read(text: str) -> tuple[str, tuple[int, int]]:
    """A tile's text written ``"a-b"`` and its ``halves``, read once per spelling (a replay reads a
    placement's at every event)."""
    m = _HALVES.match(text)
    if not m:
        raise _not_a_tile(text)
    a, b = int(m.group(1)), int(m.group(2))
    if not (1 <= a <= 5 and 1 <= b <= 5):
        raise MalformedEvent(
            "bad_tile",
            _("%(text)s is not in this set: numbers run from %(bottom)s to %(top)s."),
            text=text,
            bottom=1,
            top=5,
        )
    return f"{a}-{b}", (a, b)


def bead_tile(tile: object) -> Tile:
    """A tile of the bead set (D1: no 0 or 6)."""
    if isinstance(tile, Tile):
        tile = str(tile)
    a, b = halves(tile)
    return Tile.of(a, b)


class _Placed:
    """Shared checks of a tile on two cells; the text is normalised to ``"a-b"`` in written order."""

    tile: str
    cells: Cells
    values: tuple[int, int]
    """The tile's two numbers in the order written (no field: kept with the event, read with its text)."""

    def __post_init__(self) -> None:
        if not isinstance(self.tile, str):
            raise _not_a_tile(self.tile)
        held = vars(self)  # the frozen event is being made: its text and numbers are set in one read
        held["tile"], held["values"] = _read(self.tile)


@record
class Placement(_Placed):
    """One starter tile: ``{"tile", "cells"}``."""

    tile: str
    cells: Cells


@event("hand")
class Hand:
    """A new hand: its leader (first hand only; later ones rotate, D4) and the 2x2 starter (D6)."""

    starter: tuple[Placement, ...]
    leader: int | None = None


@event("place")
class Place(_Placed):
    """``seat`` puts ``tile`` on ``cells``; the first cell gets the tile's first number."""

    seat: int
    tile: str
    cells: Cells

    def __init__(self, seat: int, tile: str, cells: Cells) -> None:
        """The generated ``__init__`` and ``__post_init__`` in one step (a replay decodes a placement at
        nearly every event): the fields, the tile's text written ``"a-b"`` and its numbers stored at once.
        ``_Placed.__post_init__`` keeps the class from being plain, so the decoder calls this too."""
        if not isinstance(tile, str):
            raise _not_a_tile(tile)
        text, values = _read(tile)
        object.__setattr__(self, "__dict__", {"seat": seat, "tile": text, "cells": cells, "values": values})


@event("pass")
class Pass:
    """``seat`` has no legal placement, or none was demanded (D19)."""

    seat: int


@event("end")
class End:
    """The hand is over (D20): the tiles left in each seat's hand, one list per seat (D21)."""

    hands: tuple[tuple[Tile, ...], ...]

    def __post_init__(self) -> None:
        for hand in self.hands:
            for tile in hand:
                bead_tile(tile)  # D1: no 0 or 6 in this set


EVENTS = (Hand, Place, Pass, End)
