"""The race of a score pad: its rounds as entered, with the running totals it keeps already."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules.race_shape import Race


def race(detail: Mapping[str, Any], players: int, finished: bool) -> Race:
    """A line per seat; the pad's own sums are kept, so a long evening costs no adding up."""
    rounds, running = tuple(map(tuple, detail["rounds"])), tuple(map(tuple, detail["running"]))
    return Race("round", tuple((s,) for s in range(players)), rounds, (0,) * players, None, finished, sums=running)
