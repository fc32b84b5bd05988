"""A Ninety-Nine bid read from its three bid cards (``/check``), by the pack's own bid code (N3)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.rules.base import IllegalEvent, _
from referee.rules.cards import Card

from .pack import SUIT_NAMES, SUIT_VALUE, base_pack, bid_value


@dataclass(frozen=True)
class BidCheck:
    value: int
    terms: tuple[tuple[str, int], ...]  # each card as written (A♣) with what it adds


def check_bid(raw: Sequence[object]) -> BidCheck:
    """Three different cards (text like ``"AC"`` or ``"A♣"``): the bid 0-9 and what each card adds."""
    cards = tuple(Card.parse(c) for c in raw)
    if len(cards) != 3:
        raise IllegalEvent("three_cards", _("A bid is exactly three cards (%(n)s given)."), n=len(cards))
    if len(set(cards)) != 3:
        raise IllegalEvent("card_twice", _("The same card cannot be bid twice."))
    if any(c.is_joker for c in cards):
        raise IllegalEvent("joker_bid", _("A Joker's bid value depends on the turn-up card: pick that card."))
    terms = tuple((f"{c.rank_text}{SUIT_NAMES[c.suit]}", SUIT_VALUE[c.suit]) for c in cards)
    return BidCheck(bid_value(cards, None), terms)


def check_bid_cards(players: int, hands: Sequence[Sequence[object]]) -> list[int]:
    """Each player's bid read from their three bid cards (``check_bid``): every card in the pack for
    this many players (N1: 6 to ace for three, N30: all 52 for four) and no card in two bids."""
    pack = base_pack(players)
    outside = [card.face for hand in hands for card in map(Card.parse, hand) if card not in pack]
    if outside:  # every one at once, so the player unticks them all in one go
        message = _("Not in the pack for %(n)s players: %(cards)s.")
        raise IllegalEvent("bad_card", message, n=players, cards=" ".join(dict.fromkeys(outside)))
    seen: set[Card] = set()
    for hand in hands:
        for card in map(Card.parse, hand):
            if card in seen:
                raise IllegalEvent("card_twice", _("The same card cannot be bid twice."))
            seen.add(card)
    return [check_bid(hand).value for hand in hands]
