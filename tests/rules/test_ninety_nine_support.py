"""Helpers shared by the Ninety-Nine tests: build events as the record writes them and replay them."""

from __future__ import annotations

from typing import Any

from referee.games.ninety_nine.rules import GAME
from referee.rules.base import View
from referee.rules.cards import Card
from referee.rules.events import decode

VALUE_SUITS = {0: "D", 1: "S", 2: "H", 3: "C"}  # N3 bid code


def new(players: int = 3, **options: Any):
    names = ("Aki", "Ben", "Chie", "Dai")[:players]
    return GAME.start(names, GAME.resolve_options(options))


def play(state, *raw: dict[str, Any]):
    for ev in raw:
        state = GAME.apply(state, decode(GAME.events, ev))
    return state


def replay(players: int, raws: list[dict[str, Any]], **options: Any):
    return play(new(players, **options), *raws)


def view(state) -> View:
    return GAME.view(state)


def bid_cards(value: int, used: set[str], low: int = 6) -> list[str]:
    """Three unused cards whose suit values add up to ``value`` (N3)."""
    parts = next(
        (a, b, c) for a in range(4) for b in range(4) for c in range(4) if a + b + c == value and a >= b >= c
    )
    out = []
    for part in parts:
        suit = VALUE_SUITS[part]
        for rank in range(low, 15):
            text = str(Card(rank, suit))
            if text not in used:
                used.add(text)
                out.append(text)
                break
    return out


def quick_deal(bids: list[int], counts: list[int], dealer: int | None = None, low: int = 6) -> list[dict]:
    """A deal in quick mode: the trick counts, then every hand's bid cards."""
    used: set[str] = set()
    deal: dict[str, Any] = {"type": "deal"}
    if dealer is not None:
        deal["dealer"] = dealer
    out = [deal, {"type": "tricks", "counts": counts}]
    for seat, value in enumerate(bids):
        out.append({"type": "bid", "seat": seat, "cards": bid_cards(value, used, low)})
    return out
