"""Bingo rules B15-B26 (docs/rules/bingo.md): the deal, phase 1, and the phase-2 duties to follow
and beat, with the breaches a later play proves (worked example B-E3).
"""

from __future__ import annotations

from typing import Any

import pytest
from test_bingo_support import (
    PHASE_ONE,
    SCRIPT,
    claim,
    close,
    deal,
    declare,
    play,
    refused,
    t,
    tiles,
    trick,
)

from referee.games.bingo.rules import GAME
from referee.games.bingo.rules.values import legal_replies

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
    assert view.breaches[0].params["legal"] == ("6-0", "5-0", "0-0")  # a list, joined in the reader's language (issue 27)
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
        assert view.breaches[0].params["legal"] == ("0-0",)


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
            "legal": ("6-5",),
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
    assert view.breaches[0].params["legal"] == ("5-3",)


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
