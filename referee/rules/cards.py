"""Playing cards as the record format writes them: rank then suit, ``"10H"``, ``"QS"``, ``"JK"``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import total_ordering

from .base import MalformedEvent, _, word
from .frozen import derived
from .interned import OnePerValue, reduce_one

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
_RANKS = {**{str(n): n for n in range(2, 11)}, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
JOKER_RANK = 0
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
JOKER_WORD = word(_("Joker"))


@total_ordering
@dataclass(frozen=True, eq=False)
class Card(metaclass=OnePerValue):
    """A card: ``rank`` 2..14 (ace high; 11 J, 12 Q, 13 K) and ``suit`` one of S H D C.

    The joker is ``Card(0, "")`` and is written ``"JK"``. One object per card (``OnePerValue``), so
    equal cards are the same object and compare by identity; cards order by rank, then suit.
    """

    rank: int
    suit: str

    @classmethod
    def parse(cls, text: object) -> Card:
        """A card in the record format's spelling only: rank ``2``-``10``, ``J``, ``Q``, ``K``, ``A``
        (``T`` for 10) then suit ``S H D C`` (or ``♠ ♥ ♦ ♣``), or ``"JK"``. Nothing else: no spaces,
        no lower case (a form normalises what a phone sends before it gets here)."""
        if isinstance(text, Card):
            return text
        if isinstance(text, str):
            if text == "JK":
                return JOKER
            rank_text, suit = text[:-1], SUIT_SYMBOLS.get(text[-1:], text[-1:])
            if suit in SUITS and rank_text in _RANKS:
                return card_of(_RANKS[rank_text], suit)
        raise MalformedEvent("bad_card", _("%(text)s is not a card (write it like 10H or QS)."), text=text)

    @derived
    def is_joker(self) -> bool:
        """Kept once read: a plain attribute from then on (a Ninety-Nine trick asks it of every card)."""
        return self.rank == JOKER_RANK

    @property
    def rank_text(self) -> str:
        return RANK_NAMES.get(self.rank, str(self.rank))

    __reduce__ = reduce_one

    def __lt__(self, other: Card) -> bool:
        return (self.rank, self.suit) < (other.rank, other.suit)

    def __str__(self) -> str:
        return self._text

    @derived
    def _text(self) -> str:
        """The record's spelling, made once per card (replays write cards into keys and messages)."""
        return "JK" if self.is_joker else f"{self.rank_text}{self.suit}"

    @derived
    def face(self) -> str:
        """The card as players write it: ``A♠``, ``10♥`` (the joker as the word "Joker")."""
        return JOKER_WORD if self.is_joker else f"{self.rank_text}{SUIT_SIGNS[self.suit]}"


JOKER = Card(JOKER_RANK, "")


def deck(lowest: int = 2) -> tuple[Card, ...]:
    """A pack without jokers, ranks ``lowest``..ace in each suit (52 cards, or 36 from 6)."""
    return tuple(card_of(rank, suit) for suit in SUITS for rank in range(14, lowest - 1, -1))


_CARDS: dict[tuple[int, str], Card] = {}


def card_of(rank: int, suit: str) -> Card:
    """``Card(rank, suit)``, looked up by rank and suit (a quicker look-up than the call)."""
    card = _CARDS.get((rank, suit))
    if card is None:
        card = _CARDS[rank, suit] = Card(rank, suit)
    return card
