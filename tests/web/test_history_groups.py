"""The history in groups (issue 27): one per deal, hand or round, newest first, each numbered as the
history numbers its entries, so History opens on the latest deal and an older one is one tap away."""

from __future__ import annotations

import pytest

from referee.games import game
from referee.store.replay import Effective
from referee.web.tables.history_groups import history_groups


def lines(*types: str) -> list[tuple[Effective, str]]:
    return [(Effective(seq=n, body={"type": t}), f"{t} {n}") for n, t in enumerate(types, start=1)]


@pytest.mark.parametrize(
    ("game_id", "types", "groups"),
    [
        # two deals of Bingo: a group each, the latest first, its entries newest first
        (
            "bingo",
            ("deal", "trick", "trick", "deal", "trick"),
            [("Deal 2", 4, 5, [5, 4]), ("Deal 1", 1, 3, [3, 2, 1])],
        ),
        # a Five Up hand, and the plays before the table's first hand event (none in practice) in a group 0
        ("five-up", ("play", "hand", "play"), [("Hand 1", 2, 3, [3, 2]), ("", 1, 1, [1])]),
        (
            "trick-de-bingo",
            ("round", "pick", "trick", "round"),
            [("Round 2", 4, 4, [4]), ("Round 1", 1, 3, [3, 2, 1])],
        ),
        # the score pad has one kind of step: one list, no headings
        ("score-pad", ("round", "round", "round"), [("", 1, 3, [3, 2, 1])]),
    ],
)
def test_entries_are_grouped_by_the_games_biggest_step_newest_first(app, game_id, types, groups):
    with app.test_request_context():
        got = history_groups(lines(*types), game(game_id).steps)
    assert [(g.title, g.first, g.last, [n for n, _, _ in g.lines]) for g in got] == groups
    assert [g.number for g in got] == sorted((g.number for g in got), reverse=True)
