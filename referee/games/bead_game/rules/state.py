"""Bead-game state: the hands of a game, each with its board, turns and scores (D1-D22)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, NotRequired, TypedDict

from referee.rules.frozen import derived, quick
from referee.rules.made_when_read import MadeWhenRead
from referee.rules.message import Message
from referee.rules.tiles import Tile

from .grid import Cell, FactorDetail, Scored

HAND_SIZE = {2: 14, 3: 9, 4: 7}  # D5
COPIES = 2  # D1: two double-six sets without 0s and 6s, each design twice
DOUBLE_PENALTY = 5  # D21
PENALTY = 25  # D21


@quick
@dataclass(frozen=True)
class Laid:
    """A tile on the table: the starter's two (seat None, turn 0) or one placed on a turn."""

    id: int
    tile: Tile
    cells: tuple[Cell, Cell]
    values: tuple[int, int]
    seat: int | None
    turn: int
    event: int
    scored: Scored | None = None


class SheetRowJSON(TypedDict):
    """A :class:`SheetRow`'s keys and values, as the API writes them: a pass, or a placement with its factors
    and score (D17-D19)."""

    hand: int
    turn: int
    event: int  # record index
    seat: int
    kind: Literal["place", "pass"]
    score: int
    text: str  # like "3 × 1 × 1 × 2 = 6"; "" for a pass
    factors: list[FactorDetail]
    tile: str | None  # as placed, first cell's number first; None for a pass
    tile_id: NotRequired[int]  # a placement's keys from here on
    cells: NotRequired[list[list[int]]]
    values: NotRequired[list[int]]
    double: NotRequired[bool]
    numbers: NotRequired[list[int]]  # the factors multiplied
    counted: NotRequired[list[Message]]  # the lines that counted


PASS_KEYS = ("hand", "turn", "event", "seat", "kind", "tile", "score", "text", "factors")
PLACE_KEYS = ("hand", "turn", "event", "seat", "kind", "tile_id", "tile", "cells", "values", "factors", "double",
              "numbers", "score", "text", "counted")  # fmt: skip
"""A row's keys in the order the API has always written them."""


class SheetRow(MadeWhenRead[int, int, int, int, Laid | None]):
    """One turn on the score sheet (D17-D19), read as the mapping :class:`SheetRowJSON` declares (the API
    writes it whole).

    A placement's factors and counted lines (``Scored.to_json``: ~50 lists and dicts, ~90,000
    instructions) are made at the first read of either, not with the row: a page reads them only for the
    last placement (its verdict and the board's highlight) and every other row's tile, numbers and score,
    so a page after an undo, a correction or a time-travel step pays for one placement's factors, not for
    every placement of the game (issue 29). The row is kept with the turn (``TurnRecord.row``) and made from
    the turn's fields, not from the turn: a row holding the turn that holds it would be a cycle, which
    reference counting never frees, so every view's rows, turns and placements (1,300 objects for the
    bead golden record) would wait for the garbage collector."""

    __slots__ = ()
    LATER = frozenset({"factors", "counted"})

    def _keys(self) -> tuple[str, ...]:
        return PASS_KEYS if self._of[4] is None else PLACE_KEYS

    def _made(self, whole: bool) -> dict[str, Any]:
        """The row's keys, with a placement's factors and counted lines only if ``whole``."""
        hand, number, event, seat, laid = self._of
        scored = laid.scored if laid is not None else None  # None for a pass
        if laid is None or scored is None:
            return {
                "hand": hand, "turn": number, "event": event, "seat": seat, "kind": "pass", "tile": None,
                "score": 0, "text": "", "factors": [],
            }  # fmt: skip
        head = {"hand": hand, "turn": number, "event": event, "seat": seat, "kind": "place",
                "tile_id": laid.id}  # fmt: skip
        if whole:  # the row's own keys first, then the placement's
            return {**head, **scored.to_json()}
        (ra, ca), (rb, cb) = scored.cells
        return {
            **head, "tile": scored.tile_text, "cells": [[ra, ca], [rb, cb]], "values": list(scored.values),
            "double": scored.double, "numbers": list(scored.numbers), "score": scored.score, "text": scored.text,
        }  # fmt: skip


@quick
@dataclass(frozen=True)
class TurnRecord:
    """One turn of a hand, for the score sheet: a placement or a pass (D18-D19)."""

    hand: int  # the hand's number
    turn: int
    event: int
    seat: int
    laid: Laid | None  # None for a pass

    @derived
    def row(self) -> SheetRow:
        """The turn's row of the score sheet, made at the first view that shows it and kept with the
        turn, which every later state of the table holds: a view shows every turn of the game, so each
        row (and what it has made when read) is made once per table, not per view (views share it, as they
        share all of a snapshot's view: read only)."""
        return SheetRow(self.hand, self.turn, self.event, self.seat, self.laid)


@dataclass(frozen=True)
class HandState:
    """One hand (the record's ``hand`` event up to its ``end``)."""

    number: int  # 1-based
    leader: int
    laid: tuple[Laid, ...]
    board: Mapping[Cell, int]  # cell -> value
    owner: Mapping[Cell, int]  # cell -> id of the tile covering it
    turns: tuple[TurnRecord, ...]
    to_move: int
    placed: tuple[int, ...]  # tiles placed per seat
    scores: tuple[int, ...]  # placement points per seat (D17)
    passes_in_row: int = 0
    out: int | None = None  # the seat that placed its last tile (D20)
    final_turns_left: int = 0
    over: Literal["out", "blocked"] | None = None  # once play has stopped (D20)
    left: tuple[tuple[Tile, ...], ...] | None = None  # from the end event
    penalties: tuple[int, ...] | None = None
    on_table: Mapping[Tile, int] = field(default_factory=dict)
    """How many copies of each design ``laid`` holds, kept with it (D1 is checked at every placement)."""

    def copies_on_table(self) -> Counter[Tile]:
        return Counter(self.on_table)

    @property
    def ended(self) -> bool:
        return self.left is not None


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    single_hand: bool
    hands: tuple[HandState, ...] = ()
    events: int = 0

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def hand_size(self) -> int:
        return HAND_SIZE[self.seats]

    @property
    def hands_to_play(self) -> int:
        """D-Δ3: one hand per player (each leads once), or one with ``singleHand``."""
        return 1 if self.single_hand else self.seats

    @property
    def current(self) -> HandState | None:
        return self.hands[-1] if self.hands else None

    @property
    def finished(self) -> bool:
        """Whether the last hand to play has ended (asked before every event: the hand in play is
        asked first, which answers no during play)."""
        return bool(self.hands) and self.hands[-1].left is not None and len(self.hands) == self.hands_to_play

    def totals(self) -> tuple[int, ...]:
        """Placement scores minus end penalties over the hands played (D17, D21, D22)."""
        out = [0] * self.seats
        for rnd in self.hands:
            for s in range(self.seats):
                out[s] += rnd.scores[s] + (rnd.penalties[s] if rnd.penalties else 0)
        return tuple(out)
