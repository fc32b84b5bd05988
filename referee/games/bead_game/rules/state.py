"""Bead-game state: the hands of a game, each with its board, turns and scores (D1-D22)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from referee.rules.frozen import quick
from referee.rules.tiles import Tile

from .grid import Cell, Scored

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


@quick
@dataclass(frozen=True)
class TurnRecord:
    """One turn of a hand, for the score sheet: a placement or a pass (D18-D19)."""

    turn: int
    event: int
    seat: int
    laid: Laid | None  # None for a pass


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
