"""Five Up's rules in a few plain words each, for the "why?" behind an answer, as Bingo's
(referee/games/bingo/rules/rule_words.py): every rule and variant a sentence of the game cites, from the deal and
the turn to the count, the scores and the end of a game (docs/rules/five-up.md)."""

from __future__ import annotations

from referee.rules.base import _

RULE_WORDS = {
    "F8": _("The last tiles of the boneyard stay there: they may not be drawn."),
    "F15": _("The count: the open ends of the layout added up, a double at an end counting both halves."),
    "F16": _("A count that is a multiple of 5 scores a fifth of it for the player who placed the tile."),
    "F21": _("A player holding a tile that can be played may not draw or pass."),
    "F25": _(
        "Going out: the side that went out scores the pips left in the other hands, divided by 5 and rounded."
    ),
    "F26": _(
        "A blocked hand: the side with the fewest pips scores the others' pips, divided by 5 and rounded."
    ),
    "F27": _("A tie for the fewest pips in a blocked hand: nobody scores."),
    "F35": _("With this option, going out scores 2 extra points."),
    "F3": _("With four players and no partners agreed, the two highest tiles of the opening draw play against the two lowest, and the highest leads."),
    "F7": _("Tiles dealt: 7 each with 2 players, 5 each with 3 or 4."),
    "F18": _("A player who can place a tile anywhere must place exactly one."),
    "F19": _("A player who cannot play draws one tile at a time until one fits and plays it at once; the tiles kept back are never drawn."),
    "F23": _("A hand ends when a player plays their last tile or when every player passes in a row."),
    "F33": _("With this option the winner adds 10 to the score before the game points are worked out."),
    "F34": _("With this option a winner against a loser at 30 or less gets 10 more, or the game points doubled."),
    "F36": _("Le Quantette: a set is 35 points, a match an agreed number of sets; a set loser under 18 doubles the winner's score."),
    "F-Δ1": _("Where the sources differ: 7 tiles each with 2 players and 5 with 3 or 4, unless the table chose another hand size."),
    "F-Δ2": _("Where the sources differ: the lead passes to the left each hand, unless the table chose that the player who went out leads."),
    "F-Δ3": _("Where the sources differ: the boneyard keeps back 1 or 2 tiles as the rule book says, unless the table chose another number."),
    "F-Δ5": _("Where the sources differ: the game ends at 61 or more, unless the table chose to end it only above 61."),
    "F-Δ6": _("Where the sources differ: the target is checked only when a hand ends, unless the table chose to end the game the moment it is reached."),
    "F-Δ7": _("Where the sources differ: a set won with a demi-score counts as 2 sets, unless the table chose to double the winner's 35 instead."),
    "F-Δ8": _("Where the sources differ: in a 3-player blocked hand the player with the fewest pips scores the two others' points less their own, once, unless the table chose to take their own from each."),
}  # fmt: skip
