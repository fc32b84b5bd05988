"""Domino Bead Game (docs/rules/bead-game.md, D1-D22): worked examples, refusals, hands, the golden record.

Hypothesis invariants and random legal playouts are in test_bead_game_playouts.py.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from referee.rules import events as codec
from referee.rules.base import GameOver, IllegalEvent, MalformedEvent, RuleError
from referee.rules.bead_game import GAME
from referee.rules.bead_game.events import End, Hand, Pass, Place, Placement
from referee.rules.bead_game.grid import assess, is_pattern, pattern_flaw
from referee.rules.bead_game.play import apply, first_leader, legal_placements, penalty, start
from referee.rules.bead_game.state import HAND_SIZE
from referee.rules.bead_game.view import view
from referee.rules.tiles import Tile, double_set
from tests.rule_ids import rule_ids

ROOT = Path(__file__).parents[2]
RECORDS = ROOT / "tests" / "records"

# The digest's reconstructed board (5.8): [4-5] upright at (1,1)-(2,1) beside [2-3] at (1,2)-(2,2).
STARTER = (Placement("4-5", ((1, 1), (2, 1))), Placement("2-3", ((1, 2), (2, 2))))
SEED_PLAYS = (  # D-E1, D-E2, D-E3: seat 0 leads, seats alternate (D18)
    Place(0, "2-2", ((2, 0), (3, 0))),
    Place(1, "3-1", ((3, 1), (3, 2))),
    Place(0, "4-3", ((0, 0), (0, 1))),
)


def new(players=2, single=False, leader=0, starter=STARTER):
    state = start(tuple("ABCD"[:players]), GAME.resolve_options({"singleHand": single}))
    return apply(state, Hand(starter=starter, leader=leader))


def play(state, *events):
    for ev in events:
        state = apply(state, ev)
    return state


def seed_board():
    """The board after the three seed plays; seat 1 is to move."""
    return play(new(), *SEED_PLAYS)


def refusal(state, ev) -> RuleError:
    with pytest.raises(RuleError) as err:
        apply(state, ev)
    return err.value


def last_row(state):
    return view(state).detail["sheet"][-1]


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
    assert row["text"] == " x ".join(map(str, numbers)) + f" = {score}"
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
        "Row 3 (columns 0 to 3) would read 2, 3, 1, 3",
    ),
    (
        "D-E8",
        Place(1, "3-3", ((0, 2), (0, 3))),
        "not_a_pattern",
        "Row 0 (columns 0 to 3) would read 4, 3, 3, 3",
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


# --- D1-D8: equipment, deal, starter, placement geometry ----------------------------------------


def test_the_set_has_thirty_tiles_each_design_twice_and_only_numbers_one_to_five_d1():
    assert len(double_set(5, 1)) * 2 == 30
    for text in ("6-4", "0-2", "7"):
        with pytest.raises(MalformedEvent) as err:
            codec.decode(GAME.events, {"type": "place", "seat": 1, "tile": text, "cells": [[1, 3], [2, 3]]})
        assert err.value.code == "bad_tile"
    with pytest.raises(MalformedEvent):
        codec.decode(GAME.events, {"type": "end", "hands": [["6-6"], []]})


def test_a_third_copy_of_a_tile_is_refused_d1():
    state = play(new(), Place(0, "5-4", ((1, 3), (2, 3))))  # [4-5] is in the starter: this is copy 2
    err = refusal(state, Place(1, "4-5", ((1, 0), (2, 0))))
    assert err.code == "no_copy_left"
    assert "[5-4]" in str(err)


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players_d2(players):
    with pytest.raises(MalformedEvent):
        GAME.check_players(["P"] * players)
    assert GAME.min_players == 2 and GAME.max_players == 4


def test_first_leader_is_the_highest_draw_then_the_larger_number_d3():
    assert first_leader(["4-3", "5-2"]) == 1  # the seed's example
    assert first_leader(["5-5", "5-4", "1-1"]) == 0
    assert first_leader(["3-2", "3-2", "1-1"]) is None  # the same design twice: draw again


def test_the_first_hand_needs_a_leader_d3():
    state = start(("A", "B"), GAME.resolve_options({}))
    assert refusal(state, Hand(starter=STARTER)).code == "leader_required"
    assert refusal(state, Hand(starter=STARTER, leader=2)).code == "bad_seat"


@pytest.mark.parametrize(("players", "size"), [(2, 14), (3, 9), (4, 7)])
def test_hand_sizes_leave_two_tiles_for_the_starter_and_one_spare_with_three_d5(players, size):
    assert HAND_SIZE[players] == size
    assert 30 - players * size == (3 if players == 3 else 2)
    assert view(new(players)).detail["tiles_in_hand"] == [size] * players


@pytest.mark.parametrize(
    "starter",
    [
        (Placement("4-5", ((1, 1), (2, 1))), Placement("2-3", ((1, 3), (2, 3)))),  # a gap
        (Placement("4-5", ((1, 1), (2, 1))), Placement("2-3", ((2, 2), (3, 2)))),  # offset
        (Placement("4-5", ((1, 1), (2, 1))), Placement("2-3", ((1, 2), (1, 3)))),  # not parallel
        (Placement("4-5", ((1, 1), (2, 1))),),
    ],
)
def test_the_starter_must_be_two_tiles_forming_a_square_d6(starter):
    state = start(("A", "B"), GAME.resolve_options({}))
    assert refusal(state, Hand(starter=starter, leader=0)).code == "bad_starter"


def test_the_starter_lies_as_drawn_either_way_round_d6():
    flat = (Placement("1-1", ((0, 0), (0, 1))), Placement("2-3", ((1, 0), (1, 1))))
    board = {tuple(c["cell"]): c["value"] for c in view(new(starter=flat)).detail["board"]}
    assert board == {(0, 0): 1, (0, 1): 1, (1, 0): 2, (1, 1): 3}
    assert all(c["turn"] == 0 and c["seat"] is None for c in view(new(starter=flat)).detail["board"])


def test_a_tile_covers_two_cells_sharing_an_edge_d7():
    assert refusal(seed_board(), Place(1, "5-4", ((1, 3), (2, 4)))).code == "not_adjacent"
    assert refusal(seed_board(), Place(1, "5-4", ((1, 3), (1, 3)))).code == "not_adjacent"


def test_the_first_cell_gets_the_first_number_d7():
    state = play(seed_board(), Place(1, "4-5", ((2, 3), (1, 3))))  # D-E4 written the other way round
    assert last_row(state)["score"] == 12
    cells = {tuple(c["cell"]): c["value"] for c in view(state).detail["board"]}
    assert cells[(1, 3)] == 5 and cells[(2, 3)] == 4


def test_a_cell_never_holds_two_halves_d8():
    err = refusal(seed_board(), Place(1, "5-4", ((2, 2), (2, 3))))
    assert err.code == "occupied" and "[2, 2]" in str(err)


def test_contact_needs_a_shared_edge_d9():
    assert refusal(seed_board(), Place(1, "5-4", ((5, 5), (5, 6)))).code == "no_contact"


def test_filling_a_gap_merges_two_lines_and_the_merged_line_must_be_valid_d10_d11():
    gapped = {(0, 0): 1, (1, 0): 2, (3, 0): 1, (4, 0): 2}  # column 0: 1,2 . 1,2 (two lines)
    merged = assess(gapped, (2, 0), (2, 1), 3, 4)
    assert not isinstance(merged, IllegalEvent)
    cross = merged.factors[1]
    assert cross.line.values == (1, 2, 3, 1, 2) and cross.value == 5
    broken = assess(gapped, (2, 0), (2, 1), 2, 4)
    assert isinstance(broken, IllegalEvent) and "Column 0 (rows 0 to 4) would read 1, 2, 2, 1, 2" in str(
        broken
    )


# --- D14-D17: scores ----------------------------------------------------------------------------


def test_only_lines_holding_other_halves_count_and_doubles_score_twice_d14_d15():
    row = last_row(play(seed_board(), Place(1, "4-4", ((4, 1), (4, 2)))))  # D-E7
    assert [f["counted"] for f in row["factors"]] == [False, True, True]
    assert len(row["counted"]) == 2 and row["counted"][0]["params"]["values"] == "3, 4, 5, 3, 4"


def test_every_legal_placement_scores_at_least_two_d16():
    found = legal_placements(seed_board(), [str(t) for t in double_set(5, 1)][:10])
    assert found and min(p.score for p in found) >= 2


def test_the_score_goes_to_the_player_who_placed_even_when_forced_d17():
    state = seed_board()
    forced = legal_placements(state, ["5-4"])[0]  # another player demanded this placement (D19)
    state = apply(state, Place(1, forced.tile_text, forced.cells))
    assert view(state).totals == (6 + 4, 27 + forced.score)


# --- D18-D22: turns, passes, the end of a hand, penalties, several hands ------------------------


def test_play_out_of_turn_is_refused_d18():
    err = refusal(new(), Place(1, "5-4", ((1, 3), (2, 3))))
    assert err.code == "out_of_turn" and str(err) == "It is A's turn, not B's."
    assert refusal(new(), Pass(1)).code == "out_of_turn"


def test_turns_run_clockwise_from_the_leader_d18():
    state = new(players=3, leader=2)
    assert view(state).detail["to_move"] == 2
    state = apply(state, Pass(2))
    assert view(state).detail["to_move"] == 0


def test_cannot_play_lists_every_legal_placement_with_its_score_d19():
    found = legal_placements(seed_board(), ["5-4"])
    keys = {(p.cells, p.values) for p in found}
    assert (((1, 3), (2, 3)), (5, 4)) in keys  # D-E4
    assert len(keys) == len(found)  # each physical placement once
    assert [p.score for p in found] == sorted((p.score for p in found), reverse=True)
    with pytest.raises(IllegalEvent):
        legal_placements(play(seed_board(), Place(1, "5-4", ((1, 3), (2, 3)))), ["4-5"])


def test_a_player_may_pass_while_a_placement_exists_if_none_is_demanded_d19():
    state = apply(seed_board(), Pass(1))
    assert view(state).detail["to_move"] == 0 and view(state).breaches == ()


def test_a_full_round_of_passes_ends_the_hand_d20():
    state = play(new(players=3), Pass(0), Pass(1))
    assert view(state).detail["phase"] == "play"
    state = apply(state, Pass(2))
    assert view(state).detail["phase"] == "end"
    assert refusal(state, Pass(0)).code == "hand_over"


def test_a_placement_resets_the_round_of_passes_d20():
    state = play(new(), Pass(0), Place(1, "5-4", ((1, 3), (2, 3))), Pass(0))
    assert view(state).detail["phase"] == "play"


def test_the_hand_is_not_over_until_the_rules_say_so_d20():
    assert refusal(seed_board(), End(hands=((), ()))).code == "hand_not_over"


def _strip_plays():
    """Upright tiles extending the starter square to the right, for one player.

    Row 1 repeats the block 4,2,5,1,3 and row 2 the block 5,3,1,2,4 (the starter is columns 1-2), so
    the tiles are [5-1] [2-1] [4-3] [5-4] [3-2] [5-1] [2-1]: no design more than twice (D1).
    """
    top = [4, 2, 5, 1, 3]
    bottom = [5, 3, 1, 2, 4]
    return [Place(0, f"{top[(c - 1) % 5]}-{bottom[(c - 1) % 5]}", ((1, c), (2, c))) for c in range(3, 10)]


def test_going_out_gives_every_other_player_one_more_turn_d20():
    state = new(players=4)
    for i, ev in enumerate(_strip_plays()):  # seat 0 places its 7 tiles, the others pass
        state = apply(state, ev)
        if i < 6:
            state = play(state, Pass(1), Pass(2), Pass(3))
    d = view(state).detail
    assert d["final_round"] == {"out": 0, "turns_left": 3} and d["to_move"] == 1
    assert d["tiles_in_hand"] == [0, 7, 7, 7]
    state = play(state, Place(1, "3-4", ((0, 3), (0, 4))), Pass(2))
    assert refusal(state, Place(0, "4-4", ((3, 1), (3, 2)))).code == "out_of_turn"
    state = apply(state, Pass(3))
    assert view(state).detail["phase"] == "end" and view(state).detail["hands"][0]["end"] == "out"


def test_end_checks_how_many_tiles_each_seat_holds_d20_d21():
    state = play(new(), Pass(0), Pass(1))
    err = refusal(state, End(hands=((Tile(1, 1),), ())))
    assert err.code == "bad_hands"
    assert refusal(state, End(hands=((),))).code == "bad_hands"


def test_end_refuses_a_third_copy_among_the_hands_d1_d21():
    state = play(new(), Pass(0), Pass(1))
    rest = _remaining_tiles(state)
    hands = (tuple(rest[:14]), tuple(rest[14:27]) + (Tile(5, 4),))
    err = refusal(state, End(hands=hands))
    assert err.code == "no_copy_left"


def _remaining_tiles(state):
    """The tiles not on the table, in set order."""
    laid = {c["tile_id"]: Tile.parse(c["tile"]) for c in view(state).detail["board"]}
    on = Counter(laid.values())
    return [t for t in double_set(5, 1) for _ in range(2 - on[t])]


def test_penalties_are_minus_twenty_five_per_tile_and_minus_five_per_double_d21():
    state = play(new(), Pass(0), Pass(1))
    rest = _remaining_tiles(state)
    hands = (tuple(rest[:14]), tuple(rest[14:]))
    state = apply(state, End(hands=hands))
    expect = [sum(-5 if t.is_double else -25 for t in h) for h in hands]
    summary = view(state).detail["hands"][0]
    assert summary["penalties"] == expect
    assert view(state).totals == tuple(expect)
    assert summary["penalty_items"][0][0] == {"tile": str(hands[0][0]), "points": penalty(hands[0][0])}


def test_one_hand_per_player_with_the_lead_passing_left_then_finished_d4_d22():
    state = play(new(players=2, leader=1), Pass(1), Pass(0))
    rest = _remaining_tiles(state)
    state = apply(state, End(hands=(tuple(rest[:14]), tuple(rest[14:]))))
    assert view(state).finished is False and view(state).detail["phase"] == "hand"
    assert refusal(state, Hand(starter=STARTER, leader=1)).code == "wrong_leader"
    state = apply(state, Hand(starter=STARTER))
    assert view(state).detail["leader"] == 0 and view(state).detail["to_move"] == 0
    state = play(state, Pass(0), Pass(1))
    state = apply(state, End(hands=(tuple(rest[14:]), tuple(rest[:14]))))
    v = view(state)
    assert v.finished and v.totals[0] == v.totals[1] and v.winners == (0, 1)
    assert isinstance(refusal(state, Hand(starter=STARTER)), GameOver)


def test_single_hand_option_finishes_after_one_hand_d_delta_3():
    state = play(new(single=True), Pass(0), Pass(1))
    rest = _remaining_tiles(state)
    hands = (tuple(rest[:14]), tuple(rest[14:]))
    state = apply(state, End(hands=hands))
    v = view(state)
    assert v.finished
    assert v.winners == tuple(s for s in (0, 1) if v.totals[s] == max(v.totals))
    assert refusal(state, Pass(0)).code == "finished"


def test_a_new_hand_waits_for_the_end_of_the_last_one():
    assert refusal(seed_board(), Hand(starter=STARTER)).code == "hand_in_progress"


def test_place_before_any_hand_is_refused():
    state = start(("A", "B"), GAME.resolve_options({}))
    d = view(state).detail
    assert d["phase"] == "hand" and d["board"] == [] and d["bounds"] is None and d["next"] == ["hand"]
    assert refusal(state, Pass(0)).code == "no_hand"
    assert refusal(state, End(hands=((), ()))).code == "no_hand"


def test_the_view_shows_the_board_bounds_and_score_sheet():
    d = view(seed_board()).detail
    assert d["bounds"] == {"top": 0, "bottom": 3, "left": 0, "right": 2}
    assert [(r["seat"], r["tile"], r["score"]) for r in d["sheet"]] == [
        (0, "2-2", 6),
        (1, "3-1", 27),
        (0, "4-3", 4),
    ]
    assert d["next"] == ["place", "pass"] and d["to_move"] == 1
    json.dumps(d)  # JSON-able


# --- the event codec --------------------------------------------------------------------------


def test_events_decode_from_the_record_format_keeping_the_written_order():
    ev = codec.decode(GAME.events, {"type": "place", "seat": 1, "tile": "1-3", "cells": [[1, 3], [1, 4]]})
    assert ev == Place(1, "1-3", ((1, 3), (1, 4))) and ev.values == (1, 3)
    hand = codec.decode(
        GAME.events, {"type": "hand", "starter": [{"tile": "5-4", "cells": [[0, 0], [1, 0]]}] * 2}
    )
    assert hand.leader is None and hand.starter[0].values == (5, 4)
    end = codec.decode(GAME.events, {"type": "end", "hands": [["2-3", "4-4"], []]})
    assert end.hands == ((Tile(3, 2), Tile(4, 4)), ())
    assert codec.encode(ev) == {"type": "place", "seat": 1, "tile": "1-3", "cells": [[1, 3], [1, 4]]}
    with pytest.raises(MalformedEvent):
        codec.decode(GAME.events, {"type": "place", "seat": 1, "tile": "7-3", "cells": [[1, 3], [1, 4]]})


# --- the golden record --------------------------------------------------------------------------


def test_golden_record_two_hands_replays_to_the_hand_computed_totals():
    rec = json.loads((RECORDS / "bead-game-two-hands.json").read_text())
    assert rec["format"] == "referee-record" and rec["version"] == 1 and rec["game"] == "bead-game"
    state = start(tuple(rec["players"]), GAME.resolve_options(rec["options"]))
    for raw in rec["events"]:
        state = apply(state, codec.decode(GAME.events, raw))
    v = view(state)
    sheet = v.detail["sheet"]

    def scores(hand, seat):
        return [r["score"] for r in sheet if r["hand"] == hand and r["seat"] == seat and r["kind"] == "place"]

    # Hand 1, Ben leads (seat 1); both place all 14 tiles (Aki goes out, Ben has one more turn: D20).
    # First plays checked cell by cell: Ben [1-3] on (0,2)-(1,2): rows 5,2,1 and 1,5,3 -> 1 x 3 x 3 = 9;
    # Aki [4-4] on (0,3)-(1,3): rows 5,2,1,4 and 1,5,3,4 -> 1 x 4 x 4 x 2 = 32.
    # Aki: 32 + 25 + 36 + 72 + 128 + 100 + 64 + 81 + 100 + 18 + 11 + 39 + 18 + 9 = 733
    # Ben:  9 + 18 + 32 + 25 + 49 + 81 + 98 + 18 + 66 + 9 + 12 + 24 + 56 + 16 = 513
    assert scores(1, 0) == [32, 25, 36, 72, 128, 100, 64, 81, 100, 18, 11, 39, 18, 9]
    assert scores(1, 1) == [9, 18, 32, 25, 49, 81, 98, 18, 66, 9, 12, 24, 56, 16]
    # Hand 2, the lead passes left to Aki (D4); 12 tiles each, then both pass: blocked (D20).
    # Aki: 9 + 32 + 32 + 36 + 36 + 64 + 49 + 56 + 32 + 45 + 18 + 20 = 429, left [5-1] [4-4]: -25 - 5 = -30
    # Ben: 18 + 50 + 25 + 36 + 49 + 64 + 54 + 16 + 18 + 25 + 36 + 24 = 415, left [4-4] [4-1]: -5 - 25 = -30
    assert scores(2, 0) == [9, 32, 32, 36, 36, 64, 49, 56, 32, 45, 18, 20]
    assert scores(2, 1) == [18, 50, 25, 36, 49, 64, 54, 16, 18, 25, 36, 24]
    assert v.detail["hands"][1]["penalties"] == [-30, -30]
    # Totals: Aki 733 + 429 - 30 = 1132; Ben 513 + 415 - 30 = 898. Aki wins (D22).
    assert v.totals == (1132, 898)
    assert v.finished is True and v.winners == (0,)
    assert v.breaches == ()
    json.dumps(v.detail)  # JSON-able all the way down
    assert v.detail["phase"] == "finished" and v.detail["hands"][0]["end"] == "out"
    assert v.detail["hands"][1]["end"] == "blocked" and v.detail["hands"][1]["leader"] == 0


# --- every rule id of the digest is exercised ---------------------------------------------------


def test_every_rule_id_of_the_digest_is_referenced_by_a_test():
    ids = rule_ids("bead-game", decisions=False)  # the -Δ decisions are not all traced by a test yet
    assert len(ids) >= 22 + 12
    here = "".join(p.read_text() for p in Path(__file__).parent.glob("test_bead_game*.py")).lower()
    here = here.replace("_", "-")
    missing = sorted(i for i in ids if not re.search(rf"\b{i.lower()}\b", here))
    assert not missing, missing
