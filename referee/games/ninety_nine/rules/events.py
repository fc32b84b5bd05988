"""The Ninety-Nine events of docs/record-format.md (deal, premium, trick, bid, tricks).

Two optional fields are this app's additions (docs/record-format.md allows documented optional fields):
``premium.hand`` (the cards a revealer lays face up to play, so their play is checked at once) and
``premium.leader`` (the seat a revealer names to lead, only with ``revealerNamesLeader``, N-Δ3).
"""

from __future__ import annotations

from typing import Literal

from referee.rules.cards import Card
from referee.rules.events import event


@event("deal")
class Deal:
    dealer: int | None = None
    turnup: Card | None = None


@event("premium")
class Premium:
    seat: int
    kind: Literal["declare", "reveal"]
    hand: tuple[Card, ...] | None = None
    leader: int | None = None


@event("trick")
class Trick:
    cards: tuple[Card, ...]


@event("bid")
class Bid:
    seat: int
    cards: tuple[Card, ...]


@event("tricks")
class Tricks:
    counts: tuple[int, ...]


EVENTS = (Deal, Premium, Trick, Bid, Tricks)
