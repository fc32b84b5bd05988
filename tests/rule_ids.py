"""Each game's rule ids (rules, worked examples, decisions), from tests/rules/rule_ids.toml in the
repository, for the tests that check every rule is referenced by a test."""

from __future__ import annotations

import tomllib
from pathlib import Path

TABLE = Path(__file__).parent / "rules" / "rule_ids.toml"


def rule_ids(game: str) -> set[str]:
    """``{"B1", ..., "B47", "B-E1", ..., "B-Δ11"}`` for ``game`` (its record-format id, e.g. "bingo")."""
    spec = tomllib.loads(TABLE.read_text(encoding="utf-8"))[game]
    prefix = spec["prefix"]
    return (
        {f"{prefix}{n}" for n in range(1, spec["rules"] + 1)}
        | {f"{prefix}-E{n}" for n in range(1, spec["examples"] + 1)}
        | {f"{prefix}-Δ{n}" for n in range(1, spec["decisions"] + 1)}
    )
