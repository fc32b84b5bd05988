"""The Domino Bead Game's rules in a few plain words each, for the "why?" behind an answer, as Bingo's
(referee/games/bingo/rules/rule_words.py): every rule and decision the table's sentences cite
(docs/rules/bead-game.md)."""

from __future__ import annotations

from referee.rules.base import _

RULE_WORDS = {
    "D3": _("Who leads the first hand: each draws a tile, the highest pip total leads; on a tie, the tile with the larger number."),
    "D-Δ3": _("Where the sources differ: each player leads one hand and the hands' scores are added, unless the table plays a single hand."),
}  # fmt: skip
