"""What a player must never read on a table's page outside a closed "why?" disclosure: rule codes, card
ids, entry numbers, field names, template leftovers (issue 27). Shared by the browser walks
(tests/browser/test_play_surface.py) and the web tests of the answers (tests/web/test_why_in_words.py),
so both look for the same things."""

from __future__ import annotations

import re
from html import unescape

RAW = [
    re.compile(r"\b[BDFNTE](?:-Δ)?\d{1,2}\b"),  # rule codes: B15, F7, N3, D14, T-Δ1
    re.compile(r"\bTB-\d+"),  # Trick de Bingo card ids
    re.compile(r"\b[BV]P ?\d"),  # Trick de Bingo's points abbreviated: "BP 1 · VP 3" says "Bonus points 1 · Victory points 3"
    re.compile(r"\b(event|Entry) \d+", re.I),
    re.compile(r"\bcells?\s*[:=[]"),  # a field name with its value ("cells: [[0, 1]]"), not the word
    re.compile(r"\bNone\b|\bundefined\b|\bnull\b|%\(|\{\{|\{n\}"),
]

# What a rendered page (its visible text) must not show a player anywhere, also outside the answer (issue 27):
# a letter x for "times" (5×2), a hyphen-minus for a negative number (−5), a tile in brackets ([4-3]: a tile is
# written 4-3), formula notation for Five Up's end-of-hand rounding (R(10) = 2), a Trick de Bingo card id (only
# the small number printed on the card too may show it: ``page_words`` leaves out its ``tdb-id`` element) or
# its points abbreviated (BP 1 · VP 3).
PAGE_TEXT = [
    re.compile(r"(?<![\w-])\d+ ?x ?\d+(?![\w-])"),
    re.compile(r"(?<![\w\-−])-\d"),
    re.compile(r"\[\d-\d\]"),
    re.compile(r"\bR\(\d"),
    re.compile(r"\bTB-\d+"),
    re.compile(r"\b[BV]P ?\d"),
]


def page_words(html: str) -> list[str]:
    """Every piece of ``PAGE_TEXT`` in what a player reads on ``html``: no scripts, styles, tags or
    attributes, rule ids behind a closed "why?" left out as the page hides them, the card's printed number
    and the links' addresses left out."""
    html = re.sub(r"(?s)<(script|style)\b.*?</\1>|<details class=\"why\">.*?</details>", " ", html)
    html = re.sub(r'(?s)<span class="tdb-id">[^<]*</span>', " ", html)
    text = unescape(re.sub(r"(?s)<[^>]+>", " ", html))
    text = re.sub(r"https?://\S+", " ", text)  # a link's random token may hold "5x0" or "-3"
    return [m.group(0) for p in PAGE_TEXT for m in p.finditer(text)]
