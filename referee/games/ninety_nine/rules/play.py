"""``start`` and ``apply``: the deal, premium bids, bids, tricks and the quick ``tricks`` count."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from referee.rules.base import Breach, IllegalEvent, _, check_seat
from referee.rules.dispatch import make_apply
from referee.rules.frozen import replace

from .events import Bid, Deal, Premium, Trick, Tricks
from .known import check_card, check_known, check_revealed, revokes
from .options import Rules, resolve
from .pack import OXFORD_TRUMP_PACK, classic_trump, deal_pack, effective, trick_winner
from .premiums import premium
from .scoring import close_deal, first_trump
from .sealed import Conflict, hold, report_opened
from .state import DealState, State, TrickRecord, seat_name


def start(players: tuple[str, ...], options: Mapping[str, Any]) -> State:
    rules = resolve(players, options)
    zeros = (0,) * rules.live
    return State(
        rules=rules,
        next_trump=first_trump(rules),
        game_scores=zeros,
        games_won=zeros,
        game_bonuses=zeros,
        rubber_bonus=zeros,
    )


def _open(state: State) -> DealState:
    if state.deal is None or state.deal.result is not None:
        raise IllegalEvent("no_deal", _("Record a deal first."))
    return state.deal


def _deal(state: State, ev: Deal) -> State:
    rules = state.rules
    if state.deal is not None and state.deal.result is None:
        raise IllegalEvent("deal_incomplete", _("The deal in progress needs its tricks and every bid first."))
    if state.expected_dealer is None:
        if ev.dealer is None:
            raise IllegalEvent("need_dealer", _("The first deal must name its dealer."))
        dealer = ev.dealer
        check_seat(dealer, rules.live)
    else:
        dealer = state.expected_dealer
        if ev.dealer is not None and ev.dealer != dealer:
            raise IllegalEvent(
                "wrong_dealer",
                _("It is %(player)s's deal: the deal passes to the left (N2, N17)."),
                player=rules.names[dealer],
            )
    turnup = ev.turnup
    trump = state.next_trump
    if rules.classic or rules.oxford:
        if turnup is None:
            raise IllegalEvent("need_turnup", _("This deal needs the turned-up card (turnup)."))
        if rules.oxford:
            if turnup not in OXFORD_TRUMP_PACK:
                raise IllegalEvent("bad_turnup", _("The Oxford Whist trump pack holds only 2s to 5s (N34)."))
            if turnup in state.turnups:
                raise IllegalEvent("bad_turnup", _("%(card)s was turned up already (N34)."), card=turnup)
            trump = turnup.suit
        else:
            if turnup not in rules.pack and not turnup.is_joker:
                raise IllegalEvent("bad_turnup", _("%(card)s is not in this pack."), card=turnup)
            trump = classic_trump(turnup)  # N33
    elif turnup is not None:
        raise IllegalEvent(
            "no_turnup", _("No card is turned up in this game (only Classic and Oxford Whist).")
        )
    first = state.game_first_dealer if state.expected_dealer is not None else dealer
    number = 1 + sum(1 for r in state.sheet if r.game == state.game)
    seats = rules.seats
    if rules.live == 2:
        leader, controller = 1 - dealer, 1 - dealer  # N26: the non-dealer leads from hand
    else:
        leader, controller = (dealer + 1) % rules.live, None  # N9: eldest leads
    deal = DealState(
        event=state.events,
        game=state.game,
        number=number,
        dealer=dealer,
        trump=trump,
        turnup=turnup,
        pack=deal_pack(rules.pack, rules.classic, turnup),
        bids=(None,) * seats,
        bid_events=(None,) * seats,
        sealed=(False,) * seats,
        leader=leader,
        controller=controller,
    )
    turnups = state.turnups + ((turnup,) if rules.oxford and turnup is not None else ())
    return replace(state, deal=deal, game_first_dealer=first, turnups=turnups)


def _bid(state: State, deal: DealState, ev: Bid) -> State:
    rules = state.rules
    check_seat(ev.seat, rules.seats)
    name = seat_name(state, ev.seat)
    if len(ev.cards) != 3 or len(set(ev.cards)) != 3:
        raise IllegalEvent("bad_bid", _("A bid is three different cards (N3)."))
    if deal.bids[ev.seat] is not None:
        raise IllegalEvent("bid_twice", _("%(player)s's bid is already in."), player=name)
    cards = frozenset(ev.cards)
    state, deal = hold(state, deal, check_known(state, deal, cards, ev.seat, "bid"))
    for s, hand in deal.revealed:
        if s == ev.seat and cards & hand:
            raise IllegalEvent("bad_bid", _("Bid cards are not among the cards a revealer plays (N5)."))
    bids = list(deal.bids)
    bids[ev.seat] = tuple(ev.cards)
    events = list(deal.bid_events)
    events[ev.seat] = state.events
    sealed = list(deal.sealed)
    sealed[ev.seat] = not deal.play_over and len(deal.tricks) < rules.tricks
    deal = replace(deal, bids=tuple(bids), bid_events=tuple(events), sealed=tuple(sealed))
    return _maybe_close(state, deal)


def _maybe_close(state: State, deal: DealState, breaches: tuple[Breach, ...] = ()) -> State:
    """A deal is complete when its tricks (or `tricks`) and every seat's bid are in (record-format).
    ``breaches``: revokes the deal's last trick proved, added to the state's in the same copy."""
    if breaches:
        state = replace(state, deal=deal, breaches=state.breaches + breaches)
    over = deal.counts is not None or len(deal.tricks) == state.rules.tricks
    if over and None not in deal.bids:
        return close_deal(state, deal)
    return state if breaches else replace(state, deal=deal)


def trick_seats(rules: Rules, deal: DealState) -> tuple[int, ...]:
    """Who plays each card of the next trick. N26 with 2 players: the dummy plays first or last."""
    return _seats(rules.live, deal.leader, deal.controller)


@lru_cache(maxsize=64)
def _seats(live: int, leader: int, controller: int | None) -> tuple[int, ...]:
    """``trick_seats`` by the few things it reads: made once per leader, not at every trick."""
    if live == 2:
        c = controller if controller is not None else leader
        if leader == 2:
            return (2, 1 - c, c)
        return (leader, 1 - leader, 2)
    return tuple((leader + i) % live for i in range(live))


def _trick(state: State, deal: DealState, ev: Trick) -> State:
    rules = state.rules
    if deal.counts is not None:
        raise IllegalEvent("quick_mode", _("This deal was counted with a tricks event; no trick can follow."))
    if len(deal.tricks) >= rules.tricks:
        raise IllegalEvent("tricks_over", _("All %(n)s tricks of this deal are played."), n=rules.tricks)
    if len(ev.cards) != rules.seats:
        raise IllegalEvent(
            "bad_trick", _("A trick has %(n)s cards, in play order from the leader."), n=rules.seats
        )
    if len(set(ev.cards)) != len(ev.cards):
        raise IllegalEvent("bad_trick", _("The same card cannot be played twice in a trick."))
    seats = trick_seats(rules, deal)
    led = effective(ev.cards[0], deal.turnup).suit
    found: list[Conflict] = []
    for seat, card in zip(seats, ev.cards, strict=True):
        found += check_card(state, deal, card, seat, "trick", len(deal.tricks) + 1)
        if deal.revealed:
            check_revealed(state, deal, seat, card, led)
    if found:  # a card of a sealed bid (rare): kept until the bid opens
        state, deal = hold(state, deal, found)
    pos, why = trick_winner(ev.cards, deal.trump, deal.turnup)  # N11
    winner = seats[pos]
    played = TrickRecord(state.events, ev.cards, seats, led, winner, why, deal.controller)
    breaches, breached = revokes(state, deal, played)
    # N26: a live winner leads from hand and controls the dummy; when the dummy wins, the player
    # who played its card leads from it.
    controller = (deal.controller if winner == 2 else winner) if rules.live == 2 else None
    deal = replace(
        deal,
        tricks=deal.tricks + (played,),
        played=deal.played.union(ev.cards),
        leader=winner,
        controller=controller,
        breached=breached,
    )
    return _maybe_close(state, deal, breaches)


def _counts(state: State, deal: DealState, ev: Tricks) -> State:
    rules = state.rules
    if deal.tricks or deal.counts is not None:
        raise IllegalEvent("quick_mode", _("This deal already has its tricks."))
    if len(ev.counts) != rules.seats or any(c < 0 for c in ev.counts) or sum(ev.counts) != rules.tricks:
        raise IllegalEvent(
            "bad_counts",
            _("Give the tricks won by each of the %(seats)s hands; they add up to %(n)s."),
            seats=rules.seats,
            n=rules.tricks,
        )
    return _maybe_close(state, replace(deal, counts=tuple(ev.counts)))


def _in_deal(rule: Callable[[State, DealState, Any], State]) -> Callable[[State, Any], State]:
    """A rule that needs a deal in progress: refused before the first deal and between deals."""
    return lambda state, ev: rule(state, _open(state), ev)


apply = make_apply(
    {
        Deal: _deal,
        Premium: _in_deal(premium),
        Bid: _in_deal(_bid),
        Trick: _in_deal(_trick),
        Tricks: _in_deal(_counts),
    },
    _("Ninety-Nine has no such event."),
    after=report_opened,  # a sealed bid that opened reports its conflicts (sealed.py)
)
