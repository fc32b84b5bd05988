"""Trick de Bingo rules (docs/rules/trick-de-bingo.md): the game and its options, drafting T5-T10,
tricks T2/T11, rounds and the game T4/T21, custom cards, purity, the golden record and that every
rule id is referenced by a test. Scoring is in test_trick_de_bingo_scoring.py, random rounds in
test_trick_de_bingo_playouts.py, T-E1 and the per-card catalog checks in test_conditions.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_trick_de_bingo_support import (
    DEAL,
    PLAYERS,
    REPO,
    SHEETS,
    draft_events,
    drafted,
    feed,
    new,
    played,
    refused,
    staged,
    trick,
)

from referee.games import GAMES
from referee.games.trick_de_bingo.rules import GAME
from referee.rules.base import GameOver, MalformedEvent
from referee.rules.events import decode
from referee.rules.names import check_players
from tests.rule_ids import rule_ids

# --- the game description and options (README §8) ----------------------------------------------


def test_trick_de_bingo_is_registered_with_exactly_four_players_t1():
    assert GAMES["trick-de-bingo"] is GAME
    assert (GAME.min_players, GAME.max_players) == (4, 4)
    with pytest.raises(MalformedEvent):
        check_players(GAME, PLAYERS[:3])


def test_options_are_the_readme_ids_with_their_defaults():
    assert GAME.resolve_options({}) == {
        "placeBlindBeforeLooking": False,
        "counterClockwiseTricks": False,
        "onlyOneBonus": False,
        "manualClaims": False,
        "aceLowForNumberConditions": False,
        "strictExtremes": False,
        "rounds": 4,
    }
    assert GAME.resolve_options({"rounds": 2})["rounds"] == 2
    for bad in (3, "2", 2.0, True):  # a JSON integer, one of the choices (record-format: exactly as written)
        with pytest.raises(MalformedEvent):
            GAME.resolve_options({"rounds": bad})


def test_everyone_starts_with_one_chip_t3_t_delta_8():
    assert GAME.view(new()).totals == (1, 1, 1, 1)


# --- drafting T5-T10 ----------------------------------------------------------------------------


def test_first_round_needs_a_dealer_t4():
    refused(new(), {"type": "round"}, "dealer_needed")
    refused(new(), {"type": "pick", "seat": 0, "card": "TB-01", "cell": 5}, "no_round")


def test_drafting_starts_with_the_dealer_and_moves_left_t6():
    state = feed(new(), {"type": "round", "dealer": 2})
    assert GAME.view(state).detail["to_pick"] == 2
    msg = refused(state, {"type": "pick", "seat": 3, "card": "TB-01", "cell": 5}, "wrong_turn")
    assert "Chie" in msg
    state = feed(state, {"type": "pick", "seat": 2, "card": "TB-01", "cell": 5})
    assert GAME.view(state).detail["to_pick"] == 3


def test_a_drafted_card_cannot_be_drafted_again_in_the_round_t6():
    state = feed(
        new(), {"type": "round", "dealer": 0}, {"type": "pick", "seat": 0, "card": "TB-07", "cell": 5}
    )
    msg = refused(state, {"type": "pick", "seat": 1, "card": "tb-07", "cell": 5}, "card_drafted")
    assert msg == "“Lead a club and win that trick” was already drafted by Aki in this round."
    assert GAME.view(state).detail["used_cards"] == ["TB-07"]
    assert "TB-07" not in GAME.view(state).detail["available_cards"]


def test_placement_is_final_and_a_used_cell_is_refused_t7():
    state = feed(new(), {"type": "round", "dealer": 0}, *draft_events(SHEETS)[:4])
    msg = refused(state, {"type": "pick", "seat": 0, "card": "TB-50", "cell": 5}, "cell_taken")
    assert "Square 5" in msg and "TB-" not in msg and "“Win trick 1”" in msg  # TB-23, by what it says
    refused(state, {"type": "pick", "seat": 0, "card": "TB-50", "cell": 10}, "bad_cell")
    refused(state, {"type": "pick", "seat": 0, "card": "TB-99", "cell": 1}, "unknown_card")


def test_a_blind_pick_is_recorded_like_any_pick_and_the_option_only_changes_the_note_t_delta_1():
    for blind in (False, True):
        state = feed(new(placeBlindBeforeLooking=blind), {"type": "round", "dealer": 0})
        notes = GAME.view(state).detail["notes"]
        assert ("before it is turned" in notes[0]["msg"]) == blind


def test_drafting_ends_after_36_picks_and_tricks_wait_for_it_t9():
    state = feed(new(), {"type": "round", "dealer": 0}, *draft_events(SHEETS)[:35])
    refused(state, trick(DEAL[0]), "drafting_not_done")
    state = feed(state, draft_events(SHEETS)[35])
    view = GAME.view(state)
    assert view.detail["phase"] == "tricks" and view.detail["to_lead"] == 0
    assert len(view.detail["available_cards"]) == 50 - 36
    refused(state, {"type": "pick", "seat": 0, "card": "TB-50", "cell": 1}, "drafting_over")


def test_bp_is_paid_as_soon_as_the_card_is_placed_t10():
    state = feed(
        new(), {"type": "round", "dealer": 0}, {"type": "pick", "seat": 0, "card": "TB-10", "cell": 7}
    )
    assert GAME.view(state).totals == (2, 1, 1, 1)  # chip + BP+1 of #10, before any trick


# --- tricks T2, T11 -----------------------------------------------------------------------------


def test_highest_card_of_the_led_suit_wins_without_trumps_t2_t11():
    state = feed(drafted(), trick(DEAL[0]), trick(DEAL[1]), trick(DEAL[2]), trick(DEAL[3]))
    tricks = GAME.view(state).detail["tricks"]
    assert [t["winner"] for t in tricks] == [0, 0, 0, 3]
    assert tricks[2]["why"]["params"] == {"player": "Aki", "card": "2♣", "suit": "clubs"}
    assert GAME.view(state).detail["to_lead"] == 3  # the winner leads next (T11)
    assert GAME.view(state).detail["play_order"] == [3, 0, 1, 2]


def test_tricks_go_to_the_right_with_counter_clockwise_tricks_t_delta_2():
    state = feed(drafted(counterClockwiseTricks=True), trick("AC 4H 2H 3C"))
    t = GAME.view(state).detail["tricks"][0]
    assert [c["seat"] for c in t["cards"]] == [0, 3, 2, 1]
    assert {c["seat"]: c["card"] for c in t["cards"]}[1] == "3C"


def test_a_card_already_played_is_refused_naming_its_trick():
    state = feed(drafted(), trick(DEAL[0]), trick(DEAL[1]))
    msg = refused(state, trick("AD 3C 4D 5D"), "card_played")
    assert msg == "3♣ was already played in trick 1."
    refused(state, trick("AD 4D 4D 5D"), "duplicate_card")
    refused(state, trick("AD 4D 5D"), "bad_trick")
    refused(state, trick("AD 4D 5D JK"), "joker")


def test_a_revoke_is_accepted_and_reported_as_a_breach_once_a_later_card_proves_it_t11():
    # North leads AC; East discards 2S although East still holds 3C, which East plays in trick 2.
    state = feed(drafted(), trick("AC 2S 2H 4H"))
    assert GAME.view(state).breaches == ()
    state = feed(state, trick("KC 3C 3H 10S"))
    (breach,) = GAME.view(state).breaches
    assert (breach.event, breach.rule, breach.seat) == (37, "T11", 1)
    assert (  # the message is an msgid with its parameters, translated where it is shown
        breach.message % breach.params
        == "Ben did not follow clubs in trick 1 of round 1 but still held 3♣ (played in trick 2)."
    )


# --- rounds and the game T4, T21 -----------------------------------------------------------------


def test_the_deal_passes_to_the_left_each_round_and_the_game_ends_after_the_agreed_rounds_t4_t21():
    state = played(drafted(rounds=2))
    refused(state, {"type": "round", "dealer": 3}, "wrong_dealer")
    state = feed(state, {"type": "round"})
    view = GAME.view(state)
    assert (view.detail["round"], view.detail["dealer"], view.detail["to_pick"]) == (2, 1, 1)
    assert not view.finished
    sheets = {s: SHEETS[(s - 1) % 4] for s in range(4)}
    state = feed(state, *draft_events(sheets, dealer=1))
    refused(state, {"type": "round"}, "round_in_progress")
    state = feed(state, *(trick(t) for t in ROTATED_DEAL))
    view = GAME.view(state)
    assert view.finished and view.detail["phase"] == "finished"
    assert len(view.detail["score_rows"]) == 2
    assert view.totals == tuple(
        1 + sum(r["rows"][s]["total"] for r in view.detail["score_rows"]) for s in range(4)
    )
    assert view.winners == (max(range(4), key=lambda s: view.totals[s]),)
    with pytest.raises(GameOver):
        feed(state, {"type": "round"})


# Round 2 (dealer East): every seat holds its right-hand neighbour's round-1 hand and plays it the same way.
ROTATED_DEAL = DEAL


def test_tied_totals_share_the_win_t_delta_7():
    view = GAME.view(staged({}, rounds=1))
    assert view.totals == (1, 1, 1, 1) and view.winners == (0, 1, 2, 3)


# --- custom cards (app event "card") -------------------------------------------------------------


def test_a_custom_card_can_be_defined_and_drafted():
    cond = {"kind": "trick", "when": {"all": [{"outcome": "win"}, {"card": {"rank": 9}}]}}
    state = feed(new(), {"type": "card", "id": "MY-01", "condition": json.dumps(cond), "vp": 2})
    custom = GAME.view(state).detail["custom_cards"][0]
    assert custom["en"] == "In one trick: you win the trick and your card is a 9."
    assert custom["ja"] == "1つのトリックで: トリックに勝つ、自分のカードが9"
    state = feed(
        state, {"type": "round", "dealer": 0}, {"type": "pick", "seat": 0, "card": "MY-01", "cell": 5}
    )
    assert GAME.view(state).detail["sheets"][0][4]["card"] == "MY-01"


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ({"id": "TB-07", "condition": '{"kind": "trick", "when": {"led": true}}'}, "card_id_taken"),
        ({"id": "tb-07", "condition": '{"kind": "trick", "when": {"led": true}}'}, "card_id_taken"),
        ({"id": "bad id!", "condition": '{"kind": "trick", "when": {"led": true}}'}, "bad_card_id"),
        ({"id": "MY-02", "condition": "win a trick"}, "bad_condition"),
        ({"id": "MY-02", "condition": '{"kind": "trick", "when": {"led": 1}}'}, "bad_condition"),
        ({"id": "MY-02", "condition": '{"kind": "trick", "when": {"led": true}}', "bp": 9}, "bad_bonus"),
    ],
)
def test_bad_custom_cards_are_refused(raw, code):
    refused(new(), {"type": "card", **raw}, code)


def test_a_custom_id_cannot_be_defined_twice():
    raw = {"type": "card", "id": "MY-01", "condition": '{"kind": "trick", "when": {"led": true}}'}
    refused(feed(new(), raw), raw, "card_id_taken")


# --- purity and coverage -------------------------------------------------------------------------


def test_apply_never_changes_the_old_state():
    state = played(drafted(), 3)
    before = GAME.view(state)
    feed(state, trick(DEAL[3]))
    assert GAME.view(state) == before


def test_every_rule_id_of_the_digest_is_referenced_by_a_test():
    ids = rule_ids("trick-de-bingo")
    here = Path(__file__).parent
    files = [*here.glob("test_trick_de_bingo*.py"), *here.glob("test_conditions*.py")]
    text = "".join(p.read_text(encoding="utf-8") for p in files)
    text = re.sub(r"_t(\d+)", r"_T\1", text.replace("t_delta_", "T-Δ").replace("t_e", "T-E"))
    names = set(re.findall(r"(?<![A-Za-z0-9])T(?:-E|-Δ)?\d+", text))
    assert ids - names == set()


def test_t12_the_app_keeps_the_full_trick_record():
    """T12: instead of face-down piles, the view lists every trick with each seat's card."""
    tricks = GAME.view(played(drafted(), 13)).detail["tricks"]
    assert len(tricks) == 13 and all(len(t["cards"]) == 4 for t in tricks)


def test_t5_t8_the_deck_and_market_are_not_modelled_only_drafted_ids():
    """T5, T8: shuffling and the 2 face-up cards are table procedure; the referee records the picks."""
    assert len(GAME.view(drafted()).detail["used_cards"]) == 36


# --- golden record -------------------------------------------------------------------------------

GOLDEN = REPO / "tests" / "records" / "trick-de-bingo-one-round.json"


def test_golden_record_replays_to_the_hand_computed_totals():
    record = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert (
        record["format"] == "referee-record" and record["version"] == 1 and record["game"] == "trick-de-bingo"
    )
    state = GAME.start(tuple(record["players"]), GAME.resolve_options(record["options"]))
    for raw in record["events"]:
        state = GAME.apply(state, decode(GAME.events, raw))
    view = GAME.view(state)
    # By hand (T20), chip 1 each:
    # North: BP 1 (#10) + First Bingo 2 (line 1-5-9 on trick 1) + flipped 7 + lines 4 + VP 1 (#23) + 3 (#10) = 18 -> 19
    # East: flips #16 (t3), #22 (t3), #13 (t6); line 3-5-7 (t6); VP 1 (#13): 3 + 1 + 1 = 5 -> 6
    # South: flips #18 (t6), #43 (t13); no line; VP 1 (#43): 2 + 1 = 3 -> 4
    # West: BP 1 (#47) + Last Bingo 2 + flips #37 (t4) #02 (t5) #04 #21 (t6) #26 (t7) #24 #49 (t13) = 7
    #       + lines 1-4-7 (t7), 1-2-3, 4-5-6, 3-5-7 (t13) = 4 + VP 1 (#24) + 1 (#21) + 1 (#26) = 17 -> 18
    assert view.totals == (19, 6, 4, 18)
    assert view.finished and view.winners == (0,)
    assert view.breaches == ()
