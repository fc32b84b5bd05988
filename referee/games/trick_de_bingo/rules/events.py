"""The Trick de Bingo events of docs/record-format.md: ``round``, ``pick``, ``trick``, ``claim``, and the
app event ``card`` (a custom condition card for this table, see custom.py)."""

from __future__ import annotations

from referee.rules.cards import Card as PlayingCard
from referee.rules.events import event


@event("round")
class Round:
    """A new round (T4): the first names its dealer, later ones may (the deal passes to the left)."""

    dealer: int | None = None


@event("pick")
class Pick:
    """``seat`` drafts condition card ``card`` onto ``cell`` (1-9, row by row) of its sheet (T6-T9)."""

    seat: int
    card: str
    cell: int


@event("trick")
class Trick:
    """One trick's four cards in play order from the leader (T11)."""

    cards: tuple[PlayingCard, ...]


@event("claim")
class Claim:
    """``seat`` claims that condition card ``card`` on its sheet is achieved (manualClaims, T19)."""

    seat: int
    card: str


@event("card")
class Card:
    """App event: a custom condition card for this table. ``condition`` is the condition as JSON text."""

    id: str
    condition: str
    bp: int | None = None
    vp: int | None = None
    en: str | None = None
    ja: str | None = None


EVENTS = (Round, Pick, Trick, Claim, Card)
