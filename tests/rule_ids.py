"""Each game's rule ids (rules, worked examples, decisions), read from the game's rulebook in
docs/rules/<game>.md: the one source of truth, so a clone checks every rule is referenced by a test
with nothing outside the repository and no second list to keep in step."""

from __future__ import annotations

import re
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"
PREFIX = {"bingo": "B", "five-up": "F", "ninety-nine": "N", "trick-de-bingo": "T", "bead-game": "D"}


def rule_ids(game: str, *, decisions: bool = True) -> set[str]:
    """``{"B1", ..., "B47", "B-E1", ..., "B-Δ11"}`` for ``game`` (its record-format id, e.g. "bingo"):
    every id the rulebook defines in bold (``**B12**``). ``decisions=False`` leaves out the ``-Δ``
    decisions, for games whose decisions are not all traced by a test yet."""
    text = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    p = PREFIX[game]
    ids = set(re.findall(rf"\*\*({p}(?:\d+|-E\d+|-Δ\d+))\*\*", text))
    return ids if decisions else {i for i in ids if "-Δ" not in i}
