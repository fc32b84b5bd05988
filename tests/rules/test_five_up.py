"""Five Up: the digest's worked examples F-E1..F-E13 and the layout geometry (F9-F17)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_five_up_support import chain, new, play, view

from referee.games.five_up.rules import GAME
from referee.games.five_up.rules import layout as lay
from referee.games.five_up.rules.scoring import CLOU, IDA, game_points, hand_points, round_clou, round_ida
from referee.rules.base import IllegalEvent
from referee.rules.tiles import Tile
from tests.rule_ids import rule_ids

HERE = Path(__file__).parent


def test_every_rule_id_of_the_digest_is_referenced_by_a_five_up_test():
    ids = rule_ids("five-up", decisions=False)  # the -Δ decisions are not all traced by a test yet
    assert {f"F{i}" for i in range(1, 37)} <= ids
    text = "".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_five_up*.py")).upper()
    text = text.replace("F_E", "F-E")  # test names write F-E2 as f_e2
    missing = sorted(i for i in ids if not re.search(re.escape(i) + r"(?!\d)", text))
    assert not missing, missing


def test_the_game_is_registered_under_its_record_format_id():
    from referee.games import game

    assert game("five-up") is GAME
    assert {o.id for o in GAME.options} == {
        "profile", "handSize5All", "handSizeLeeflang", "handSize5Clou2p", "dominoerLeads", "reserve2Always",
        "reserveClou", "reserveNone", "strictlyOver61", "immediateWinAt61", "winnerBonus10", "skunk10",
        "skunkDouble", "dominoBonus2", "doubleSetPoints", "subtractOwnTwice", "calledScore", "muggins", "sets",
    }  # fmt: skip


# -- F-E1..F-E4: the count after every placement (F15-F17) -----------------------------------------

FE1 = [  # F-E1: a layout whose open ends read 2, 1, a [4-4] at an arm end, 5 and 4
    ("6-6", None), ("6-3", "6-6"), ("3-3", "6-3"), ("3-2", "3-3"), ("6-1", "6-6"),
    ("6-4", "6-6"), ("4-4", "6-4"), ("6-5", "6-6"), ("3-4", "3-3"),
]  # fmt: skip


def test_f_e1_the_seed_count_adds_2_1_4x2_5_4_to_20_for_4_points_and_grey_doubles_count_nothing():
    state = chain(4, FE1)
    hand = view(state).detail["hand"]
    assert hand["formula"] == "2 + 1 + 4×2 + 5 + 4 = 20"
    assert hand["plays"][-1]["points"] == 4
    # [6-6] and [3-3] have both sides covered (grey in the seed), so they add nothing (F15)
    assert not [o for o in hand["open_ends"] if o["tile"] in ("6-6", "3-3") and o["count"]]


EXAMPLES = {
    "F-E2 play by play": [
        ("3-2", None, 5, 1), ("5-2", "3-2", 8, 0), ("5-3", "3-2", 10, 2), ("5-5", "5-3", 15, 3),
        ("6-5", "5-5", 11, 0), ("5-4", "5-2", 10, 2),
    ],
    "F-E3 lead double": [("5-5", None, 10, 2), ("5-3", "5-5", 13, 0), ("5-2", "5-5", 5, 1), ("5-0", "5-5", 5, 1)],
    "F-E4 a double at an arm end": [("6-4", None, 10, 2), ("4-4", "6-4", 14, 0), ("4-1", "4-4", 7, 0)],
}  # fmt: skip


@pytest.mark.parametrize("name", EXAMPLES)
def test_f_e2_to_f_e4_counts_and_points_after_every_placement_the_lead_included(name):
    steps = EXAMPLES[name]
    state = chain(2, [(t, on) for t, on, _c, _p in steps])
    plays = view(state).detail["hand"]["plays"]
    assert [(p["count"], p["points"]) for p in plays] == [(c, p) for _t, _on, c, p in steps]


def test_f17_a_five_five_lead_scores_two_for_the_leader():
    state = chain(2, [("5-5", None)])
    assert view(state).totals == (2, 0)


def test_f16_a_count_of_zero_scores_nothing():
    assert lay.points(0) == 0 and lay.points(7) == 0 and lay.points(35) == 7


def test_f13_spinner_ends_open_only_after_both_sides_and_a_fifth_tile_is_refused():
    state = chain(2, [("4-4", None), ("4-1", "4-4")])
    ends = view(state).detail["hand"]["open_ends"]
    assert [o["where"] for o in ends if o["tile"] == "4-4"] == ["side"]  # ends stay shut (F13)
    state = play(state, {"type": "play", "seat": 0, "tile": "4-2", "on": "4-4"})
    state = play(state, {"type": "play", "seat": 1, "tile": "4-3", "on": "4-4"})
    state = play(state, {"type": "play", "seat": 0, "tile": "4-0", "on": "4-4"})
    layout = view(state).detail["hand"]["layout"]
    assert [(e["tile"], e["at"], e["slot"]) for e in layout[1:]] == [
        ("4-1", "side", 0),
        ("4-2", "side", 1),
        ("4-3", "spinner_end", 0),
        ("4-0", "spinner_end", 1),
    ]
    with pytest.raises(IllegalEvent) as err:
        play(state, {"type": "play", "seat": 1, "tile": "6-4", "on": "4-4"})
    assert err.value.code == "spinner_full"


def test_f13_a_joined_double_takes_three_more_tiles_at_most():
    state = chain(2, [("6-4", None), ("4-4", "6-4"), ("4-1", "4-4"), ("4-2", "4-4"), ("4-3", "4-4")])
    with pytest.raises(IllegalEvent) as err:
        play(state, {"type": "play", "seat": 1, "tile": "4-0", "on": "4-4"})
    assert err.value.code == "spinner_full"


def test_f9_f11_a_double_lies_crosswise_and_the_renderer_learns_where_each_tile_sits():
    state = chain(2, [("6-4", None), ("4-4", "6-4"), ("4-1", "4-4")])
    layout = view(state).detail["hand"]["layout"]
    assert layout == [
        {"tile": "6-4", "seat": 0, "on": None, "via": None, "at": None, "slot": 0, "crosswise": False},
        {"tile": "4-4", "seat": 1, "on": "6-4", "via": 4, "at": "end", "slot": 1, "crosswise": True},
        {"tile": "4-1", "seat": 0, "on": "4-4", "via": 4, "at": "side", "slot": 1, "crosswise": False},
    ]
    assert view(state).detail["hand"]["open_ends"] == [
        {"tile": "6-4", "where": "end", "number": 6, "count": 6, "accepts": [6]},
        {"tile": "4-4", "where": "spinner_end", "number": 4, "count": 0, "accepts": [4]},
        {"tile": "4-4", "where": "spinner_end", "number": 4, "count": 0, "accepts": [4]},
        {"tile": "4-1", "where": "end", "number": 1, "count": 1, "accepts": [1]},
    ]


def test_f11_a_tile_that_does_not_match_its_target_is_refused():
    state = chain(2, [("6-4", None)])
    with pytest.raises(IllegalEvent) as err:
        play(state, {"type": "play", "seat": 1, "tile": "3-2", "on": "6-4"})
    assert err.value.code == "no_match"
    with pytest.raises(IllegalEvent) as err:
        play(state, {"type": "play", "seat": 1, "tile": "3-2", "on": "5-5"})
    assert err.value.code == "bad_on"
    with pytest.raises(IllegalEvent) as err:
        play(state, {"type": "play", "seat": 1, "tile": "3-2"})  # no on, and it fits nowhere
    assert err.value.code == "no_match"


def test_f11_on_may_be_left_out_only_where_one_tile_can_take_the_play():
    """docs/record-format.md: ``on`` is optional; it is inferred when a single tile can take the play."""
    alone = chain(2, [("6-4", None)])
    inferred = play(alone, {"type": "play", "seat": 1, "tile": "3-4"})
    written = play(alone, {"type": "play", "seat": 1, "tile": "3-4", "on": "6-4"})
    assert inferred.hand.layout == written.hand.layout
    assert view(inferred).totals == view(written).totals
    two_ends = chain(2, [("6-4", None), ("4-1", "6-4")])  # open: 6 on [6-4], 1 on [4-1]
    with pytest.raises(IllegalEvent) as err:
        play(two_ends, {"type": "play", "seat": 0, "tile": "6-1"})
    assert err.value.code == "missing_on" and "6-4, 4-1" in str(err.value)


def test_f12_a_used_end_cannot_take_a_second_tile():
    state = chain(2, [("6-4", None), ("4-1", "6-4"), ("6-2", "6-4")])
    with pytest.raises(IllegalEvent) as err:
        play(state, {"type": "play", "seat": 1, "tile": "4-3", "on": "6-4"})
    assert err.value.code == "no_open_end"


def test_f14_no_two_doubles_can_touch_because_the_same_double_is_already_down():
    state = chain(2, [("5-5", None)])
    with pytest.raises(IllegalEvent) as err:
        play(state, {"type": "play", "seat": 1, "tile": "5-5", "on": "5-5"})
    assert err.value.code == "already_played"


def test_a_tile_played_twice_in_a_hand_is_refused():
    state = chain(2, [("6-4", None), ("4-1", "6-4")])
    with pytest.raises(IllegalEvent) as err:
        play(state, {"type": "play", "seat": 0, "tile": "1-4", "on": "4-1"})
    assert err.value.code == "already_played"
    assert "4-1 " in str(err.value)


def test_the_lead_joins_nothing():
    state = play(new(2), {"type": "hand", "leader": 0})
    with pytest.raises(IllegalEvent) as err:
        play(state, {"type": "play", "seat": 0, "tile": "6-4", "on": "6-6"})
    assert err.value.code == "bad_on"


# -- F-E5..F-E11: rounding and hand scores (F24-F27) -----------------------------------------------

FE5 = [(1, 0, 0), (2, 0, 0), (3, 1, 0), (4, 1, 0), (5, 1, 1), (7, 1, 1), (8, 2, 1), (12, 2, 2), (13, 3, 2),
       (22, 4, 4), (23, 5, 4), (27, 5, 5), (28, 6, 5)]  # fmt: skip


@pytest.mark.parametrize(("pips", "ida", "clou"), FE5)
def test_f_e5_f24_ida_rounds_to_nearest_and_clou_rounds_down(pips, ida, clou):
    assert (round_ida(pips), round_clou(pips)) == (ida, clou)


HAND_EXAMPLES = [
    # (example, players, pips, dominoer, profile, subtractOwnTwice, points per side)
    ("F-E6 domino IDA", 2, (0, 23), 0, IDA, False, (5, 0)),
    ("F-E6 domino Clou", 2, (0, 23), 0, CLOU, False, (4, 0)),
    ("F-E6 blocked IDA", 2, (14, 19), None, IDA, False, (4, 0)),
    ("F-E6 blocked Clou", 2, (14, 19), None, CLOU, False, (3, 0)),
    ("F-E7 domino, partner ignored", 4, (0, 9, 30, 13), 0, IDA, False, (4, 0)),
    ("F-E7 blocked pairs 14 and 27", 4, (7, 20, 7, 7), None, IDA, False, (5, 0)),
    ("F-E8 IDA", 3, (0, 12, 18), 0, IDA, False, (6, 2, 0)),
    ("F-E8 Clou", 3, (0, 12, 18), 0, CLOU, False, (6, 1, 0)),
    ("F-E9 IDA", 3, (0, 8, 9), 0, IDA, False, (4, 0, 0)),
    ("F-E9 Clou", 3, (0, 8, 9), 0, CLOU, False, (3, 0, 0)),
    ("F-E10 IDA", 3, (4, 11, 17), None, IDA, False, (4, 0, 0)),
    ("F-E10 subtractOwnTwice", 3, (4, 11, 17), None, IDA, True, (3, 0, 0)),
    ("F-E10 Clou", 3, (4, 11, 17), None, CLOU, False, (4, 1, 0)),
    ("F-E11 tie for fewest", 3, (6, 6, 20), None, IDA, False, (0, 0, 0)),
    ("F27 2p tie", 2, (10, 10), None, IDA, False, (0, 0)),
    ("F27 4p tie", 4, (5, 5, 5, 5), None, IDA, False, (0, 0)),
    ("F27 Clou 3p tie", 3, (6, 6, 20), None, CLOU, False, (0, 0, 0)),
    ("F25 4p Clou truncates", 4, (30, 9, 0, 13), 2, CLOU, False, (4, 0)),
    ("F26 4p Clou", 4, (7, 20, 7, 7), None, CLOU, False, (5, 0)),
]


@pytest.mark.parametrize(
    ("name", "players", "pips", "dominoer", "profile", "twice", "expected"), HAND_EXAMPLES
)
def test_f_e6_to_f_e11_f25_f26_hand_scores(name, players, pips, dominoer, profile, twice, expected):
    points, why = hand_points(players, pips, dominoer, profile, twice)
    assert points == expected
    assert set(why) == {"msg", "params"}


@pytest.mark.parametrize(
    ("name", "players", "pips", "dominoer", "profile", "twice", "expected"),
    [e for e in HAND_EXAMPLES if e[1] == 3 and e[3] is not None],
)
def test_f25_three_players_going_out_says_the_rounding_that_gives_each_points(
    name, players, pips, dominoer, profile, twice, expected
):
    """F24-F25 with three players: the reason says the points of the one who went out and how the pips were
    rounded to them, and the points of the one with fewer pips (newplayer7: "7 and 9 pips left" only)."""
    points, why = hand_points(players, pips, dominoer, profile, twice)
    said = why["params"]
    assert said["side"] == dominoer and said["points"] == points[dominoer] == expected[dominoer]
    if profile == IDA:
        assert said["ra"] + said["rb"] == points[dominoer]
        assert (said["ra"], said["rb"]) == tuple(round_ida(pips[s]) for s in range(3) if s != dominoer)
    if points[said["low"]]:
        assert "%(low)s" in why["msg"] and said["diff"] == points[said["low"]]
    else:
        assert "%(low)s" not in why["msg"]


@pytest.mark.parametrize(
    ("name", "players", "pips", "dominoer", "profile", "twice", "expected"),
    [e for e in HAND_EXAMPLES if e[1] == 4],
)
def test_f25_f26_a_pair_is_spoken_of_in_the_plural_and_the_seat_that_went_out_is_named(
    name, players, pips, dominoer, profile, twice, expected
):
    """F1, F25-F26 with four players: the pair scores, so the sentence speaks of it in the plural ("score"), and
    names the seat that went out apart from the pair (newplayer8 read "Aki & Chie went out and scores 4" while
    Chie still held tiles)."""
    points, why = hand_points(players, pips, dominoer, profile, twice)
    said = why["params"]
    if dominoer is None:
        assert "have fewer pips and score" in why["msg"] or "nobody scores" in why["msg"]
        assert "seat" not in said
    else:
        assert said["seat"] == dominoer and said["side"] == dominoer % 2
        assert why["msg"].startswith("%(seat)s went out: %(side)s score %(points)s")
        assert said["points"] == points[dominoer % 2] == expected[dominoer % 2]


# -- F-E12, F-E13: game points (F31-F34) ---------------------------------------------------------

GAME_POINTS = [
    ("F-E12 plain", (63, 41), False, False, (22, -22)),
    ("F-E12 winner +10 (F33)", (73, 41), False, False, (32, -32)),
    ("F-E12 skunk +10", (62, 28), True, False, (44, -44)),
    ("F-E12 skunk doubling", (62, 28), False, True, (68, -68)),
    ("F-E13 3 players", (64, 50, 25), False, False, (53, -14, -39)),
    ("F-E13 skunk", (64, 50, 25), True, False, (63, -14, -49)),
    ("F-E13 doubling skunk", (64, 50, 25), False, True, (92, -14, -78)),
    ("F-E13 winner +10", (74, 50, 25), False, False, (73, -24, -49)),
]


@pytest.mark.parametrize(("name", "scores", "skunk10", "double", "expected"), GAME_POINTS)
def test_f_e12_f_e13_f31_f32_f34_game_points(name, scores, skunk10, double, expected):
    assert game_points(scores, 0, skunk10, double) == expected


def test_layout_attach_never_changes_the_old_layout():
    one = lay.attach((), Tile(6, 4), None, 0)
    two = lay.attach(one, Tile(4, 4), Tile(6, 4), 1)
    assert one[0].free == (6, 4) and two[0].free == (6,)
