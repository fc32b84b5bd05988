"""The score pad's history in plain words: "Round 3: Aki +5, Ben −2"."""

from __future__ import annotations

from referee.rules.base import Line, _
from referee.rules.narration import make_narrate
from referee.rules.numbers import shown_number

from .events import Round
from .state import State


def _round(ev: Round, players: tuple[str, ...], after: State | None) -> Line:
    """"Round 3: Aki +5, Ben −2" (the round number when replaying)."""
    scores = tuple(f"{name} {shown_number(points, sign=True)}" for name, points in zip(players, ev.points, strict=False))
    if after is not None:
        return Line(_("Round %(no)s: %(scores)s"), {"no": len(after.rounds), "scores": scores})
    return Line(_("A round: %(scores)s"), {"scores": scores})


narrate = make_narrate({Round: _round})
