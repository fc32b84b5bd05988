"""What the table has already shown: cards out of play, played, bid or lying face up; the revealed
hand checked at once, and revokes (N10) proved after the fact from the rebuilt hands."""

from __future__ import annotations

from referee.rules.base import Breach, IllegalEvent, _
from referee.rules.cards import Card

from .pack import effective, suit_text
from .sealed import Conflict, Where, is_open, sealed_owners
from .state import DealState, State, TrickRecord, seat_name


def check_known(
    state: State, deal: DealState, cards: frozenset[Card], seat: int, where: Where, trick: int = 0
) -> tuple[Conflict, ...]:
    """Refuse cards the table has already shown elsewhere: out of the pack, played, in a face-up bid
    or hand. A card in a sealed bid is not refused (that would open the bid): it comes back as a
    Conflict, reported when the bid opens (sealed.py)."""
    found: list[Conflict] = []
    for card in sorted(cards):
        found += check_card(state, deal, card, seat, where, trick)
    return tuple(found)


def check_card(
    state: State, deal: DealState, card: Card, seat: int, where: Where, trick: int = 0
) -> list[Conflict]:
    """``check_known`` of one card (a trick checks its cards one by one, in play order)."""
    if card not in deal.pack:
        raise IllegalEvent("not_in_pack", _("%(card)s is not in play in this deal."), card=card)
    if card in deal.played:
        n = next(i for i, t in enumerate(deal.tricks) if card in t.cards)
        raise IllegalEvent(
            "card_played", _("%(card)s was already played in trick %(n)s."), card=card, n=n + 1
        )
    if card not in deal.bid_cards:  # in no bid: no bid to search, nothing sealed to keep
        if deal.revealed:
            _check_not_revealed(state, deal, card, seat)
        return []
    for s, bid in enumerate(deal.bids):
        if bid is not None and card in bid and is_open(deal, s):
            raise IllegalEvent(
                "card_in_bid",
                _("%(card)s is one of %(player)s's bid cards."),
                card=card,
                player=seat_name(state, s),
            )
    _check_not_revealed(state, deal, card, seat)
    return [Conflict(state.events, seat, card, owner, where, trick) for owner in sealed_owners(deal, card)]


def _check_not_revealed(state: State, deal: DealState, card: Card, seat: int) -> None:
    for s, hand in deal.revealed:
        if s != seat and card in hand:
            raise IllegalEvent(
                "card_revealed",
                _("%(card)s lies face up in %(player)s's revealed hand."),
                card=card,
                player=seat_name(state, s),
            )


def check_revealed(state: State, deal: DealState, seat: int, card: Card, led: str) -> None:
    """A revealed hand is public, so its play is checked at once (rules README §6.3)."""
    for s, hand in deal.revealed:
        if s != seat:
            continue
        if card not in hand:
            raise IllegalEvent(
                "not_revealed",
                _("%(card)s is not in %(player)s's revealed hand."),
                card=card,
                player=seat_name(state, seat),
            )
        left = hand - deal.played
        if effective(card, deal.turnup).suit != led:
            held = sorted(c for c in left if effective(c, deal.turnup).suit == led)
            if held:
                raise IllegalEvent(
                    "revoke",
                    _("%(player)s must follow %(suit)s with %(held)s (N10)."),
                    player=seat_name(state, seat),
                    suit=suit_text(led),
                    held=held[0],
                )


def revokes(
    state: State, deal: DealState, trick: TrickRecord
) -> tuple[tuple[Breach, ...], frozenset[tuple[int, int]]]:
    """N10 post hoc: a seat's hand at trick k is what it plays from k on, so a card of a suit it
    failed to follow earlier proves that revoke (the dummy's is a breach of seat 2)."""
    found: list[Breach] = []
    breached = deal.breached  # copied only when this trick proves a revoke (most prove none)
    here, turnup = len(deal.tricks), deal.turnup
    for seat, card in zip(trick.seats, trick.cards, strict=True):
        suit = (card if turnup is None else effective(card, turnup)).suit  # no turn-up: no stand-in
        for i, old in enumerate(deal.tricks):
            if old.led != suit or (i, seat) in breached:
                continue
            mine = old.cards[old.seats.index(seat)]
            if (mine if turnup is None else effective(mine, turnup)).suit == suit:
                continue
            breached = breached | {(i, seat)}
            found.append(
                Breach(
                    event=old.event,
                    rule="N10",
                    seat=seat,
                    message=_(
                        "%(player)s did not follow %(suit)s in trick %(trick)s (played %(card)s) "
                        "but held %(held)s, played in trick %(later)s."
                    ),
                    params={
                        "player": seat_name(state, seat),
                        "suit": suit_text(suit),
                        "trick": str(i + 1),
                        "card": mine.face,
                        "held": card.face,
                        "later": str(here + 1),
                    },
                    detected_at=trick.event,
                )
            )
    return tuple(found), breached
