"""Bingo: what may be recorded next, for the table's buttons and the API (``detail["next"]``).

Read from the deal in hand: who is on lead, whether a declaration or a close is still allowed and how
many doubles the leader's hand can show (B28, B31, B38, B-Δ8), who may claim (B32) or show (B33), and
which doubles must be led after a declaration.
"""

from __future__ import annotations

from typing import TypedDict

from referee.rules.tiles import Tile

from .scoring import next_leader
from .state import PHASE_ONE_TRICKS, DealState, State, declaration_room
from .values import DOUBLES, tile_texts


class Next(TypedDict):
    """What may be recorded next (seats as ints)."""

    can_deal: bool
    next_deal_leader: int | None
    can_declare: bool
    declarable: list[str]
    declare_at_most: int  # B28, B31: the most doubles the leader's hand can show now (0: none)
    can_close: bool
    can_claim: list[int]
    can_show: list[int]
    must_lead_one_of: list[str]  # after a declaration (B28)
    lead_seat: int | None
    reply_seat: int | None


def _declarable(deal: DealState, seat: int) -> list[Tile]:
    used, declared = deal.used(), deal.declared()
    other = set(deal.known_in_hand(1 - seat))
    out = []
    for d in DOUBLES:
        if d in used or d in declared or d in other:
            continue
        if d == deal.indicator and deal.indicator_holder != seat:
            continue
        out.append(d)
    return out


def next_steps(state: State, deal: DealState | None, ends_match: bool) -> Next:
    """What may come next. ``ends_match``: the record, ended here, is a finished match (B40 may
    still let a claim after the last trick come first)."""
    over = state.finished
    playing = deal is not None and deal.in_play and not over
    nxt: Next = {
        "can_deal": not ends_match and (deal is None or deal.settled or deal.played_out),
        "next_deal_leader": None if deal is None or playing else next_leader(state),
        "can_declare": False,
        "declarable": [],
        "declare_at_most": 0,
        "can_close": False,
        "can_claim": [],
        "can_show": [],
        "must_lead_one_of": [],
        "lead_seat": None,
        "reply_seat": None,
    }
    if deal is None or over:
        return nxt
    if playing:
        lead = deal.on_lead
        nxt["lead_seat"], nxt["reply_seat"] = lead, 1 - lead
        declarable = _declarable(deal, lead)
        most = min(len(declarable), declaration_room(deal, lead))
        nxt["can_declare"] = deal.pending is None and most >= 2
        nxt["declarable"] = tile_texts(declarable) if nxt["can_declare"] else []
        nxt["declare_at_most"] = most if nxt["can_declare"] else 0
        done = len(deal.tricks)
        nxt["can_close"] = (
            deal.close is None
            and done < PHASE_ONE_TRICKS
            and (done > 0 or bool(state.opt("closeBeforeFirstTrick")))
        )
        if deal.pending is not None:
            nxt["must_lead_one_of"] = tile_texts(deal.pending.doubles)
    if not deal.settled:
        nxt["can_claim"] = [0, 1]
    elif deal.settlement is not None and deal.settlement.kind == "claim":
        nxt["can_show"] = [s for s in (0, 1) if deal.shown(s) is None]
    return nxt
