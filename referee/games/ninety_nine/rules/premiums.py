"""Premium bids: declare and reveal (N5-N7), 2 players declare only (N23), the seed's asking order
(N-Δ2) and a revealer naming the leader (N-Δ3)."""

from __future__ import annotations

from referee.rules.base import IllegalEvent, _, check_seat, word
from referee.rules.frozen import replace

from .events import Premium
from .known import check_known
from .sealed import hold
from .state import DealState, State

KINDS = (word(_("declare")), word(_("reveal")))  # shown translated inside messages


def premium(state: State, deal: DealState, ev: Premium) -> State:
    rules = state.rules
    check_seat(ev.seat, rules.live)
    if rules.oxford:
        raise IllegalEvent("no_premiums", _("Oxford Whist has no premium bids: bids stay face down (N34)."))
    if deal.tricks or deal.counts is not None:
        raise IllegalEvent("premium_late", _("Premium bids are made before the opening lead (N5)."))
    if ev.leader is not None and not (rules.names_leader and ev.kind == "reveal"):
        raise IllegalEvent(
            "no_leader", _("Only a revealer names the leader, and only at a table that chose so (N-Δ3).")
        )
    if ev.leader is not None:
        check_seat(ev.leader, rules.live)
    if ev.hand is not None and ev.kind != "reveal":
        raise IllegalEvent("no_hand", _("Only a revealed hand is laid face up (N5)."))
    name = rules.names[ev.seat]
    if rules.live == 2:
        if ev.kind == "reveal":
            raise IllegalEvent("no_reveal", _("With 2 players nobody may reveal; declare only (N23)."))
        if any(s == ev.seat for s, _k in deal.premiums):
            raise IllegalEvent("premium_twice", _("%(player)s has already declared."), player=name)
        return replace(state, deal=replace(deal, premiums=deal.premiums + ((ev.seat, "declare"),)))
    before = deal  # the hand is checked against the bids as they lay before this premium opened one
    deal = _seed_order(state, deal, ev) if rules.seed_order else _priority(state, deal, ev)
    holder, kind = deal.premiums[0]
    revealed = tuple(r for r in deal.revealed if r[0] == holder and kind == "reveal" and ev.hand is None)
    if ev.hand is not None:
        hand = frozenset(ev.hand)
        if len(hand) != len(ev.hand) or len(hand) != rules.tricks:
            raise IllegalEvent(
                "bad_hand",
                _("A revealed hand shows the %(n)s cards left to play, each once."),
                n=rules.tricks,
            )
        state, deal = hold(state, deal, check_known(state, before, hand, ev.seat, "hand"))
        revealed += ((ev.seat, hand),)
    leader = deal.leader
    if ev.kind == "reveal" and rules.names_leader:
        leader = ev.leader if ev.leader is not None else (deal.dealer + 1) % rules.live
    return replace(state, deal=replace(deal, revealed=revealed, leader=leader))


def _priority(state: State, deal: DealState, ev: Premium) -> DealState:
    """N6, N7 (R15): one premium per deal; a reveal beats any declare; between equals the seat
    nearest the dealer's left wins, the dealer last."""
    n = state.rules.live

    def rank(seat: int, kind: str) -> tuple[int, int]:
        return (1 if kind == "reveal" else 0, -((seat - deal.dealer - 1) % n))

    if deal.premiums:
        seat, kind = deal.premiums[0]
        if rank(ev.seat, ev.kind) <= rank(seat, kind):
            raise IllegalEvent(
                "premium_outranked",
                _("%(player)s's %(kind)s has priority: only one premium per deal (N6, N7)."),
                player=state.rules.names[seat],
                kind=kind,
            )
    return replace(deal, premiums=((ev.seat, ev.kind),))


def _seed_order(state: State, deal: DealState, ev: Premium) -> DealState:
    """N-Δ2 seedAskingOrder: asked once each from the dealer clockwise; a reveal ends the asking,
    except that a declarer outbid by a reveal may answer with a reveal."""
    names = state.rules.names
    pos = (ev.seat - deal.dealer) % state.rules.live
    if deal.premium_closed:
        raise IllegalEvent("premium_closed", _("The premium bidding is over (N-Δ2)."))
    if deal.premiums and deal.premiums[0][1] == "reveal":
        if ev.seat == deal.outbid and ev.kind == "reveal":
            return replace(deal, premiums=((ev.seat, "reveal"),), premium_closed=True, outbid=None)
        raise IllegalEvent(
            "premium_closed",
            _("%(player)s revealed: that ends the premium bidding (N-Δ2)."),
            player=names[deal.premiums[0][0]],
        )
    if pos <= deal.asked:
        raise IllegalEvent(
            "premium_order",
            _("%(player)s was asked already: premiums are asked from the dealer clockwise (N-Δ2)."),
            player=names[ev.seat],
        )
    if deal.premiums and ev.kind == "declare":
        raise IllegalEvent(
            "premium_outranked",
            _("%(player)s has declared: only a reveal can follow (N6, N-Δ2)."),
            player=names[deal.premiums[0][0]],
        )
    outbid = deal.premiums[0][0] if deal.premiums else None
    return replace(deal, premiums=((ev.seat, ev.kind),), asked=pos, outbid=outbid)
