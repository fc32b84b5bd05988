"""Every page type, read by a screen reader and by tired eyes (issue 33; tests/browser/axe_walk.py):
the card games' table pages (Ninety-Nine, Trick de Bingo and its cards) mid-game, a moment of the history (the dispute view), the big screen, a correction, each with its
sheets and tab panels, and a seat's private page; in each language."""

from __future__ import annotations

import pytest

from .axe_walk import table_walk

pytestmark = pytest.mark.browser

GAMES = [  # a golden record cut mid-game: the table page as it looks while being played
    ("ninety-nine-three-player-game-to-100", 6),
    ("trick-de-bingo-one-round", 40),
]


test_every_table_page_reads_well_and_fits_large_text = table_walk(GAMES)
