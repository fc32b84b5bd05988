"""What a player must never read on a table's page outside a closed "why?" disclosure: rule codes, card
ids, entry numbers, field names, template leftovers (issue 27); and what no element's accessible name may
be, which a screen reader says instead of words (``raw_names``). Shared by the browser walks
(tests/browser/test_play_surface.py) and the web tests of the pages and answers
(tests/web/test_why_in_words.py, tests/web/test_player_text.py), so all look for the same things."""

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
# written 4-3), formula notation for Five Up's end-of-hand rounding (R(10) = 2), a Trick de Bingo card id (the
# card's number is written "No. 24", as printed on it) or its points abbreviated (BP 1 · VP 3), or the rule book's
# names for what changes at the table ("phase 2 rules", "no last-trick 10", "leader wins" beside the winner's
# name: i27-walk2 #17 — the page says what the players now do, and who won by name).
PAGE_TEXT = [
    re.compile(r"phase 2 rules|last-trick 10|\b(?:leader|replier) wins\b|第2フェーズのルール|(?:リード|返)した側の勝ち"),
    re.compile(r"(?<![\w-])\d+ ?x ?\d+(?![\w-])"),
    re.compile(r"(?<![\w\-−])-\d"),
    re.compile(r"\[\d-\d\]"),
    re.compile(r"\bR\(\d"),
    re.compile(r"\bTB-\d+"),
    re.compile(r"\b[BV]P ?\d"),
]

# What the page does not show: scripts, styles, and the rule ids behind a closed "why?".
HIDDEN = re.compile(r'(?s)<(script|style)\b.*?</\1>|<details class="why">.*?</details>')


def page_words(html: str) -> list[str]:
    """Every piece of ``PAGE_TEXT`` in what a player reads on ``html``: no scripts, styles, tags or
    attributes, rule ids behind a closed "why?" left out as the page hides them, the links' addresses left
    out."""
    html = HIDDEN.sub(" ", html)
    text = unescape(re.sub(r"(?s)<[^>]+>", " ", html))
    text = re.sub(r"https?://\S+", " ", text)  # a link's random token may hold "5x0" or "-3"
    return [m.group(0) for p in PAGE_TEXT for m in p.finditer(text)]


# An accessible name that is an id where words belong (issue 27): a card as the record writes it ("AC", "10H",
# "JK": the words are "ace of clubs"), a tile as the record writes it, alone ("6-4", which a screen reader
# says "6 minus 4": the words are "six-four"), or anything of ``RAW`` (a Trick de Bingo card id, a rule code).
# A tile inside a sentence ("Open end 4 on 4-0: adds 4") is written as players write it, as on the screen.
RAW_NAME = re.compile(r"^(?:(?:10|[2-9AKQJ])[SHDC]|JK|\d{1,2}-\d{1,2})$")
NAMES = re.compile(r'(?<![\w-])(?:aria-label|title|alt)="([^"]*)"|<title>([^<]*)</title>')


def raw_names(html: str) -> list[str]:
    """Every accessible name on ``html`` (an ``aria-label``, ``title`` or ``alt``, an SVG's ``<title>``)
    that is an id, not words: a card or tile id, or anything of ``RAW``; what a closed "why?" holds is
    left out, as in ``page_words``."""
    html = HIDDEN.sub(" ", html)
    names = [unescape(a or b).strip() for a, b in NAMES.findall(html)]
    return [n for n in names if RAW_NAME.match(n) or any(p.search(n) for p in RAW)]
