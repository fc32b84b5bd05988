"""The bead game's history in plain words: "Ben places 3-2: 6 points"."""

from __future__ import annotations

from referee.rules.base import Line, _, counted
from referee.rules.narration import make_narrate

from .events import End, Hand, Pass, Place
from .state import State


def _hand(ev: Hand, players: tuple[str, ...], after: State | None) -> Line:
    starter = tuple(p.tile for p in ev.starter)
    hand = after.current if after is not None else None
    if hand is None:
        return Line(_("A new hand; the starter tiles: %(tiles)s."), {"tiles": starter})
    return Line(
        _("Hand %(no)s: the starter tiles %(tiles)s; %(name)s leads."),
        {"no": hand.number, "tiles": starter, "name": players[hand.leader]},
    )


def _place(ev: Place, players: tuple[str, ...], after: State | None) -> Line:
    """The placement, with the points it scored (during a replay: the hand's last turn is this one);
    one sentence made, the one said (a replay narrates every placement)."""
    name, tile = players[ev.seat], ev.tile
    hand = after.current if after is not None else None
    laid = hand.turns[-1].laid if hand is not None and hand.turns else None
    gained = laid.scored.score if laid is not None and laid.scored is not None else 0
    if not gained:
        return Line(_("%(name)s places %(tile)s."), {"name": name, "tile": tile})
    return counted(
        "%(name)s places %(tile)s for %(n)s point.",
        "%(name)s places %(tile)s for %(n)s points.",
        gained,
        name=name,
        tile=tile,
    )


def _pass(ev: Pass, players: tuple[str, ...], after: State | None) -> Line:
    return Line(_("%(name)s passes."), {"name": players[ev.seat]})


def _end(ev: End, players: tuple[str, ...], after: State | None) -> Line:
    """The tiles each player still holds, a sentence each, the tiles listed with commas (a list of 24
    tiles run together read as one number after another, issue 27)."""
    held = tuple(
        Line(_("%(name)s still holds %(tiles)s."), {"name": players[s], "tiles": tuple(str(t) for t in hand)})
        for s, hand in enumerate(ev.hands)
        if s < len(players) and hand
    )
    if not held:
        return Line(_("Hand over; no tile left in any hand."))
    return Line(_("Hand over."), more=held)


narrate = make_narrate({Hand: _hand, Place: _place, Pass: _pass, End: _end})
