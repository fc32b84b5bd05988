"""Who may write is decided in the store alone (issue 30, ``store/writing.py``): the web maps the
store's ``Refused`` to an HTTP status and decides nothing on its own. No module of the web or of a
game's web side answers 403 but in a branch that tests the store's decision (``Refused``, a
``Reason``); ``OWN`` lists the others, each with why it is no decision on what a role may write.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STORE_DECISION = {"Refused", "Reason"}
OWN = {  # (module, function) -> why its 403 is not a role's right to write
    ("referee/web/tables/access.py", "director_token"): "a director link that is not the director's: no role at all",
    ("referee/web/tables/pages.py", "join"): "a join link that matches no seat: no role at all",
}


def own_forbidden(source: str) -> list[str]:
    """The functions of ``source`` that abort with 403 outside a branch testing the store's decision."""
    found = []

    def visit(node: ast.AST, function: str, decided: bool) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
        if isinstance(node, ast.If):
            tested = {n.id for n in ast.walk(node.test) if isinstance(n, ast.Name)}
            for child in node.body:
                visit(child, function, decided or bool(tested & STORE_DECISION))
            for child in node.orelse:
                visit(child, function, decided)
            return
        is_abort = isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "abort"
        if is_abort and not decided and [getattr(a, "value", None) for a in node.args] == [403]:
            found.append(function)
        for child in ast.iter_child_nodes(node):
            visit(child, function, decided)

    visit(ast.parse(source), "", False)
    return found


def test_no_web_module_forbids_a_write_on_its_own():
    found = set()
    for path in sorted([*ROOT.glob("referee/web/**/*.py"), *ROOT.glob("referee/games/*/web.py")]):
        rel = path.relative_to(ROOT).as_posix()
        found |= {(rel, f) for f in own_forbidden(path.read_text(encoding="utf-8"))}
    assert found == set(OWN)


@pytest.mark.parametrize(
    ("source", "caught"),
    [
        ("def save():\n    if not g.access.can_write:\n        abort(403)", ["save"]),
        ("def fix():\n    if target.body.get('sealed'):\n        abort(403)", ["fix"]),
        ("def fix():\n    if not may_correct(rep, w, seq):\n        abort(403)", ["fix"]),
        ("def renew():\n    if isinstance(token, Refused):\n        abort(403)", []),
        ("def decide():\n    if d.reason is Reason.FORBIDDEN:\n        abort(403)", []),
        ("def decide():\n    if isinstance(d, Refused):\n        pass\n    else:\n        abort(403)", ["decide"]),
        ("def gone():\n    abort(404)", []),
    ],
)
def test_the_scan_finds_a_403_decided_in_the_web(source, caught):
    assert own_forbidden(source) == caught
