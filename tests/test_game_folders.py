"""A game is one folder (issue 30): outside ``referee/games/<game>/`` no module, template or asset names a
game, so adding one is its folder plus one line in ``referee/games/__init__.py``.

A file outside the folders that names a game (a new side table) fails the test: what a game knows goes
into its descriptor or its folder, reached by a loop over the games (``referee.games.WEB_HOOKS`` for the
web floor).
"""

from __future__ import annotations

import ast
import importlib
import io
import re
import tokenize
from pathlib import Path

import pytest

from referee.games import GAMES, WEB_HOOKS, part
from referee.rules.events import field_specs, type_of
from referee.web.tables import correction_form
from referee.web.tables.correction_form import LABELS

ROOT = Path(__file__).resolve().parents[1]
GAME_NAME = re.compile(r"\b(bead[-_]game|bingo|five[-_]up|ninety[-_]nine|score[-_]pad|trick[-_]de[-_]bingo)\b")
ANY_SPELLING = re.compile(r"bead[-_ ]?game|bingo|five[-_ ]?up|ninety[-_ ]?nine|score[-_ ]?pad", re.IGNORECASE)
"""A game's name as code may spell it: its title too (``"Five Up"``), in any case, inside a longer name."""
PROSE = {  # comments, where prose may give a game as an example
    ".js": re.compile(r"/\*.*?\*/|//[^\n]*", re.DOTALL),
    ".css": re.compile(r"/\*.*?\*/", re.DOTALL),
    ".html": re.compile(r"\{#.*?#\}|<!--.*?-->", re.DOTALL),
}


def house_files() -> dict[str, str]:
    """The text of every source file outside the game folders (and the translations), by path."""
    files = {}
    for top in ("referee", "printables", "templates", "static"):
        for path in (ROOT / top).rglob("*"):
            rel = path.relative_to(ROOT).as_posix()
            if path.suffix in {".py", ".html", ".js", ".css"} and not rel.startswith(
                ("referee/games/", "referee/translations/")
            ):
                files[rel] = path.read_text(encoding="utf-8")
    return files


def naming_files() -> set[str]:
    """Files outside the game folders (and the translations) whose text names a game."""
    return {rel for rel, text in house_files().items() if GAME_NAME.search(text)}


def code_of(rel: str, text: str) -> str:
    """``text`` without its prose: a module's comments and docstrings, a template's or asset's comments."""
    suffix = Path(rel).suffix
    if suffix != ".py":
        return PROSE[suffix].sub(" ", text)
    docs = {
        node.lineno
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
    }
    return " ".join(
        tok.string
        for tok in tokenize.generate_tokens(io.StringIO(text).readline)
        if tok.type != tokenize.COMMENT and not (tok.type == tokenize.STRING and tok.start[0] in docs)
    )


def test_no_code_outside_a_game_folder_names_a_game_in_any_spelling() -> None:
    """A default title (``title="Five Up"``) or a ``FiveUp`` class is a game's knowledge in the house
    as surely as its id; only prose (comments, docstrings) may name one, as an example."""
    found = [f"{rel}: {m[0]}" for rel, text in house_files().items() for m in ANY_SPELLING.finditer(code_of(rel, text))]
    assert found == []


def test_no_file_outside_a_game_folder_names_a_game() -> None:
    assert naming_files() == set()


def test_the_scan_sees_a_game_named_in_any_spelling() -> None:
    for text in ("GAMES['five-up']", "from .bead_game import x", "score_pad.css", "Trick-de-Bingo", "bingo"):
        assert GAME_NAME.search(text.lower()), text
    assert not GAME_NAME.search("bingos_total"), "a longer word is not a game"
    for code in ('title: str = "Five Up"', "class NinetyNineBid: ...", "SCORE_PAD = 1", "var beadGame;"):
        assert ANY_SPELLING.search(code_of("x.py" if ":" in code or "=" in code else "x.js", code)), code
    assert not ANY_SPELLING.search(code_of("x.py", '"""Five Up\'s tally."""\nx = 1  # as in Bingo\n'))
    assert not ANY_SPELLING.search(code_of("x.html", "{# the score pad #}<p>{{ x }}</p><!-- Bingo -->"))


PICKED_NAME = {  # where shared code picks out an input or a correction field by its name
    ".js": re.compile(r"""name\s*(?:===?|!==?|=)\s*["']?(\w+)"""),
    ".html": re.compile(r"""\.name\s*(?:==|!=)\s*["'](\w+)["']|\.name\s+(?:not\s+)?in\s+\(([^)]*)\)"""),
}


def one_game_fields() -> dict[str, str]:
    """The event fields only one game's events have (Bingo's ``lead`` and ``reply``), to that game."""
    games: dict[str, set[str]] = {}
    for game_id, game in GAMES.items():
        for event in game.events:
            for name, _hint, _optional in field_specs(event):
                games.setdefault(name, set()).add(game_id)
    return {name: next(iter(ids)) for name, ids in games.items() if len(ids) == 1}


def picked_names(rel: str, text: str) -> set[str]:
    """The input or field names ``text`` (a shared script or template, prose left out) picks out."""
    pattern = PICKED_NAME.get(Path(rel).suffix)
    if pattern is None:
        return set()
    found = set()
    for m in pattern.finditer(code_of(rel, text)):
        found |= {m[1]} if m[1] else set(re.findall(r"""["'](\w+)["']""", m[2] or ""))
    return found


def test_no_shared_script_or_template_picks_out_a_field_of_one_game() -> None:
    """One game's rule about its own inputs (a Bingo tile cannot reply to itself) lives in its folder,
    as a hook the shared pickers call: a shared script or template that picks an input out by a name
    only one game's events have is that game's knowledge outside its folder, though it names no game.
    (Ninety-Nine's turned-up card is its deal's correction surface's: shown where the table plays with one.)"""
    single = one_game_fields()
    found = {
        (rel, name)
        for rel, text in house_files().items()
        for name in picked_names(rel, text)
        if name in single
    }
    assert found == set()


def test_the_scan_sees_a_field_picked_out_by_name() -> None:
    assert picked_names("x.js", 'var lead = form.querySelector("input[name=lead]:checked");') == {"lead"}
    assert picked_names("x.js", 'if (e.target.name === "reply") go();') == {"reply"}
    assert picked_names("x.html", '{% set used = u if f.name in ("lead", "tile") else () %}') == {"lead", "tile"}
    assert picked_names("x.html", '{% if f.name == "turnup" %}{% endif %}') == {"turnup"}
    assert picked_names("x.html", '{# f.name == "lead" #}<p class="lead">') == set()
    assert one_game_fields()["lead"] == "bingo" and "tile" not in one_game_fields()  # Five Up's and the bead game's


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_web_module_has_every_hook_the_floor_asks_for(game_id: str) -> None:
    importlib.import_module("referee.web")  # the floor loads the games' web modules (they import it)
    web = part(game_id, "web")
    assert [name for name in WEB_HOOKS if not hasattr(web, name)] == []


def test_a_field_of_one_game_is_labelled_in_that_games_folder() -> None:
    """The correction form's and a refusal's word for a field only one game's events have (Bingo's led
    tile, Ninety-Nine's turned-up card) is the game's (``web.CORRECTION.labels``), not a shared table's;
    and a game labels only fields its own events have."""
    single = one_game_fields()
    assert {name: single[name] for name in LABELS if name in single} == {}
    for game_id, game in GAMES.items():
        own = {name for event in game.events for name, _hint, _optional in field_specs(event)}
        assert set(part(game_id, "web").CORRECTION.labels) <= own, game_id


@pytest.mark.parametrize("game_id", GAMES)
def test_which_tiles_and_cards_an_entry_spends_is_its_games_word(game_id: str) -> None:
    """Which of a game's fields take tiles or cards out of play (greyed in a correction's pickers), which
    lists are in play order, and which entries are sealed are the game's (``web.CORRECTION``), not sets
    of every game's field names in the shared correction form; a game names only its own."""
    game, how = GAMES[game_id], part(game_id, "web").CORRECTION
    pairs = {(type_of(event), name) for event in game.events for name, _hint, _optional in field_specs(event)}
    assert how.spent <= {name for _type, name in pairs}
    assert how.ordered <= pairs
    assert how.sealed <= {kind for kind, _name in pairs}
    assert [name for name in ("SPENT", "ORDERED", "SEALED") if hasattr(correction_form, name)] == []
