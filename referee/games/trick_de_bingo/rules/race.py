"""The race of a Trick de Bingo game: each complete round's totals, from the chip each player
starts with (T3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules.race_shape import Race


def race(detail: Mapping[str, Any], players: int, finished: bool) -> Race:
    """A line per seat, starting from the chip."""
    rows = tuple(tuple(r["total"] for r in sr["rows"]) for sr in detail["score_rows"] if sr["complete"])
    return Race("round", tuple((s,) for s in range(players)), rows, tuple(detail["chip"]), None, finished)
