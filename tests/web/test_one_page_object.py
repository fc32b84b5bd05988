"""One page, one object (issue 30): every template is rendered through ``referee.web.page.render_page``
from one frozen, typed page object built before rendering, never with loose keyword arguments or a
database row handed to ``render_template``.

``LEFT`` names the modules that still call ``render_template`` themselves, each with why; the list only
shrinks (a module that stops calling it must leave the list, so the test fails both ways).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest
from flask import Flask
from jinja2 import DictLoader

from referee.web.page import Message, render_page

ROOT = Path(__file__).resolve().parents[2]
PAGE = "referee/web/page.py"
RENDERERS = {"render_template", "render_template_string", "stream_template", "stream_template_string"}
LEFT = {  # module -> why it still renders with loose keyword arguments (the table screens, next)
    "referee/web/tables/service.py": "the table screen and its answer/alarm fragments: the ORM table, the "
    "reader's Access and the corrections beside TablePage, and each game's extra values",
    "referee/web/tables/pages.py": "the correction form: a table screen with the correction's fields",
    "referee/games/bead_game/web.py": "the legal-placements page, a table screen (i27-bead's folder this session)",
    "referee/games/trick_de_bingo/web.py": "the custom-card builder, a table screen",
}


def renderers_called(source: str) -> list[int]:
    """The lines of ``source`` that call one of Flask's template renderers (by name or as ``flask.x``)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name in RENDERERS:
                lines.append(node.lineno)
    return lines


def modules_rendering_templates() -> set[str]:
    found = set()
    for path in sorted((ROOT / "referee").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel != PAGE and renderers_called(path.read_text(encoding="utf-8")):
            found.add(rel)
    return found


def test_only_render_page_renders_a_template():
    assert modules_rendering_templates() == set(LEFT)


@pytest.mark.parametrize(
    "source, lines",
    [
        ('return render_template("home.html", held=tables, hidden=2)', [1]),
        ('x = 1\nreturn flask.render_template_string("{{ a }}", a=1)', [2]),
        ('return render_page("home.html", HomePage((), 0))', []),
    ],
)
def test_a_loose_render_is_caught(source, lines):
    assert renderers_called(source) == lines


@dataclass
class Loose:
    message: str


@pytest.mark.parametrize("page", [Loose("no"), {"message": "no"}, "no"])
def test_render_page_refuses_anything_but_a_frozen_page_object(page):
    app = Flask(__name__, template_folder=str(ROOT / "templates"))
    with app.test_request_context("/"), pytest.raises(TypeError, match="frozen page object"):
        render_page("error.html", page)


def test_render_page_shows_the_page_fields_by_name():
    app = Flask(__name__)
    app.jinja_env.loader = DictLoader({"m.html": "[{{ message }}]"})
    with app.test_request_context("/"):
        assert render_page("m.html", Message("too many")) == "[too many]"
