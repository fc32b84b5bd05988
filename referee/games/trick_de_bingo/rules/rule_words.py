"""Trick de Bingo's rules in a few plain words each, for the "why?" behind an answer, as Bingo's
(referee/games/bingo/rules/rule_words.py): every rule and decision the table's sentences cite
(docs/rules/trick-de-bingo.md)."""

from __future__ import annotations

from referee.rules.base import _

RULE_WORDS = {
    "T1": _("Four players and the 52 cards, without Jokers."),
    "T2": _("Cards rank from the Ace down to 2; there are no trumps."),
    "T3": _("Every player starts the game with 1 point: the chip in the middle of the sheet."),
    "T4": _("Anyone may deal the first round; then the deal passes to the left. A game is 4 rounds unless the table agreed on fewer."),
    "T6": _("From the dealer to the left, each player in turn takes one condition card."),
    "T7": _("A card taken goes at once into an empty square of your sheet and stays there."),
    "T9": _("The draft ends when every sheet has its 9 cards."),
    "T11": _("The dealer leads the first trick; follow suit if you can; the highest card of the suit led wins and leads next."),
    "T14": _("A condition met turns its card over for good; meeting it again changes nothing."),
    "T19": _("What a trick achieved must be announced before the first card of the next trick."),
    "T20": _("A round scores 1 for each card turned over, 1 for each line, and the cards' extra points."),
    "T21": _("After the last round the highest total wins, the starting point included."),
    "T-Δ1": _("Where the sources differ: a card taken blind is looked at, then placed, unless the table chose otherwise."),
    "T-Δ2": _("Where the sources differ: tricks go to the left like the draft, unless the table chose otherwise."),
    "T-Δ3": _("Where the sources differ: a first line on the last trick scores both bonuses, unless the table chose only one."),
    "T-Δ4": _("Where the sources differ: the app turns each card over on the trick that meets it, unless the players claim their own."),
    "T-Δ5": _("Where the sources differ: an Ace counts 14 in number conditions, unless the table chose 1."),
    "T-Δ6": _("Where the sources differ: a tie counts as lowest or highest in a trick, unless the table chose otherwise."),
}  # fmt: skip
