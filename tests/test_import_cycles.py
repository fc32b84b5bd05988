"""No import loops in referee or printables: every module can be imported at its top, in any order.

An import inside a function (or under ``if TYPE_CHECKING``) still counts: one that is there only to
dodge a loop keeps the loop, just hidden until the function runs. The graph is read from the source
with ``ast``, so it sees what ``sys.modules`` would not."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("referee", "printables")


def modules(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> dict[str, Path]:
    """Every module of the packages by dotted name (a package by its own name, for its __init__)."""
    found = {}
    for package in packages:
        for path in (root / package).rglob("*.py"):
            parts = path.relative_to(root).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported(name: str, path: Path, known: dict[str, Path]) -> Iterator[tuple[str, int]]:
    """(module, line) for each of ``known`` that ``path`` imports, anywhere in the file. ``from p
    import x`` imports module ``p.x`` if there is one, else ``p`` itself."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from ((alias.name, node.lineno) for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                for target in (f"{base}.{alias.name}", base):
                    if target in known:
                        yield target, node.lineno
                        break


def import_graph(known: dict[str, Path]) -> dict[str, dict[str, int]]:
    """module -> {module it imports: the line of that import}."""
    graph: dict[str, dict[str, int]] = {name: {} for name in known}
    for name, path in known.items():
        for target, line in imported(name, path, known):
            if target != name:
                graph[name].setdefault(target, line)
    return graph


def find_cycle(graph: dict[str, dict[str, int]]) -> list[str] | None:
    """One loop of the graph as a path that ends where it starts, or None (depth-first search)."""
    done: set[str] = set()
    for start in graph:
        if start in done:
            continue
        path, branches = [start], [iter(graph[start])]
        while branches:
            following = next(branches[-1], None)
            if following is None:
                done.add(path.pop())
                branches.pop()
            elif following in path:
                return path[path.index(following) :] + [following]
            elif following not in done:
                path.append(following)
                branches.append(iter(graph[following]))
    return None


def test_referee_and_printables_have_no_import_loop() -> None:
    graph = import_graph(modules())
    cycle = find_cycle(graph)
    assert cycle is None, "an import loop: " + " -> ".join(
        f"{a} (line {graph[a][b]})" for a, b in zip(cycle, cycle[1:], strict=False)
    ) + f" -> {cycle[-1]}"


LOOPS = {
    "at the top": ({"a.py": "from . import b\n", "b.py": "from .a import x\n"}, ["pkg.a", "pkg.b", "pkg.a"]),
    "deferred into a function": (
        {"a.py": "from .b import y\n", "b.py": "def f():\n    from .a import x\n"},
        ["pkg.a", "pkg.b", "pkg.a"],
    ),
    "under TYPE_CHECKING": (
        {"a.py": "if TYPE_CHECKING:\n    from .b import T\n", "b.py": "import pkg.c\n", "c.py": "from ..pkg import a\n"},
        ["pkg.a", "pkg.b", "pkg.c", "pkg.a"],
    ),
    "through a package's __init__": (
        {"__init__.py": "from .a import x\n", "a.py": "from . import y\n"},
        ["pkg", "pkg.a", "pkg"],
    ),
    "none: a chain": ({"a.py": "from .b import y\n", "b.py": "from . import c\n", "c.py": "import os\n"}, None),
}


@pytest.mark.parametrize("files, loop", LOOPS.values(), ids=LOOPS.keys())
def test_a_loop_is_found_wherever_its_imports_stand(tmp_path: Path, files: dict[str, str], loop: list[str] | None) -> None:
    """Worked examples: the detector sees deferred and TYPE_CHECKING imports and relative ones."""
    (tmp_path / "pkg").mkdir()
    for name, text in {"__init__.py": "", **files}.items():
        (tmp_path / "pkg" / name).write_text(text)
    cycle = find_cycle(import_graph(modules(tmp_path, ("pkg",))))
    if loop is None:
        assert cycle is None
    else:  # the same loop, from whichever of its modules the search met first
        assert cycle is not None and len(cycle) == len(loop) and set(cycle) == set(loop)
