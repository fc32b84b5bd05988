"""Five Up: scores, the target and ties, game points, Le Quantette sets, calls and muggins
(F28-F36, F-Δ5..F-Δ7), from hands forced to a chosen end (``forced_hand``).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_five_up_support import forced_hand, lead, new, play, refused, view

from referee.games.five_up.rules import GAME
from referee.rules.base import GameOver

# -- F28-F35: scores, the target, ties, game points ----------------------------------------------------


def test_f28_f29_the_game_ends_at_61_only_when_a_hand_ends():
    state = replace(new(2), scores=(58, 10))
    state = play(state, {"type": "hand", "leader": 0}, {"type": "play", "seat": 0, "tile": "5-5"})
    assert view(state).totals == (60, 10) and not view(state).finished
    state = play(state, {"type": "play", "seat": 1, "tile": "5-0", "on": "5-5"})  # 5 + 0 ... = 15? no: 10+0
    assert not view(state).finished  # F29: checked only at the end of a hand, even past 61
    state = replace(new(2), scores=(60, 10))
    state = forced_hand(state, (0, 8), dominoer=0)  # +2 -> 62
    v = view(state)
    assert v.finished and v.winners == (0,) and v.totals == (62, 10)
    assert v.detail["game_points"] == [52, -52]
    assert v.detail["next_first_leader"] == [1]  # F5: the lowest scorer leads the next game
    with pytest.raises(GameOver):
        play(state, {"type": "hand"})


def test_f_delta_5_strictly_over_61_needs_62():
    state = forced_hand(replace(new(2, strictlyOver61=True), scores=(59, 10)), (0, 8), dominoer=0)
    assert not view(state).finished and view(state).totals == (61, 10)
    state = forced_hand(replace(new(2), scores=(59, 10)), (0, 8), dominoer=0)
    assert view(state).finished


def test_f_delta_6_immediate_win_ends_the_game_mid_hand():
    state = replace(new(2, immediateWinAt61=True), scores=(59, 10))
    state = play(state, {"type": "hand", "leader": 0}, {"type": "play", "seat": 0, "tile": "5-5"})
    v = view(state)
    assert v.finished and v.totals == (61, 10) and v.detail["hands"][0]["status"] == "abandoned"


def test_f30_a_tie_at_the_top_plays_two_more_hands_then_checks_again():
    state = forced_hand(replace(new(2), scores=(59, 61)), (0, 8), dominoer=0)  # 61 : 61
    assert not view(state).finished and view(state).detail["extra_hands_left"] == 2
    state = forced_hand(state, (8, 0), dominoer=1)  # 61 : 63, one hand left
    assert not view(state).finished
    state = forced_hand(state, (0, 8), dominoer=0)  # 63 : 63, still tied
    assert not view(state).finished and view(state).detail["extra_hands_left"] == 2
    state = forced_hand(state, (0, 8), dominoer=0)
    state = forced_hand(state, (0, 3), dominoer=0)  # 66 : 63
    assert view(state).finished and view(state).winners == (0,)


def test_f30_three_players_play_three_more_hands_and_the_third_can_overtake():
    state = forced_hand(replace(new(3), scores=(57, 61, 50)), (0, 8, 8), dominoer=0)  # 61 61 50
    assert view(state).detail["extra_hands_left"] == 3
    state = forced_hand(state, (8, 8, 0), dominoer=2)  # +4 for seat 2 each time
    state = forced_hand(state, (8, 8, 0), dominoer=2)
    assert not view(state).finished
    state = forced_hand(state, (28, 28, 0), dominoer=2)  # R(28) + R(28) = 12
    v = view(state)
    assert v.finished and v.winners == (2,) and v.totals == (61, 61, 70)


def test_f33_winner_plus_10_is_in_totals_and_f34_skunk_in_game_points():
    state = forced_hand(
        replace(new(2, winnerBonus10=True, skunk10=True), scores=(60, 28)), (0, 8), dominoer=0
    )
    v = view(state)
    assert v.totals == (72, 28) and v.detail["winner_bonus"] == 10
    assert v.detail["game_points"] == [54, -54]  # (72 - 28) + 10
    state = forced_hand(replace(new(2, skunkDouble=True), scores=(60, 28)), (0, 8), dominoer=0)
    assert view(state).detail["game_points"] == [68, -68]


def test_f31_four_players_partners_share_game_points():
    state = forced_hand(replace(new(4), scores=(59, 40)), (0, 9, 30, 13), dominoer=0)
    v = view(state)
    assert v.totals == (63, 40, 63, 40) and v.winners == (0, 2)
    assert v.detail["game_points"] == [23, -23, 23, -23]


def test_f32_three_players_game_points():
    state = forced_hand(replace(new(3), scores=(58, 50, 25)), (0, 10, 18), dominoer=0)  # A +2+4
    v = view(state)
    assert v.totals == (64, 52, 25) and v.detail["game_points"] == [51, -12, -39]


def test_f35_plus_two_for_going_out():
    state = forced_hand(new(2, dominoBonus2=True), (0, 8), dominoer=0)
    assert view(state).totals == (4, 0) and view(state).detail["hands"][0]["domino_bonus"] == 2


def test_f35_the_plus_two_is_credited_at_end_and_the_breakdown_says_so():
    """Rules notes: the digest does not say when F35's +2 counts; it is credited with the hand's
    ``end`` (pips), and the hand's breakdown in ``detail`` says so before and after."""
    state = play(
        new(2, dominoBonus2=True), {"type": "hand", "leader": 0}, {"type": "play", "seat": 0, "tile": "6-1"}
    )
    state = replace(state, hand=replace(state.hand, status="domino", dominoer=0, held=(0, 1)))
    hand = view(state).detail["hand"]
    assert view(state).totals == (0, 0) and hand["domino_bonus"] == 0  # not yet: the last play gives no +2
    assert hand["bonus_note"] == {
        "msg": "%(player)s went out: +2 for going out (F35) is added when the pips are entered.",
        "params": {"player": "Aki"},
    }
    state = play(state, {"type": "end", "pips": [0, 8]})
    assert view(state).totals == (2 + 2, 0)  # R(8) = 2, then +2 at end
    note = view(state).detail["hands"][0]["bonus_note"]
    assert note["msg"].endswith("added at the end of the hand.") and note["params"] == {"player": "Aki"}
    assert view(forced_hand(new(2), (0, 8), dominoer=0)).detail["hands"][0]["bonus_note"] is None


def test_f33_and_f_delta5_options_apply_to_the_ida_profile_only():
    """Rules notes: winnerBonus10 (F33) and strictlyOver61 (F-Δ5) are IDA rules; a Le Quantette
    set still ends at 35 or more and has no game points, and the options' help says so."""
    state = forced_hand(
        replace(
            new(2, profile="LeQuantette", sets=2, winnerBonus10=True, strictlyOver61=True), scores=(33, 20)
        ),
        (0, 13),
        dominoer=0,
    )  # floor(13/5) = 2 -> exactly 35
    v = view(state)
    assert v.detail["sets"][0]["winner"] == 0 and v.detail["sets"][0]["scores"] == [35, 20]
    assert "winner_bonus" not in v.detail and "game_points" not in v.detail
    for option in ("winnerBonus10", "strictlyOver61"):
        assert "IDA profile only" in GAME.option(option).help


# -- F36, F-Δ7: Le Quantette sets --------------------------------------------------------------------


def test_f36_a_le_quantette_set_ends_at_35_and_a_demi_score_counts_two_sets():
    state = forced_hand(replace(new(2, profile="LeQuantette", sets=2), scores=(33, 10)), (0, 13), dominoer=0)
    v = view(state)  # Clou: floor(13/5) = 2 -> 35
    assert not v.finished and v.detail["sets"][0]["demi"] and v.detail["sets_won"] == [2, 0]
    assert v.detail["scores"] == [0, 0] and v.totals == (35, 10)
    assert v.detail["legal"]["leader"] == 1  # F5 for the new set: the set loser leads [P]
    state = forced_hand(replace(state, scores=(20, 34)), (8, 0), dominoer=1)
    v = view(state)
    assert v.finished and v.winners == (0,) and v.detail["sets_won"] == [2, 1]
    assert "game_points" not in v.detail


def test_f_delta_7_double_set_points_doubles_the_winners_35():
    state = forced_hand(
        replace(new(2, profile="LeQuantette", doubleSetPoints=True), scores=(33, 10)), (0, 13), 0
    )
    v = view(state)
    assert v.finished and v.totals == (70, 10) and v.detail["sets_won"] == [1, 0]


# -- calls and muggins -----------------------------------------------------------------------------------


def test_called_score_reports_calls_that_differ_and_keeps_the_totals():
    state = lead(2, "5-5", calledScore=True)
    assert refused(state, {"type": "call", "seat": 1, "points": 2}) == "bad_call"
    state = play(state, {"type": "call", "seat": 0, "points": 1})
    assert refused(state, {"type": "call", "seat": 0, "points": 2}) == "bad_call"
    v = view(state)
    assert v.totals == (2, 0)
    assert v.detail["calls"] == [{"event": 1, "seat": 0, "called": 1, "points": 2, "muggins_to": None}]
    assert refused(lead(2, "5-5"), {"type": "call", "seat": 0, "points": 2}) == "no_calls"


def test_muggins_gives_uncalled_points_to_the_next_player():
    state = lead(3, "5-5", calledScore=True, muggins=True)
    state = play(state, {"type": "play", "seat": 1, "tile": "5-1", "on": "5-5"})  # no call: 2 points go on
    v = view(state)
    assert v.totals == (0, 2, 0)
    assert v.detail["calls"][0] == {"event": 1, "seat": 0, "called": 0, "points": 2, "muggins_to": 1}


def test_muggins_with_partners_goes_to_the_other_team():
    state = lead(4, "5-5", calledScore=True, muggins=True)
    state = play(state, {"type": "call", "seat": 0, "points": 1})
    assert view(state).totals == (1, 1, 1, 1)


# Seat 0 leads [5-5] (count 10: 2 points, its call window open); seat 1 joins [5-0] to a side (10: 2).
MUGGINS_TO_61 = {"calledScore": True, "muggins": True, "immediateWinAt61": True}
LEAD_55 = [{"type": "hand", "leader": 0}, {"type": "play", "seat": 0, "tile": "5-5"}]
PLAY_50 = {"type": "play", "seat": 1, "tile": "5-0", "on": "5-5"}


@pytest.mark.parametrize(
    ("scores", "events", "ends_at", "totals"),
    [
        # The case: the play that closes the uncalled lead's window moves its 2 points to seat 1,
        # 59 + 2 = 61, and the game ends at that play, which is applied in full (+2 of its own).
        ((0, 59), [*LEAD_55, PLAY_50], 2, (0, 63)),
        # A draw or a pass closes the window the same way (the behaviour the product already had).
        ((0, 59), [*LEAD_55, {"type": "draw", "seat": 1, "count": 1}], 2, (0, 61)),
        # The call credits the points: the game ends at the call, not at the placement.
        ((59, 0), [*LEAD_55, {"type": "call", "seat": 0, "points": 2}], 2, (61, 0)),
        # A short call: the 1 point called is credited to seat 0 (60), the missed 1 to seat 1 (61).
        ((59, 60), [*LEAD_55, {"type": "call", "seat": 0, "points": 1}], 2, (60, 61)),
        # The placement alone does not end the game: its points still await their call.
        ((59, 0), LEAD_55, None, (61, 0)),
        # A credit that leaves two sides tied on top does not end the game (the short call: 61 : 61);
        # the next credit that breaks the tie does: seat 1's uncalled 2 go to seat 0 at seat 0's play.
        (
            (60, 60),
            [
                *LEAD_55,
                {"type": "call", "seat": 0, "points": 1},
                PLAY_50,
                {"type": "play", "seat": 0, "tile": "5-1", "on": "5-5"},
            ],
            4,
            (63, 61),
        ),
    ],
)
def test_f_delta_6_with_muggins_the_game_ends_at_the_event_that_credits_the_points_reaching_61(
    scores, events, ends_at, totals
):
    """F-Δ6 (immediateWinAt61) with calledScore + muggins (README §8): a ``call`` is the event right
    after the play it announces, any other event closes that play's window and moves the uncalled
    points to the next player; the game ends at the event that credits the points bringing a side to
    61, that event applied in full, unless the credit leaves a tie on top."""
    state = replace(new(2, **MUGGINS_TO_61), scores=scores)
    for i, raw in enumerate(events):
        state = play(state, raw)
        assert view(state).finished == (ends_at is not None and i >= ends_at), i
    v = view(state)
    assert v.totals == totals
    if ends_at is not None:
        assert v.winners == (totals.index(max(totals)),) and v.detail["hands"][-1]["status"] == "abandoned"
        with pytest.raises(GameOver):
            play(state, {"type": "pass", "seat": state.hand.turn})


@pytest.mark.parametrize(
    ("options", "points", "said"),
    [
        ({}, 13, "the others' 33 and 40 pips, each to the nearest 5 and divided by 5, are 7 and 8, less 2 for their own 12: 7 + 8 − 2 (F26)."),
        ({"subtractOwnTwice": True}, 11, "are 7 and 8, less 2 from each for their own 12: (7 − 2) + (8 − 2) (F26)."),
        ({"profile": "LeQuantette"}, 12, "(33 + 40 − 12) ÷ 5, rounded down; Chie, with the next fewest, scores 1: (40 − 33) ÷ 5, rounded down (F26)."),
    ],
)
def test_f26_a_3_player_block_says_its_arithmetic_with_the_points(options, points, said):
    """newplayer9 row 9: the 3-player blocked verdict said "Cat +23 ... Blocked: Cat has fewest pips (12)"
    and the table could not see where 23 came from (the 4-player one says its rounding). It says the sum."""
    state = forced_hand(new(3, **options), (12, 40, 33))
    hand = view(state).detail["hands"][-1]
    text = hand["explanation"]["msg"] % hand["explanation"]["params"]
    assert hand["end_points"][0] == points
    assert text.startswith(f"Blocked: Aki has the fewest pips and scores {points}: ")
    assert f"has the fewest pips and scores {points}: " in text and text.endswith(said), text
