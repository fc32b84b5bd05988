"""The bead-game board: cells, lines, the pattern rule and the score of one placement (D7-D17).

Pure geometry on a mapping ``{(row, col): value}``; nothing here knows about players or turns.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import prod
from typing import Literal, TypedDict

from referee.rules.base import IllegalEvent, _
from referee.rules.frozen import derived, quick
from referee.rules.message import Message

Cell = tuple[int, int]
Board = Mapping[Cell, int]

ALONG_ROW: Cell = (0, 1)
ALONG_COLUMN: Cell = (1, 0)
STEPS: tuple[Cell, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))
Role = Literal["axis", "cross"]  # a line along the placed tile, or across one of its halves (D11)


def neighbours(cell: Cell) -> Iterator[Cell]:
    """The four cells sharing an edge with ``cell`` (D7, D9)."""
    r, c = cell
    for dr, dc in STEPS:
        yield (r + dr, c + dc)


def are_adjacent(a: Cell, b: Cell) -> bool:
    """D7: a tile covers two orthogonally adjacent cells."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


# --- D12-D13: the pattern rule ----------------------------------------------------------------


def smallest_period(values: Sequence[int]) -> int:
    """The smallest p >= 1 with v[i] == v[i + p] for every i < n - p (n for an empty line)."""
    n = len(values)
    for p in range(1, n + 1):
        if all(values[i] == values[i + p] for i in range(n - p)):
            return p
    return n


def is_pattern(values: Sequence[int]) -> bool:
    """D12 via D13: valid exactly when the smallest repeating block holds different numbers."""
    return _is_pattern(tuple(values))


@lru_cache(maxsize=65536)
def _is_pattern(values: tuple[int, ...]) -> bool:
    p = smallest_period(values)
    return len(set(values[:p])) == p


def pattern_flaw(values: Sequence[int]) -> tuple[tuple[int, ...], int] | None:
    """Why a line is not a pattern: its smallest repeating block and a number the block repeats."""
    return _pattern_flaw(tuple(values))


@lru_cache(maxsize=65536)
def _pattern_flaw(values: tuple[int, ...]) -> tuple[tuple[int, ...], int] | None:
    p = smallest_period(values)
    block = tuple(values[:p])
    seen: set[int] = set()
    for v in block:
        if v in seen:
            return block, v
        seen.add(v)
    return None


# --- D10: lines ------------------------------------------------------------------------------


class LineDetail(TypedDict):
    """A :class:`Line` as a view or the "cannot play?" helper shows it."""

    direction: Literal["row", "column"]
    index: int
    cells: list[list[int]]  # [row, column] each
    values: list[int]


class FactorDetail(TypedDict):
    """One line's factor as shown (D14): the line, its length, and whether it counted (it holds a cell
    other than the new tile's): the factor is then the length, else 1."""

    role: Role
    line: LineDetail
    length: int
    counted: bool
    factor: int  # the length when counted, else 1
    why: Message


class PlacementDetail(TypedDict):
    """A :class:`Scored` placement as shown: the tile as placed, its factors and score (D14-D17)."""

    tile: str  # first cell's number first
    cells: list[list[int]]
    values: list[int]
    factors: list[FactorDetail]
    double: bool
    numbers: list[int]  # the factors multiplied, then 2 for a double
    score: int
    text: str  # like "3 × 1 × 1 × 2 = 6"
    counted: list[Message]  # the lines that counted


ROW_NAME = _("row of %(values)s")
COLUMN_NAME = _("column of %(values)s")
"""A line's name as views show it (:meth:`Scored.to_json`): a translatable phrase that a player finds on the
board by its numbers, never by coordinates (which run negative as the board grows up and left): 'row of 2, 5, 3'."""


@quick
@dataclass(frozen=True)
class Line:
    """A maximal run of occupied cells in one row or one column (D10)."""

    direction: Literal["row", "column"]
    index: int  # the row number of a row, the column number of a column
    start: int  # the first cell's column (of a row) or row (of a column)
    values: tuple[int, ...]

    @property
    def span(self) -> tuple[int, int]:
        """First and last column (of a row) or row (of a column)."""
        return self.start, self.start + len(self.values) - 1

    @derived
    def cells(self) -> tuple[Cell, ...]:
        """The line's cells in order (made when read: scoring needs only the values)."""
        at = range(self.start, self.start + len(self.values))
        if self.direction == "row":
            return tuple((self.index, c) for c in at)
        return tuple((r, self.index) for r in at)


def _join(values: Sequence[int]) -> str:
    return ", ".join(map(str, values))


def line_through(board: Board, cell: Cell, step: Cell) -> Line:
    """The line through occupied ``cell`` along ``step`` (ALONG_ROW or ALONG_COLUMN), D10.

    Every placement walks three lines, so each cell is looked up once: backwards from ``cell``,
    then forwards from it."""
    dr, dc = step
    r, c = cell
    values = []
    while (value := board.get((r - dr, c - dc))) is not None:
        values.append(value)
        r, c = r - dr, c - dc
    values.reverse()
    first = (r, c)
    r, c = cell
    while (value := board.get((r, c))) is not None:
        values.append(value)
        r, c = r + dr, c + dc
    if step == ALONG_ROW:
        return Line("row", cell[0], first[1], tuple(values))
    return Line("column", cell[1], first[0], tuple(values))


def lines(board: Board) -> Iterator[Line]:
    """Every line of the board (rows first), each once."""
    for step in (ALONG_ROW, ALONG_COLUMN):
        for cell in sorted(board):
            before = (cell[0] - step[0], cell[1] - step[1])
            if before not in board:
                yield line_through(board, cell, step)


# --- D14-D15: scoring --------------------------------------------------------------------------


ROLES: tuple[Role, Role, Role] = ("axis", "cross", "cross")
COUNTED_FROM = (3, 2, 2)
"""D14: the length from which each of a placement's lines (axis, cross at the first cell, cross at
the second) holds a cell other than the new tile's: the axis holds both new halves, a cross one."""
WHY_COUNTED = _("%(line)s: %(length)s halves, counted")
WHY_SINGLE = _("%(line)s: a single half, not counted")
WHY_OWN_HALVES = _("%(line)s: only the new tile's own halves, not counted")
"""Why a line's factor is what it is (D14), in :meth:`Scored.to_json`."""


@quick
@dataclass(frozen=True)
class Scored:
    """A legal placement and its score: the three line factors times 2 for a double (D15)."""

    cells: tuple[Cell, Cell]
    values: tuple[int, int]
    lines: tuple[Line, Line, Line]  # D11: the axis, the cross at the first cell, the cross at the second

    @property
    def double(self) -> bool:
        return self.values[0] == self.values[1]

    @derived
    def numbers(self) -> tuple[int, ...]:
        """The numbers multiplied: axis, cross at the first cell, cross at the second, then 2 if double
        (read line by line: every placement of a replay asks for them)."""
        axis, cross_a, cross_b = self.lines
        least_axis, least_a, least_b = COUNTED_FROM
        lengths = (
            n if (n := len(axis.values)) >= least_axis else 1,
            n if (n := len(cross_a.values)) >= least_a else 1,
            n if (n := len(cross_b.values)) >= least_b else 1,
        )
        return lengths + (2,) if self.double else lengths

    @derived
    def score(self) -> int:
        return prod(self.numbers)

    @property
    def text(self) -> str:
        """Like '3 × 1 × 1 × 2 = 6' (the digest's D15, written as players write a product)."""
        return " × ".join(map(str, self.numbers)) + f" = {self.score}"

    @property
    def tile_text(self) -> str:
        """The tile as placed: first cell's number first (record-format 'place')."""
        return f"{self.values[0]}-{self.values[1]}"

    def to_json(self) -> PlacementDetail:
        """The placement as views show it, its three factors made in one pass over its lines (D14):
        made when asked, for the "cannot play?" helper's placements and once per placed tile for
        its score sheet row (``state.TurnRecord.row``, which keeps it)."""
        factors: list[FactorDetail] = []
        counted: list[Message] = []
        for role, line, least in zip(ROLES, self.lines, COUNTED_FROM, strict=True):
            # the line's cells and its name, in line: every view showed three lines per placement
            index, first, values = line.index, line.start, line.values
            length = len(values)
            last = first + length - 1
            if line.direction == "row":
                cells = [[index, c] for c in range(first, last + 1)]
                msg = ROW_NAME
            else:
                cells = [[r, index] for r in range(first, last + 1)]
                msg = COLUMN_NAME
            shown: LineDetail = {"direction": line.direction, "index": index, "cells": cells, "values": list(values)}
            name: Message = {
                "msg": msg, "params": {"index": index, "first": first, "last": last, "values": _join(values)},
            }  # fmt: skip
            if length >= least:
                why, factor = WHY_COUNTED, length
                counted.append(name)
            else:
                why, factor = (WHY_SINGLE if length == 1 else WHY_OWN_HALVES), 1
            factors.append(
                {
                    "role": role,
                    "line": shown,
                    "length": length,
                    "counted": length >= least,
                    "factor": factor,
                    "why": {"msg": why, "params": {"line": name, "length": length}},
                }
            )
        (ra, ca), (rb, cb) = self.cells
        return {
            "tile": self.tile_text,
            "cells": [[ra, ca], [rb, cb]],
            "values": list(self.values),
            "factors": factors,
            "double": self.double,
            "numbers": list(self.numbers),
            "score": self.score,
            "text": self.text,
            "counted": counted,
        }


def assess(board: Board, a: Cell, b: Cell, va: int, vb: int) -> Scored | IllegalEvent:
    """Score ``va`` on ``a`` and ``vb`` on ``b`` (D7-D15), or the refusal saying why it is illegal.

    The refusal is returned, not raised, so the legal-placement search can reject cheaply."""
    refused = _refusal(board, a, b)
    if refused is not None:
        return refused
    return _scored({**board, a: va, b: vb}, a, b, va, vb)


def place_on(board: dict[Cell, int], a: Cell, b: Cell, va: int, vb: int) -> Scored:
    """Like :func:`assess` on ``board``, but the tile is written into ``board`` itself (the caller's
    new copy, kept as the hand's board: the lines are walked on it, not on one more copy), and a
    refusal is raised. A refused tile may be left on ``board``."""
    refused = _refusal(board, a, b)
    if refused is not None:
        raise refused
    board[a] = va
    board[b] = vb
    result = _scored(board, a, b, va, vb)
    if isinstance(result, IllegalEvent):
        raise result
    return result


def _refusal(board: Board, a: Cell, b: Cell) -> IllegalEvent | None:
    """Why two cells cannot take a tile on ``board`` (D7-D9), or None."""
    if not are_adjacent(a, b):  # D7
        return IllegalEvent(
            "not_adjacent",
            _("The two cells are not side by side: a tile covers two cells that share an edge."),
            a=list(a),
            b=list(b),
        )
    for cell in (a, b):  # D8
        if cell in board:
            return IllegalEvent(
                "occupied", _("A chosen cell already holds a %(value)s."), cell=list(cell), value=board[cell]
            )
    if not _touches(board, a, b):  # D9: a neighbour
        return IllegalEvent(
            "no_contact",
            _(
                "The tile must share an edge with a tile on the table; a corner is not enough."
            ),
            a=list(a),
            b=list(b),
        )
    return None


def _scored(after: Board, a: Cell, b: Cell, va: int, vb: int) -> Scored | IllegalEvent:
    """The placement scored on ``after``, the board with the tile on it, or why a line through the
    tile is no pattern (D10-D15)."""
    found = _affected(after, a, b, va, vb)
    for line in found:  # D11: every line holding a new half must be a pattern (D12)
        flaw = _pattern_flaw(line.values)  # values are a tuple already
        if flaw is not None:
            block, number = flaw
            first, last = line.span
            msg = _(
                "The tile's row would read %(values)s, which is not a pattern: "
                "the shortest block that repeats along it, %(block)s, holds %(number)s twice."
            )
            if line.direction == "column":
                msg = _(
                    "The tile's column would read %(values)s, which is not a "
                    "pattern: the shortest block that repeats along it, %(block)s, holds %(number)s twice."
                )
            return IllegalEvent(
                "not_a_pattern",
                msg,
                index=line.index,
                first=first,
                last=last,
                values=_join(line.values),
                block=_join(block),
                number=number,
            )
    return Scored((a, b), (va, vb), found)


def _touches(board: Board, a: Cell, b: Cell) -> bool:
    """D9: whether a cell next to ``a`` or ``b`` is occupied (plain loops: every placement asks)."""
    for r, c in (a, b):
        for dr, dc in STEPS:
            if (r + dr, c + dc) in board:
                return True
    return False


def _affected(after: Board, a: Cell, b: Cell, va: int, vb: int) -> tuple[Line, Line, Line]:
    """D11: the line along the tile (``va`` on ``a``, ``vb`` on ``b``) and the two across it (at ``a``,
    then at ``b``), walked on ``after``, the board with the tile on it: each outwards from the tile's
    own cells, whose numbers are known (every placement walks three lines, mostly of two to four cells)."""
    get = after.get
    (ra, ca), (rb, cb) = a, b
    if ra == rb:  # along a row: the axis is row ``ra``, the crosses are columns ``ca`` and ``cb``
        axis = _walked(get, True, ra, ca, cb, (va, vb)) if ca < cb else _walked(get, True, ra, cb, ca, (vb, va))
        return axis, _walked(get, False, ca, ra, ra, (va,)), _walked(get, False, cb, rb, rb, (vb,))
    axis = _walked(get, False, ca, ra, rb, (va, vb)) if ra < rb else _walked(get, False, ca, rb, ra, (vb, va))
    return axis, _walked(get, True, ra, ca, ca, (va,)), _walked(get, True, rb, cb, cb, (vb,))


def _walked(
    get: Callable[[Cell], int | None], row: bool, index: int, low: int, high: int, middle: tuple[int, ...]
) -> Line:
    """The line along row (``row``) or column ``index`` through its cells ``low``..``high``, which hold
    ``middle``: the cells before ``low`` and after ``high`` looked up until an empty one (D10)."""
    at = low - 1
    before: list[int] = []
    while (value := get((index, at) if row else (at, index))) is not None:
        before.append(value)
        at -= 1
    start = at + 1
    at = high + 1
    after: list[int] = []
    while (value := get((index, at) if row else (at, index))) is not None:
        after.append(value)
        at += 1
    if before:
        before.reverse()
        return Line("row" if row else "column", index, start, (*before, *middle, *after))
    return Line("row" if row else "column", index, start, (*middle, *after) if after else middle)


def frontier_pairs(board: Board) -> list[tuple[Cell, Cell]]:
    """Every pair of adjacent empty cells with edge contact to the board (D7, D9), each once."""
    pairs: set[tuple[Cell, Cell]] = set()
    for cell in board:
        for e in neighbours(cell):
            if e in board:
                continue
            for f in neighbours(e):
                if f not in board:
                    pairs.add((min(e, f), max(e, f)))
    return sorted(pairs)


def placements(board: Board, pairs_of_values: Sequence[tuple[int, int]]) -> list[Scored]:
    """Every legal placement of tiles with these numbers (D19), each physical placement once.

    A non-double is tried both ways round on each pair of cells (D7). The three lines through a
    pair of cells do not depend on the numbers, so they are found once per pair.
    """
    ways = sorted({w for x, y in pairs_of_values for w in ((x, y), (y, x))}, reverse=True)
    found: list[Scored] = []
    for a, b in frontier_pairs(board):  # these pairs already meet D7-D9
        shapes = [line.cells for line in _affected({**board, a: 0, b: 0}, a, b, 0, 0)]
        for va, vb in ways:
            new = {a: va, b: vb}
            if all(is_pattern([new[c] if c in new else board[c] for c in cells]) for cells in shapes):
                found.append(Scored((a, b), (va, vb), _affected({**board, a: va, b: vb}, a, b, va, vb)))
    return found
