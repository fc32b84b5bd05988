"""Bingo rules (docs/rules/bingo.md): tile logic, worked examples B-E1..B-E8, deals, declarations,
closing, claims, the game-point table and the options of README §8.

The scripted deal ``SCRIPT`` (trump 3, indicator [3-1]) is used throughout. Its card points, by hand
(B12, trump 3: trump double 28, other trumps their sum, non-trump doubles their sum, tens 10):
  phase 1: t1 [6-6]12+[5-5]10=22 Aki, t2 [4-4]8 Aki, t3 [2-2]4 Aki, t4 0 Aki, t5 0 Aki,
           t6 0 Ben ([4-2] follows 4 and outranks [4-1]), t7 [6-4]10 Ben; Aki lost t7 and takes [3-1] (B21).
  phase 2: t8 [0-0]14 Aki, t9 [3-3]28+[3-2]5=33 Aki, t10 [1-1]2 Aki, t11 [3-0]10 Ben,
           t12 [4-3]7+[3-1]4=11 Ben, t13 [5-3]8 Ben, t14 [6-3]9 Ben (+10 last trick, B13).
  Aki 22+8+4+14+33+2 = 83; Ben 10+10+11+8+9 = 48, +10 = 58; 83+48 = 131 = B14 for trump 3 (B-E1).
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest

from referee.rules import GAMES
from referee.rules.base import GameOver, IllegalEvent, MalformedEvent
from referee.rules.bingo import GAME
from referee.rules.bingo.scoring import settle_claim
from referee.rules.bingo.state import CloseRecord, DealState, DeclarationRecord, TrickRecord
from referee.rules.bingo.values import (
    ALL_TILES,
    card_points,
    deck_points,
    declaration_points,
    is_trump,
    led_suit,
    legal_replies,
    rank_in,
    trick_winner,
    trump_of,
)
from referee.rules.events import decode
from referee.rules.tiles import Tile
from tests.rule_ids import rule_ids


def t(text: str) -> Tile:
    return Tile.parse(text)


def tiles(*texts: str) -> set[Tile]:
    return {t(x) for x in texts}


def play(*events: dict[str, Any], options: dict[str, Any] | None = None):
    state = GAME.start(("Aki", "Ben"), GAME.resolve_options(options or {}))
    for raw in events:
        state = GAME.apply(state, decode(GAME.events, raw))
    return state


def refused(code: str, *events: dict[str, Any], options: dict[str, Any] | None = None) -> IllegalEvent:
    state = play(*events[:-1], options=options)
    with pytest.raises(IllegalEvent) as err:
        GAME.apply(state, decode(GAME.events, events[-1]))
    assert err.value.code == code, str(err.value)
    return err.value


def deal(indicator: str = "3-1", leader: int | None = 0) -> dict[str, Any]:
    raw: dict[str, Any] = {"type": "deal", "indicator": indicator}
    if leader is not None:
        raw["leader"] = leader
    return raw


def trick(lead: str, reply: str) -> dict[str, Any]:
    return {"type": "trick", "lead": lead, "reply": reply}


def declare(seat: int, *doubles: str) -> dict[str, Any]:
    return {"type": "declare", "seat": seat, "doubles": list(doubles)}


def claim(seat: int) -> dict[str, Any]:
    return {"type": "claim", "seat": seat}


def close(seat: int) -> dict[str, Any]:
    return {"type": "close", "seat": seat}


PHASE_ONE = [
    trick("6-6", "5-5"),  # Aki
    trick("4-4", "6-5"),  # Aki
    trick("2-2", "2-1"),  # Aki
    trick("6-2", "6-1"),  # Aki
    trick("5-4", "5-2"),  # Aki
    trick("4-1", "4-2"),  # Ben
    trick("5-1", "6-4"),  # Ben leads and wins; Aki takes the indicator [3-1]
]
PHASE_TWO = [
    trick("4-0", "0-0"),  # Aki (B8)
    trick("3-3", "3-2"),  # Aki
    trick("1-1", "1-0"),  # Aki
    trick("2-0", "3-0"),  # Ben ruffs
    trick("4-3", "3-1"),  # Ben; Aki plays the indicator it took
    trick("5-3", "5-0"),  # Ben
    trick("6-3", "6-0"),  # Ben, last trick
]
SCRIPT = [deal(), *PHASE_ONE, *PHASE_TWO]
# After Aki closes following trick 5 (Aki: [4-1],[6-4],[0-0],[3-3],[1-1],[2-0],[6-0] left).
CLOSED_REST = [
    trick("4-1", "4-2"),  # Ben beats in fours (B25)
    trick("5-1", "0-0"),  # Aki has no five: bingo (B25.3)
    trick("3-3", "3-2"),  # Aki: 33
    trick("1-1", "1-0"),  # Aki: 2
    trick("6-4", "3-0"),  # Ben trumps: 20
    trick("4-0", "6-0"),  # Aki beats in blanks
    trick("2-0", "4-3"),  # Ben: 7
]


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
    assert len(msgs) == 8
    assert "%(tile)s is a trump: replier wins" in msgs


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


# ------------------------------------------------------------------ B15-B23: the deal and phase 1


def test_b22_a_deal_without_close_has_seven_phase_one_and_seven_phase_two_tricks():
    """B16, B18-B23; B13 last trick; B14 total; B37 played out with no claim scores nothing."""
    state = play(*SCRIPT)
    view = GAME.view(state)
    d = view.detail
    assert [x["phase"] for x in d["tricks"]] == [1] * 7 + [2] * 7
    assert d["card_points"] == [83, 58]
    assert d["points_breakdown"][1]["last_trick"] == 10
    assert sum(d["card_points"]) == 131 + 10
    assert view.breaches == ()
    assert d["claim"]["kind"] == "no_claim" and d["claim"]["row"] == 5
    assert view.totals == (0, 0)
    assert d["next"]["next_deal_leader"] == 1  # B-Δ4 default after a no-score deal: the non-leader


def test_b20_trick_winner_leads_next_and_phase_one_reply_is_free():
    """B18 (no duty to follow in phase 1), B19, B20, B26."""
    state = play(deal(), trick("4-1", "4-2"))
    d = GAME.view(state).detail
    assert d["lead"] == 1 and d["phase"] == 1 and d["tricks_won"] == [0, 1]
    # Aki may now reply anything, even with trumps held: phase 1 has no duty (B18)
    state = play(deal(), trick("4-1", "4-2"), trick("6-5", "1-1"))
    assert GAME.view(state).breaches == ()


def test_b21_loser_of_trick_seven_takes_the_indicator_b_delta5_winner_takes_it():
    """B17, B21, B-Δ5 (indicatorToWinner)."""
    d = GAME.view(play(deal(), *PHASE_ONE)).detail
    assert d["indicator_holder"] == 0 and d["indicator_state"] == "taken" and d["phase"] == 2
    assert d["known_in_hand"] == [["3-1"], []]
    d = GAME.view(play(deal(), *PHASE_ONE, options={"indicatorToWinner": True})).detail
    assert d["indicator_holder"] == 1


def test_b15_b45_first_leader_is_free_then_the_deal_winner_leads():
    """B15 (first leader chosen), B45 (winner leads next), B-Δ4 (alternateLead)."""
    events = [deal(), *PHASE_ONE[:2], claim(1), deal(leader=None)]
    # Ben's claim fails (0 points): Aki wins the deal and leads the next one.
    assert GAME.view(play(*events)).detail["deal_leader"] == 0
    refused("wrong_leader", *events[:-1], deal(leader=1))
    alt = play(*events[:-1], deal(leader=1), options={"alternateLead": True})
    assert GAME.view(alt).detail["deal_leader"] == 1


# ------------------------------------------------------------------ B24-B26: phase-2 duties

B_E3 = [
    ("6-3", ["6-1", "6-0", "2-4", "0-0", "5-5"], ["6-0"]),
    ("6-3", ["6-1", "2-4", "0-0"], ["6-1"]),
    ("6-3", ["2-4", "0-0", "5-5"], ["2-4", "0-0"]),
    ("6-3", ["5-5", "1-3"], ["5-5", "1-3"]),
    ("2-5", ["2-6", "2-1", "0-0"], ["2-6"]),
    ("2-5", ["2-1", "0-0", "4-4"], ["2-1"]),
    ("2-5", ["0-0", "4-4"], ["0-0"]),
]


@pytest.mark.parametrize(("lead", "hand", "legal"), B_E3)
def test_b24_b25_phase_two_duties_worked_example_b_e3(lead, hand, legal):
    """B-E3 with trump 2: beat if able, else follow, else trump or [0-0], else anything."""
    assert legal_replies(tiles(*hand), t(lead), 2) == tiles(*legal)


def test_b25_bingo_follows_only_a_led_blank():
    """B25: [0-0] counts as a member of the led suit only when blanks are led."""
    assert legal_replies(tiles("0-0", "6-1"), t("6-0"), 2) == tiles("0-0")
    assert legal_replies(tiles("0-0", "6-1"), t("6-5"), 2) == tiles("6-1")


def test_b_delta7_follow_without_heading_drops_the_duty_to_beat():
    """B-Δ7 (followWithoutHeading)."""
    hand = tiles("6-1", "6-0", "2-4")
    assert legal_replies(hand, t("6-3"), 2, heading=False) == tiles("6-1", "6-0")
    assert legal_replies(tiles("2-6", "2-1", "0-0"), t("2-5"), 2, heading=False) == tiles("2-6", "2-1")


def test_phase_two_reply_must_beat_a_led_plain_tile_checked_after_the_deal():
    """B25 after the fact (§6.1): at trick 8 Ben leads [4-0]; Aki holds [0-0], [6-0], [5-0] (all beat
    rank 4 in blanks) but plays [2-0]. The played-out deal proves Aki's hand, so it is a breach."""
    bad = [
        trick("4-0", "2-0"),  # Ben wins (rank 4 > 2)
        trick("1-0", "0-0"),  # Aki wins with bingo (legal: it beats rank 1)
        trick("3-3", "3-2"),  # Aki; Ben follows trumps
        trick("1-1", "3-0"),  # Ben has no plain 1 left and trumps
        trick("4-3", "3-1"),  # Ben; Aki must play its only trump
        trick("5-3", "5-0"),
        trick("6-3", "6-0"),
    ]
    view = GAME.view(play(deal(), *PHASE_ONE, *bad))
    assert [(b.event, b.rule, b.seat) for b in view.breaches] == [(8, "B25", 0)]
    assert view.breaches[0].params["legal"] == "6-0, 5-0, 0-0"
    assert view.detail["status"] == "played_out"


def test_phase_two_breach_appears_only_when_the_hand_is_proved():
    """§6.1: until a later play or a show proves it, the reply stands; a claim plus a show proves it."""
    events = [deal(), *PHASE_ONE, trick("4-0", "2-0")]
    assert GAME.view(play(*events)).breaches == ()
    shown = {"type": "show", "seat": 0, "tiles": ["0-0", "6-0", "5-0", "3-3", "1-1", "3-1"]}
    view = GAME.view(play(*events, claim(1), shown))
    assert [(b.event, b.detected_at, b.rule, b.seat) for b in view.breaches] == [(8, 10, "B25", 0)]


def test_b25_a_later_play_proves_a_phase_two_reply_illegal_without_the_deal_being_played_out():
    """B25 after the fact: Aki's [2-0] reply to [4-0] (trick 8) is proved illegal as soon as Aki
    plays [0-0] in trick 9 (it beats rank 4 in blanks and was in hand at trick 8, B23: no draws).
    The breach is trick 8's event, detected at trick 9's, and stays single through a claim with no
    show and the record ending there."""
    events = [deal(), *PHASE_ONE, trick("4-0", "2-0")]
    proved = [*events, trick("1-0", "0-0")]
    for record in (proved, [*proved, claim(1)], [*proved, claim(1), trick_free_show_of_ben()]):
        view = GAME.view(play(*record))
        assert [(b.event, b.detected_at, b.rule, b.seat) for b in view.breaches] == [(8, 9, "B25", 0)]
        assert view.breaches[0].params["legal"] == "0-0"


def trick_free_show_of_ben() -> dict[str, Any]:
    """Ben's five tiles left after trick 9 of SCRIPT, shown after a claim (they prove nothing of Aki)."""
    return {"type": "show", "seat": 1, "tiles": ["3-2", "3-0", "4-3", "5-3", "6-3"]}


def test_b25_smallest_case_deal_close_an_off_suit_reply_then_the_led_suit_played():
    """The issue's smallest case: deal, close (closeBeforeFirstTrick, B-Δ8), Aki leads [6-2] and Ben
    replies the low off-suit [5-1]; next trick Ben plays [6-5], a six outranking [6-2] that was in
    hand then (B25.1). Reported once at the reply, detected at the later trick, Ben's seat."""
    opts = {"closeBeforeFirstTrick": True}
    events = [deal(), close(0), trick("6-2", "5-1"), trick("4-4", "6-5")]
    for record in (events, [*events, claim(0)]):
        view = GAME.view(play(*record, options=opts))
        assert [(b.event, b.detected_at, b.rule, b.seat) for b in view.breaches] == [(2, 3, "B25", 1)]
        assert view.breaches[0].params == {
            "player": "Ben",
            "reply": "5-1",
            "lead": "6-2",
            "trick": "1",
            "legal": "6-5",
        }


def test_b24_only_a_later_tile_of_a_more_urgent_group_proves_a_breach():
    """B24 (trump 3): Ben answers Aki's trump lead [3-2] with [0-0] (B24.3) and wins (B11.1). Ben
    leading [5-5] next (B24.4, a lower priority) proves nothing; leading [3-5] (a trump that beats
    [3-2], B24.1) proves the reply illegal."""
    opts = {"closeBeforeFirstTrick": True}
    start = [deal(), close(0), trick("3-2", "0-0")]
    assert GAME.view(play(*start, trick("5-5", "5-4"), options=opts)).breaches == ()
    view = GAME.view(play(*start, trick("3-5", "3-3"), options=opts))
    assert [(b.event, b.detected_at, b.rule, b.seat) for b in view.breaches] == [(2, 3, "B24", 1)]
    assert view.breaches[0].params["legal"] == "5-3"


def test_b25_a_double_declared_later_proves_the_reply_at_once():
    """B25 + B28 (trump 3): Ben trumps Aki's [6-2] with [3-2] and wins, then declares [6-6] and
    [4-4] before leading: [6-6] (a six that beats [6-2]) was in his hand at the reply (B23), so the
    declaration itself is the first event that proves the breach."""
    opts = {"closeBeforeFirstTrick": True}
    events = [deal(), close(0), trick("6-2", "3-2"), declare(1, "6-6", "4-4")]
    for record in (events, [*events, trick("6-6", "6-1")]):
        view = GAME.view(play(*record, options=opts))
        assert [(b.event, b.detected_at, b.rule, b.seat) for b in view.breaches] == [(2, 3, "B25", 1)]


def test_phase_two_reply_withholding_the_taken_indicator_is_refused_at_once():
    """Record-format: a reply that withholds the indicator its player took is provably illegal (B24)."""
    err = refused("withheld_known_tile", deal(), *PHASE_ONE, trick("3-2", "1-1"))
    assert err.params["tile"] == "3-1" and err.params["rule"] == "B24"


def test_phase_two_reply_withholding_a_declared_double_is_refused_at_once():
    """B24 + B28: Aki declared [3-3] and [1-1] and still holds [3-3]; Ben leads the trump [3-2], so
    any reply but [3-3] (the only tile known to beat it) is refused at once."""
    events = [
        deal(),
        *PHASE_ONE,
        trick("4-0", "0-0"),
        declare(0, "3-3", "1-1"),
        trick("1-1", "1-0"),
        trick("2-0", "3-0"),
    ]  # Ben trumps and leads
    d = GAME.view(play(*events)).detail
    assert d["known_in_hand"] == [["3-3", "3-1"], []] and d["lead"] == 1
    for reply in ("3-1", "6-0"):
        err = refused("withheld_known_tile", *events, trick("3-2", reply))
        assert err.params["tile"] == "3-3"
    assert GAME.view(play(*events, trick("3-2", "3-3"))).detail["tricks"][-1]["winner"] == 0


# ------------------------------------------------------------------ B27-B31: declarations


def test_b27_declaration_table_b_e4():
    """B27, B-E4: triplet with [0-0] = 50, later a new double = 20; the earlier three not reusable (B29)."""
    assert declaration_points(tiles("1-1", "4-4", "0-0")) == 50
    assert declaration_points(tiles("3-3", "5-5")) == 20
    assert [declaration_points([t(f"{i}-{i}") for i in range(1, n + 1)]) for n in (2, 3, 4, 5, 6)] == [
        20,
        40,
        50,
        60,
        70,
    ]
    assert declaration_points([t(f"{i}-{i}") for i in range(0, 6)]) == 80
    events = [
        deal("6-5"),
        declare(0, "1-1", "4-4", "0-0"),
        trick("4-4", "4-1"),
        declare(0, "3-3", "5-5"),
        trick("5-5", "5-2"),
    ]
    d = GAME.view(play(*events)).detail
    assert [(x["name"], x["points"], x["status"]) for x in d["declarations"]] == [
        ("triplet", 50, "valid"),
        ("double", 20, "valid"),
    ]
    assert d["card_points"][0] == 50 + 20 + 8 + 10
    refused("double_declared_before", *events, declare(0, "1-1", "2-2"))


def test_b28_declaration_only_by_the_leader_before_the_lead_and_one_of_them_is_led():
    """B28: out of turn, twice per lead, too few, not a double, and the lead must be declared."""
    refused("not_on_lead", deal(), declare(1, "1-1", "2-2"))
    refused("already_declared", deal(), declare(0, "1-1", "2-2"), declare(0, "4-4", "5-5"))
    refused("too_few_doubles", deal(), declare(0, "1-1"))
    refused("not_a_double", deal(), declare(0, "1-1", "2-1"))
    refused("duplicate_tile", deal(), declare(0, "1-1", "1-1"))
    refused("must_lead_declared", deal(), declare(0, "1-1", "2-2"), trick("6-6", "5-5"))
    refused("tile_played", deal(), trick("1-1", "6-5"), declare(0, "1-1", "2-2"))
    refused("indicator_not_taken", deal("4-4"), declare(0, "4-4", "2-2"))
    refused("tile_held_by_opponent", deal(), declare(0, "1-1", "2-2"), trick("1-1", "2-2"))
    state = play(deal(), declare(0, "1-1", "2-2"))
    assert GAME.view(state).detail["next"]["must_lead_one_of"] == ["2-2", "1-1"]
    assert GAME.view(state).detail["next"]["can_claim"] == [0, 1]  # B32: right after declaring


def test_b30_first_trick_declaration_void_until_its_maker_wins_a_trick():
    """B30: counts only once the declarer wins a trick; a claim before then does not count it."""
    events = [deal(), declare(0, "1-1", "2-2"), trick("1-1", "3-2")]  # Ben trumps and wins
    d = GAME.view(play(*events)).detail
    assert d["declarations"][0]["status"] == "pending" and d["card_points"][0] == 0
    d = GAME.view(play(*events, claim(0))).detail
    assert d["declarations"][0]["status"] == "void"
    assert d["claim"]["claimer_points"]["declaration_points"] == 0
    # Aki claimed with 0 < 70 and has no trick ⇒ Ben +3 (B44 row 4).
    assert d["claim"]["game_points"] == 3 and d["claim"]["winner"] == 1
    d = GAME.view(play(*events, trick("3-0", "2-2"))).detail  # Ben's trump wins again
    assert d["declarations"][0]["status"] == "pending"
    d = GAME.view(play(*events, trick("3-0", "2-2"), trick("6-5", "6-6"))).detail  # Aki follows higher
    assert d["declarations"][0]["status"] == "valid" and d["card_points"][0] == 20 + 12


def test_b31_seven_doubles_on_lead_is_invincible_three_game_points():
    """B31, B44 row 6: the deal ends at once; the holder leads the next deal (B45)."""
    seven = [f"{i}-{i}" for i in range(7)]
    state = play(deal("6-5"), declare(0, *seven))
    view = GAME.view(state)
    assert view.totals == (3, 0)
    assert view.detail["claim"]["kind"] == "invincible" and view.detail["claim"]["row"] == 6
    assert view.detail["next"]["next_deal_leader"] == 0
    refused("deal_over", deal("6-5"), declare(0, *seven), trick("6-6", "6-5"))
    refused("indicator_not_taken", deal("5-5"), declare(0, *seven))


# ------------------------------------------------------------------ B32-B37, B43-B44: claims


def crafted(wins: list[tuple[int, int]], *, decls=(), close_: CloseRecord | None = None, played_out=False) -> DealState:
    """A deal built directly from (winner, points) tricks, to test the B44 arithmetic."""
    tricks = tuple(
        TrickRecord(
            event=i + 1,
            no=i + 1,
            leader=w,
            lead=t("6-6"),
            reply=t("5-5"),
            winner=w,
            points=p,
            phase=1,
            why={},
        )
        for i, (w, p) in enumerate(wins)
    )
    declarations = tuple(
        DeclarationRecord(event=0, seat=s, doubles=(t("1-1"), t("2-2")), points=p, before_trick=2) for s, p in decls
    )
    d = DealState(
        no=1, event=0, leader=0, indicator=t("5-1"), tricks=tricks, declarations=declarations, close=close_
    )
    if played_out:
        assert d.played_out
    return d


B_E5 = [
    # (A's tricks, A's declarations, B's tricks, claimer, winner, GP, row)
    ([62], [20], [34], 0, 0, 1, 1),
    ([62], [20], [24], 0, 0, 2, 1),
    ([62], [20], [], 0, 0, 3, 1),
    ([58, 10], [], [5], 0, 1, 2, 4),
    ([58, 10], [], [], 0, 1, 3, 4),
]


@pytest.mark.parametrize(("a", "a_decl", "b", "claimer", "winner", "gp", "row"), B_E5)
def test_b33_b34_b44_claims_worked_example_b_e5(a, a_decl, b, claimer, winner, gp, row):
    """B33, B34, B-E5 (trump 5): 82 vs 34 ⇒ +1; vs 24 ⇒ +2; B trickless ⇒ +3; 68 ⇒ B +2, +3 if a side has no trick."""
    wins = [(0, p) for p in a] + [(1, p) for p in b]
    s = settle_claim(crafted(wins, decls=[(0, p) for p in a_decl]), claimer, {}, "claim", 9)
    assert (s.winner, s.game_points, s.row) == (winner, gp, row)


def test_b_delta2_failed_claim_three_only_if_the_non_claimer_is_trickless():
    """B-Δ2 (threeIfNonClaimerTrickless): the claimer's own tricklessness gives only 2."""
    deal_ = crafted([(1, 30)])
    assert settle_claim(deal_, 0, {}, "claim", 1).game_points == 3
    assert settle_claim(deal_, 0, {"threeIfNonClaimerTrickless": True}, "claim", 1).game_points == 2
    deal_ = crafted([(0, 30)])
    assert settle_claim(deal_, 0, {"threeIfNonClaimerTrickless": True}, "claim", 1).game_points == 3


def test_b_delta3_threshold_card_points_only_ignores_declarations():
    """B-Δ3: the opponent's 30 counts declarations by default, not with thresholdCardPointsOnly."""
    deal_ = crafted([(0, 80), (1, 12)], decls=[(1, 20)])
    assert settle_claim(deal_, 0, {}, "claim", 1).game_points == 1  # 12 + 20 = 32 ≥ 30
    assert settle_claim(deal_, 0, {"thresholdCardPointsOnly": True}, "claim", 1).game_points == 2


B_E6 = [
    # (B's snapshot tricks, closer, claimer, A's final, B's final tricks, winner, GP, row)
    (1, 0, 0, 71, [18, 22], 0, 2, 2),  # the snapshot 18 < 30
    (0, 0, 0, 71, [40], 0, 3, 2),  # B had no trick at the close
    (1, 0, 1, 20, [18, 55], 1, 2, 3),  # B claims correctly with 73 against the closer
    (1, 0, None, 66, [18, 22], 1, 2, 4),  # implied claim fails
    (0, 0, None, 66, [], 1, 3, 4),  # ... and B ended with no trick
]


@pytest.mark.parametrize(("b_snap", "closer", "claimer", "a_final", "b_final", "winner", "gp", "row"), B_E6)
def test_b42_b44_closing_worked_example_b_e6(b_snap, closer, claimer, a_final, b_final, winner, gp, row):
    """B-E6: A closes after trick 3 with B on 18 points from 1 trick (B38, B39, B40, B41, B42, B44)."""
    snap = CloseRecord(
        event=5,
        seat=closer,
        after_trick=3,
        opp_card_points=18 if b_snap else 0,
        opp_declared=0,
        opp_tricks=b_snap,
    )
    wins = [(0, a_final)] + [(1, p) for p in b_final]
    if claimer == 1:
        wins = [(0, a_final), (1, 18), (1, 55)]
    d = crafted(wins, close_=snap)
    kind = "claim" if claimer is not None else "implied_claim"
    s = settle_claim(d, closer if claimer is None else claimer, {}, kind, None)
    assert (s.winner, s.game_points, s.row) == (winner, gp, row)


def test_b38_b41_b40_closed_deal_played_out_settles_as_the_closers_claim_without_last_trick():
    """B38 close after trick 5; B41 no last-trick 10; B40 implied claim when the record ends."""
    # Aki wins tricks 1-5 (22+8+4+0+0 = 34 points), closes; Ben had no trick at the close.
    events = [deal(), *PHASE_ONE[:5], close(0)]
    d = GAME.view(play(*events)).detail
    assert d["close"] == {
        "event": 6,
        "seat": 0,
        "after_trick": 5,
        "opponent_card_points": 0,
        "opponent_declaration_points": 0,
        "opponent_points": 0,
        "opponent_tricks": 0,
    }
    assert d["phase"] == 2 and d["total_tricks"] == 12 and d["indicator_state"] == "face_down"
    # Seven phase-2 tricks (B38: phase 2 duties; Ben's replies are checked afterwards).
    rest = CLOSED_REST
    state = play(*events, *rest)
    view = GAME.view(state)
    d = view.detail
    assert d["status"] == "played_out" and d["implied"] is True
    assert d["points_breakdown"][0]["last_trick"] == 0 and d["points_breakdown"][1]["last_trick"] == 0
    # Aki: 34 + [0-0]14 + 33 + 2 = 83 ≥ 70 ⇒ closer's claim correct; Ben had no trick at close ⇒ 3.
    assert d["claim"]["kind"] == "implied_claim" and d["claim"]["row"] == 2 and d["claim"]["game_points"] == 3
    assert view.totals == (3, 0)
    assert view.breaches == ()
    # A claim after the last trick comes first (B40 [P]): Ben's 0 + 20 + 7 = 27 < 70 ⇒ Aki +2 (row 4).
    c = GAME.view(play(*events, *rest, claim(1))).detail["claim"]
    assert (c["total"], c["row"], c["winner"], c["game_points"]) == (27, 4, 0, 2)
    # The next deal starts: the implied claim settles it for good; Aki leads (B45).
    after = play(*events, *rest, deal(leader=None))
    assert GAME.view(after).totals == (3, 0) and GAME.view(after).detail["deal_leader"] == 0


def test_b40_b47_an_implied_claim_that_reaches_seven_ends_the_record_but_a_real_claim_comes_first():
    """B40 [P] + B47: the view settles the played-out closed deal as the record ends there."""
    events = [deal(), *PHASE_ONE[:5], close(0), *CLOSED_REST]
    state = dataclasses.replace(play(*events), game_points=(5, 0))
    view = GAME.view(state)
    assert view.finished and view.totals == (8, 0) and view.winners == (0,)
    assert view.detail["next"]["can_deal"] is False and view.detail["next"]["can_claim"] == [0, 1]
    # Rules notes: settled at the last trick (its event), and the detail says the match ends there.
    assert view.detail["claim"]["settled_at"] == len(events) - 1
    assert view.detail["claim"]["note"]["params"] == {"player": "Aki"}
    assert "(B40, B47)" in view.detail["claim"]["note"]["msg"]
    with pytest.raises(GameOver):
        GAME.apply(state, decode(GAME.events, deal(leader=None)))
    after = GAME.apply(state, decode(GAME.events, claim(1)))  # Ben's 27 < 70 ⇒ Aki +2 instead of +3
    assert GAME.view(after).totals == (7, 0)


def test_b38_close_only_by_the_trick_winner_in_phase_one():
    """B38 refusals; B-Δ8 closeBeforeFirstTrick lets the first leader close."""
    refused("close_before_first_trick", deal(), close(0))
    refused("close_not_on_lead", deal(), PHASE_ONE[0], close(1))
    refused("already_closed", deal(), PHASE_ONE[0], close(0), close(0))
    refused("close_too_late", deal(), *PHASE_ONE, close(1))
    d = GAME.view(play(deal(), close(0), options={"closeBeforeFirstTrick": True})).detail
    assert d["close"]["after_trick"] == 0 and d["total_tricks"] == 7 and d["phase"] == 2
    assert GAME.view(play(deal(), PHASE_ONE[0])).detail["next"]["can_close"] is True


def test_b32_b36_claim_settles_the_deal_and_only_the_first_claim_counts():
    """B32-B34, B36, B43: Aki claims after trick 9 with 22+8+4+14+33 = 81; Ben has 10 from 2 tricks ⇒ +2."""
    events = [deal(), *PHASE_ONE, *PHASE_TWO[:2], claim(0)]
    view = GAME.view(play(*events))
    c = view.detail["claim"]
    assert c["total"] == 81 and c["correct"] and c["row"] == 1 and c["game_points"] == 2
    assert [x["no"] for x in c["claimer_points"]["tricks"]] == [1, 2, 3, 4, 5, 8, 9]
    assert c["opponent_points"]["total"] == 10
    assert view.totals == (2, 0)
    refused("deal_over", *events, claim(1))
    refused("deal_over", *events, trick("1-1", "1-0"))


def test_b13_last_trick_ten_counts_for_a_claim_after_the_last_trick():
    """B13, B32 (claim after the last trick), B44 row 1: Ben claims 58 < 70 ⇒ Aki +2."""
    view = GAME.view(play(*SCRIPT, claim(1)))
    assert view.detail["claim"]["claimer_points"]["last_trick"] == 10
    assert view.detail["claim"]["total"] == 58 and view.totals == (2, 0)


# ------------------------------------------------------------------ B46-B47: capture, match end


def test_b46_capture_of_the_trump_double_gives_one_game_point_at_once():
    """B46: [0-0] onto the trump double in phase 2; the point stays even if that player loses the deal."""
    state = play(deal(), *PHASE_ONE, trick("0-0", "3-3"), claim(1))
    view = GAME.view(state)
    assert view.detail["tricks"][-1]["capture"] == 1
    # Ben's claim: 10 + 14 + 28 = 52 < 70 ⇒ Aki +2; Ben keeps the capture.
    assert view.totals == (2, 1)
    assert view.detail["deals"][0]["captures"] == [{"seat": 1, "trick": 8}]


def test_b47_match_ends_at_seven_even_mid_deal_b_e8():
    """B-E8, B2, B47: A has 6 GP and captures the trump double ⇒ 7 ⇒ over, the deal unfinished."""
    state = play(deal())
    state = dataclasses.replace(state, game_points=(6, 0))
    state = GAME.apply(state, decode(GAME.events, trick("0-0", "3-3")))
    view = GAME.view(state)
    assert view.finished and view.winners == (0,) and view.totals == (7, 0)
    assert view.detail["status"] == "match_over"
    with pytest.raises(GameOver) as err:
        GAME.apply(state, decode(GAME.events, trick("6-6", "5-5")))
    assert err.value.code == "finished"


def test_b24_b25_shows_after_the_match_ending_claim_still_check_the_last_deal():
    """record-format 'Breaches': a show settles nothing, so it is accepted after the claim that ends the
    match, and the last deal's phase-2 replies are checked like any other deal's."""
    state = dataclasses.replace(play(deal(), *PHASE_ONE, *PHASE_TWO[:2]), game_points=(6, 0))
    ended = GAME.apply(state, decode(GAME.events, claim(0)))
    assert GAME.view(ended).finished
    with pytest.raises(GameOver):
        GAME.apply(ended, decode(GAME.events, trick("6-6", "5-5")))
    for seat, tiles in ((0, ["1-1", "3-1", "6-0", "5-0", "2-0"]), (1, ["1-0", "3-0", "4-3", "5-3", "6-3"])):
        ended = GAME.apply(ended, decode(GAME.events, {"type": "show", "seat": seat, "tiles": tiles}))
    assert GAME.view(ended).breaches == () and GAME.view(ended).totals[0] >= 7



def test_apply_counts_every_event_and_refuses_an_object_that_is_no_bingo_event():
    """The shared apply (rules/dispatch.py): ``events`` is the index the next event will have; an object
    that is no Bingo event is malformed, and the state is left as it was."""
    state = play(deal(), *PHASE_ONE[:2])
    assert state.events == 3
    with pytest.raises(MalformedEvent) as err:
        GAME.apply(state, object())
    assert err.value.code == "unknown_event" and state.events == 3

# ------------------------------------------------------------------ refusals by sight


def test_refusals_tile_twice_indicator_and_finished_deal():
    """Illegal by sight (docs/record-format.md): a tile twice, the indicator before it is taken, etc."""
    err = refused("tile_played", deal(), trick("6-6", "5-5"), trick("6-5", "6-6"))
    assert str(err) == "6-6 was already played in trick 1."
    refused("tile_played", deal(), trick("6-6", "6-6"))
    refused("indicator_not_taken", deal(), trick("3-1", "5-5"))
    refused("indicator_closed", deal(), PHASE_ONE[0], close(0), trick("3-1", "5-5"))
    refused("indicator_held", deal(), *PHASE_ONE, trick("3-1", "6-6"))
    refused("deal_over", *SCRIPT, trick("6-6", "5-5"))
    refused("no_deal", trick("6-6", "5-5"))
    refused("no_deal", claim(0))
    refused("deal_in_progress", deal(), deal(leader=None))
    refused("leader_needed", deal(leader=None))
    refused("bad_seat", deal(leader=2))


def test_refusals_of_show():
    """`show`: only after a claim, once, with every known tile and the right count."""
    events = [deal(), *PHASE_ONE, *PHASE_TWO[:2], claim(0)]
    aki = ["1-1", "3-1", "6-0", "5-0", "2-0"]
    refused("show_not_now", deal(), {"type": "show", "seat": 0, "tiles": aki})
    refused(
        "show_missing", *events, {"type": "show", "seat": 0, "tiles": ["1-1", "6-0", "5-0", "2-0", "4-3"]}
    )
    refused("show_count", *events, {"type": "show", "seat": 0, "tiles": aki[:4]})
    refused("tile_played", *events, {"type": "show", "seat": 1, "tiles": ["3-3", "1-0", "3-0", "4-3", "5-3"]})
    ok = {"type": "show", "seat": 0, "tiles": aki}
    refused("already_shown", *events, ok, ok)
    refused(
        "tile_held_by_opponent",
        *events,
        ok,
        {"type": "show", "seat": 1, "tiles": ["1-1", "1-0", "3-0", "4-3", "5-3"]},
    )
    state = play(*events, ok, {"type": "show", "seat": 1, "tiles": ["1-0", "3-0", "4-3", "5-3", "6-3"]})
    assert GAME.view(state).breaches == ()


def test_malformed_events_are_refused_by_the_codec():
    with pytest.raises(MalformedEvent):
        decode(GAME.events, {"type": "trick", "lead": "7-1", "reply": "1-1"})
    with pytest.raises(MalformedEvent):
        decode(GAME.events, {"type": "deal"})
    with pytest.raises(MalformedEvent):
        decode(GAME.events, {"type": "bid", "seat": 0})


# ------------------------------------------------------------------ options, B-Δ10, B35, the view


def test_options_are_exactly_the_readme_section_8_bingo_rows():
    """README §8 Bingo rows, all off by default; B-Δ1, B-Δ9 and B-Δ11 have no option (digest)."""
    assert GAMES["bingo"] is GAME
    assert [o.id for o in GAME.options] == [
        "threeIfNonClaimerTrickless",
        "thresholdCardPointsOnly",
        "alternateLead",
        "indicatorToWinner",
        "pipTotalTricks",
        "followWithoutHeading",
        "closeBeforeFirstTrick",
        "declareAllHeld",
        "showRunningPoints",
    ]
    assert all(o.default is False and o.choices is None and o.help for o in GAME.options)
    assert (GAME.min_players, GAME.max_players) == (2, 2)


def test_b_delta10_declare_all_held_refuses_leaving_out_the_taken_indicator_and_checks_later():
    """B-Δ10 (declareAllHeld): a known held double left out is refused; others are breaches later."""
    phase_one = [
        trick("6-6", "5-5"),
        trick("4-4", "6-5"),
        trick("6-0", "2-1"),
        trick("6-2", "6-1"),
        trick("5-4", "5-2"),
        trick("4-1", "4-2"),
        trick("5-1", "6-4"),
    ]
    # indicator [3-3]: Ben wins trick 7, Aki takes [3-3]; Aki leads only after winning a trick.
    ev = [deal("3-3"), *phase_one]
    d = GAME.view(play(*ev)).detail
    assert d["indicator_holder"] == 0 and d["lead"] == 1
    ev2 = [*ev, trick("4-0", "0-0")]  # Aki wins with bingo and leads
    opts = {"declareAllHeld": True}
    refused("must_declare_all", *ev2, declare(0, "1-1", "2-2"), options=opts)
    state = play(*ev2, declare(0, "1-1", "2-2", "3-3"), options=opts)
    assert GAME.view(state).breaches == ()
    # Without the known indicator: a phase-2 declaration that left out a double shown later.
    state = play(
        *ev2,
        declare(0, "1-1", "3-3"),
        trick("1-1", "1-0"),
        claim(0),
        {"type": "show", "seat": 0, "tiles": ["3-3", "2-2", "5-0", "2-0", "3-1"]},
        options=opts,
    )
    assert [(b.rule, b.seat, b.event) for b in GAME.view(state).breaches] == [("B-Δ10", 0, 9)]


def test_b35_running_points_flag_is_in_the_detail():
    """B35: the web layer hides card points unless showRunningPoints."""
    assert GAME.view(play(deal())).detail["show_running_points"] is False
    assert GAME.view(play(deal(), options={"showRunningPoints": True})).detail["show_running_points"] is True


def test_view_detail_is_json_and_apply_never_mutates():
    """Keys of view.Detail are in the detail; apply returns a new state."""
    before = play(deal(), *PHASE_ONE[:3])
    snapshot = GAME.view(before)
    after = GAME.apply(before, decode(GAME.events, PHASE_ONE[3]))
    assert GAME.view(before) == snapshot and after is not before
    assert before.events == 4 and after.events == 5
    d = GAME.view(after).detail
    json.dumps(d)
    for key in (
        "trump",
        "phase",
        "lead",
        "turn",
        "tiles_used",
        "indicator",
        "indicator_holder",
        "tricks_won",
        "card_points",
        "tricks",
        "declarations",
        "close",
        "claim",
        "deals",
        "game_points",
        "next",
    ):
        assert key in d
    assert d["tiles_used"] == sorted(d["tiles_used"], reverse=True) and len(d["tiles_used"]) == 8
    assert set(d["next"]) >= {"can_declare", "can_close", "can_claim"}


# ------------------------------------------------------------------ every rule id is tested


def test_every_bingo_rule_id_of_the_digest_is_referenced_by_a_test():
    """Every B-number, worked example and discrepancy id of Bingo appears in test_bingo*.py."""
    ids = rule_ids("bingo")
    text = "\n".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_bingo*.py"))
    missing = sorted(i for i in ids if not re.search(rf"(?<![\w-]){re.escape(i)}(?!\d)", text))
    assert not missing, missing


# Rule ids covered by the digest's own cross-references rather than a separate behaviour:
# B1 (two players, 28 tiles: GAME.min/max_players, ALL_TILES), B3 (one side's GP plus captures: the
# deals' game_points), B5 (seven suits, a double in one suit), B16 (seven tiles each: HAND), B19 (tricks
# leave play: tiles_used), B23 (phase 2 from the empty boneyard or a close), B39 (a close still allows
# claims), B43 (one claim per deal), B-Δ1 (the 1/2/3 ladder, B44 rows 1-2), B-Δ9 (no option: the
# failed close is B40 + row 4), B-Δ11 (no indicator exchange).
