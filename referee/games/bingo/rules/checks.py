"""Bingo checks after the fact (docs/record-format.md, 'Breaches found after the fact'; digest §6.1).

Nobody draws in phase 2 (B23), so a player's hand at a phase-2 trick holds every tile that player
plays from that trick on, the doubles it declares later, and any tiles it shows after a claim. That
is enough to prove a breach long before the deal is played out: a reply is illegal (B24-B25, or
B-Δ7) as soon as a tile seen later lies in a more urgent priority group than the reply
(``reply_level``), whether or not the rest of the hand is ever seen. Likewise with
``declareAllHeld`` an undeclared double seen later proves a phase-2 declaration incomplete (B-Δ10).
The breach belongs to the earlier event; ``detected_at`` is the first event that proves it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules.base import Breach, _
from referee.rules.tiles import Tile

from .state import DealState, DeclarationRecord, TrickRecord
from .values import is_trump, legal_replies, reply_level


def seen_from(deal: DealState, seat: int, trick_no: int) -> list[tuple[int, Tile]]:
    """``(event, tile)`` for each tile ``seat`` is seen to hold at phase-2 trick ``trick_no``
    (1-based): its tiles in that trick and every later one, the doubles it declared before a later
    lead, and the tiles it showed; in event order. Nothing before phase 2, when draws could still
    bring a tile in."""
    if trick_no < deal.phase_two_from:
        return []
    seen = [(t.event, t.lead if t.leader == seat else t.reply) for t in deal.tricks[trick_no - 1 :]]
    seen += [
        (d.event, tile)
        for d in deal.declarations
        if d.seat == seat and d.before_trick >= trick_no
        for tile in d.doubles
    ]
    seen += [(show.event, tile) for show in deal.shows if show.seat == seat for tile in show.tiles]
    return sorted(seen, key=lambda pair: pair[0])


def _reply_breach(deal: DealState, t: TrickRecord, heading: bool, names: tuple[str, ...]) -> Breach | None:
    replier = 1 - t.leader
    mine = reply_level(t.reply, t.lead, deal.trump, heading)
    seen = seen_from(deal, replier, t.no)
    proof = next((e for e, x in seen if reply_level(x, t.lead, deal.trump, heading) < mine), None)
    if proof is None:
        return None
    legal = legal_replies({x for _e, x in seen}, t.lead, deal.trump, heading)  # all that is known now
    rule = "B-Δ7" if not heading else ("B24" if is_trump(t.lead, deal.trump) else "B25")
    params: dict[str, str | tuple[str, ...]] = {
        "player": names[replier],
        "reply": str(t.reply),
        "lead": str(t.lead),
        "trick": str(t.no),
        "legal": tuple(str(x) for x in sorted(legal, reverse=True)),
    }
    msg = _(
        "Trick %(trick)s: %(player)s replied %(reply)s to %(lead)s but still held %(legal)s, "
        "which had to be played first."
    )
    return Breach(t.event, rule, replier, msg, params, detected_at=proof)


def _declaration_breach(deal: DealState, decl: DeclarationRecord, names: tuple[str, ...]) -> Breach | None:
    before = {d for other in deal.declarations if other.event < decl.event for d in other.doubles}
    missing: set[Tile] = set()
    proof = None
    for event, tile in seen_from(deal, decl.seat, decl.before_trick):
        if tile.is_double and tile not in before and tile not in decl.doubles:
            missing.add(tile)
            proof = event if proof is None else proof
    if proof is None:
        return None
    params: dict[str, str | tuple[str, ...]] = {
        "player": names[decl.seat],
        "tiles": tuple(str(x) for x in sorted(missing, reverse=True)),
    }
    msg = _("%(player)s declared doubles but left out %(tiles)s, also held (B-Δ10).")
    return Breach(decl.event, "B-Δ10", decl.seat, msg, params, detected_at=proof)


def deal_breaches(deal: DealState, options: Mapping[str, Any], names: tuple[str, ...]) -> list[Breach]:
    """Every breach the deal's record proves so far, in the order of the offending events."""
    heading = not options.get("followWithoutHeading")
    found = [_reply_breach(deal, t, heading, names) for t in deal.tricks if t.phase == 2]
    if options.get("declareAllHeld"):
        found += [_declaration_breach(deal, d, names) for d in deal.declarations if len(d.doubles) < 7]
    return sorted((b for b in found if b is not None), key=lambda b: b.event)
