"""Ninety-Nine's table options (docs/rules/README.md §8) and the rules they resolve to at the start."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.rules.base import MalformedEvent, Option, _
from referee.rules.cards import Card

from .pack import base_pack

OPTIONS = (
    Option(
        "firstDealDiamonds",
        False,
        _("The first deal of each game is played with diamonds as trump (N-Δ1)."),
        label=_("First deal of each game: diamonds are trump"),
    ),
    Option(
        "classicTurnUp",
        False,
        _("Classic: 37 cards with a Joker; a turned-up card sets each deal's trump, 9 or Joker none (N33)."),
        label=_("Classic: 37 cards, a turned-up card sets trump"),
        common=True,
    ),
    Option(
        "seedAskingOrder",
        False,
        _("Premiums are asked from the dealer clockwise; a reveal ends it (N-Δ2)."),
        label=_("Premiums asked from the dealer round"),
    ),
    Option(
        "revealerNamesLeader",
        False,
        _("A revealer names who leads the first trick (N-Δ3)."),
        label=_("A revealer names who leads"),
    ),
    Option(
        "bonus4p_40_30_20_10",
        False,
        _("4 players: success bonus 40/30/20/10 instead of 30/20/10/0 (N-Δ4)."),
        label=_("4 players: bonus 40/30/20/10"),
    ),
    Option(
        "wikiGameBonus",
        False,
        _(
            "Game bonus only for players at 100+ who made their bid; the match ends when a player has it 3 "
            "times, and players tied on top then share the win (N18)."
        ),
        label=_("Game bonus only at 100+ with the bid made"),
    ),
    Option(
        "fixedTarget",
        0,
        _("Play one game until someone passes this total; 0 plays the rubber (N19)."),
        choices=(100, 150, 200, 250, 300, 500, 1000),  # usual totals, suggested by the form
        bounds=(1, 10_000),
        label=_("Length of play"),
        choice_words=((0, _("A rubber (no fixed target)")),),
        common=True,
    ),
    Option(
        "oxfordWhist",
        False,
        _("Oxford Whist, 3 players: no premiums, 10 per success, 16 deals (N34)."),
        label=_("Oxford Whist (3 players)"),
    ),
)


@dataclass(frozen=True)
class Rules:
    """Player count and the table options, fixed at the start."""

    names: tuple[str, ...]
    live: int  # players at the table (N21: the 2-player game adds the dummy as seat 2)
    seats: int  # hands dealt: the players, plus the dummy with 2 players
    tricks: int  # 9, or 10 with 4 players (N30)
    pack: frozenset[Card]
    first_diamonds: bool = False
    classic: bool = False
    seed_order: bool = False
    names_leader: bool = False
    bonus40: bool = False
    wiki: bool = False
    target: int = 0
    oxford: bool = False


def resolve(players: Sequence[str], options: Mapping[str, Any]) -> Rules:
    """The rules of a table of ``players`` with these options; options that cannot be combined are refused."""
    live = len(players)
    o = {opt.id: options.get(opt.id, opt.default) for opt in OPTIONS}
    clashes = (
        ("firstDealDiamonds", "classicTurnUp"),
        ("oxfordWhist", "classicTurnUp"),
        ("oxfordWhist", "firstDealDiamonds"),
        ("oxfordWhist", "wikiGameBonus"),
        ("oxfordWhist", "fixedTarget"),
        ("wikiGameBonus", "fixedTarget"),
    )
    for a, b in clashes:
        if o[a] and o[b]:
            raise MalformedEvent("bad_option", _("Options %(a)s and %(b)s cannot be combined."), a=a, b=b)
    if o["oxfordWhist"] and live != 3:
        raise MalformedEvent("bad_option", _("Oxford Whist is for 3 players only (N34)."))
    return Rules(
        names=tuple(players),
        live=live,
        seats=3 if live == 2 else live,
        tricks=10 if live == 4 else 9,
        pack=base_pack(live),
        first_diamonds=bool(o["firstDealDiamonds"]),
        classic=bool(o["classicTurnUp"]),
        seed_order=bool(o["seedAskingOrder"]),
        names_leader=bool(o["revealerNamesLeader"]),
        bonus40=bool(o["bonus4p_40_30_20_10"]),
        wiki=bool(o["wikiGameBonus"]),
        target=int(o["fixedTarget"] or 0),
        oxford=bool(o["oxfordWhist"]),
    )
