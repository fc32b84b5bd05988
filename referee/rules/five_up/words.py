"""Five Up's history in plain words: "Ben plays 4-3 on 4-0: the ends count 10, 2 points"."""

from __future__ import annotations

from typing import Any

from ..base import Line, _, counted
from .events import Call, Draw, End, Hand, Pass, Play
from .state import State


def narrate(
    ev: Any, players: tuple[str, ...], before: State | None = None, after: State | None = None
) -> Line:
    """One event as a sentence; with the state after it, the count and points it made."""
    hand = after.hand if after is not None else None
    match ev:
        case Hand():
            if hand is None:
                return Line(_("A new hand."))
            return Line(_("Hand %(no)s: %(name)s leads."), {"no": hand.number, "name": players[hand.leader]})
        case Play():
            who = {"name": players[ev.seat], "tile": str(ev.tile)}
            if ev.on is None:
                line = Line(_("%(name)s plays %(tile)s."), who)
            else:
                line = Line(_("%(name)s plays %(tile)s on %(on)s."), {**who, "on": str(ev.on)})
            note = hand.plays[-1] if hand is not None and hand.plays else None
            if note is None or note.tile != ev.tile or not note.points:
                return line
            if ev.on is None:
                return counted(
                    "%(name)s plays %(tile)s: the ends count %(count)s, %(n)s point.",
                    "%(name)s plays %(tile)s: the ends count %(count)s, %(n)s points.",
                    note.points, count=note.count, **who,
                )  # fmt: skip
            return counted(
                "%(name)s plays %(tile)s on %(on)s: the ends count %(count)s, %(n)s point.",
                "%(name)s plays %(tile)s on %(on)s: the ends count %(count)s, %(n)s points.",
                note.points, count=note.count, on=str(ev.on), **who,
            )  # fmt: skip
        case Draw():
            return counted(
                "%(name)s draws %(n)s tile.", "%(name)s draws %(n)s tiles.", ev.count, name=players[ev.seat]
            )
        case Pass():
            return Line(_("%(name)s passes."), {"name": players[ev.seat]})
        case End():
            pips = tuple(f"{players[s]} {p}" for s, p in enumerate(ev.pips) if s < len(players))
            line = Line(_("Hand over; pips left: %(pips)s."), {"pips": pips})
            why = hand.explanation if hand is not None else None
            if not why:
                return line
            return Line(line.message, line.params, more=(Line(why["msg"], dict(why["params"])),))
        case Call():
            return Line(_("%(name)s calls %(points)s."), {"name": players[ev.seat], "points": ev.points})
    return Line(_("An entry."))
