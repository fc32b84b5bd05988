"""Five Up state: immutable records of hands, plays, calls and sets."""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules.frozen import quick
from referee.rules.message import Message
from referee.rules.tiles import Tile

from . import layout as lay
from .options import Rules
from .scoring import side_of


@quick
@dataclass(frozen=True)
class MoveRecord:
    """A play, draw or pass as the referee saw it; ``numbers`` = open numbers at that moment."""

    event: int
    seat: int
    kind: str
    tile: Tile | None = None
    count: int = 0
    first: bool = False
    numbers: frozenset[int] = frozenset()


@quick
@dataclass(frozen=True)
class PlayRecord:
    event: int
    seat: int
    tile: Tile
    on: Tile | None
    count: int
    formula: str
    points: int


@dataclass(frozen=True)
class HandState:
    number: int
    set_number: int
    leader: int
    turn: int
    held: tuple[int, ...]
    boneyard: int
    layout: lay.Layout = ()
    passes: int = 0
    drew: bool = False
    status: str = "play"  # play | domino | blocked | done | abandoned
    dominoer: int | None = None
    moves: tuple[MoveRecord, ...] = ()
    plays: tuple[PlayRecord, ...] = ()
    points: tuple[int, ...] = ()  # per side, during play (and muggins moves)
    pips: tuple[int, ...] | None = None
    end_points: tuple[int, ...] = ()
    bonus: int = 0
    explanation: Message | None = None  # why the hand scored as it did (F25-F27)


@quick
@dataclass(frozen=True)
class Window:
    """A play awaiting its call (calledScore)."""

    event: int
    seat: int
    points: int


@quick
@dataclass(frozen=True)
class CallRecord:
    event: int
    seat: int
    called: int
    points: int
    muggins_to: int | None


@dataclass(frozen=True)
class SetRecord:
    scores: tuple[int, ...]
    winner: int
    demi: bool
    value: int
    credited: tuple[int, ...]


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    rules: Rules
    events: int = 0  # events applied (the index the next one will have)
    scores: tuple[int, ...] = ()
    hand: HandState | None = None
    hands: tuple[HandState, ...] = ()
    first_leader: int | None = None
    extra_left: int | None = None
    finished: bool = False
    winner: int | None = None
    winner_bonus: int = 0
    game_points: tuple[int, ...] | None = None
    sets: tuple[SetRecord, ...] = ()
    window: Window | None = None
    calls: tuple[CallRecord, ...] = ()

    @property
    def n(self) -> int:
        return len(self.players)


def name(state: State, seat: int) -> str:
    return state.players[seat]


def add(values: tuple[int, ...], side: int, amount: int) -> tuple[int, ...]:
    return values[:side] + (values[side] + amount,) + values[side + 1 :]


def lowest_seats(scores: tuple[int, ...], n: int) -> tuple[int, ...]:
    """F5: the seats of the lowest-scoring side(s)."""
    low = min(scores)
    return tuple(s for s in range(n) if scores[side_of(s, n)] == low)
