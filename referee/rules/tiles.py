"""Domino tiles as the record format writes them: ``"6-4"`` (higher number first on output)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, total_ordering

from .base import MalformedEvent, _
from .frozen import derived
from .interned import OnePerValue, reduce_one

_TILE = re.compile(r"([0-9])-([0-9])")  # exactly "a-b": a form normalises "[6|4]" first


@total_ordering
@dataclass(frozen=True, eq=False)
class Tile(metaclass=OnePerValue):
    """A domino tile. ``hi >= lo`` always, so ``Tile.parse("4-6") == Tile.parse("6-4")``: one
    object per tile (``OnePerValue``), so equal tiles are the same object and compare by identity."""

    hi: int
    lo: int

    def __post_init__(self) -> None:
        if self.hi < self.lo:
            hi, lo = self.lo, self.hi
            object.__setattr__(self, "hi", hi)
            object.__setattr__(self, "lo", lo)

    @classmethod
    def of(cls, a: int, b: int) -> Tile:
        """The tile with numbers ``a`` and ``b``, looked up by them either way round (``_TILES``)."""
        tile = _TILES.get((a, b))
        if tile is None:
            tile = cls(max(a, b), min(a, b))
            if tile.lo >= 0 and tile.hi <= 9:  # the numbers a tile can have: the table stays small
                _TILES[a, b] = _TILES[b, a] = tile
        return tile

    __reduce__ = reduce_one

    @classmethod
    def parse(cls, text: object, top: int = 6, bottom: int = 0) -> Tile:
        """A tile from ``"a-b"``; numbers outside ``bottom..top`` are refused."""
        if isinstance(text, Tile):
            tile = text
        else:
            m = _TILE.fullmatch(text) if isinstance(text, str) else None
            if not m:
                raise MalformedEvent(
                    "bad_tile", _("%(text)s is not a domino tile (write it like 6-4)."), text=text
                )
            tile = cls.of(int(m.group(1)), int(m.group(2)))
        if not (bottom <= tile.lo and tile.hi <= top):
            raise MalformedEvent(
                "bad_tile",
                _("%(text)s is not in this set: numbers run from %(bottom)s to %(top)s."),
                text=text,
                bottom=bottom,
                top=top,
            )
        return tile

    @derived
    def is_double(self) -> bool:
        """Kept once read (as ``pips``): a plain attribute read from then on, for the rules ask it at every play."""
        return self.hi == self.lo

    @derived
    def pips(self) -> int:
        return self.hi + self.lo

    def has(self, n: int) -> bool:
        return n in (self.hi, self.lo)

    def other(self, n: int) -> int:
        """The number at the other end from ``n`` (``n`` itself for a double)."""
        if n == self.hi:
            return self.lo
        if n == self.lo:
            return self.hi
        raise ValueError(f"{self} has no {n}")

    def __lt__(self, other: Tile) -> bool:
        return (self.hi, self.lo) < (other.hi, other.lo)

    def __str__(self) -> str:
        return self._text

    @derived
    def _text(self) -> str:
        """``"6-4"``, made once per tile: replays write tiles into messages and history sentences."""
        return f"{self.hi}-{self.lo}"


@cache
def double_set(top: int = 6, bottom: int = 0) -> tuple[Tile, ...]:
    """Every tile of a double-``top`` set, highest first (28 tiles for double six); made once per set."""
    return tuple(Tile.of(a, b) for a in range(top, bottom - 1, -1) for b in range(a, bottom - 1, -1))


_TILES: dict[tuple[int, int], Tile] = {}
"""Tiles made by ``Tile.of``, by their numbers either way round (a quicker look-up than ``Tile(a, b)``)."""
