"""The score pad's history in plain words: "Round 3: Aki +5, Ben -2"."""

from __future__ import annotations

from typing import Any

from ..base import Line, _
from .state import State


def narrate(ev: Any, players: tuple[str, ...], before: State | None = None, after: State | None = None) -> Line:
    """"Round 3: Aki +5, Ben -2" (the round number when replaying)."""
    scores = tuple(f"{name} {points:+d}" for name, points in zip(players, ev.points, strict=False))
    if after is not None:
        return Line(_("Round %(no)s: %(scores)s"), {"no": len(after.rounds), "scores": scores})
    return Line(_("A round: %(scores)s"), {"scores": scores})
