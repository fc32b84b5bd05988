"""Domino Bead Game (docs/rules/bead-game.md D18-D22, D-Δ3): turns, passes, the end of a hand,
penalties and several hands.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from test_bead_game_support import (
    STARTER,
    new,
    play,
    refusal,
    seed_board,
)

from referee.games.bead_game.rules import GAME
from referee.games.bead_game.rules.events import End, Hand, Pass, Place
from referee.games.bead_game.rules.play import apply, legal_placements, penalty, start
from referee.games.bead_game.rules.view import view
from referee.rules.base import GameOver, IllegalEvent
from referee.rules.tiles import Tile, double_set

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
    json.dumps(d, default=dict)  # JSON-able as the app writes it (a sheet row is a mapping made when read)
