"""What a bead-game table shows: totals, the board, the score sheet and each hand's penalties, with the
``detail`` typed below as :class:`Detail` (the API, ``referee/games/bead_game/templates/bead_game`` and
``referee/games/bead_game/printables.py`` read it). Cells are ``[row, column]``, tiles ``"a-b"``, seats ints,
sentences :class:`~referee.rules.message.Message`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal, NotRequired, TypedDict

from referee.rules.base import View, _
from referee.rules.message import Message, message
from referee.rules.tiles import double_set

from .play import penalty
from .state import COPIES, HandState, SheetRow, State

Phase = Literal["hand", "play", "end", "finished"]


class Status(Message):
    """What happens next, in words; ``then`` is the step to take once play has stopped."""

    then: NotRequired[str]


class FinalRound(TypedDict):
    """After a player went out, every other player has one more turn (D20)."""

    out: int
    turns_left: int


class BoardCell(TypedDict):
    cell: list[int]  # [row, column]
    value: int  # 1-5
    tile: str
    tile_id: int  # 0 and 1 are the starter
    turn: int  # 0 for the starter
    seat: int | None  # None for the starter


class Bounds(TypedDict):
    top: int
    bottom: int
    left: int
    right: int


class StarterTile(TypedDict):
    tile: str
    cells: list[list[int]]


class Penalty(TypedDict):
    tile: str
    points: int  # -25, or -5 for a double (D21)


class HandSummary(TypedDict):
    """A hand's outcome (D20-D22); the end keys are None until its ``end`` event."""

    number: int
    leader: int
    starter: list[StarterTile]
    placed: list[int]  # tiles placed per seat
    scores: list[int]  # placement points per seat
    end: Literal["out", "blocked"] | None
    left: list[list[str]] | None  # tiles left per seat
    penalty_items: list[list[Penalty]] | None
    penalties: list[int] | None  # per seat
    totals: list[int]  # per seat, this hand


class Detail(TypedDict):
    """The bead game's ``View.detail``."""

    phase: Phase  # hand: a new hand is due; end: play stopped, record the tiles left
    next: list[str]  # the event types legal now
    hand: int  # 1-based number of the current or last hand, 0 before any
    hands_to_play: int
    hand_size: int  # D5
    leader: int | None
    to_move: int | None
    status: Status
    tiles_in_hand: list[int]  # per seat, current hand
    passes_in_row: int
    final_round: FinalRound | None
    board: list[BoardCell]  # the current hand's cells
    bounds: Bounds | None  # of the occupied cells; None before a hand
    unseen: dict[str, int]  # tile -> copies not on the table
    sheet: list[SheetRow]  # one row per turn over all hands: a mapping with SheetRowJSON's keys
    hands: list[HandSummary]
    totals: list[int]  # the same as ``View.totals``


def view(state: State) -> View[Detail]:
    totals = state.totals()
    finished = state.finished
    winners: tuple[int, ...] = ()
    if finished:  # D22: the highest total wins; a tie is shared
        best = max(totals)
        winners = tuple(s for s, t in enumerate(totals) if t == best)
    cur = state.current
    detail: Detail = {
        "phase": _phase(state),
        "next": _next(state),
        "hand": cur.number if cur else 0,
        "hands_to_play": state.hands_to_play,
        "hand_size": state.hand_size,
        "leader": cur.leader if cur else None,
        "to_move": cur.to_move if cur and cur.over is None else None,
        "status": _status(state),
        "tiles_in_hand": [state.hand_size - n for n in cur.placed] if cur else [],
        "passes_in_row": cur.passes_in_row if cur else 0,
        "final_round": (
            {"out": cur.out, "turns_left": cur.final_turns_left} if cur and cur.out is not None else None
        ),
        "board": _board(cur) if cur else [],
        "bounds": _bounds(cur) if cur else None,
        "unseen": _unseen(cur) if cur else {},
        "sheet": [t.row for rnd in state.hands for t in rnd.turns],
        "hands": [_hand_summary(state, rnd) for rnd in state.hands],
        "totals": list(totals),
    }
    return View(totals=totals, finished=finished, winners=winners, breaches=(), detail=detail)


def _phase(state: State) -> Phase:
    cur = state.current
    if state.finished:
        return "finished"
    if cur is None or cur.ended:
        return "hand"
    return "end" if cur.over else "play"


def _next(state: State) -> list[str]:
    return {"finished": [], "hand": ["hand"], "end": ["end"], "play": ["place", "pass"]}[_phase(state)]


def _say(msg: str, **params: Any) -> Status:
    said = message(msg, **params)
    return Status(msg=said["msg"], params=said["params"])


def _status(state: State) -> Status:
    cur = state.current
    phase = _phase(state)
    if phase == "finished":
        return _say(_("The game is over."))
    if cur is None:
        return _say(_("Record the first hand: its leader and the starter square."))
    if phase == "hand":
        return _say(
            _("Hand %(number)s is scored. Record the next hand; %(leader)s leads."),
            number=cur.number,
            leader=state.players[(cur.leader + 1) % state.seats],
        )
    if phase == "end":
        why = _("%(out)s placed their last tile and everyone has had one more turn.")
        if cur.over == "blocked":
            why = _("Every player passed in turn: nobody can play.")
        out = state.players[cur.out] if cur.out is not None else ""
        return {"msg": why, "params": {"out": out}, "then": _("Record the tiles left in each hand.")}
    if cur.out is not None:
        return _say(
            _("%(out)s is out. %(seat)s has one more turn (%(left)s still to come)."),
            out=state.players[cur.out],
            seat=state.players[cur.to_move],
            left=cur.final_turns_left,
        )
    return _say(_("%(seat)s to place a tile or pass."), seat=state.players[cur.to_move])


def _board(rnd: HandState) -> list[BoardCell]:
    laid, owner = rnd.laid, rnd.owner  # a tile's id is its place in ``laid`` (play.py numbers them so)
    out: list[BoardCell] = []
    for cell in sorted(rnd.board):
        lay = laid[owner[cell]]
        out.append(
            {
                "cell": list(cell),
                "value": rnd.board[cell],
                "tile": str(lay.tile),
                "tile_id": lay.id,
                "turn": lay.turn,
                "seat": lay.seat,
            }
        )
    return out


def _bounds(rnd: HandState) -> Bounds:
    rows = [r for r, _c in rnd.board]
    cols = [c for _r, c in rnd.board]
    return {"top": min(rows), "bottom": max(rows), "left": min(cols), "right": max(cols)}


def _unseen(rnd: HandState) -> dict[str, int]:
    """Copies of each design not on the table (D1): in hands, or the face-down spare with 3 players."""
    on_table = Counter(lay.tile for lay in rnd.laid)
    return {str(t): COPIES - on_table[t] for t in double_set(5, 1) if on_table[t] < COPIES}


def _hand_summary(state: State, rnd: HandState) -> HandSummary:
    items: list[list[Penalty]] | None = None
    if rnd.left is not None:
        items = [[{"tile": str(t), "points": penalty(t)} for t in hand] for hand in rnd.left]
    penalties = list(rnd.penalties) if rnd.penalties else None
    return {
        "number": rnd.number,
        "leader": rnd.leader,
        "starter": [
            {"tile": f"{lay.values[0]}-{lay.values[1]}", "cells": [list(c) for c in lay.cells]}
            for lay in rnd.laid[:2]
        ],
        "placed": list(rnd.placed),
        "scores": list(rnd.scores),
        "end": rnd.over,
        "left": [[str(t) for t in hand] for hand in rnd.left] if rnd.left is not None else None,
        "penalty_items": items,
        "penalties": penalties,
        "totals": [s + (penalties[i] if penalties else 0) for i, s in enumerate(rnd.scores)],
    }
