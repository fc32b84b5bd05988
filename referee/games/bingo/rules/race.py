"""The race of a Bingo match: each deal's game points, to the match's target (B47)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules.race_shape import Race


def race(detail: Mapping[str, Any], players: int, finished: bool) -> Race:
    """Each settled deal's game points, a line per seat."""
    rows = tuple(tuple(d["game_points"]) for d in detail["deals"] if d["result"] is not None)
    return Race("deal", tuple((s,) for s in range(players)), rows, (0,) * players, detail["target"], finished)
