"""Trick de Bingo rules (docs/rules/trick-de-bingo.md T1-T22, T-Δ1..T-Δ8, worked examples T-E2..T-E4).

T-E1 and the per-card catalog checks are in test_conditions.py. Seats: North 0, East 1, South 2,
West 3 (clockwise). Events are fed as raw JSON dicts through the record codec.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules import GAMES
from referee.rules.base import GameOver, IllegalEvent, MalformedEvent
from referee.rules.cards import deck
from referee.rules.conditions import CATALOG, first_achieved
from referee.rules.events import decode
from referee.rules.trick_de_bingo import GAME
from referee.rules.trick_de_bingo.state import LINES, completed_lines
from tests.rule_ids import rule_ids

PLAYERS = ("Aki", "Ben", "Chie", "Dan")
REPO = Path(__file__).parents[2]

# T-E2's sheet for North and three more sheets (cells 1-9 row by row); used by the golden record too.
SHEETS = {
    0: ["TB-01", "TB-09", "TB-15", "TB-20", "TB-23", "TB-27", "TB-10", "TB-30", "TB-39"],
    1: ["TB-05", "TB-48", "TB-16", "TB-17", "TB-22", "TB-19", "TB-13", "TB-25", "TB-31"],
    2: ["TB-18", "TB-33", "TB-41", "TB-32", "TB-43", "TB-12", "TB-14", "TB-45", "TB-44"],
    3: ["TB-37", "TB-02", "TB-24", "TB-04", "TB-21", "TB-49", "TB-26", "TB-06", "TB-47"],
}
# A legal deal played out, dealer North: each trick in play order from its leader.
DEAL = [
    "AC 3C 2H 4H",  # 1: N leads, wins
    "KC 2S 3H 10S",  # 2: N
    "2C 3S 7H JS",  # 3: N wins with a 2 (nobody else has a club)
    "5H 6H JH KH",  # 4: W
    "AD QC 2D 6D",  # 5: W leads; N discards QC
    "AS JC 4S 6S",
    "KS 10C 5S 7S",
    "QS 9C 8H 8S",
    "KD 8C 3D 7D",
    "QD 7C 4D 8D",
    "JD 6C 5D 9D",
    "10D 5C 9H 9S",
    "AH 4C 10H QH",  # 13: W
]
CELL_ORDER = (5, 1, 9, 3, 7, 2, 4, 6, 8)


def new(**options):
    return GAME.start(PLAYERS, GAME.resolve_options(options))


def feed(state, *raw):
    for r in raw:
        state = GAME.apply(state, decode(GAME.events, r))
    return state


def trick(text):
    return {"type": "trick", "cards": text.split()}


def draft_events(sheets, dealer=0):
    """The 36 picks in turn order (T6): dealer first, then to the left; cells centre first."""
    out = []
    for j in range(9):
        for i in range(4):
            seat = (dealer + i) % 4
            cell = CELL_ORDER[j]
            out.append({"type": "pick", "seat": seat, "card": sheets[seat][cell - 1], "cell": cell})
    return out


def drafted(sheets=SHEETS, dealer=0, **options):
    return feed(new(**options), {"type": "round", "dealer": dealer}, *draft_events(sheets, dealer))


def refused(state, raw, code):
    with pytest.raises((IllegalEvent, MalformedEvent)) as err:
        feed(state, raw)
    assert err.value.code == code, str(err.value)
    return str(err.value)


# --- the game description and options (README §8) ----------------------------------------------


def test_trick_de_bingo_is_registered_with_exactly_four_players_t1():
    assert GAMES["trick-de-bingo"] is GAME
    assert (GAME.min_players, GAME.max_players) == (4, 4)
    with pytest.raises(MalformedEvent):
        GAME.check_players(PLAYERS[:3])


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
    for refused in (3, "2", 2.0, True):  # a JSON integer, one of the choices (record-format: exactly as written)
        with pytest.raises(MalformedEvent):
            GAME.resolve_options({"rounds": refused})


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
    assert msg == "TB-07 was already drafted by Aki in this round."
    assert GAME.view(state).detail["used_cards"] == ["TB-07"]
    assert "TB-07" not in GAME.view(state).detail["available_cards"]


def test_placement_is_final_and_a_used_cell_is_refused_t7():
    state = feed(new(), {"type": "round", "dealer": 0}, *draft_events(SHEETS)[:4])
    msg = refused(state, {"type": "pick", "seat": 0, "card": "TB-50", "cell": 5}, "cell_taken")
    assert "Cell 5" in msg and "TB-01" not in msg and "TB-23" in msg
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
        == "Ben did not follow clubs in trick 1 of round 1 but still held 3C (played in trick 2)."
    )


# --- flips, lines, bonuses and the end of the round T13-T22 -------------------------------------


def played(state, n=13):
    return feed(state, *(trick(t) for t in DEAL[:n]))


def test_worked_example_t_e2_end_of_round_total_is_19():
    state = played(drafted(rounds=1))
    view = GAME.view(state)
    sheet = view.detail["sheets"][0]
    assert [c["cell"] for c in sheet if c["flipped"]] == [1, 3, 4, 5, 7, 8, 9]
    assert sorted(line["cells"] for line in view.detail["lines"][0]) == [
        [1, 4, 7],
        [1, 5, 9],
        [3, 5, 7],
        [7, 8, 9],
    ]
    row = view.detail["score_rows"][0]["rows"][0]
    assert row == {
        "seat": 0,
        "bp": 1,
        "first_bingo": 2,
        "last_bingo": 0,
        "flipped": 7,
        "lines": 4,
        "vp": 4,
        "total": 18,
    }
    assert view.totals[0] == 19  # chip 1 + BP 1 + First 2 + flipped 7 + lines 4 + VP (1 + 3)


def test_a_flipped_card_keeps_its_first_proof_t14():
    state = played(drafted())
    cell = GAME.view(state).detail["sheets"][0][3]  # TB-20 win two consecutive tricks: tricks 1-2
    assert cell["card"] == "TB-20" and cell["proof"] == {"trick": 2, "tricks": [1, 2], "cards": ["AC", "KC"]}


def test_one_trick_may_flip_several_cards_t14():
    flips = GAME.view(played(drafted(), 1)).detail["tricks"][0]["flips"]
    assert [(f["seat"], f["card"]) for f in flips] == [(0, "TB-01"), (0, "TB-23"), (0, "TB-39")]


def test_lines_are_announced_when_completed_t16():
    tricks = GAME.view(played(drafted(), 7)).detail["tricks"]
    assert tricks[0]["new_lines"] == [{"seat": 0, "cells": [1, 5, 9]}]
    assert tricks[2]["new_lines"] == [{"seat": 0, "cells": [1, 4, 7]}, {"seat": 0, "cells": [3, 5, 7]}]


def test_flips_lines_and_vp_count_at_round_end_while_bp_and_bingo_bonuses_count_at_once_t20():
    mid = GAME.view(played(drafted(), 12))
    assert mid.totals == (1 + 1 + 2, 1, 1, 1 + 1)  # chips, BP of TB-10 and TB-47, First Bingo
    end = GAME.view(played(drafted(), 13))
    assert end.totals == (19, 6, 4, 18)


def _custom_sheets(flip_at):
    """Custom cards "X<seat><cell>" flipping at a given trick (or never, None) to stage bingos."""
    events, sheets = [], {}
    for seat in range(4):
        sheets[seat] = []
        for cell in range(1, 10):
            k = flip_at.get((seat, cell))
            when = {"trick": k} if k else {"all": [{"trick": 1}, {"trick": 2}]}
            card_id = f"X{seat}{cell}"
            events.append(
                {"type": "card", "id": card_id, "condition": json.dumps({"kind": "trick", "when": when})}
            )
            sheets[seat].append(card_id)
    return events, sheets


def staged(flip_at, **options):
    events, sheets = _custom_sheets(flip_at)
    state = feed(new(**options), *events, {"type": "round", "dealer": 0}, *draft_events(sheets))
    return played(state)


def test_worked_example_t_e3_simultaneous_first_bingo():
    # East and West both complete their first line at trick 8; North completes one at trick 9.
    flip_at = {(1, c): 8 for c in (1, 2, 3)} | {(3, c): 8 for c in (4, 5, 6)} | {(0, c): 9 for c in (7, 8, 9)}
    view = GAME.view(staged(flip_at))
    assert view.detail["bonuses"] == [
        {"seat": 1, "kind": "first", "trick": 8, "points": 2},
        {"seat": 3, "kind": "first", "trick": 8, "points": 2},
    ]
    rows = view.detail["score_rows"][0]["rows"]
    assert [r["first_bingo"] for r in rows] == [0, 2, 0, 2]  # per player, not per line (T17)


def test_worked_example_t_e4_last_bingo_once_and_a_point_per_line_t18():
    # North bingos at trick 5; South's last open cell (1) flips on trick 13 and completes 2 lines.
    flip_at = {(0, c): 5 for c in (1, 2, 3)} | {(2, c): 2 for c in (2, 3, 4, 7)} | {(2, 1): 13}
    view = GAME.view(staged(flip_at))
    south = view.detail["score_rows"][0]["rows"][2]
    assert (south["first_bingo"], south["last_bingo"], south["lines"], south["flipped"]) == (0, 2, 2, 5)
    assert view.detail["lines"][2] == [{"cells": [1, 2, 3], "trick": 13}, {"cells": [1, 4, 7], "trick": 13}]


@pytest.mark.parametrize(("only_one", "bonus"), [(False, 4), (True, 2)])
def test_first_line_of_the_round_on_trick_13_scores_both_bonuses_unless_only_one_bonus_t_delta_3(
    only_one, bonus
):
    flip_at = {(2, c): 2 for c in (2, 3)} | {(2, 1): 13}
    view = GAME.view(staged(flip_at, onlyOneBonus=only_one))
    south = view.detail["score_rows"][0]["rows"][2]
    assert south["first_bingo"] + south["last_bingo"] == bonus


def test_a_full_sheet_scores_at_most_17_before_bonuses_t22():
    view = GAME.view(staged({(0, c): 1 for c in range(1, 10)}))
    row = view.detail["score_rows"][0]["rows"][0]
    assert row["flipped"] + row["lines"] == 9 + 8 == 17


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


# --- manual claims T13, T19, T-Δ4 ----------------------------------------------------------------


def test_claims_are_refused_when_the_app_flips_automatically():
    refused(played(drafted(), 1), {"type": "claim", "seat": 0, "card": "TB-01"}, "claims_automatic")


def test_a_correct_claim_flips_the_card_with_its_proof_t13():
    state = played(drafted(manualClaims=True), 1)
    assert {c["card"] for c in GAME.view(state).detail["claimable"]} == {"TB-01", "TB-23", "TB-39"}
    state = feed(state, {"type": "claim", "seat": 0, "card": "TB-01"})
    cell = GAME.view(state).detail["sheets"][0][0]
    assert cell["flipped"] and cell["proof"]["cards"] == ["AC"]
    refused(state, {"type": "claim", "seat": 0, "card": "TB-01"}, "already_flipped")


def test_a_wrong_claim_is_refused_saying_what_was_played_and_needed():
    state = played(drafted(manualClaims=True), 1)
    msg = refused(state, {"type": "claim", "seat": 1, "card": "TB-22"}, "not_achieved")
    assert msg == (
        "TB-22 is not achieved by trick 1: Ben played 3♣ and lost it; the card needs: Lose three consecutive tricks"
    )
    refused(state, {"type": "claim", "seat": 1, "card": "TB-01"}, "not_on_sheet")


def test_an_achievement_not_claimed_before_the_next_trick_is_lost_t19():
    state = played(drafted(manualClaims=True), 2)
    missed = GAME.view(state).detail["missed"]
    assert {(m["seat"], m["card"], m["trick"]) for m in missed} == {
        (0, "TB-01", 1),
        (0, "TB-23", 1),
        (0, "TB-39", 1),
    }
    msg = refused(state, {"type": "claim", "seat": 0, "card": "TB-23"}, "claim_too_late")
    assert msg == "TB-23 was achieved in trick 1, but its claim had to be made before trick 2 began (T19)."
    # "win a trick with a club" is met again in trick 2, so it can still be claimed now.
    feed(state, {"type": "claim", "seat": 0, "card": "TB-01"})


def test_claiming_every_achievement_at_once_scores_like_the_automatic_mode():
    state = feed(new(manualClaims=True, rounds=1), {"type": "round", "dealer": 0}, *draft_events(SHEETS))
    for text in DEAL:
        state = feed(state, trick(text))
        for c in GAME.view(state).detail["claimable"]:
            state = feed(state, {"type": "claim", "seat": c["seat"], "card": c["card"]})
    assert GAME.view(state).totals == (19, 6, 4, 18)
    assert GAME.view(state).finished


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


# --- Hypothesis: random legal rounds -------------------------------------------------------------


def legal_round(rng, dealer, step=1):
    """Shuffle, deal 13 each (T5), and play 13 must-follow tricks with random legal cards (T11)."""
    cards = list(deck())
    rng.shuffle(cards)
    hands = {s: cards[13 * s : 13 * s + 13] for s in range(4)}
    leader, tricks = dealer, []
    for _ in range(13):
        order = [(leader + step * i) % 4 for i in range(4)]
        played_cards = []
        for seat in order:
            follow = [c for c in hands[seat] if played_cards and c.suit == played_cards[0].suit]
            card = rng.choice(follow or hands[seat])
            hands[seat].remove(card)
            played_cards.append(card)
        best = max(
            range(4), key=lambda i: (played_cards[i].suit == played_cards[0].suit, played_cards[i].rank)
        )
        leader = order[best]
        tricks.append([str(c) for c in played_cards])
    return tricks


def random_sheets(rng):
    ids = [c.id for c in CATALOG]
    rng.shuffle(ids)
    return {s: ids[9 * s : 9 * s + 9] for s in range(4)}


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), ccw=st.booleans(), ace_low=st.booleans(), strict=st.booleans())
def test_random_legal_rounds_keep_the_invariants(seed, ccw, ace_low, strict):
    rng = random.Random(seed)
    options = {"counterClockwiseTricks": ccw, "aceLowForNumberConditions": ace_low, "strictExtremes": strict}
    state = drafted(random_sheets(rng), dealer=rng.randrange(4), rounds=1, **options)
    flipped_before: set[tuple[int, int]] = set()
    for cards in legal_round(rng, GAME.view(state).detail["dealer"], -1 if ccw else 1):
        state = feed(state, {"type": "trick", "cards": cards})
        view = GAME.view(state)
        flipped = {
            (s, c["cell"]) for s, sheet in enumerate(view.detail["sheets"]) for c in sheet if c["flipped"]
        }
        assert flipped_before <= flipped  # a flipped card stays flipped (T14)
        flipped_before = flipped
        for seat in range(4):  # line count = lines of flipped cells (T16)
            cells = {c for s, c in flipped if s == seat}
            assert {tuple(x["cells"]) for x in view.detail["lines"][seat]} == completed_lines(cells)
        assert view.breaches == ()  # legal play never breaches
    view = GAME.view(state)
    assert view.finished
    records = state.current.records
    for seat, sheet in enumerate(view.detail["sheets"]):
        for c in sheet:  # each card flipped exactly at the earliest trick achieving it
            proof = first_achieved(state.card(c["card"]).condition, seat, records, state.rules)
            assert c["flipped"] == (proof is not None)
            if proof:
                assert c["proof"] == proof.as_json()
    rows = view.detail["score_rows"][0]["rows"]
    for seat in range(4):
        row = rows[seat]
        assert row["flipped"] == sum(c["flipped"] for c in view.detail["sheets"][seat])
        assert row["total"] == sum(v for k, v in row.items() if k not in ("total", "seat"))
        assert view.totals[seat] == 1 + row["total"]
    firsts = [b for b in view.detail["bonuses"] if b["kind"] == "first"]
    line_tricks = [x["trick"] for seat_lines in view.detail["lines"] for x in seat_lines]
    assert {b["trick"] for b in firsts} == ({min(line_tricks)} if line_tricks else set())  # T17
    assert len(LINES) == 8


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**9), cut=st.integers(1, 13))
def test_random_rounds_with_a_revoke_report_exactly_the_rebuilt_hand_breaches(seed, cut):
    """T11 after the fact, on a round cut after ``cut`` tricks: each revoke is reported once, at its
    trick, exactly when the seat plays the suit led in a later trick of the record, and
    ``detected_at`` is the first such trick."""
    rng = random.Random(seed)
    state = drafted(random_sheets(rng), rounds=1)
    cards = list(deck())
    rng.shuffle(cards)
    hands = {s: cards[13 * s : 13 * s + 13] for s in range(4)}
    leader, history = 0, []
    for _ in range(cut):  # everybody plays a random card of their hand, legal or not
        order = [(leader + i) % 4 for i in range(4)]
        played_cards = [hands[s].pop(rng.randrange(len(hands[s]))) for s in order]
        best = max(
            range(4), key=lambda i: (played_cards[i].suit == played_cards[0].suit, played_cards[i].rank)
        )
        history.append((order, played_cards))
        leader = order[best]
        state = feed(state, {"type": "trick", "cards": [str(c) for c in played_cards]})
    expected = []
    for k, (order, played_cards) in enumerate(history):
        led = played_cards[0].suit
        for seat, card in zip(order, played_cards, strict=True):
            later = [
                j
                for j, (o, p) in enumerate(history)
                if j > k and any(s == seat and c.suit == led for s, c in zip(o, p, strict=True))
            ]
            if card.suit != led and later:
                expected.append((36 + 1 + k, seat, 36 + 1 + later[0]))
    got = [(b.event, b.seat, b.detected_at) for b in GAME.view(state).breaches]
    assert sorted(got) == sorted(expected)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_manual_claims_of_everything_claimable_match_the_automatic_mode_t_delta_4(seed):
    rng = random.Random(seed)
    sheets, dealer = random_sheets(rng), rng.randrange(4)
    tricks = legal_round(rng, dealer)
    auto = drafted(sheets, dealer=dealer, rounds=1)
    manual = drafted(sheets, dealer=dealer, rounds=1, manualClaims=True)
    for cards in tricks:
        auto = feed(auto, {"type": "trick", "cards": cards})
        manual = feed(manual, {"type": "trick", "cards": cards})
        for c in GAME.view(manual).detail["claimable"]:
            manual = feed(manual, {"type": "claim", "seat": c["seat"], "card": c["card"]})
        assert GAME.view(manual).detail["claimable"] == []
        json.dumps(GAME.view(manual).detail)  # the detail is JSON-able at every step
    assert GAME.view(manual).totals == GAME.view(auto).totals
    assert GAME.view(manual).detail["sheets"] == GAME.view(auto).detail["sheets"]
    assert GAME.view(manual).detail["missed"] == []
