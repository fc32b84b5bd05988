"""Bingo's history in plain words: "Trick 6: Aki 3-0, Ben 3-1 - Aki wins"."""

from __future__ import annotations

from referee.rules.base import Line, _, counted, word
from referee.rules.narration import make_narrate

from .events import Claim, Close, Deal, Declare, Show, Trick
from .quick_check import name_seats
from .state import State

BLANKS = word(_("blanks"))


def _deal(ev: Deal, players: tuple[str, ...], after: State | None) -> Line:
    deal = after.deal if after is not None else None
    if deal is None:
        return Line(_("New deal: the indicator is %(tile)s."), {"tile": str(ev.indicator)})
    trump = BLANKS if deal.trump == 0 else str(deal.trump)
    return Line(
        _("Deal %(no)s: the indicator is %(tile)s, trump %(trump)s; %(name)s leads."),
        {"no": deal.no, "tile": str(ev.indicator), "trump": trump, "name": players[deal.leader]},
    )


def _declare(ev: Declare, players: tuple[str, ...], after: State | None) -> Line:
    return Line(
        _("%(name)s declares %(tiles)s."),
        {"name": players[ev.seat], "tiles": tuple(str(t) for t in ev.doubles)},
    )


def _trick(ev: Trick, players: tuple[str, ...], after: State | None) -> Line:
    """The two tiles, and (in a replay) who won the trick."""
    deal = after.deal if after is not None else None
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


def _close(ev: Close, players: tuple[str, ...], after: State | None) -> Line:
    return Line(_("%(name)s closes."), {"name": players[ev.seat]})


def _claim(ev: Claim, players: tuple[str, ...], after: State | None) -> Line:
    """The claim, and (in a replay) the game points it settled and why, with the claimer's count against 70."""
    line = Line(_("%(name)s claims 70."), {"name": players[ev.seat]})
    deal = after.deal if after is not None else None
    settled = deal.settlement if deal is not None else None
    if settled is None or settled.winner is None:
        return line
    award = counted(
        "%(name)s scores %(n)s game point.",
        "%(name)s scores %(n)s game points.",
        settled.game_points,
        name=players[settled.winner],
    )
    reason = settled.breakdown["reason"]
    [(msg, params)] = name_seats([(reason["msg"], reason["params"])], players)
    return Line(line.message, line.params, more=(award, Line(msg, dict(params))))


def _show(ev: Show, players: tuple[str, ...], after: State | None) -> Line:
    return Line(
        _("%(name)s shows %(tiles)s."),
        {"name": players[ev.seat], "tiles": tuple(str(t) for t in ev.tiles)},
    )


narrate = make_narrate(
    {Deal: _deal, Declare: _declare, Trick: _trick, Close: _close, Claim: _claim, Show: _show}
)
