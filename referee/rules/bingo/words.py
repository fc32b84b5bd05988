"""Bingo's history in plain words: "Trick 6: Aki 3-0, Ben 3-1 - Aki wins"."""

from __future__ import annotations

from typing import Any

from ..base import Line, _, counted, word
from .events import Claim, Close, Deal, Declare, Show, Trick
from .state import State

BLANKS = word(_("blanks"))


def narrate(
    ev: Any, players: tuple[str, ...], before: State | None = None, after: State | None = None
) -> Line:
    """One event as a sentence; with the state after it, the outcome too (winner, game points)."""
    deal = after.deal if after is not None else None
    match ev:
        case Deal():
            if deal is None:
                return Line(_("New deal: the indicator is %(tile)s."), {"tile": str(ev.indicator)})
            trump = BLANKS if deal.trump == 0 else str(deal.trump)
            return Line(
                _("Deal %(no)s: the indicator is %(tile)s, trump %(trump)s; %(name)s leads."),
                {"no": deal.no, "tile": str(ev.indicator), "trump": trump, "name": players[deal.leader]},
            )
        case Declare():
            return Line(
                _("%(name)s declares %(tiles)s."),
                {"name": players[ev.seat], "tiles": tuple(str(t) for t in ev.doubles)},
            )
        case Trick():
            if deal is None or not deal.tricks:
                return Line(
                    _("A trick: %(lead)s led, %(reply)s replied."),
                    {"lead": str(ev.lead), "reply": str(ev.reply)},
                )
            rec = deal.tricks[-1]
            return Line(
                _("Trick %(no)s: %(first)s %(lead)s, %(second)s %(reply)s — %(winner)s wins."),
                {
                    "no": rec.no,
                    "first": players[rec.leader],
                    "lead": str(rec.lead),
                    "second": players[1 - rec.leader],
                    "reply": str(rec.reply),
                    "winner": players[rec.winner],
                },
            )
        case Close():
            return Line(_("%(name)s closes."), {"name": players[ev.seat]})
        case Claim():
            line = Line(_("%(name)s claims 70."), {"name": players[ev.seat]})
            settled = deal.settlement if deal is not None else None
            if settled is None or settled.winner is None:
                return line
            award = counted(
                "%(name)s scores %(n)s game point.",
                "%(name)s scores %(n)s game points.",
                settled.game_points,
                name=players[settled.winner],
            )
            return Line(line.message, line.params, more=(award,))
        case Show():
            return Line(
                _("%(name)s shows %(tiles)s."),
                {"name": players[ev.seat], "tiles": tuple(str(t) for t in ev.tiles)},
            )
    return Line(_("An entry."))
