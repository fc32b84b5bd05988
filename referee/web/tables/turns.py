"""Whose turn it is, read from a game's view detail, so that seat's phone can say "Your turn" (issue 33).

Each game says it in its own folder (``is_turn_of(detail, seat)`` in its ``web`` module): the seat to
play where seats play one after another, every seat whose sealed bid is missing where they bid
together, nobody where the scorer enters whole tricks or rounds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.games import part


def is_turn_of(game_id: str, detail: Mapping[str, Any], seat: int | None) -> bool:
    """Whether it is ``seat``'s turn (never a viewer's: ``seat`` None)."""
    return seat is not None and bool(part(game_id, "web").is_turn_of(detail, seat))
