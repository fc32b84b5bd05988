"""What a Ninety-Nine table shows: totals, end, winners, breaches and the ``detail``, typed below as
:class:`Detail` (the API, ``referee/games/ninety_nine/templates/ninety_nine`` and ``referee/games/ninety_nine/printables.py`` read it).

Seats are ints (the dummy is seat 2 with 2 players), cards are written like ``"10H"``, suits as
S/H/D/C, sentences are :class:`~referee.rules.message.Message`. ``redact`` hides other seats' sealed bids.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from referee.rules.base import View
from referee.rules.message import Message

from .pack import bid_value, suit_text
from .play import trick_seats
from .scoring import OXFORD_DEALS
from .state import DealResult, DealState, ScoreLine, State

Phase = Literal["not started", "bidding", "premiums", "play", "awaiting bids", "complete"]
BidStatus = Literal["missing", "sealed", "shown"]


class GameRow(TypedDict):
    """A finished game of the rubber (N17-N20)."""

    number: int
    first_dealer: int
    scores: list[int]  # before the game bonus
    bonus: list[int]
    final: list[int]  # scores + bonus
    winner: int | None  # None with wikiGameBonus


class BidDetail(TypedDict):
    cards: list[str]  # the three bid cards
    value: int  # the tricks they bid (N3)


class PremiumDetail(TypedDict):
    """A standing premium bid (N5-N7)."""

    seat: int
    kind: Literal["declare", "reveal"]  # N5: 30 for a declared bid, 60 for a revealed hand
    points: int  # 30 or 60
    bid: int | None  # its bid value, once the bid is in


class RevealedDetail(TypedDict):
    seat: int
    cards: list[str]  # the revealer's face-up cards not played yet


class TrickDetail(TypedDict):
    """A trick of this deal (N9-N11, N26)."""

    event: int
    cards: list[str]  # in play order
    seats: list[int]  # whose each card is
    led: str  # the suit led
    winner: int
    controller: int | None  # 2 players: who played the dummy's card
    why: Message


class SheetRow(TypedDict):
    """A complete deal on the score sheet (N12-N16)."""

    game: int
    deal: int
    dealer: int
    trump: str | None
    trump_text: str
    bids: list[int]  # per hand
    tricks: list[int]  # per hand
    success: list[bool]
    successes: int
    bonus: list[int]  # per player
    premium: list[int]
    scores: list[int]
    running: list[int]  # game totals after the deal
    lines: list[list[ScoreLine]]  # per player: how the points came
    next_trump: str | None


class Detail(TypedDict):
    """Ninety-Nine's ``View.detail``; the deal's keys (``leader`` to ``won``) are empty before a deal."""

    game: int  # the game number within the rubber
    deal: int | None  # the deal number within the game
    dealer: int | None
    next_dealer: int | None  # between deals
    trump: str | None  # None: no trump
    trump_text: str | None
    turnup: str | None  # Classic, Oxford Whist
    phase: Phase
    next: list[str]  # the event types that may come next
    hands: int  # dealt: 3 with the dummy
    dummy: int | None  # 2 with 2 players
    tricks_per_deal: int
    game_scores: list[int]  # this game
    games_won: list[int]
    game_bonuses: list[int]  # wikiGameBonus counts
    rubber_bonus: list[int]
    games: list[GameRow]
    sheet: list[SheetRow]
    deals_left: int | None  # Oxford Whist
    target: int | None  # fixedTarget (N19)
    leader: int | None  # of the next trick
    to_play: list[int]  # the seats of the next trick in play order
    dummy_controller: int | None  # 2 players: who plays the dummy's card next trick (N26)
    pack: list[str]  # the cards in play this deal, for a picker
    played: list[str]  # this deal
    bid_status: list[BidStatus]  # per hand
    private_events: list[list[int]]  # [event index, seat] of each sealed bid: for that seat's eyes only
    bids: list[BidDetail | None]  # per hand; PRIVATE until shown: ``redact`` keeps only the reader's own
    premiums: list[PremiumDetail]
    revealed: list[RevealedDetail]
    tricks: list[TrickDetail]
    won: list[int]  # tricks won per hand so far


class DealDetail(TypedDict):
    """The keys of :class:`Detail` that belong to the deal in progress (or the last one)."""

    leader: int | None
    to_play: list[int]
    dummy_controller: int | None
    pack: list[str]
    played: list[str]
    bid_status: list[BidStatus]
    private_events: list[list[int]]
    bids: list[BidDetail | None]
    premiums: list[PremiumDetail]
    revealed: list[RevealedDetail]
    tricks: list[TrickDetail]
    won: list[int]


def view(state: State) -> View[Detail]:
    rules = state.rules
    deal = state.deal
    detail: Detail = {
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
        **_deal_detail(state, deal),
    }
    return View(
        totals=state.totals(),
        finished=state.finished,
        winners=state.winners if state.finished else (),
        breaches=state.breaches,
        detail=detail,
    )


def redact(detail: Detail, seat: int | None) -> Detail:
    """The detail as ``seat`` (None: the scorer and viewers) may see it: other seats' sealed bids dropped."""
    status = detail["bid_status"]
    bids = [
        bid if s == seat or s >= len(status) or status[s] != "sealed" else None
        for s, bid in enumerate(detail["bids"])
    ]
    return {**detail, "bids": bids}


def _phase(state: State) -> Phase:
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


def _deal_detail(state: State, deal: DealState | None) -> DealDetail:
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
    status: list[BidStatus] = []
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
            [event, s]
            for s, (st, event) in enumerate(zip(status, deal.bid_events, strict=True))
            if st == "sealed" and event is not None
        ],
        # Private until the deal is complete: the web layer shows an entry only to its own seat.
        "bids": [
            None if b is None else {"cards": [str(c) for c in b], "value": bid_value(b, deal.turnup)}
            for b in deal.bids
        ],
        "premiums": [
            {
                "seat": s,
                "kind": "reveal" if k == "reveal" else "declare",
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


def _row(r: DealResult) -> SheetRow:
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
