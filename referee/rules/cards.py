"""Playing cards as the record format writes them: rank then suit, ``"10H"``, ``"QS"``, ``"JK"``."""

from __future__ import annotations

from dataclasses import dataclass

from .base import MalformedEvent, _, word
from .frozen import derived

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
_RANKS = {**{str(n): n for n in range(2, 11)}, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
JOKER_RANK = 0
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
JOKER_WORD = word(_("Joker"))


@dataclass(frozen=True, order=True)
class Card:
    """A card: ``rank`` 2..14 (ace high; 11 J, 12 Q, 13 K) and ``suit`` one of S H D C.

    The joker is ``Card(0, "")`` and is written ``"JK"``.
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

    def __eq__(self, other: object) -> bool:
        """The dataclass's equality, written out: a bid or a trick is searched card by card."""
        if other is self:
            return True
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.rank == other.rank and self.suit == other.suit

    def __hash__(self) -> int:
        return self._hash

    @derived
    def _hash(self) -> int:
        """The dataclass's own hash, computed once: cards are looked up in sets at every play."""
        return hash((self.rank, self.suit))

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
    """``Card(rank, suit)``, one object per card of the pack: the cards a record names and the
    pack a deal holds are then the same objects, so comparing them stops at identity."""
    card = _CARDS.get((rank, suit))
    if card is None:
        card = _CARDS[rank, suit] = Card(rank, suit)
    return card
