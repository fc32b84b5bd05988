"""The history in groups (issue 27): one per deal, hand or round, newest first, each entry numbered by
its log line (``seq``, as the dispute report and ``?at=`` number it), so History opens on the latest deal and an older one is one tap away; a
Trick de Bingo round in parts, its tricks and each player's draft picks as their sheet reads."""

from __future__ import annotations

import pytest

from referee.games import game
from referee.store.replay import Effective
from referee.web.tables.history_groups import history_groups

PLAYERS = ("Aki", "Ben", "Chie", "Dan")


def lines(*types: str | dict, seqs: tuple[int, ...] = ()) -> list[tuple[Effective, str]]:
    """Entries from their types (or whole bodies), oldest first, each with a sentence, logged as
    ``seqs`` (by default 1, 2, 3, ...: no undo or correction line between them)."""
    bodies = [t if isinstance(t, dict) else {"type": t} for t in types]
    numbers = seqs or tuple(range(1, len(bodies) + 1))
    return [(Effective(seq=n, body=b), f"{b['type']} {n}") for n, b in zip(numbers, bodies, strict=True)]


def test_entries_keep_their_log_line_and_a_group_spans_its_undo_and_correction_lines(app):
    """The log: 1 deal, 2-3 tricks, 4 undoes 3, 5-6 tricks, 7 corrects 5, 8 deal, 9-10 tricks, 11 undoes
    10. The entries that stand keep their log lines (1 2 5 6, 8 9), deal 1 spans lines 1-7 as the
    report's ?deal=1 prints it, and the last deal runs to the table's last line, 11."""
    standing = lines("deal", "trick", "trick", "trick", "deal", "trick", seqs=(1, 2, 5, 6, 8, 9))
    with app.test_request_context():
        got = history_groups(standing, game("bingo"), PLAYERS, 11)
    assert [(g.title, g.first, g.last, [n for n, _, _ in g.lines], g.ranged) for g in got] == [
        ("Deal 2", 8, 11, [9, 8], True),
        ("Deal 1", 1, 7, [6, 5, 2, 1], True),
    ]
    with app.test_request_context():  # everything undone: no group
        assert history_groups([], game("bingo"), PLAYERS, 2) == ()


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
            ("round", "trick", "round"),
            [("Round 2", 3, 3, [3]), ("Round 1", 1, 2, [2, 1])],
        ),
        # the score pad has one kind of step: one list, no headings
        ("score-pad", ("round", "round", "round"), [("", 1, 3, [3, 2, 1])]),
    ],
)
def test_entries_are_grouped_by_the_games_biggest_step_newest_first(app, game_id, types, groups):
    with app.test_request_context():
        got = history_groups(lines(*types), game(game_id), PLAYERS, len(types))
    assert [(g.title, g.first, g.last, [n for n, _, _ in g.lines]) for g in got] == groups
    assert [g.number for g in got] == sorted((g.number for g in got), reverse=True)


def pick(seat: int, cell: int) -> dict:
    return {"type": "pick", "seat": seat, "card": f"TB-{10 + seat}{cell}", "cell": cell}


# Two rounds of Trick de Bingo, the second in its draft: round 1's tricks, then each player's picks in the
# order made (the round's first pick on top of the dealer's), then round 2's start and picks.
ROUNDS = lines(
    "round", pick(0, 5), pick(1, 9), pick(2, 1), pick(3, 2), pick(0, 1), pick(1, 5), pick(2, 3), pick(3, 4),
    "trick", "trick", "round", pick(1, 7), pick(2, 8),
)  # fmt: skip


def test_a_trick_de_bingo_round_is_its_tricks_then_each_players_picks_first_to_last(app):
    with app.test_request_context():
        got = history_groups(ROUNDS, game("trick-de-bingo"), PLAYERS, len(ROUNDS))
    assert [(g.title, g.part, g.jump, g.anchor, [n for n, _, _ in g.lines], g.ranged) for g in got] == [
        ("Round 2", "Start", "Start", "history-2-play", [12], True),
        ("Round 2", "Ben's picks", "Ben", "history-2-picks1", [13], True),
        ("Round 2", "Chie's picks", "Chie", "history-2-picks2", [14], True),
        ("Round 1", "Tricks", "Tricks", "history-1-play", [11, 10, 1], False),
        ("Round 1", "Aki's picks", "Aki", "history-1-picks0", [2, 6], False),
        ("Round 1", "Ben's picks", "Ben", "history-1-picks1", [3, 7], False),
        ("Round 1", "Chie's picks", "Chie", "history-1-picks2", [4, 8], False),
        ("Round 1", "Dan's picks", "Dan", "history-1-picks3", [5, 9], False),
    ]
    assert sorted(n for g in got for n, _, _ in g.lines) == list(range(1, 15))  # every entry, once
