"""Cards of a Ninety-Nine deal: the pack, the Joker of the Classic game, bid values, trick winners."""

from __future__ import annotations

from referee.rules.base import _
from referee.rules.cards import JOKER, SUITS, Card, deck
from referee.rules.message import Message, message

SUIT_VALUE = {"C": 3, "H": 2, "S": 1, "D": 0}  # N3: the bid code
TRUMP_BY_SUCCESSES: dict[int, str | None] = {0: "D", 1: "S", 2: "H", 3: "C", 4: None}  # N8, N31
SUIT_NAMES = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
OXFORD_TRUMP_PACK = frozenset(Card(rank, suit) for suit in SUITS for rank in range(2, 6))  # N34


def base_pack(live_players: int) -> frozenset[Card]:
    """N1, N21: 36 cards (6 to ace) for 2 and 3 players; N30: all 52 for 4."""
    return frozenset(deck(2 if live_players == 4 else 6))


def deal_pack(base: frozenset[Card], classic: bool, turnup: Card | None) -> frozenset[Card]:
    """The cards in the hands this deal. N33: the Classic pack adds the Joker and turns one card up."""
    if not classic or turnup is None:
        return base
    return (base | {JOKER}) - {turnup}


def effective(card: Card, turnup: Card | None) -> Card:
    """N33: the Joker stands for the turn-up card in bidding and play."""
    if card.is_joker and turnup is not None and not turnup.is_joker:
        return turnup
    return card


def classic_trump(turnup: Card) -> str | None:
    """N33: the turn-up's suit is trump, unless it is a 9 or the Joker (no trump)."""
    if turnup.is_joker or turnup.rank == 9:
        return None
    return turnup.suit


def bid_value(cards: tuple[Card, ...], turnup: Card | None) -> int:
    """N3: ♣ 3, ♥ 2, ♠ 1, ♦ 0 per bid card; ranks do not matter (N-E2: ♣♦♦ = 3)."""
    return sum(SUIT_VALUE[effective(c, turnup).suit] for c in cards)


def suit_text(suit: str | None) -> str:
    return SUIT_NAMES[suit] if suit else "NT"


def trick_winner(
    cards: tuple[Card, ...], trump: str | None, turnup: Card | None
) -> tuple[int, Message]:
    """N11: the highest trump wins; with none, the highest card of the suit led. Returns the position
    in play order and the reason as a translatable message."""
    eff = cards if turnup is None else [effective(c, turnup) for c in cards]  # no turn-up: no stand-in
    led = eff[0].suit
    # One pass, the first of equal ranks kept (as max does): every trick asks, with three or four cards.
    best_trump, trumps, best_led = -1, 0, 0
    for i, c in enumerate(eff):
        if trump is not None and c.suit == trump:
            trumps += 1
            if best_trump < 0 or c.rank > eff[best_trump].rank:
                best_trump = i
        elif c.suit == led and c.rank > eff[best_led].rank:
            best_led = i
    if trumps:
        best = best_trump
        if trumps == 1 and led != trump:
            msg = _("%(card)s is the only trump (%(trump)s) in the trick.")
        else:
            msg = _("%(card)s is the highest trump (%(trump)s) in the trick.")
    else:
        best = best_led
        msg = _("%(card)s is the highest card of the suit led (%(led)s); no trump was played.")
    return best, message(msg, card=cards[best].face, trump=suit_text(trump), led=suit_text(led))
