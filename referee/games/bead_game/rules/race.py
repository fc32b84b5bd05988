"""The race of a Domino Bead Game: each finished hand's totals."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules.race_shape import Race


def race(detail: Mapping[str, Any], players: int, finished: bool) -> Race:
    """A line per seat; placements of the hand in play are the step in play (referee/rules/race.py)."""
    rows = tuple(tuple(h["totals"]) for h in detail["hands"] if h["end"] is not None)
    return Race("hand", tuple((s,) for s in range(players)), rows, (0,) * players, None, finished)
