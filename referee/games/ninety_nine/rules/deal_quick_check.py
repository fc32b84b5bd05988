"""A Ninety-Nine deal scored without a recorded deal (``/check``): each player's bid, tricks and any
premium, scored by the deal's own scoring (N12-N14, N27-N29 via :func:`score_deal`) with the next trump
(N8). Bids are given as values 0-9; each becomes three bid cards of that value (N3) for the scoring."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.rules.base import IllegalEvent, _
from referee.rules.cards import Card

from .play import start
from .scoring import score_deal
from .state import DealResult, DealState

SUIT_FOR = {3: "C", 2: "H", 1: "S", 0: "D"}


def _bid_cards(value: int, seat: int) -> tuple[Card, ...]:
    """Three cards whose suits add up to ``value`` (♣ 3, ♥ 2, ♠ 1, ♦ 0); ranks differ by seat."""
    parts = [min(3, max(0, value - 3 * i)) for i in range(3)]
    return tuple(Card(14 - seat * 3 - i, SUIT_FOR[p]) for i, p in enumerate(parts))


def check_deal(
    players: int,
    bids: Sequence[int],
    tricks: Sequence[int],
    premium: tuple[int, str] | None,
    options: Mapping[str, Any],
) -> DealResult:
    if players not in (3, 4):
        raise IllegalEvent("players", _("This check is for 3 or 4 players."))
    state = start(tuple(f"P{i + 1}" for i in range(players)), options)
    rules = state.rules
    if len(bids) != players or len(tricks) != players:
        raise IllegalEvent("each_player", _("Give every player's bid and tricks."))
    if any(not 0 <= b <= 9 for b in bids):
        raise IllegalEvent("bad_bid", _("A bid is from 0 to 9 (N3)."))
    if any(t < 0 for t in tricks) or sum(tricks) != rules.tricks:
        raise IllegalEvent(
            "tricks_sum", _("The tricks add up to %(sum)s, not %(n)s."), sum=sum(tricks), n=rules.tricks
        )
    if premium is not None and (premium[1] not in ("declare", "reveal") or not 0 <= premium[0] < players):
        raise IllegalEvent("bad_premium", _("A premium is a declare or a reveal by one player."))
    deal = DealState(
        event=0,
        game=1,
        number=2,
        dealer=0,
        trump=None,
        turnup=None,
        pack=rules.pack,
        premiums=(premium,) if premium else (),
        bids=tuple(_bid_cards(b, s) for s, b in enumerate(bids)),
        counts=tuple(tricks),
    )
    return score_deal(rules, deal)
