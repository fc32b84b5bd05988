"""The rulebooks in docs/rules are the one source of rule ids and table options (issue 18): each id is
defined once with no gap in its numbering, the option index names exactly the options the games offer,
and reading them touches nothing outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.games import game
from tests.rule_ids import DOCS, PREFIX, rule_ids

REPO = DOCS.parent.parent
INDEX_NAMES = {
    "bingo": "Bingo",
    "five-up": "Five Up",
    "ninety-nine": "Ninety-Nine",
    "trick-de-bingo": "Trick de Bingo",
    "bead-game": "Bead",
}


@pytest.mark.parametrize("name", sorted(PREFIX))
def test_each_id_is_defined_once_and_numbered_without_gaps(name):
    p = PREFIX[name]
    text = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    defined = re.findall(rf"\*\*({p}(?:\d+|-E\d+|-Δ\d+))\*\*", text)
    assert len(defined) == len(set(defined)), sorted(i for i in defined if defined.count(i) > 1)
    ids = rule_ids(name)
    for kind in ("", "-E", "-Δ"):
        numbers = sorted(int(i[len(p) + len(kind) :]) for i in ids if re.fullmatch(rf"{p}{kind}\d+", i))
        assert numbers == list(range(1, len(numbers) + 1)), (kind, numbers)
    assert {f"{p}1", f"{p}-E1"} <= ids


def test_the_option_index_lists_exactly_the_options_each_game_offers():
    index = (DOCS / "README.md").read_text(encoding="utf-8").split("## §8 Table options")[1].split("\n## ")[0]
    listed: dict[str, set[str]] = {}
    for row in re.findall(r"^\| ([^|]+) \| ([^|]+) \|", index, flags=re.M):
        listed.setdefault(row[0].strip(), set()).update(re.findall(r"`(\w+)`", row[1]))
    for name, title in INDEX_NAMES.items():
        assert listed.get(title) == {o.id for o in game(name).options}, name


def test_rule_ids_read_nothing_outside_the_repository(monkeypatch):
    """A clone without the old ../shared specs still checks every id: the only file read is in docs/."""
    read: list[Path] = []
    original = Path.read_text

    def spy(self, *args, **kwargs):
        read.append(self.resolve())
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", spy)
    for name in PREFIX:
        assert rule_ids(name)
    assert read and all(p.is_relative_to(REPO / "docs" / "rules") for p in read), read
