"""A game is one folder (issue 30): outside ``referee/games/<game>/`` no module, template or asset names a
game, so adding one is its folder plus one line in ``referee/games/__init__.py``.

The move is not finished: ``STILL_NAMING`` lists the files that still name a game, each with what it
still holds. The test fails when a file not in the list names a game (a new side table), and when a
listed file no longer does (take it off the list), so the list only ever shrinks.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME_NAME = re.compile(r"\b(bead[-_]game|bingo|five[-_]up|ninety[-_]nine|score[-_]pad|trick[-_]de[-_]bingo)\b")

STILL_NAMING = {
    "referee/web/correction_form.py": "each game's correction surface",
    "referee/web/dispute.py": "the dispute report's per-game lines",
    "referee/web/quick_checks.py": "the quick checks (Bingo claims, Five Up counts, Ninety-Nine deals)",
    "referee/web/table.py": "the correction pages' per-game readers",
    "referee/web/turns.py": "whose turn it is, per game",
    "referee/web/words.py": "per-game history words",
    "static/css/app.css": "a game's layout rule in the shared style sheet",
    "templates/quick_check/page.html": "the quick checks' page",
    "templates/table/_correction.html": "the correction sheet's per-game parts",
    "templates/table/_verdict.html": "a game's verdict include",
    "templates/table/page.html": "a game's page part",
}


def naming_files() -> set[str]:
    """Files outside the game folders (and the translations) whose text names a game."""
    found = set()
    for top in ("referee", "printables", "templates", "static"):
        for path in (ROOT / top).rglob("*"):
            rel = path.relative_to(ROOT).as_posix()
            if path.suffix not in {".py", ".html", ".js", ".css"} or rel.startswith(
                ("referee/games/", "referee/translations/")
            ):
                continue
            if GAME_NAME.search(path.read_text(encoding="utf-8")):
                found.add(rel)
    return found


def test_no_file_outside_a_game_folder_names_a_game_except_those_still_listed() -> None:
    found = naming_files()
    assert not found - STILL_NAMING.keys(), f"new files name a game outside its folder: {found - STILL_NAMING.keys()}"
    assert not STILL_NAMING.keys() - found, f"these no longer name a game: drop them from the list: {STILL_NAMING.keys() - found}"


def test_the_scan_sees_a_game_named_in_any_spelling() -> None:
    for text in ("GAMES['five-up']", "from .bead_game import x", "score_pad.css", "Trick-de-Bingo", "bingo"):
        assert GAME_NAME.search(text.lower()), text
    assert not GAME_NAME.search("bingos_total"), "a longer word is not a game"
