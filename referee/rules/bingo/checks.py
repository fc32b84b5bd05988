"""Bingo checks after the fact (docs/record-format.md, 'Breaches found after the fact'; digest §6.1).

A hand at the start of phase 2 is exactly the tiles its player plays from then on, plus any tiles
shown after a claim. Once a deal is played out, or a player has shown their tiles, every phase-2
reply of that player is checked against B24-B25 (or B-Δ7), and with ``declareAllHeld`` every
declaration made when no more draws could follow is checked against B-Δ10.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Breach, _
from ..tiles import Tile
from .state import Deal
from .values import is_trump, legal_replies


def known_hand_from(deal: Deal, seat: int, trick_no: int) -> set[Tile] | None:
    """``seat``'s hand just before trick ``trick_no`` (1-based), if the record proves it: only
    when no draw can come after that point and the rest of the hand is known."""
    if trick_no < deal.phase_two_from:
        return None
    shown = deal.shown(seat)
    if not deal.played_out and shown is None:
        return None
    hand = set(shown or ())
    for t in deal.tricks[trick_no - 1 :]:
        hand.add(t.lead if t.leader == seat else t.reply)
    return hand


def deal_breaches(deal: Deal, options: Mapping[str, Any], names: tuple[str, ...]) -> list[Breach]:
    out: list[Breach] = []
    heading = not options.get("followWithoutHeading")
    for t in deal.tricks:
        if t.phase != 2:
            continue
        replier = 1 - t.leader
        hand = known_hand_from(deal, replier, t.no)
        if hand is None:
            continue
        legal = legal_replies(hand, t.lead, deal.trump, heading)
        if t.reply in legal:
            continue
        rule = "B-Δ7" if not heading else ("B24" if is_trump(t.lead, deal.trump) else "B25")
        params = {
            "player": names[replier],
            "reply": str(t.reply),
            "lead": str(t.lead),
            "trick": str(t.no),
            "legal": ", ".join(str(x) for x in sorted(legal, reverse=True)),
        }
        msg = _("Trick %(trick)s: %(player)s replied %(reply)s to %(lead)s but had to play one of %(legal)s.")
        out.append(Breach(event=t.event, rule=rule, seat=replier, message=msg, params=params))
    if options.get("declareAllHeld"):
        for decl in deal.declarations:
            if len(decl.doubles) == 7:
                continue
            hand = known_hand_from(deal, decl.seat, decl.before_trick)
            if hand is None:
                continue
            before = {d for other in deal.declarations if other.event < decl.event for d in other.doubles}
            missing = sorted(
                (t for t in hand if t.is_double and t not in before and t not in decl.doubles), reverse=True
            )
            if missing:
                params = {"player": names[decl.seat], "tiles": ", ".join(str(x) for x in missing)}
                msg = _("%(player)s declared doubles but left out %(tiles)s, also held (B-Δ10).")
                out.append(Breach(event=decl.event, rule="B-Δ10", seat=decl.seat, message=msg, params=params))
    return out
