"""Bingo rules B27-B47 (docs/rules/bingo.md): declarations, closing, claims and the game-point table,
capture of the trump double and the end of the match (worked examples B-E4..B-E6, B-E8).
"""

from __future__ import annotations

import dataclasses

import pytest
from test_bingo_support import (
    CLOSED_REST,
    PHASE_ONE,
    PHASE_TWO,
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
from referee.games.bingo.rules.scoring import settle_claim
from referee.games.bingo.rules.state import CloseRecord, DealState, DeclarationRecord, TrickRecord
from referee.games.bingo.rules.values import declaration_points
from referee.rules.base import GameOver
from referee.rules.events import decode

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


# After Aki's close following trick 1, the hands shrink by one tile per trick (B23, B38: nobody draws).
CLOSED_AFTER_ONE = [deal("3-1", 0), trick("6-5", "5-1"), close(0)]  # Aki wins trick 1 and closes
SEVEN = [f"{i}-{i}" for i in range(6, -1, -1)]


@pytest.mark.parametrize(
    ("tricks", "declaration", "rule", "words"),
    [
        # The issue's first case (5 events): Ben wins trick 2 with a trump and, with 6 tiles, shows all 7.
        (
            [trick("6-4", "3-2")],
            declare(1, *SEVEN),
            "B31",
            "Invincible needs all seven doubles in a hand of seven",
        ),
        # The issue's second case (8 events with the claim): Ben, 4 tiles after trick 4, shows 5 doubles.
        (
            [trick("6-4", "6-2"), trick("5-4", "5-2"), trick("4-1", "4-2")],
            declare(1, "6-6", "5-5", "2-2", "1-1", "0-0"),
            "B28",
            "Ben has only 4 tiles in hand now",
        ),
        # Aki, 6 tiles after trick 2, shows 7: invincible needs seven tiles (B31).
        ([trick("6-4", "6-2")], declare(0, *SEVEN), "B31", "Aki has 6 now"),
        # Aki, 3 tiles after trick 5, shows 4.
        (
            [trick("6-4", "6-2"), trick("5-4", "5-2"), trick("4-3", "4-1"), trick("2-1", "1-0")],
            declare(0, "6-6", "5-5", "4-4", "2-2"),
            "B28",
            "Aki has only 3 tiles in hand now",
        ),
    ],
)
def test_b28_b31_b38_a_declaration_never_shows_more_doubles_than_the_hand_holds(
    tricks, declaration, rule, words
):
    """B28 (the doubles shown are in the declarer's hand), B31 (all seven need a seven-tile hand),
    B23/B38 (after a close nobody draws, so the hand shrinks): refused at the declaration, with the rule."""
    events = [*CLOSED_AFTER_ONE, *tricks]
    err = refused("declaration_exceeds_hand", *events, declaration)
    assert err.rule == rule and err.params["rule"] == rule and words in str(err)
    view = GAME.view(play(*events))
    assert view.totals == (0, 0) and view.detail["next"]["declare_at_most"] == view.detail["hand_size"]


def test_b28_the_issues_second_case_never_reaches_its_claim():
    """The 8-event record of the issue (a king of 70 from a 4-tile hand, then a claim) stops at the declaration."""
    events = [*CLOSED_AFTER_ONE, trick("6-4", "6-2"), trick("5-4", "5-2"), trick("4-1", "4-2")]
    refused("declaration_exceeds_hand", *events, declare(1, "6-6", "5-5", "2-2", "1-1", "0-0"))
    state = play(*events, declare(1, "6-6", "5-5", "2-2", "0-0"), trick("6-6", "6-1"), claim(1))
    assert GAME.view(state).detail["declarations"][0]["points"] == 60  # four with [0-0]: 50 + 10 (B27)


def test_b28_known_tiles_take_their_places_in_the_hand():
    """B28 with B29: Aki declares [6-6, 4-4] and leads 6-6, so 4-4 is known to be in the hand; after
    trick 4 of a deal closed after trick 1 that hand holds 4 tiles, so at most 3 more doubles fit."""
    events = [
        *CLOSED_AFTER_ONE,
        declare(0, "6-6", "4-4"),
        trick("6-6", "6-2"),
        trick("6-4", "6-1"),
        trick("5-4", "5-2"),
    ]
    d = GAME.view(play(*events)).detail
    assert (d["lead"], d["hand_size"], d["known_in_hand"][0]) == (0, 4, ["4-4"])
    assert d["next"]["declare_at_most"] == 3
    err = refused("declaration_exceeds_hand", *events, declare(0, "5-5", "3-3", "2-2", "1-1"))
    assert err.rule == "B28" and "knows these are among them: 4-4. So at most 3 more" in str(err)
    assert (
        GAME.view(play(*events, declare(0, "5-5", "3-3", "2-2"))).detail["pending_declaration"]["seat"] == 0
    )


def test_b31_invincible_on_the_first_lead_of_a_closed_deal_before_any_trick_is_allowed():
    """B31 with B-Δ8: a close before the first trick leaves 7 tiles in hand, so all seven doubles fit."""
    state = play(deal("6-5"), close(0), declare(0, *SEVEN), options={"closeBeforeFirstTrick": True})
    assert GAME.view(state).totals == (3, 0)


# ------------------------------------------------------------------ B32-B37, B43-B44: claims


def crafted(
    wins: list[tuple[int, int]], *, decls=(), close_: CloseRecord | None = None, played_out=False
) -> DealState:
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
        DeclarationRecord(event=0, seat=s, doubles=(t("1-1"), t("2-2")), points=p, before_trick=2)
        for s, p in decls
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


# Aki closes after trick 5 and wins tricks 6-11; Ben plays [0-0] onto the trump double [3-3] in the last
# trick, 12 (B46). Aki's implied claim would hold: 34 + 14 + 15 + 12 + 10 = 85 against Ben's 0 tricks at
# the close, 3 game points (B40, B42, B44 row 2).
CAPTURE_LAST = [
    deal(),
    *PHASE_ONE[:5],
    close(0),
    trick("6-3", "3-2"),
    trick("5-3", "4-3"),
    trick("3-0", "1-1"),
    trick("6-4", "4-1"),
    trick("6-0", "5-1"),
    trick("4-0", "4-2"),
    trick("3-3", "0-0"),
]


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ((0, 6), (0, 7)),  # the capture ends the match: Aki's implied claim is not scored (B2, B47)
        ((4, 6), (4, 7)),
        ((0, 5), (3, 6)),  # Ben stays under 7: the deal settles as the closer's claim as before (B40)
    ],
)
def test_b2_b47_b40_a_capture_reaching_seven_at_a_closed_deals_last_trick_ends_the_match_there(before, after):
    """B2, B47 with B40: the match ends at the capture, so nothing is scored after it; the issue's
    record showed [10, 4] where the match had ended at [7, 4]."""
    state = dataclasses.replace(play(*CAPTURE_LAST[:-1]), game_points=before)
    state = GAME.apply(state, decode(GAME.events, CAPTURE_LAST[-1]))
    view = GAME.view(state)
    assert view.detail["tricks"][-1]["capture"] == 1
    assert view.totals == after
    if after[1] == 7:
        assert view.finished and view.winners == (1,) and view.detail["status"] == "match_over"
        assert view.detail["claim"] is None and view.detail["deals"][-1]["result"] is None
        assert view.detail["next"]["can_claim"] == [] and view.detail["next"]["can_deal"] is False
        for later in (claim(0), claim(1), deal(leader=None)):
            with pytest.raises(GameOver):
                GAME.apply(state, decode(GAME.events, later))
    else:
        assert not view.finished and view.detail["claim"]["kind"] == "implied_claim"


def test_b24_b25_shows_after_the_match_ending_claim_still_check_the_last_deal():
    """record-format 'Breaches': a show settles nothing, so it is accepted after the claim that ends the
    match, and the last deal's phase-2 replies are checked like any other deal's."""
    state = dataclasses.replace(play(deal(), *PHASE_ONE, *PHASE_TWO[:2]), game_points=(6, 0))
    ended = GAME.apply(state, decode(GAME.events, claim(0)))
    assert GAME.view(ended).finished
    with pytest.raises(GameOver):
        GAME.apply(ended, decode(GAME.events, trick("6-6", "5-5")))
    for seat, shown in ((0, ["1-1", "3-1", "6-0", "5-0", "2-0"]), (1, ["1-0", "3-0", "4-3", "5-3", "6-3"])):
        ended = GAME.apply(ended, decode(GAME.events, {"type": "show", "seat": seat, "tiles": shown}))
    assert GAME.view(ended).breaches == () and GAME.view(ended).totals[0] >= 7
