"""Trick de Bingo's history in plain words: cards as A♠, condition cards by their own text."""

from __future__ import annotations

from referee.rules.base import Line, Texts, _
from referee.rules.narration import make_narrate

from ..conditions import CATALOG_BY_ID
from .events import Card, Claim, Pick, Round, Trick
from .state import State


def _card(state: State | None, card_id: str) -> Texts | str:
    """A condition card as its text in each language: a catalog card's even when the state is not at
    hand (an entry's own words in the answer); only a custom card then keeps its id."""
    card = CATALOG_BY_ID.get(card_id)  # a pick's card id as the catalog spells it: most cards, one look-up
    if card is None:
        card = state.card(card_id) if state is not None else CATALOG_BY_ID.get(card_id.strip().upper())
    return card.words if card is not None else card_id


def _round(ev: Round, players: tuple[str, ...], after: State | None) -> Line:
    rnd = after.current if after is not None else None
    if rnd is None:
        return Line(_("A new round."))
    return Line(_("Round %(no)s: %(name)s deals."), {"no": rnd.number, "name": players[rnd.dealer]})


def _pick(ev: Pick, players: tuple[str, ...], after: State | None) -> Line:
    return Line(
        _("%(name)s puts “%(card)s” on square %(cell)s."),
        {"name": players[ev.seat], "card": _card(after, ev.card), "cell": ev.cell},
    )


def _trick(ev: Trick, players: tuple[str, ...], after: State | None) -> Line:
    """The trick with its winner and the cards it flipped (during a replay)."""
    rnd = after.current if after is not None else None
    if rnd is None or not rnd.tricks:
        return Line(_("A trick: %(cards)s."), {"cards": tuple(c.face for c in ev.cards)})
    played = rnd.tricks[-1]
    rec = played.record
    cards = rec.cards
    plays = tuple([f"{players[s]} {cards[s].face}" for s in rec.order])  # a list made in one call
    flips = (
        tuple(
            [
                Line(_("%(name)s flips “%(card)s”."), {"name": players[f.seat], "card": _card(after, f.card)})
                for f in played.flips
            ]
        )
        if played.flips
        else ()  # most tricks flip nothing
    )
    return Line(
        _("Trick %(no)s: %(plays)s — %(winner)s wins."),
        {"no": rec.number, "plays": plays, "winner": players[rec.winner]},
        more=flips,
    )


def _claim(ev: Claim, players: tuple[str, ...], after: State | None) -> Line:
    return Line(_("%(name)s claims “%(card)s”."), {"name": players[ev.seat], "card": _card(after, ev.card)})


def _custom_card(ev: Card, players: tuple[str, ...], after: State | None) -> Line:
    return Line(_("A new condition card: “%(card)s”."), {"card": _card(after, ev.id)})


narrate = make_narrate({Round: _round, Pick: _pick, Trick: _trick, Claim: _claim, Card: _custom_card})
