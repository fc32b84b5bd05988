"""Five Up: hands, turns, draws, passes, the end of a hand, leaders and breaches (F1-F10, F18-F23,
F-Δ2). Scores, the target, game points, sets, calls and muggins are in test_five_up_scoring.py.
"""

from __future__ import annotations

import pytest
from test_five_up_support import chain, forced_hand, lead, new, play, refused, view

from referee.games.five_up.rules import GAME
from referee.rules.base import IllegalEvent, MalformedEvent
from referee.rules.events import decode

# -- F1, F7, F8: players, sides, hand sizes, the reserve ------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "size", "boneyard", "reserve"),
    [
        (2, {}, 7, 14, 2),  # F7, F8
        (3, {}, 5, 13, 1),
        (4, {}, 5, 8, 1),
        (2, {"handSize5All": True}, 5, 18, 2),  # F-Δ1
        (2, {"handSize5Clou2p": True}, 5, 18, 2),
        (2, {"handSizeLeeflang": True}, 6, 16, 2),
        (4, {"handSizeLeeflang": True}, 4, 12, 1),
        (3, {"reserve2Always": True}, 5, 13, 2),  # F-Δ3
        (4, {"reserveClou": True}, 5, 8, 2),
        (3, {"reserveClou": True}, 5, 13, 1),
        (4, {"reserveNone": True}, 5, 8, 0),
        (4, {"profile": "LeQuantette"}, 5, 8, 2),
    ],
)
def test_f7_f8_hand_size_boneyard_and_reserve_per_player_count_and_option(
    players, options, size, boneyard, reserve
):
    state = play(new(players, **options), {"type": "hand", "leader": 0})
    d = view(state).detail
    assert (d["hand_size"], d["hand"]["boneyard"], d["reserve"]) == (size, boneyard, reserve)
    assert d["hand"]["held"] == [size] * players


def test_conflicting_hand_size_options_are_refused():
    with pytest.raises(MalformedEvent):
        new(2, handSize5All=True, handSizeLeeflang=True)
    with pytest.raises(MalformedEvent):
        new(2, muggins=True)


def test_f1_four_players_are_two_partnerships_sharing_a_total():
    state = chain(4, [("5-5", None), ("5-1", "5-5"), ("5-4", "5-5")])  # 10 -> 2; 11; 5 -> 1
    v = view(state)
    assert v.detail["sides"] == [[0, 2], [1, 3]]
    assert v.totals == (3, 0, 3, 0)


# -- F18-F23: turns, draws, passes, domino and block -------------------------------------------------


def test_plays_go_clockwise_and_a_play_out_of_turn_is_refused():
    state = lead(3)
    assert refused(state, {"type": "play", "seat": 2, "tile": "6-5", "on": "6-6"}) == "out_of_turn"
    assert refused(state, {"type": "play", "seat": 5, "tile": "6-5", "on": "6-6"}) == "bad_seat"


def test_f9_f19_the_leader_cannot_draw_or_pass_before_leading():
    state = play(new(2), {"type": "hand", "leader": 1})
    assert refused(state, {"type": "draw", "seat": 1, "count": 1}) == "must_lead"
    assert refused(state, {"type": "pass", "seat": 1}) == "must_lead"


def test_f8_f19_the_reserve_cannot_be_drawn_and_f20_a_pass_needs_an_empty_draw_pile():
    state = lead(2)
    assert refused(state, {"type": "pass", "seat": 1}) == "must_draw"
    assert refused(state, {"type": "draw", "seat": 1, "count": 13}) == "cannot_draw"  # 14 - 2 reserve
    assert refused(state, {"type": "draw", "seat": 1, "count": 0}) == "bad_count"
    state = play(state, {"type": "draw", "seat": 1, "count": 12})
    assert view(state).detail["hand"]["drawable"] == 0
    assert refused(state, {"type": "draw", "seat": 1, "count": 1}) == "cannot_draw"
    state = play(state, {"type": "pass", "seat": 1})
    assert view(state).detail["legal"] == {
        "events": ["play", "pass"],
        "seat": 0,
        "numbers": [6],
        "drawable": 0,
    }


def test_f19_a_drawn_tile_is_played_by_the_same_player_in_the_same_turn():
    state = play(lead(2), {"type": "draw", "seat": 1, "count": 3})
    assert view(state).detail["hand"]["held"] == [6, 10]
    assert refused(state, {"type": "play", "seat": 0, "tile": "6-5", "on": "6-6"}) == "out_of_turn"
    state = play(state, {"type": "play", "seat": 1, "tile": "6-5", "on": "6-6"})
    assert view(state).detail["hand"]["turn"] == 0


def test_f23_everyone_passing_in_a_row_blocks_the_hand_and_f26_the_lighter_hand_scores():
    state = play(lead(2), {"type": "draw", "seat": 1, "count": 12}, {"type": "pass", "seat": 1})
    state = play(state, {"type": "pass", "seat": 0})
    d = view(state).detail
    assert d["phase"] == "end" and d["hand"]["status"] == "blocked"
    assert refused(state, {"type": "play", "seat": 1, "tile": "6-5", "on": "6-6"}) == "hand_over"
    assert refused(state, {"type": "end", "pips": [20, 110]}) == "bad_pips"  # 25 tiles hold at least 133
    state = play(state, {"type": "end", "pips": [20, 122]})
    # F26: seat 0 has fewer pips and scores R(122) = 24, not R(102) = 20
    assert view(state).totals == (24, 0)
    assert view(state).detail["hands"][0]["explanation"]["params"] == {
        "side": "Aki",
        "pips": 122,
        "points": 24,
    }
    assert view(state).detail["hands"][0]["end_points"] == [24, 0]


def test_f23_a_domino_ends_the_hand_and_the_end_event_takes_the_pips():
    state = play(new(2, handSizeLeeflang=True), {"type": "hand", "leader": 0})
    steps = [("6-6", None), ("6-1", "6-6"), ("6-2", "6-6"), ("2-2", "6-2"), ("2-3", "2-2"), ("1-1", "6-1"),
             ("1-4", "1-1"), ("6-0", "6-6"), ("4-4", "1-4"), ("6-3", "6-6"), ("4-0", "4-4")]  # fmt: skip
    for i, (tile, on) in enumerate(steps):
        raw = {"type": "play", "seat": i % 2, "tile": tile}
        if on:
            raw["on"] = on
        state = play(state, raw)
    d = view(state).detail
    assert d["hand"]["status"] == "domino" and d["hand"]["dominoer"] == 0 and d["phase"] == "end"
    assert refused(state, {"type": "end", "pips": [3, 12]}) == "bad_pips"  # went out: 0 pips
    assert refused(state, {"type": "end", "pips": [0, 200]}) == "bad_pips"  # 1 tile of at most 12
    with pytest.raises(IllegalEvent, match="^Tiles in Ben's hand: 1. With the tiles still out, that is 0 to 11 pips.$"):
        play(state, {"type": "end", "pips": [0, 200]})  # not "Ben holds 1 tiles" (newplayer11 #11)
    assert refused(state, {"type": "end", "pips": [0]}) == "bad_pips"
    before = view(state).totals
    state = play(state, {"type": "end", "pips": [0, 8]})
    assert view(state).totals == (before[0] + 2, before[1])  # F25: R(8) = 2


def test_an_end_during_play_and_a_new_hand_before_the_end_are_refused():
    state = lead(2)
    assert refused(state, {"type": "end", "pips": [10, 10]}) == "hand_not_over"
    assert refused(state, {"type": "hand"}) == "hand_not_over"
    assert refused(new(2), {"type": "end", "pips": [1, 1]}) == "no_hand"
    assert refused(new(2), {"type": "play", "seat": 0, "tile": "1-1"}) == "no_hand"


def test_f18_f21_a_turn_that_drew_then_passed_is_one_breach_at_its_first_draw():
    """F19-F21: drawing 12 and passing is one turn; a later [6-1] (fitting the 6 then, and no draw
    since) proves it. One breach, at the turn's first draw (record-format.md), proved by the play."""
    state = play(lead(2), {"type": "draw", "seat": 1, "count": 12}, {"type": "pass", "seat": 1})
    state = play(state, {"type": "play", "seat": 0, "tile": "6-5", "on": "6-6"})
    assert view(state).breaches == ()
    state = play(state, {"type": "play", "seat": 1, "tile": "6-1", "on": "6-6"})
    (breach,) = view(state).breaches
    assert (breach.event, breach.detected_at, breach.rule, breach.seat) == (2, 5, "F21", 1)
    assert breach.params["tiles"] == ("6-1",)  # a tile as written at the table, not "[6-1]"; a list, joined where said


def test_f18_f21_a_plain_pass_is_a_breach_when_the_passer_later_plays_a_tile_that_fitted():
    """F20-F21: with only the reserve left a pass is allowed, unless the passer held a tile that
    fitted; [5-1] played later fitted the 5 open at the pass (nothing drawn since)."""
    state = play(lead(2), {"type": "draw", "seat": 1, "count": 12}, {"type": "pass", "seat": 1})
    state = play(state, {"type": "play", "seat": 0, "tile": "6-5", "on": "6-6"})  # 5 and 6 open
    state = play(state, {"type": "pass", "seat": 1}, {"type": "play", "seat": 0, "tile": "6-4", "on": "6-6"})
    assert [b.event for b in view(state).breaches] == []
    state = play(state, {"type": "play", "seat": 1, "tile": "5-1", "on": "6-5"})
    assert [(b.event, b.detected_at, b.seat) for b in view(state).breaches] == [(5, 7, 1)]
    (breach,) = view(state).breaches
    assert "%(player)s passed while holding" in breach.message
    # which pass: the hand and the open numbers then (issue 27: two such breaks of a hand told apart)
    assert (breach.params["hand"], breach.params["ends"]) == ("1", ("6", "5"))


def test_f21_a_draw_is_a_breach_once_more_fitting_tiles_are_played_than_were_drawn():
    state = play(lead(2), {"type": "draw", "seat": 1, "count": 1})
    state = play(state, {"type": "play", "seat": 1, "tile": "6-3", "on": "6-6"})
    state = play(state, {"type": "play", "seat": 0, "tile": "6-5", "on": "6-6"})
    assert view(state).breaches == ()  # the [6-3] may have been the drawn tile
    state = play(state, {"type": "play", "seat": 1, "tile": "6-2", "on": "6-6"})
    (breach,) = view(state).breaches
    assert (breach.event, breach.detected_at, breach.rule, breach.seat) == (2, 5, "F21", 1)


@pytest.mark.parametrize("draws", [[2], [1, 1]], ids=["one draw of 2", "two draws of 1"])
def test_f19_f21_the_tiles_a_turn_drew_and_played_do_not_excuse_a_later_fitting_tile(draws):
    """The issue's worked example: Ben draws 2 (the first did not fit, F19) and plays [6-3] at once;
    later he plays [5-0], which fitted the 5 open when he drew. Neither drawn tile can be [5-0] (the
    first did not fit, the second is [6-3]), so he held it: one breach at the turn's first draw."""
    state = play(new(2), {"type": "hand", "leader": 0}, {"type": "play", "seat": 0, "tile": "6-5"})
    state = play(state, *({"type": "draw", "seat": 1, "count": c} for c in draws))
    first_draw = 2
    state = play(state, {"type": "play", "seat": 1, "tile": "6-3", "on": "6-5"})
    state = play(state, {"type": "play", "seat": 0, "tile": "3-3", "on": "6-3"})
    assert view(state).breaches == ()  # [6-3] may be the tile the draw found
    proof = state.events
    state = play(state, {"type": "play", "seat": 1, "tile": "5-0", "on": "6-5"})
    (breach,) = view(state).breaches
    assert (breach.event, breach.detected_at, breach.rule, breach.seat) == (first_draw, proof, "F21", 1)
    assert breach.params["tiles"] == ("5-0",)


def test_f21_a_tile_drawn_in_a_later_turn_still_excuses_a_later_fitting_tile():
    """The same turn, but Ben draws once more before playing [5-0]: it may be that tile (no breach)."""
    state = play(new(2), {"type": "hand", "leader": 0}, {"type": "play", "seat": 0, "tile": "6-5"})
    state = play(state, {"type": "draw", "seat": 1, "count": 2}, {"type": "play", "seat": 1, "tile": "6-3"})
    state = play(state, {"type": "play", "seat": 0, "tile": "3-3", "on": "6-3"})
    state = play(state, {"type": "draw", "seat": 1, "count": 1}, {"type": "play", "seat": 1, "tile": "5-0"})
    assert view(state).breaches == ()


# -- F2-F5, F-Δ2: who leads --------------------------------------------------------------------------


def test_f2_the_first_leader_is_required_or_drawn():
    assert refused(new(2), {"type": "hand"}) == "leader_required"
    # F2: equal totals, the larger number wins: [6-1] beats [4-3]
    state = play(new(3), {"type": "hand", "opening": ["4-3", "6-1", "2-0"]})
    assert view(state).detail["hand"]["leader"] == 1
    assert (
        refused(new(3), {"type": "hand", "leader": 0, "opening": ["4-3", "6-1", "2-0"]}) == "leader_mismatch"
    )
    assert refused(new(3), {"type": "hand", "opening": ["4-3", "4-3", "2-0"]}) == "bad_opening"


def test_f3_the_two_highest_opening_tiles_must_sit_as_partners():
    state = play(new(4), {"type": "hand", "opening": ["6-6", "1-0", "5-5", "2-0"]})
    assert view(state).detail["hand"]["leader"] == 0
    assert refused(new(4), {"type": "hand", "opening": ["6-6", "5-5", "1-0", "2-0"]}) == "bad_opening"


def test_f4_later_hands_are_led_clockwise_and_a_wrong_leader_is_refused():
    state = forced_hand(new(3), (0, 10, 10), dominoer=0)
    assert view(state).detail["legal"]["leader"] == 1
    assert refused(state, {"type": "hand", "leader": 2}) == "leader_mismatch"
    assert refused(state, {"type": "hand", "opening": ["6-6", "5-5", "4-4"]}) == "bad_opening"
    state = play(state, {"type": "hand"})
    assert view(state).detail["hand"]["leader"] == 1


def test_f_delta_2_dominoer_leads_and_after_a_block_the_leader_is_named():
    state = forced_hand(new(3, dominoerLeads=True), (10, 0, 10), dominoer=1)
    assert view(state).detail["legal"]["leader"] == 1
    state = forced_hand(state, (4, 10, 11))
    legal = view(state).detail["legal"]
    assert legal["leader_required"] and legal["leader_choices"] == [0, 1, 2]


def test_events_decode_with_the_record_format_field_names():
    raw = {"type": "play", "seat": 1, "tile": "4-6", "on": "6-6"}
    ev = decode(GAME.events, raw)
    assert (ev.seat, str(ev.tile), str(ev.on)) == (1, "6-4", "6-6")
    with pytest.raises(MalformedEvent):
        decode(GAME.events, {"type": "play", "seat": 1})


def test_f10_a_joined_tile_uses_up_the_point_it_joined_by():
    state = chain(2, [("6-4", None), ("4-1", "6-4")])
    ends = view(state).detail["hand"]["open_ends"]
    assert [(o["tile"], o["number"]) for o in ends] == [("6-4", 6), ("4-1", 1)]


def test_f6_f22_who_shuffles_and_which_face_down_tile_is_drawn_stay_off_the_record():
    from referee.games.five_up.rules import Draw
    from referee.rules.events import schema

    # F22: the referee sees only how many tiles were drawn; F6 is etiquette it cannot see
    assert set(schema(Draw)["properties"]) == {"type", "seat", "count"}


def test_a_new_table_waits_for_the_first_hand_and_names_no_leader():
    v = view(new(4))
    assert v.totals == (0, 0, 0, 0) and not v.finished and v.winners == ()
    assert v.detail["phase"] == "hand" and v.detail["hand"] is None
    assert v.detail["legal"] == {"events": ["hand"], "leader": None, "leader_choices": [0, 1, 2, 3],
                                 "leader_required": True}  # fmt: skip


def test_apply_counts_every_event_and_refuses_an_object_that_is_no_five_up_event():
    """The shared apply (rules/dispatch.py): ``events`` is the index the next event will have; anything
    but hand, play, draw, pass, end or call is malformed, and the state is left as it was."""
    state = lead()
    assert state.events == 2
    with pytest.raises(MalformedEvent) as err:
        GAME.apply(state, object())
    assert err.value.code == "unknown_event" and state.events == 2


def test_f23_pips_that_cannot_be_together_name_the_hand_and_the_range_that_fits():
    """The hands' pips together cannot be made from the tiles still out: the refusal names the last hand that one
    other number would put right and that number's range, the other hands taken as entered ("76 pips cannot be
    made from the tiles still out" left the player to find which entry was wrong, np13 finding 13)."""
    state = play(lead(2), {"type": "draw", "seat": 1, "count": 12}, {"type": "pass", "seat": 1})
    state = play(state, {"type": "pass", "seat": 0})
    with pytest.raises(IllegalEvent) as refusal:
        play(state, {"type": "end", "pips": [20, 110]})  # 25 tiles hold at least 133
    err = refusal.value
    assert err.message.startswith("%(player)s's pips cannot be %(pips)s with the other hands as entered")
    assert {k: err.params[k] for k in ("player", "pips", "k")} == {"player": "Ben", "pips": "110", "k": "19"}
    lo, hi = int(err.params["lo"]), int(err.params["hi"])
    assert 110 < lo <= 122 <= hi  # 122 is taken (the test above)
    assert refused(state, {"type": "end", "pips": [20, lo - 1]}) == "bad_pips"
    assert view(play(state, {"type": "end", "pips": [20, lo]})).detail["phase"] != "end"
