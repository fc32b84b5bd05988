"""The race of a Five Up game: each hand's points per side (partners share a line, F1), and the
counts of the hand in play (F15)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules.race_shape import Count, Race


def race(detail: Mapping[str, Any], players: int, finished: bool) -> Race:
    """A hand's points are its plays', its end points and the +2 for going out (F24-F28, F35); Le
    Quantette is won by sets, not by reaching a total (F36), so it has no target line."""
    sides = tuple(tuple(s) for s in detail["sides"])
    none_yet = (0,) * len(sides)  # a hand the game ended during its play (F-Δ6 at 61) has no end points
    rows = tuple(
        tuple(
            p + e + (h["domino_bonus"] if h["dominoer"] in side else 0)
            for p, e, side in zip(h["play_points"], h["end_points"] or none_yet, sides, strict=True)
        )
        for h in detail["hands"]
    )
    counts = tuple(Count(p["count"], p["points"]) for p in detail["hand"]["plays"]) if detail["hand"] else ()
    target = detail["target"] if detail["profile"] == "IDA" else None
    return Race("hand", sides, rows, (0,) * len(sides), target, finished, counts=counts)
