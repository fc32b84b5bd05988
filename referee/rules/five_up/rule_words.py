"""Five Up's rules in a few plain words each, for the "why?" behind an answer, as Bingo's
(referee/rules/bingo/rule_words.py): the count, the scores and the end of a hand (docs/rules/five-up.md)."""

from __future__ import annotations

from ..base import _

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
}
