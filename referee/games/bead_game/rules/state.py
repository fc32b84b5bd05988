"""Bead-game state: the hands of a game, each with its board, turns and scores (D1-D22)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal, NotRequired, TypedDict

from referee.rules.frozen import derived, quick
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


class SheetRow(TypedDict):
    """One turn on the score sheet (D17-D19): a pass, or a placement with its factors and score."""

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
        turn, which every later state of the table holds: a view shows every turn of the game, and a
        placement's factors are most of a view's cost, so each is made once per table, not per view
        (views share it, as they share all of a snapshot's view: read only)."""
        hand, turn, event, seat = self.hand, self.turn, self.event, self.seat
        if self.laid is None or self.laid.scored is None:
            return {
                "hand": hand, "turn": turn, "event": event, "seat": seat, "kind": "pass", "tile": None,
                "score": 0, "text": "", "factors": [],
            }  # fmt: skip
        kind: Literal["place"] = "place"  # the row's own keys first, then the placement's
        return {"hand": hand, "turn": turn, "event": event, "seat": seat, "kind": kind, "tile_id": self.laid.id,
                **self.laid.scored.to_json()}  # fmt: skip


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
