"""Tiles, cards and scores as a screen reader should say them (issue 33).

Written forms mislead a speech synthesiser: "6-4" is read "6 minus 4", "66-40" as a date or a
subtraction, "Q♥" as "Q black heart suit". These are the spoken forms: "six-four" / "6と4",
"double six" / "6のダブル", "queen of hearts" / "ハートのクイーン", "66 to 40" / "66対40".

Pure: the words are msgids marked with :func:`_`; ``say`` is the reader's gettext (the web layer's,
or a catalogue's in a test), so the module needs no Flask and every word has its Japanese in the
catalogue like any other sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .base import _
from .cards import Card
from .tiles import Tile

Say = Callable[[str], str]
"""A gettext: an msgid in, the reader's words out."""

NUMBERS = (
    _("blank"),
    _("one"),
    _("two"),
    _("three"),
    _("four"),
    _("five"),
    _("six"),
    _("seven"),
    _("eight"),
    _("nine"),
    _("ten"),
)
"""Pips and card ranks up to ten, as words: English says them, Japanese writes the digit."""

RANKS = {11: _("jack"), 12: _("queen"), 13: _("king"), 14: _("ace")}
SUITS = {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs")}


def tile(value: str | Tile, say: Say) -> str:
    """``"6-4"`` as "six-four" ("6と4"), ``"6-6"`` as "double six" ("6のダブル")."""
    t = Tile.parse(value, top=9)
    if t.hi == t.lo:
        return say(_("double %(n)s")) % {"n": say(NUMBERS[t.hi])}
    return say(_("%(high)s-%(low)s")) % {"high": say(NUMBERS[t.hi]), "low": say(NUMBERS[t.lo])}


def card(value: str | Card, say: Say) -> str:
    """``"QH"`` as "queen of hearts" ("ハートのクイーン"); the joker as "joker"."""
    c = Card.parse(value)
    if not c.suit:
        return say(_("joker"))
    rank = RANKS.get(c.rank) or NUMBERS[c.rank]
    return say(_("%(rank)s of %(suit)s")) % {"rank": say(rank), "suit": say(SUITS[c.suit])}


def score(a: int, b: int, say: Say) -> str:
    """Two sides' scores as "66 to 40" ("66対40"), never "66-40"."""
    return say(_("%(a)s to %(b)s")) % {"a": a, "b": b}


_BEFORE, _AFTER = r"(?<![\d-])(?<!\d[.,:/])", r"(?![\d-]|[.,:/]\d)"  # not inside a longer number or date
_TILE = re.compile(_BEFORE + r"(\d)-(\d)" + _AFTER)
_CARD = re.compile(r"(?<![A-Za-z0-9])(10|[2-9JQKA])([♠♥♦♣])")
_SCORE = re.compile(_BEFORE + r"(\d+)-(\d+)" + _AFTER)


def sentence(text: str, say: Say) -> str:
    """A sentence as the page writes it, with its tiles, cards and two-sided scores in their spoken
    forms: "Ben played 6-4" -> "Ben played six-four", "Q♥" -> "queen of hearts", "66-40" -> "66 to 40".
    What a live region says (an announcement) is the page's own sentence, so it is turned here rather
    than written twice. A tile is written higher number first ("6-4", str(Tile)), so a pair of single
    digits in that order is a tile; any other pair ("66-40", "0-9") is a score or a range: "to"."""
    text = _TILE.sub(lambda m: tile(m[0], say) if m[1] >= m[2] else m[0], text)
    text = _CARD.sub(lambda m: card(m[1] + m[2], say), text)
    return _SCORE.sub(lambda m: score(int(m[1]), int(m[2]), say), text)
