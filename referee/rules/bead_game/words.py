"""The bead game's history in plain words: "Ben places 3-2: 6 points"."""

from __future__ import annotations

from typing import Any

from ..base import Line, _, counted
from .events import End, Hand, Pass, Place
from .state import State


def narrate(
    ev: Any, players: tuple[str, ...], before: State | None = None, after: State | None = None
) -> Line:
    """One event as a sentence; with the states around it, the points a placement scored."""
    rnd = after.current if after is not None else None
    match ev:
        case Hand():
            starter = tuple(p.tile for p in ev.starter)
            if rnd is None:
                return Line(_("A new hand; the starter tiles: %(tiles)s."), {"tiles": starter})
            return Line(
                _("Hand %(no)s: the starter tiles %(tiles)s; %(name)s leads."),
                {"no": rnd.number, "tiles": starter, "name": players[rnd.leader]},
            )
        case Place():
            line = Line(_("%(name)s places %(tile)s."), {"name": players[ev.seat], "tile": ev.tile})
            was = before.current if before is not None else None
            if rnd is None or was is None or was.number != rnd.number:
                return line
            gained = rnd.scores[ev.seat] - was.scores[ev.seat]
            if not gained:
                return line
            return counted(
                "%(name)s places %(tile)s for %(n)s point.",
                "%(name)s places %(tile)s for %(n)s points.",
                gained,
                **line.params,
            )
        case Pass():
            return Line(_("%(name)s passes."), {"name": players[ev.seat]})
        case End():
            left = tuple(
                "{} {}".format(players[s], " ".join(str(t) for t in hand) or "—")
                for s, hand in enumerate(ev.hands)
                if s < len(players)
            )
            return Line(_("Hand over; tiles left: %(left)s."), {"left": left})
    return Line(_("An entry."))
