"""The "why?" words of Ninety-Nine's success bonus say what the scorer pays at every table size."""

import re

import pytest

from referee.games.ninety_nine.rules.options import resolve
from referee.games.ninety_nine.rules.rule_words import RULE_WORDS
from referee.games.ninety_nine.rules.scoring import success_bonus

# How N13's words name k players making their bid, and "nothing" for a bonus of 0.
SAID = {1: r"(\d+) if you are the only one", 2: r"(\d+) if two made it", 3: r"(\d+) if three did", 4: r"(nothing) if all four did"}


@pytest.mark.parametrize("players", [3, 4])
def test_the_success_bonus_words_give_the_bonus_the_scorer_pays(players):
    """At a 4-player table four successes pay nothing (N32), which the words left out (newplayer10 #40)."""
    rules = resolve([f"P{i}" for i in range(players)], {})
    for k in range(1, players + 1):
        found = re.search(SAID[k], RULE_WORDS["N13"])
        assert found, (k, RULE_WORDS["N13"])
        assert (0 if found.group(1) == "nothing" else int(found.group(1))) == success_bonus(rules, k)
