"""Domino Bead Game (docs/rules/bead-game.md): the pattern table D12-D13 and the worked examples
D-E1..D-E12, scored and refused with their reasons.
"""

from __future__ import annotations

import pytest
from test_bead_game_support import (
    SEED_PLAYS,
    last_row,
    new,
    play,
    refusal,
    seed_board,
)

from referee.games.bead_game.rules.events import Place
from referee.games.bead_game.rules.grid import assess, is_pattern, pattern_flaw
from referee.games.bead_game.rules.play import legal_placements, penalty
from referee.games.bead_game.rules.view import view
from referee.rules.base import IllegalEvent
from referee.rules.tiles import Tile, double_set

# --- D12-D13: the pattern table ------------------------------------------------------------------

PATTERN_TABLE = [
    ((1, 2, 4, 3), True),
    ((2, 4, 1, 2, 4), True),
    ((5, 1, 5, 2), False),
    ((2, 2, 2), True),
    ((3, 4, 5, 3), True),
    ((4, 1, 2, 4, 1), True),
    ((1, 2, 1), True),
    ((2, 2, 4), False),
    ((1, 1, 2), False),
    ((1, 2, 2, 1), False),
]


@pytest.mark.parametrize(("line", "valid"), PATTERN_TABLE)
def test_a_line_is_a_pattern_when_a_block_of_different_numbers_repeats_d12_d13(line, valid):
    assert is_pattern(line) is valid
    assert (pattern_flaw(line) is None) is valid


def test_a_broken_line_is_explained_by_its_shortest_block_d13():
    assert pattern_flaw((5, 1, 5, 2)) == ((5, 1, 5, 2), 5)
    assert pattern_flaw((2, 2, 4)) == ((2, 2, 4), 2)


# --- D-E1..D-E12: the worked examples ------------------------------------------------------------

SCORED_EXAMPLES = [
    # id, plays before, the play, score, numbers multiplied (axis, cross at 1st cell, cross at 2nd, double)
    ("D-E1", 0, Place(0, "2-2", ((2, 0), (3, 0))), 6, (1, 3, 1, 2)),
    ("D-E2", 1, Place(1, "3-1", ((3, 1), (3, 2))), 27, (3, 3, 3)),
    ("D-E3", 2, Place(0, "4-3", ((0, 0), (0, 1))), 4, (1, 1, 4)),
    ("D-E4", 3, Place(1, "5-4", ((1, 3), (2, 3))), 12, (1, 3, 4)),
    ("D-E6", 3, Place(1, "1-5", ((0, 2), (0, 3))), 16, (4, 4, 1)),
    ("D-E7", 3, Place(1, "4-4", ((4, 1), (4, 2))), 40, (1, 5, 4, 2)),
    ("D-E9", 3, Place(1, "1-3", ((1, 3), (1, 4))), 4, (4, 1, 1)),
]


@pytest.mark.parametrize(
    ("example", "before", "ev", "score", "numbers"), SCORED_EXAMPLES, ids=[e[0] for e in SCORED_EXAMPLES]
)
def test_worked_example_scores_the_product_of_line_factors_d14_d15(example, before, ev, score, numbers):
    state = play(new(), *SEED_PLAYS[:before], ev)
    row = last_row(state)
    assert row["score"] == score
    assert tuple(row["numbers"]) == numbers
    assert row["text"] == " × ".join(map(str, numbers)) + f" = {score}"  # the times sign, as players write it
    assert view(state).totals[ev.seat] == sum(
        r["score"] for r in view(state).detail["sheet"] if r["seat"] == ev.seat
    )


def test_seed_example_one_counts_the_crossing_row_and_doubles_d_e1():
    row = last_row(play(new(), SEED_PLAYS[0]))
    counted = [f for f in row["factors"] if f["counted"]]
    assert [(f["line"]["direction"], f["line"]["values"]) for f in counted] == [("row", [2, 5, 3])]
    assert row["double"] is True
    own = row["factors"][0]
    assert own["role"] == "axis" and own["line"]["values"] == [2, 2] and own["factor"] == 1


def test_seed_example_three_splits_a_column_at_the_gap_d10_d_e3():
    row = last_row(seed_board())
    col0 = next(f for f in row["factors"] if f["line"]["direction"] == "column" and f["line"]["index"] == 0)
    assert col0["line"]["values"] == [4] and col0["factor"] == 1
    col1 = next(f for f in row["factors"] if f["line"]["direction"] == "column" and f["line"]["index"] == 1)
    assert col1["line"]["values"] == [3, 4, 5, 3] and col1["factor"] == 4


def test_the_seed_board_matches_the_digest_diagram():
    board = {tuple(c["cell"]): c["value"] for c in view(seed_board()).detail["board"]}
    assert board == {
        (0, 0): 4, (0, 1): 3,
        (1, 1): 4, (1, 2): 2,
        (2, 0): 2, (2, 1): 5, (2, 2): 3,
        (3, 0): 2, (3, 1): 3, (3, 2): 1,
    }  # fmt: skip


ILLEGAL_EXAMPLES = [
    (
        "D-E5",
        Place(1, "3-5", ((3, 3), (4, 3))),
        "not_a_pattern",
        "The tile's row would read 2, 3, 1, 3",
    ),
    (
        "D-E8",
        Place(1, "3-3", ((0, 2), (0, 3))),
        "not_a_pattern",
        "The tile's row would read 4, 3, 3, 3",
    ),
    ("D-E10", Place(1, "1-2", ((4, 3), (4, 4))), "no_contact", "a corner is not enough"),
]


@pytest.mark.parametrize(
    ("example", "ev", "code", "says"), ILLEGAL_EXAMPLES, ids=[e[0] for e in ILLEGAL_EXAMPLES]
)
def test_worked_example_refusals_name_the_reason_d9_d11(example, ev, code, says):
    err = refusal(seed_board(), ev)
    assert isinstance(err, IllegalEvent)
    assert err.code == code
    assert says in str(err)


def test_a_refused_line_says_which_block_fails_d12():
    err = refusal(seed_board(), Place(1, "3-5", ((3, 3), (4, 3))))
    assert "holds 3 twice" in str(err) and err.params["block"] == "2, 3, 1, 3"


def test_cell_one_zero_is_dead_for_every_tile_d_e11():
    state = seed_board()
    board = {tuple(c["cell"]): c["value"] for c in view(state).detail["board"]}
    for tile in double_set(5, 1):
        for other in ((0, 0), (2, 0), (1, -1), (1, 1)):
            for va, vb in {(tile.hi, tile.lo), (tile.lo, tile.hi)}:
                assert isinstance(assess(board, (1, 0), other, va, vb), IllegalEvent)
    every = legal_placements(state, [str(t) for t in double_set(5, 1) if str(t) not in ("4-3", "3-1", "2-2")])
    assert every and all((1, 0) not in p.cells for p in every)


def test_end_penalty_of_a_plain_tile_and_a_double_d21_d_e12():
    assert penalty(Tile(3, 2)) + penalty(Tile(4, 4)) == -30
