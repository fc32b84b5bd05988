"""Trick de Bingo scoring (docs/rules/trick-de-bingo.md T13-T22, T-Δ3, T-Δ4): flips and their proof,
lines, First and Last Bingo, the end-of-round count (worked examples T-E2..T-E4) and manual claims.
"""

from __future__ import annotations

import pytest
from test_trick_de_bingo_support import (
    DEAL,
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

from referee.games.trick_de_bingo.rules import GAME
from referee.games.trick_de_bingo.rules.state import round_scores, totals

# --- flips, lines, bonuses and the end of the round T13-T22 -------------------------------------


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
    assert msg == ("“Lose three consecutive tricks” is not achieved by trick 1: Ben played 3♣ and lost it.")
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
    assert (
        msg
        == "“Win trick 1” was achieved in trick 1, but its claim had to be made before trick 2 began (T19)."
    )
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


def test_the_totals_are_the_chip_plus_the_score_rows_the_view_shows():
    """T3, T21: the view scores each round once and sums the same rows into the totals."""
    state = played(drafted(rounds=1))
    view = GAME.view(state)
    rows = view.detail["score_rows"][0]["rows"]
    assert view.totals == tuple(1 + row["total"] for row in rows) == (19, 6, 4, 18)
    assert view.totals == totals(state) == totals(state, round_scores(state))


def test_every_trick_checks_each_seat_s_sheet_cells_in_cell_order():
    rnd = played(drafted(rounds=1)).current
    assert rnd is not None
    for seat in range(4):
        assert rnd.sheet_cells(seat) == tuple(sorted(rnd.sheet(seat).items()))
        assert [cell for cell, _card in rnd.sheet_cells(seat)] == list(range(1, 10))


def test_a_view_writes_each_flip_s_proof_once_for_its_cell_and_its_trick(monkeypatch):
    """The sheet's cell and the trick that flipped it show the same proof, written once per view."""
    from referee.games.trick_de_bingo.conditions.language import Proof

    state = played(drafted(rounds=1))
    written = []
    as_json = Proof.as_json
    monkeypatch.setattr(Proof, "as_json", lambda proof: written.append(proof) or as_json(proof))
    detail = GAME.view(state).detail
    flips = [f for t in detail["tricks"] for f in t["flips"]]
    assert flips and len(written) == len(flips)
    cells = {(seat, c["cell"]): c for seat, sheet in enumerate(detail["sheets"]) for c in sheet}
    for f in flips:
        assert cells[f["seat"], f["cell"]]["proof"] == f["proof"]


def test_a_view_looks_up_each_drafted_card_once(monkeypatch):
    """A view reads every drafted card for its score and for its cell: each is looked up once in the
    catalog (directly, or through ``State.drafted``)."""
    from referee.games.trick_de_bingo.rules import state as state_module

    state = played(drafted(rounds=1))
    looked_up = []

    class Catalog(dict):  # the catalog, counting what is asked of it
        def get(self, card_id, default=None):
            looked_up.append(card_id)
            return super().get(card_id, default)

    monkeypatch.setattr(state_module, "CATALOG_BY_ID", Catalog(state_module.CATALOG_BY_ID))
    GAME.view(state)
    assert sorted(looked_up) == sorted(p.card for p in state.current.picks)


def test_a_sheet_cell_is_its_own_dict_in_the_order_the_api_writes():
    """A placed card's keys come from what the card keeps (``ConditionCard.sheet_keys``, a catalog card's
    once per process): each view's cell is a dict of its own, so a reader that changes one changes no
    other view, and the keys stay in the order the API has always written them."""
    state = played(drafted(rounds=1))
    first, second = GAME.view(state).detail["sheets"][0][0], GAME.view(state).detail["sheets"][0][0]
    assert list(first) == ["cell", "card", "flipped", "proof", "ja", "en", "bp", "vp", "type"]
    text = second["en"]
    first["en"], first["bp"] = "changed", 99
    assert (second["en"], GAME.view(state).detail["sheets"][0][0]["en"]) == (text, text)
    assert GAME.view(state).detail["sheets"][0][0]["bp"] == second["bp"] != 99
    assert list(GAME.view(new()).detail["sheets"]) == []  # no round yet: no sheets
    empty = GAME.view(feed(new(), {"type": "round", "dealer": 0})).detail["sheets"][0][0]
    assert empty == {"cell": 1, "card": None, "flipped": False, "proof": None}
