"""Bingo rules B1-B14 (docs/rules/bingo.md): trumps, suits, ranks, card points and who wins a trick
(worked examples B-E1, B-E2, B-E7).
"""

from __future__ import annotations

import pytest
from test_bingo_support import (
    deal,
    play,
    t,
    trick,
)

from referee.games.bingo.rules import GAME
from referee.games.bingo.rules.values import (
    ALL_TILES,
    card_points,
    deck_points,
    is_trump,
    led_suit,
    legal_replies,
    rank_in,
    trick_winner,
    trump_of,
)

# ------------------------------------------------------------------ B1-B14: tiles, values, tricks


@pytest.mark.parametrize(
    ("trump", "total"), [(1, 135), (2, 138), (3, 131), (4, 134), (5, 147), (6, 140), (0, 143)]
)
def test_b14_deck_totals_per_trump_b_e1_and_with_last_trick_b_e7(trump, total):
    """B-E1 (B14 table) and B-E7 (total + 10 for the last trick, B13)."""
    assert deck_points(trump) == total
    assert deck_points(trump) + 10 == {5: 157, 3: 141}.get(trump, total + 10)


def test_b14_trump_5_is_81_plus_46_plus_20():
    """B-E1: trump 5 ⇒ 81 + 46 + 20 = 147."""
    trumps = sum(card_points(x, 5) for x in ALL_TILES if is_trump(x, 5))
    doubles = sum(card_points(x, 5) for x in ALL_TILES if x.is_double and not is_trump(x, 5))
    tens = sum(card_points(x, 5) for x in ALL_TILES if not x.is_double and not is_trump(x, 5))
    assert (trumps, doubles, tens) == (81, 46, 20)


@pytest.mark.parametrize(
    ("indicator", "trump"), [("3-1", 3), ("6-5", 6), ("5-0", 0), ("4-4", 4), ("0-0", 0), ("2-1", 2)]
)
def test_b6_trump_is_the_higher_number_of_the_indicator_blank_counting_seven(indicator, trump):
    """B4, B6, B17."""
    assert trump_of(t(indicator)) == trump
    assert GAME.view(play(deal(indicator))).detail["trump"] == trump


def test_b7_a_tile_with_the_trump_number_belongs_only_to_trumps():
    """B5, B7: with 4 trump, [6-4] is a trump and not a six; it does not follow a led six."""
    assert led_suit(t("6-4"), 4) == 4
    assert trick_winner(t("6-2"), t("6-4"), 4)[0] is False  # it wins as a trump, not as a six
    assert legal_replies({t("6-4"), t("6-1")}, t("6-2"), 4) == {t("6-1")}  # B25: [6-4] is not a six


def test_b9_rank_inside_a_suit_double_then_blank_then_six_down():
    """B9: the double is highest, then 0(=7) > 6 > 5 > 4 > 3 > 2 > 1."""
    order = ["2-2", "2-0", "6-2", "5-2", "4-2", "3-2", "2-1"]
    ranks = [rank_in(t(x), 2) for x in order]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == len(ranks)


@pytest.mark.parametrize(
    ("lead", "trump", "suit"), [("6-0", 3, 0), ("6-2", 3, 6), ("5-5", 3, 5), ("3-0", 2, 0), ("6-4", 4, 4)]
)
def test_b10_led_suit_is_the_higher_number_so_six_blank_leads_blanks(lead, trump, suit):
    """B10, R6: [0-3] led ⇒ the blank suit is led (when 3 is not trump)."""
    assert led_suit(t(lead), trump) == suit


B_E2 = [
    # (label, lead, reply, leader wins, points, capture)
    ("a", "6-2", "6-5", False, 0, False),
    ("b", "6-2", "5-1", True, 0, False),
    ("c", "6-2", "3-2", False, 5, False),
    ("d", "6-0", "1-0", True, 0, False),
    ("e", "6-0", "6-6", True, 12, False),
    ("f", "6-4", "3-0", False, 20, False),
    ("g", "3-3", "0-0", False, 42, True),
]


@pytest.mark.parametrize(("label", "lead", "reply", "leader_wins", "points", "capture"), B_E2)
def test_b11_b12_trick_resolution_worked_example_b_e2(label, lead, reply, leader_wins, points, capture):
    """B-E2 a-g with trump 3 (indicator [3-1]); g is the B46 capture worth +1 GP at once."""
    state = play(deal("3-1"), trick(lead, reply))
    view = GAME.view(state)
    rec = view.detail["tricks"][0]
    assert rec["winner"] == (0 if leader_wins else 1)
    assert rec["points"] == points
    assert (rec["capture"] is not None) == capture
    assert view.totals == ((0, 1) if capture else (0, 0))
    assert rec["why"]["params"]["winner"] == ("leader" if leader_wins else "replier")


def test_b11_explanations_name_the_reason():
    """B11.1-B11.5: every explanation is a translatable message with params."""
    msgs = {
        trick_winner(t(a), t(b), 3)[1]["msg"]
        for a, b in [
            ("0-0", "6-6"),
            ("6-2", "0-0"),
            ("3-2", "3-4"),
            ("3-2", "6-6"),
            ("6-6", "3-2"),
            ("6-2", "6-5"),
            ("6-5", "6-2"),
            ("6-2", "5-1"),
        ]
    }
    assert len(msgs) == 6
    # the reason only: who wins is said by name beside it (the "winner" param), not as a role (i27-walk2 #17)
    assert "%(tile)s is a trump" in msgs and not any("wins" in m for m in msgs)


def test_b8_bingo_beats_the_trump_double_and_is_trump_double_when_blanks_are_trump():
    """B8, B11.1; B46 cannot happen when blanks are trump."""
    assert trick_winner(t("3-3"), t("0-0"), 3)[0] is False
    assert card_points(t("0-0"), 3) == 14 and card_points(t("0-0"), 0) == 28
    view = GAME.view(play(deal("5-0"), trick("0-0", "6-0")))
    assert view.detail["tricks"][0]["capture"] is None and view.totals == (0, 0)


@pytest.mark.parametrize(
    ("tile", "trump", "points"),
    [
        ("3-3", 3, 28),
        ("3-2", 3, 5),
        ("3-0", 3, 10),
        ("6-4", 4, 10),
        ("6-4", 3, 10),
        ("3-0", 2, 10),
        ("5-5", 3, 10),
        ("0-0", 3, 14),
        ("6-2", 3, 0),
        ("6-0", 3, 0),
    ],
)
def test_b12_card_points_of_single_tiles(tile, trump, points):
    """B12: [6-4] and [3-0] are tens whether trumps or not."""
    assert card_points(t(tile), trump) == points


def test_b11_b_delta6_pip_total_variant_decides_plain_tricks_by_pips():
    """B-Δ6 (pipTotalTricks): higher pip total (blank 7) wins a plain trick, ties to the leader."""
    assert trick_winner(t("6-2"), t("5-4"), 3, pip_tricks=True)[0] is False  # 9 > 8
    assert trick_winner(t("6-2"), t("5-4"), 3)[0] is True  # by suit it does not follow
    assert trick_winner(t("6-2"), t("4-4"), 3, pip_tricks=True)[0] is True  # 8 = 8: leader
    state = play(deal(), trick("6-2", "5-4"), options={"pipTotalTricks": True})
    assert GAME.view(state).detail["tricks"][0]["winner"] == 1
