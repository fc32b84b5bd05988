"""``view``: totals, end, winners, breaches and the JSON-able ``detail`` (keys in the package docstring)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import View
from .pack import bid_value, suit_text
from .play import trick_seats
from .scoring import OXFORD_DEALS
from .state import DealResult, DealState, State


def view(state: State) -> View[dict[str, Any]]:
    rules = state.rules
    deal = state.deal
    detail: dict[str, Any] = {
        "game": state.game,
        "deal": deal.number if deal else None,
        "dealer": deal.dealer if deal else None,
        "next_dealer": state.expected_dealer if deal is None or deal.result else None,
        "trump": deal.trump if deal else None,
        "trump_text": suit_text(deal.trump) if deal else None,
        "turnup": str(deal.turnup) if deal and deal.turnup else None,
        "phase": _phase(state),
        "next": _next(state),
        "hands": rules.seats,
        "dummy": 2 if rules.live == 2 else None,
        "tricks_per_deal": rules.tricks,
        "game_scores": list(state.game_scores),
        "games_won": list(state.games_won),
        "game_bonuses": list(state.game_bonuses),
        "rubber_bonus": list(state.rubber_bonus),
        "games": [
            {
                "number": g.number,
                "first_dealer": g.first_dealer,
                "scores": list(g.scores),
                "bonus": list(g.bonus),
                "final": list(g.final),
                "winner": g.winner,
            }
            for g in state.games
        ],
        "sheet": [_row(r) for r in state.sheet],
        "deals_left": OXFORD_DEALS - len(state.turnups) if rules.oxford else None,
        "target": rules.target or None,
    }
    detail.update(_deal_detail(state, deal))
    return View(
        totals=state.totals(),
        finished=state.finished,
        winners=state.winners if state.finished else (),
        breaches=state.breaches,
        detail=detail,
    )


def redact(detail: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """The detail as ``seat`` (None: the scorer and viewers) may see it: other seats' sealed bids dropped."""
    out = dict(detail)
    status = detail.get("bid_status") or []
    out["bids"] = [
        bid if s == seat or s >= len(status) or status[s] != "sealed" else None
        for s, bid in enumerate(detail.get("bids") or [])
    ]
    return out


def _phase(state: State) -> str:
    deal = state.deal
    if deal is None:
        return "not started"
    if deal.result is not None:
        return "complete"
    if deal.counts is not None or len(deal.tricks) == state.rules.tricks:
        return "awaiting bids"
    if deal.tricks:
        return "play"
    if deal.premiums or all(b is not None for b in deal.bids):
        return "premiums"
    return "bidding"


def _next(state: State) -> list[str]:
    deal = state.deal
    if state.finished:
        return []
    if deal is None or deal.result is not None:
        return ["deal"]
    out = []
    if not deal.tricks and deal.counts is None and not state.rules.oxford:
        out.append("premium")
    if deal.counts is None and len(deal.tricks) < state.rules.tricks:
        out.append("trick")
        if not deal.tricks:
            out.append("tricks")
    if any(b is None for b in deal.bids):
        out.append("bid")
    return out


def _deal_detail(state: State, deal: DealState | None) -> dict[str, Any]:
    if deal is None:
        return {
            "leader": None,
            "to_play": [],
            "dummy_controller": None,
            "pack": [],
            "played": [],
            "bid_status": [],
            "private_events": [],
            "bids": [],
            "premiums": [],
            "revealed": [],
            "tricks": [],
            "won": [],
        }
    rules = state.rules
    in_play = deal.result is None and deal.counts is None and len(deal.tricks) < rules.tricks
    complete = deal.result is not None
    public = {s for s, _k in deal.premiums}  # N5: declared and revealed bids lie face up
    status = []
    for s, bid in enumerate(deal.bids):
        if bid is None:
            status.append("missing")
        elif complete or s in public:
            status.append("shown")
        else:
            status.append("sealed")
    return {
        "leader": deal.leader if in_play else None,
        "to_play": list(trick_seats(rules, deal)) if in_play else [],
        "dummy_controller": deal.controller if in_play and rules.live == 2 else None,
        "pack": [str(c) for c in sorted(deal.pack)],
        "played": [str(c) for t in deal.tricks for c in t.cards],
        "bid_status": status,
        # [event index, seat] of each bid still sealed: its cards are for that seat's eyes only.
        "private_events": [
            [deal.bid_events[s], s] for s, st in enumerate(status) if st == "sealed" and deal.bid_events[s] is not None
        ],
        # Private until the deal is complete: the web layer shows an entry only to its own seat.
        "bids": [
            None if b is None else {"cards": [str(c) for c in b], "value": bid_value(b, deal.turnup)}
            for b in deal.bids
        ],
        "premiums": [
            {
                "seat": s,
                "kind": k,
                "points": 60 if k == "reveal" else 30,
                "bid": None if (bid := deal.bids[s]) is None else bid_value(bid, deal.turnup),
            }
            for s, k in deal.premiums
        ],
        "revealed": [
            {"seat": s, "cards": [str(c) for c in sorted(hand - deal.played)]} for s, hand in deal.revealed
        ],
        "tricks": [
            {
                "event": t.event,
                "cards": [str(c) for c in t.cards],
                "seats": list(t.seats),
                "led": t.led,
                "winner": t.winner,
                "controller": t.controller,
                "why": t.why,
            }
            for t in deal.tricks
        ],
        "won": list(deal.won(rules.seats)),
    }


def _row(r: DealResult) -> dict[str, Any]:
    return {
        "game": r.game,
        "deal": r.number,
        "dealer": r.dealer,
        "trump": r.trump,
        "trump_text": suit_text(r.trump),
        "bids": list(r.bids),
        "tricks": list(r.tricks),
        "success": list(r.success),
        "successes": r.k,
        "bonus": list(r.bonus),
        "premium": list(r.premium),
        "scores": list(r.scores),
        "running": list(r.running),
        "lines": [list(ls) for ls in r.lines],
        "next_trump": r.next_trump,
    }
