"""Every page type, read by a screen reader and by tired eyes (issue 33; tests/browser/axe_walk.py):
the domino games' table pages (Bingo, Five Up, the bead game and its legal places) mid-game, a moment
of the history (the dispute view), the big screen, a correction, each with its sheets and tab panels,
and a seat's private page; in each language."""

from __future__ import annotations

import pytest

from .axe_walk import table_walk

pytestmark = pytest.mark.browser

GAMES = [  # a golden record cut mid-game: the table page as it looks while being played
    ("bingo-four-deals-to-eight", 5),
    ("five-up-partners-to-61", 6),
    ("bead-game-two-hands", 5),
]


test_every_table_page_reads_well_and_fits_large_text = table_walk(GAMES)
