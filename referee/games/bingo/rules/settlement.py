"""The shapes of a Bingo deal's scoring, itemised and JSON-able: a seat's points and a deal's settlement.

The state keeps a settlement's breakdown, ``scoring`` builds it and the view shows it, so the shapes
live here, below all three (B12, B13, B27, B30-B34, B40, B44).
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from referee.rules.message import Message

ClaimKind = Literal["claim", "implied_claim", "no_claim", "invincible"]
"""``implied_claim``: a closed deal played out without a claim is the closer's claim (B40)."""


class ScoredTrick(TypedDict):
    no: int
    lead: str
    reply: str
    points: int


class ScoredDeclaration(TypedDict):
    event: int
    doubles: list[str]
    name: str
    points: int
    counts: bool  # B30: only once its maker has won a trick


class SeatPoints(TypedDict):
    """Everything a seat has scored in the deal, itemised (B12, B13, B27, B30)."""

    seat: int
    tricks: list[ScoredTrick]  # the tricks it won
    trick_count: int
    trick_points: int
    declarations: list[ScoredDeclaration]
    declaration_points: int  # the declarations that count
    last_trick: int  # 10 for the last trick of a deal played out without a close (B13, B41)
    total: int


class AtClose(TypedDict):
    """The B42 snapshot as a claim reads it: the closer's opponent at the close."""

    closer: int
    after_trick: int
    card_points: int
    declaration_points: int
    points: int
    tricks: int


class ClaimDetail(TypedDict):
    """The settlement of a deal (B31-B34, B37, B40, B44). A ``no_claim`` has only ``kind, row,
    game_points, reason``; an ``invincible`` adds ``winner``; a claim (real or implied) has the rest."""

    kind: ClaimKind
    row: int  # the B44 row
    game_points: int
    reason: Message
    winner: NotRequired[int]
    event: NotRequired[int | None]  # the claim event (None for an implied claim)
    claimer: NotRequired[int]
    after_trick: NotRequired[int]
    claimer_points: NotRequired[SeatPoints]
    opponent_points: NotRequired[SeatPoints]
    total: NotRequired[int]  # the claimer's card points
    target: NotRequired[int]  # 70 (B33)
    correct: NotRequired[bool]
    at_close: NotRequired[AtClose | None]
    settled_at: NotRequired[int]  # an implied claim: the event of its last trick
    note: NotRequired[Message]  # an implied claim that ends the match: settled at its last trick (Rules notes)
