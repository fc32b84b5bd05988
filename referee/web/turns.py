"""Whose turn it is, read from a game's view detail, so that seat's phone can say "Your turn" (issue 33).

Only games played one seat after another have a turn: Bingo (the seat on lead), Five Up (the hand's
turn) and the bead game (the seat to move). Ninety-Nine's tricks and Trick de Bingo's rounds are entered
whole from the scorer's phone: no turn is said there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def seat_to_play(game_id: str, detail: Mapping[str, Any]) -> int | None:
    """The seat whose turn it is, or None (no game running, or a game without turns)."""
    if game_id == "bingo":
        return detail.get("turn")
    if game_id == "five-up":
        hand = detail.get("hand")
        return hand.get("turn") if hand else None
    if game_id == "bead-game":
        return detail.get("to_move")
    return None
