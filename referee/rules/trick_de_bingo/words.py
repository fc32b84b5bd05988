"""Trick de Bingo's history in plain words: cards as A♠, condition cards by their own text."""

from __future__ import annotations

from typing import Any

from ..base import Line, Texts, _
from .events import Card, Claim, Pick, Round, Trick
from .state import State


def _card(state: State | None, card_id: str) -> Texts | str:
    """A condition card as its text in each language (its id when the state is not at hand)."""
    card = state.card(card_id) if state is not None else None
    return Texts(card.en, card.ja) if card is not None else card_id


def narrate(
    ev: Any, players: tuple[str, ...], before: State | None = None, after: State | None = None
) -> Line:
    """One event as a sentence; with the state after it, the trick's winner and the cards it flipped."""
    rnd = after.current if after is not None else None
    match ev:
        case Round():
            if rnd is None:
                return Line(_("A new round."))
            return Line(_("Round %(no)s: %(name)s deals."), {"no": rnd.number, "name": players[rnd.dealer]})
        case Pick():
            return Line(
                _("%(name)s puts “%(card)s” on square %(cell)s."),
                {"name": players[ev.seat], "card": _card(after, ev.card), "cell": ev.cell},
            )
        case Trick():
            if rnd is None or not rnd.tricks:
                return Line(_("A trick: %(cards)s."), {"cards": tuple(c.face for c in ev.cards)})
            played = rnd.tricks[-1]
            rec = played.record
            plays = tuple(f"{players[s]} {rec.cards[s].face}" for s in rec.order)
            flips = tuple(
                Line(_("%(name)s flips “%(card)s”."), {"name": players[f.seat], "card": _card(after, f.card)})
                for f in played.flips
            )
            return Line(
                _("Trick %(no)s: %(plays)s — %(winner)s wins."),
                {"no": rec.number, "plays": plays, "winner": players[rec.winner]},
                more=flips,
            )
        case Claim():
            return Line(
                _("%(name)s claims “%(card)s”."), {"name": players[ev.seat], "card": _card(after, ev.card)}
            )
        case Card():
            return Line(_("A new condition card: “%(card)s”."), {"card": _card(after, ev.id)})
    return Line(_("An entry."))
