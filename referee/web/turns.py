"""Whose turn it is, read from a game's view detail, so that seat's phone can say "Your turn" (issue 33).

Only games played one seat after another have a turn: Bingo (the seat on lead), Five Up (the hand's
turn), the bead game (the seat to move) and Trick de Bingo's draft (the seat to pick, on its own phone).
Ninety-Nine's tricks and Trick de Bingo's tricks are entered whole from the scorer's phone: no turn is
said there; but every Ninety-Nine seat seals its bid on its own phone at once, so each seat whose bid is
still missing hears that it is its turn (``is_turn_of``).
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
    if game_id == "trick-de-bingo" and detail.get("phase") == "draft":
        return detail.get("to_pick")
    return None


def is_turn_of(game_id: str, detail: Mapping[str, Any], seat: int | None) -> bool:
    """Whether it is ``seat``'s turn: the seat to play, or a Ninety-Nine seat whose bid is still to be
    sealed while the deal takes bids (the seats bid together, not in turn, until the deal is scored)."""
    if seat is None:
        return False
    if game_id == "ninety-nine":
        status = detail.get("bid_status") or []
        return "bid" in (detail.get("next") or []) and seat < len(status) and status[seat] == "missing"
    return seat_to_play(game_id, detail) == seat
