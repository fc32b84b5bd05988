"""A game is one folder (issue 30): outside ``referee/games/<game>/`` no module, template or asset names a
game, so adding one is its folder plus one line in ``referee/games/__init__.py``.

A file outside the folders that names a game (a new side table) fails the test: what a game knows goes
into its descriptor or its folder, reached by a loop over the games (``referee.games.WEB_HOOKS`` for the
web floor).
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from referee.games import GAMES, WEB_HOOKS, part

ROOT = Path(__file__).resolve().parents[1]
GAME_NAME = re.compile(r"\b(bead[-_]game|bingo|five[-_]up|ninety[-_]nine|score[-_]pad|trick[-_]de[-_]bingo)\b")


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


def test_no_file_outside_a_game_folder_names_a_game() -> None:
    assert naming_files() == set()


def test_the_scan_sees_a_game_named_in_any_spelling() -> None:
    for text in ("GAMES['five-up']", "from .bead_game import x", "score_pad.css", "Trick-de-Bingo", "bingo"):
        assert GAME_NAME.search(text.lower()), text
    assert not GAME_NAME.search("bingos_total"), "a longer word is not a game"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_web_module_has_every_hook_the_floor_asks_for(game_id: str) -> None:
    importlib.import_module("referee.web")  # the floor loads the games' web modules (they import it)
    web = part(game_id, "web")
    assert [name for name in WEB_HOOKS if not hasattr(web, name)] == []
