"""What a bead-game table shows: totals, the board, the score sheet and each hand's penalties."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..base import View, _
from ..tiles import double_set
from .play import penalty
from .state import COPIES, HandState, State


def view(state: State) -> View[dict[str, Any]]:
    totals = state.totals()
    finished = state.finished
    winners: tuple[int, ...] = ()
    if finished:  # D22: the highest total wins; a tie is shared
        best = max(totals)
        winners = tuple(s for s, t in enumerate(totals) if t == best)
    cur = state.current
    detail: dict[str, Any] = {
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
        "sheet": [row for rnd in state.hands for row in _sheet(rnd)],
        "hands": [_hand_summary(state, rnd) for rnd in state.hands],
        "totals": list(totals),
    }
    return View(totals=totals, finished=finished, winners=winners, breaches=(), detail=detail)


def _phase(state: State) -> str:
    cur = state.current
    if state.finished:
        return "finished"
    if cur is None or cur.ended:
        return "hand"
    return "end" if cur.over else "play"


def _next(state: State) -> list[str]:
    return {"finished": [], "hand": ["hand"], "end": ["end"], "play": ["place", "pass"]}[_phase(state)]


def _status(state: State) -> dict[str, Any]:
    cur = state.current
    phase = _phase(state)
    if phase == "finished":
        return {"msg": _("The game is over."), "params": {}}
    if cur is None:
        return {"msg": _("Record the first hand: its leader and the starter square."), "params": {}}
    if phase == "hand":
        return {
            "msg": _("Hand %(number)s is scored. Record the next hand; %(leader)s leads."),
            "params": {"number": cur.number, "leader": state.players[(cur.leader + 1) % state.seats]},
        }
    if phase == "end":
        why = _("%(out)s placed their last tile and everyone has had one more turn.")
        if cur.over == "blocked":
            why = _("Every player passed in turn: nobody can play.")
        out = state.players[cur.out] if cur.out is not None else ""
        return {"msg": why, "params": {"out": out}, "then": _("Record the tiles left in each hand.")}
    if cur.out is not None:
        return {
            "msg": _("%(out)s is out. %(seat)s has one more turn (%(left)s still to come)."),
            "params": {
                "out": state.players[cur.out],
                "seat": state.players[cur.to_move],
                "left": cur.final_turns_left,
            },
        }
    return {"msg": _("%(seat)s to place a tile or pass."), "params": {"seat": state.players[cur.to_move]}}


def _board(rnd: HandState) -> list[dict[str, Any]]:
    by_id = {lay.id: lay for lay in rnd.laid}
    out = []
    for cell in sorted(rnd.board):
        lay = by_id[rnd.owner[cell]]
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


def _bounds(rnd: HandState) -> dict[str, int]:
    rows = [r for r, _c in rnd.board]
    cols = [c for _r, c in rnd.board]
    return {"top": min(rows), "bottom": max(rows), "left": min(cols), "right": max(cols)}


def _unseen(rnd: HandState) -> dict[str, int]:
    """Copies of each design not on the table (D1): in hands, or the face-down spare with 3 players."""
    on_table = Counter(lay.tile for lay in rnd.laid)
    return {str(t): COPIES - on_table[t] for t in double_set(5, 1) if on_table[t] < COPIES}


def _sheet(rnd: HandState) -> list[dict[str, Any]]:
    rows = []
    for turn in rnd.turns:
        row: dict[str, Any] = {"hand": rnd.number, "turn": turn.turn, "event": turn.event, "seat": turn.seat}
        if turn.laid is None or turn.laid.scored is None:
            row.update(kind="pass", tile=None, score=0, text="", factors=[])
        else:
            row.update(kind="place", tile_id=turn.laid.id, **turn.laid.scored.to_json())
        rows.append(row)
    return rows


def _hand_summary(state: State, rnd: HandState) -> dict[str, Any]:
    items = None
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
