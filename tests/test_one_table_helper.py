"""Tests open their tables through one helper (tests/web/tables.py: ``new_table`` over the API,
``new_table_by_form`` as a phone does), not each through a copy of its own (issue 30: eleven
``new_table`` helpers had grown beside the one meant to hold them). A helper or fixture that posts
to ``/api/v1/tables`` or to a game's new-table form anywhere else fails here; tests of those
requests themselves post from their ``test_`` functions (a function inside one, such as a Hypothesis
body, is that test's own)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HELPERS = "tests/web/tables.py"
LEFT = {"tests/test_one_table_helper.py": "its worked examples"}


def _opens_a_table(call: ast.Call) -> bool:
    if not (isinstance(call.func, ast.Attribute) and call.func.attr == "post" and call.args):
        return False
    target = call.args[0]
    if isinstance(target, ast.Constant):
        return target.value == "/api/v1/tables" or str(target.value).startswith("/new/")
    return isinstance(target, ast.JoinedStr) and ast.unparse(target).startswith(("f'/new/", 'f"/new/'))


def table_openers(text: str) -> list[str]:
    """The functions of a module (and methods of its classes), other than tests, that open a table
    themselves, or through a function of their own inside them."""
    tree = ast.parse(text)
    functions = [*tree.body, *(item for node in tree.body if isinstance(node, ast.ClassDef) for item in node.body)]
    return [
        node.name
        for node in functions
        if isinstance(node, ast.FunctionDef)
        and not node.name.startswith("test_")
        and any(isinstance(call, ast.Call) and _opens_a_table(call) for call in ast.walk(node))
    ]


def test_tables_are_opened_by_the_one_helper() -> None:
    found = {
        rel: names
        for path in sorted((ROOT / "tests").rglob("*.py"))
        if (rel := path.relative_to(ROOT).as_posix()) not in {HELPERS, *LEFT}
        and (names := table_openers(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_an_opener_is_seen_however_it_posts() -> None:
    opener = 'def {}(client):\n    return client.post({}, json={{}})\n'
    for target in ('"/api/v1/tables"', '"/new/score-pad"', 'f"/new/{game}"'):
        assert table_openers(opener.format("table", target)) == ["table"], target
    assert table_openers(opener.format("test_made", '"/api/v1/tables"')) == []
    assert table_openers(opener.format("event", 'f"/api/v1/tables/{t}/events"')) == []
    inner = "def {}(client):\n    def run(form):\n        return client.post('/new/bingo', data=form)\n    run({{}})\n"
    assert table_openers(inner.format("test_fuzzed_forms")) == []  # the test's own body
    assert table_openers(inner.format("opened")) == ["opened"]
    assert table_openers("class Walk:\n    def open(self, client):\n        client.post('/api/v1/tables')\n") == ["open"]
