"""The test command type-checks the whole package under ``mypy --strict`` (issue 30): the web floor,
every game's pages, the photo reader and the app's wiring as well as the rules, store and printables.
mypy itself runs in ``scripts/test.sh``; these tests keep its configuration from narrowing again."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MYPY = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]


def test_mypy_is_strict_over_every_package():
    assert MYPY["strict"] is True
    assert {"referee", "printables"} <= set(MYPY["files"])
    overrides = MYPY.get("overrides", ())
    silenced = [o["module"] for o in overrides if o.get("ignore_errors") or o.get("disallow_untyped_defs") is False]
    assert silenced == []


def test_the_test_command_runs_mypy_with_that_configuration():
    commands = [line.split("#")[0].strip() for line in (ROOT / "scripts" / "test.sh").read_text().splitlines()]
    assert ".venv/bin/mypy" in commands  # no arguments: pyproject.toml's files and settings


def test_every_type_ignore_names_its_error():
    """An ignore is narrow (one error code, where a library's types cannot say what the code does),
    never a blanket ``# type: ignore`` that would hide the next error on the line too."""
    bare = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "referee").rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if re.search(r"# type: ignore(?!\[[a-z-]+(, [a-z-]+)*\])", line)
    ]
    assert bare == []


def test_no_cast_overrules_the_checker():
    """Types are checked, never asserted: a ``typing.cast`` says "trust me" where a narrowing
    (``isinstance``) or a better-typed call would be checked (issue 30: no casts)."""
    casts = [
        f"{path.relative_to(ROOT)}:{number}"
        for top in ("referee", "printables")
        for path in sorted((ROOT / top).rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if re.search(r"\bcast\(|import .*\bcast\b", line.split("#")[0])
    ]
    assert casts == []


def test_the_type_checks_of_a_game_detail_run_with_the_package():
    """tests/type_flow.py's ``assert_type`` lines (a Bingo table's detail stays Bingo's from the replay to
    its printout) are checked by the test command's mypy, so they fail there when the type stops flowing."""
    assert "tests/type_flow.py" in MYPY["files"]
    flow = (ROOT / "tests" / "type_flow.py").read_text()
    assert "assert_type(page, TablePage[Detail])" in flow
    assert "assert_type(moment, MomentPage[Detail])" in flow  # time travel keeps the game's detail too
