"""The web layer reaches tables through its public service, never through another module's privates."""

import ast
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "referee" / "web"


def _private_uses(path: Path) -> list[str]:
    """Names starting with one underscore that this module imports from another module, or reads on
    a sibling module (``_`` is the gettext marker, public by convention)."""
    tree = ast.parse(path.read_text())
    modules = set()  # names bound to sibling modules: ``from . import table as table_pages``
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level >= 1:
            for alias in node.names:
                if node.module is None:
                    modules.add(alias.asname or alias.name)
                if alias.name.startswith("_") and alias.name not in ("_",) and not alias.name.startswith("__"):
                    found.append(f"from .{node.module or ''} import {alias.name}")
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            found.append(f"{node.value.id}.{node.attr}")
    return found


def test_no_web_module_uses_another_modules_private_names():
    used = {path.name: _private_uses(path) for path in sorted(WEB.glob("*.py"))}
    assert {name: names for name, names in used.items() if names} == {}


def test_every_table_is_loaded_by_the_service():
    """``get_table`` and ``access_for`` (the two halves of loading a table for a request) are called
    by the service alone, besides access.py (which defines the rights), a join link checking the
    token it presents (table.py) and forgetting a table on this phone (pages.py, no rights needed)."""
    callers = {
        path.name
        for path in WEB.glob("*.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("get_table", "access_for")
    }
    assert callers <= {"service.py", "access.py", "pages.py", "table.py"}
