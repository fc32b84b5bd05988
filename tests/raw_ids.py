"""What a player must never read on a table's page outside a closed "why?" disclosure: rule codes, card
ids, entry numbers, field names, template leftovers (issue 27). Shared by the browser walks
(tests/browser/test_play_surface.py) and the web tests of the answers (tests/web/test_why_in_words.py),
so both look for the same things."""

from __future__ import annotations

import re

RAW = [
    re.compile(r"\b[BDFNTE](?:-Δ)?\d{1,2}\b"),  # rule codes: B15, F7, N3, D14, T-Δ1
    re.compile(r"\bTB-\d+"),  # Trick de Bingo card ids
    re.compile(r"\b(event|Entry) \d+", re.I),
    re.compile(r"\bcells?\s*[:=[]"),  # a field name with its value ("cells: [[0, 1]]"), not the word
    re.compile(r"\bNone\b|\bundefined\b|\bnull\b|%\(|\{\{|\{n\}"),
]
