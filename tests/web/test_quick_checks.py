"""The Bingo claim check without a recorded deal (issue 15): ``POST /api/v1/checks/bingo-claim`` and
``/check``. Numbers come from the digest (docs/rules/bingo.md): B12 card points, B27 declarations, B13 and
B41 the last trick, B30 void declarations, B33-B34 the claim, B42 the close's snapshot, B44 the ladder,
B-Δ2 and B-Δ3 the options. Trump 5 throughout unless said: 5-5 = 28, 5-0 = 12, 5-x = 5 + x, 6-6 = 12,
4-4 = 8, 3-3 = 6, 2-2 = 4, 1-1 = 2, 0-0 = 14, 6-4 = 10, 3-0 = 10, others 0."""

from __future__ import annotations

import re

import pytest

# The checks answer from the request alone: no table is read or written (conftest holds them to it).
pytestmark = pytest.mark.storeless

URL = "/api/v1/checks/bingo-claim"
A62 = ["5-5", "6-6", "6-4", "3-0", "1-1", "6-1"]  # 28 + 12 + 10 + 10 + 2 + 0
B34 = ["5-0", "0-0", "4-4", "2-1"]  # 12 + 14 + 8
B24 = ["5-0", "4-4", "2-2", "2-1"]  # 12 + 8 + 4
B30 = ["5-0", "0-0", "2-2", "2-1"]  # 12 + 14 + 4
B29 = ["5-0", "4-4", "5-4", "2-1"]  # 12 + 8 + 9


def claim(won, claimer=0, declarations=([], []), last=None, closed=None, trump=5, **options):
    return {
        "trump": trump,
        "claimer": claimer,
        "won": [list(won[0]), list(won[1])],
        "declarations": [list(d) for d in declarations],
        "lastTrick": last,
        "closed": closed,
        "options": options,
    }


def check(client, body, lang="en"):
    resp = client.post(URL, json=body, headers={"Accept-Language": lang})
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()


def test_the_issue_example(client):
    body = {
        "trump": 5,
        "claimer": 0,
        "won": [["6-6", "5-1"], ["3-3", "4-2"]],
        "declarations": [[["5-5", "2-2"]], []],
        "lastTrick": 0,
        "closed": None,
        "options": {},
    }
    out = check(client, body)
    # 6-6 12 + 5-1 6 + double 20 + last trick 10 = 48 < 70; the opponent (3-3 6) wins 2 (both have a trick)
    assert (
        out["points"] == [48, 6] and out["correct"] is False and out["winner"] == 1 and out["gamePoints"] == 2
    )
    assert "Player 1: 48 card points in all" in out["lines"]
    assert "Player 1 won the last trick: 10" in out["lines"]


# B-E5 (derived): A claims with 62 + 20 declared = 82 >= 70.
@pytest.mark.parametrize(
    ("opponent", "gp"), [(B34, 1), (B24, 2), ([], 3)], ids=["B has 34: +1", "B has 24: +2", "B no trick: +3"]
)
def test_b_e5_a_correct_claim(client, opponent, gp):
    out = check(
        client,
        claim((A62, opponent), declarations=([["4-4", "3-3"]] if opponent != B34 else [["3-3", "2-2"]], [])),
    )
    assert out["points"][0] == 82 and out["correct"] and out["winner"] == 0 and out["gamePoints"] == gp


def test_b_e5_a_failed_claim_58_plus_10(client):
    a58 = ["5-5", "6-6", "6-4", "4-4"]  # 28 + 12 + 10 + 8, and the last trick's 10
    out = check(client, claim((a58, ["2-1", "6-2"]), last=0))
    assert out["points"] == [68, 0] and not out["correct"] and out["winner"] == 1 and out["gamePoints"] == 2
    trickless = check(client, claim((a58, []), last=0))
    assert trickless["winner"] == 1 and trickless["gamePoints"] == 3  # B44 row 4: either had no trick


# B-E6 (derived): A closes after trick 3 while B has 18 points from 1 trick.
A71 = ["5-5", "6-6", "6-4", "3-0", "5-6", "2-1"]  # 28 + 12 + 10 + 10 + 11
B40 = ["5-0", "0-0", "4-4", "3-3"]  # 12 + 14 + 8 + 6


def test_b_e6_the_closer_claims_71_against_a_snapshot_of_18(client):
    out = check(client, claim((A71, B40), closed={"by": 0, "opponentPoints": 18, "opponentHadTrick": True}))
    assert out["points"] == [71, 40] and out["correct"] and out["gamePoints"] == 2  # 18 < 30 at the close
    assert any("18" in line for line in out["lines"])


def test_b_e6_no_trick_for_b_at_the_close(client):
    out = check(client, claim((A71, B40), closed={"by": 0, "opponentPoints": 0, "opponentHadTrick": False}))
    assert out["gamePoints"] == 3


@pytest.mark.parametrize(
    ("lang", "close", "scores"),
    [
        ("en", "At the close, Player 2 had card points: 18; tricks: 1 (B42).", "Game points for Player 1: 2."),
        ("ja", "クローズ時、プレイヤー2は18点・1トリックでした（B42）。", "プレイヤー1のゲームポイント：2。"),
    ],
)
def test_the_closes_snapshot_and_the_game_points_read_right_for_one(client, lang, close, scores):
    """One trick, two game points: no "1 tricks", no "scores 2 game points" with a plural that breaks at 1
    (np12-check #4): the counts stand after a colon, as the verdict above them says them."""
    out = check(client, claim((A71, B40), closed={"by": 0, "opponentPoints": 18, "opponentHadTrick": True}), lang)
    assert close in out["lines"] and scores in out["lines"], out["lines"]


def test_b_e6_b_claims_correctly_against_the_closer(client):
    b73 = ["5-5", "0-0", "5-0", "5-6", "4-4", "2-1"]  # 28 + 14 + 12 + 11 + 8
    out = check(
        client,
        claim(
            (["6-6", "6-4"], b73), claimer=1, closed={"by": 0, "opponentPoints": 40, "opponentHadTrick": True}
        ),
    )
    assert (
        out["points"] == [22, 73] and out["correct"] and out["winner"] == 1 and out["gamePoints"] == 2
    )  # row 3


def test_b_e6_the_implied_claim_fails_at_66_and_no_last_trick_in_a_closed_deal(client):
    a66 = ["5-5", "6-6", "6-4", "3-0", "5-1", "2-1"]  # 28 + 12 + 10 + 10 + 6
    closed = {"by": 0, "opponentPoints": 18, "opponentHadTrick": True}
    out = check(client, claim((a66, ["4-4", "3-3"]), last=0, closed=closed))  # B41: the last trick is ignored
    assert out["points"][0] == 66 and not out["correct"] and out["winner"] == 1 and out["gamePoints"] == 2


@pytest.mark.parametrize(("opponent", "gp"), [(B29, 2), (B30, 1)], ids=["29: 2", "30: 1"])
def test_b44_ladder_at_the_30_threshold(client, opponent, gp):
    out = check(client, claim((A62 + ["4-3", "4-1"], opponent), last=0))
    # 62 + last trick 10 = 72 >= 70
    assert out["points"] == [72, 29 if opponent is B29 else 30] and out["gamePoints"] == gp


@pytest.mark.parametrize(("points", "had", "gp"), [(29, True, 2), (30, True, 1), (0, False, 3)])
def test_b44_row_2_uses_the_snapshot_at_its_thresholds(client, points, had, gp):
    closed = {"by": 0, "opponentPoints": points, "opponentHadTrick": had}
    out = check(client, claim((A71, B40), closed=closed))  # B has 40 now: only the snapshot counts (B42)
    assert out["correct"] and out["gamePoints"] == gp


def test_threshold_card_points_only_b_delta_3(client):
    # B: 24 card points + a double 20 = 44 >= 30 by default (1 GP); 24 < 30 counting cards only (2 GP)
    body = claim((A62 + ["4-3", "4-1"], B24), declarations=([], [["6-6", "1-1"]]), last=0)
    assert check(client, body)["gamePoints"] == 1
    body["options"] = {"thresholdCardPointsOnly": True}
    assert check(client, body)["gamePoints"] == 2


def test_three_if_non_claimer_trickless_b_delta_2(client):
    body = claim(([], B34))  # the claimer has no trick: 0 < 70
    assert check(client, body)["gamePoints"] == 3  # seed: either player trickless
    body["options"] = {"threeIfNonClaimerTrickless": True}
    assert check(client, body)["gamePoints"] == 2


def test_a_declaration_of_a_trickless_player_is_void_b30(client):
    out = check(client, claim((A62, []), claimer=1, declarations=([], [["2-2", "0-0"]])))
    assert out["points"][1] == 0 and not out["correct"]
    assert any("void" in line for line in out["lines"])


def test_lines_in_the_requests_language(client):
    out = check(client, claim((A62, B34)), lang="ja")
    assert any("プレイヤー1" in line for line in out["lines"]), out["lines"]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (claim((["6-6", "6-6"], [])), "tile_twice"),
        (claim((["6-6", "5-1"], ["5-1", "2-2"])), "tile_in_both"),
        (claim((["6-6"], [])), "odd_pile"),
        (claim((A62, B34), declarations=([["6-5", "2-2"]], [])), "not_a_double"),
        (claim((A62, B34), declarations=([["6-6", "2-2"]], [["2-2", "1-1"]])), "declared_twice"),
        (claim((A62, B34), declarations=([["6-6"]], [])), "too_few_doubles"),
        (
            claim((A62, B34), declarations=([["6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "0-0"]], [])),
            "invincible",
        ),
        (claim((A62, B34), trump=7), "bad_trump"),
        (claim((A62, B34), trump=True), "bad_trump"),
        (claim((A62, B34), claimer=2), "bad_seat"),
        (claim((["7-1", "6-6"], [])), "bad_tile"),
        (claim((A62, [])) | {"won": [A62]}, "bad_piles"),
        (claim((A62, []), last=1), "last_without_pile"),
        (claim((A62, B34), closed={"by": 0}), "bad_close"),
        (
            claim((A62, B34), closed={"by": 0, "opponentPoints": 12, "opponentHadTrick": False}),
            "points_without_trick",
        ),
        (claim((A62, B34), alternateLead=True), "bad_option"),
        (claim((A62, B34), thresholdCardPointsOnly="yes"), "bad_option"),
        (claim((A62, B34)) | {"declarations": "none"}, "bad_declarations"),
        ([1, 2], "bad_json"),
    ],
)
def test_impossible_input_is_422_with_the_reason(client, body, code):
    resp = client.post(URL, json=body)
    assert resp.status_code == (400 if code == "bad_json" else 422)  # JSON but no object: 400, as the whole API
    error = resp.get_json()["error"]
    assert error["code"] == code and error["message"]


def test_not_json_is_400(client):
    resp = client.post(URL, data="trump=5", content_type="text/plain")
    assert resp.status_code == 400 and resp.get_json()["error"]["code"] == "bad_json"


def test_documented_in_openapi(client):
    doc = client.get("/api/openapi.json").get_json()
    op = doc["paths"]["/api/v1/checks/bingo-claim"]["post"]
    assert set(op["responses"]) >= {"200", "400", "422"}
    assert "at" in [p["name"] for p in doc["paths"]["/api/v1/tables/{table_id}"]["get"]["parameters"]]


def test_the_check_page_answers_the_form(client):
    page = client.get("/check")
    assert page.status_code == 200 and 'name="won0"' in page.get_data(as_text=True)
    form = {"trump": "5", "claimer": "0", "won0": A62, "won1": B34, "decl0a": ["4-4", "3-3"], "last": ""}
    resp = client.post("/check", data=form)
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "The claim holds." in html and "82" in html
    # a check knows each player's pile, not its tricks: the pile is one line, no two tiles said to be a trick
    assert f"Player 1 won {', '.join(A62)}:" in html and " and " not in html.split("Player 1 won")[1].split("<")[0]
    bad = client.post("/check", data={"trump": "5", "claimer": "0", "won0": ["6-6"]})
    assert bad.status_code == 422 and "2 tiles per trick" not in bad.get_data(as_text=True)


def test_home_and_tables_link_to_the_checks(client):
    assert 'href="/check"' in client.get("/").get_data(as_text=True)


def _ends(*ends):
    """The count form with the tiles tapped at the open ends: (tile, free number or "", spinner)."""
    form = {"check": "five-up-count"}
    for i, (tile, free, spinner) in enumerate(ends):
        form.update({f"tile{i}": tile, f"end{i}": str(free)})
        if spinner:
            form[f"spinner{i}"] = "yes"
    return form


def test_the_five_up_count_f_e1_by_tiles(client):
    """F-E1: ends 2, 1, the double 4-4 with a side free, 5 and 4 count 2 + 1 + 4x2 + 5 + 4 = 20: 4 points
    (F15-F16). The tiles are tapped; for a simple tile the player says which half is free."""
    form = _ends(
        ("2-0", 2, False), ("3-1", 1, False), ("4-4", "", False), ("5-0", 5, False), ("6-4", 4, False)
    )
    html = client.post("/check", data=form).get_data(as_text=True)
    assert "2 + 1 + 4×2 + 5 + 4 = 20" in html and "scores 4" in html
    # the other half of 6-4 free instead: 2 + 1 + 8 + 5 + 6 = 22, nothing
    form["end4"] = "6"
    html = client.post("/check", data=form).get_data(as_text=True)
    assert "2 + 1 + 4×2 + 5 + 6 = 22" in html and "nothing scores" in html


def test_a_spinner_with_both_sides_taken_counts_nothing(client):
    """F-E2 step 6 (F13, F15): 5-6 free 6, 4-5 free 4 and the spinner 5-5 with both sides taken and
    empty ends: 6 + 4 = 10, 2 points; with a side of 5-5 still free it would add 10."""
    html = client.post(
        "/check", data=_ends(("6-5", 6, False), ("5-4", 4, False), ("5-5", "", True))
    ).get_data(as_text=True)
    assert "6 + 4 = 10" in html and "scores 2" in html
    html = client.post(
        "/check", data=_ends(("6-5", 6, False), ("5-4", 4, False), ("5-5", "", False))
    ).get_data(as_text=True)
    assert "6 + 4 + 5×2 = 20" in html and "scores 4" in html


@pytest.mark.parametrize(
    "ends, words",
    [
        ((("6-4", 3, False),), "The free number of 6-4 is 6 or 4."),
        ((("6-4", "", False),), "Say which number of 6-4 is free."),
        ((("6-4", 6, True),), "6-4 is not a double"),
        ((("4-4", "", False), ("4-4", "", True)), "only one 4-4"),
        ((("6-4", 6, False), ("4-6", 4, False)), "only one 6-4"),
        ((("9-9", "", False),), "9-9 is not in this set"),
    ],
)
def test_impossible_ends_are_refused_with_the_reason(client, ends, words):
    resp = client.post("/check", data=_ends(*ends))
    assert resp.status_code == 422 and words in resp.get_data(as_text=True)


def test_the_count_by_bare_numbers_and_in_japanese(client):
    """Without a tile, the number alone is a simple tile's free end (the fallback)."""
    html = client.post("/check", data={"check": "five-up-count", "end0": "3", "end1": "1"}).get_data(
        as_text=True
    )
    assert "3 + 1 = 4" in html and "nothing scores" in html
    assert client.post("/check", data={"check": "five-up-count"}).status_code == 422
    resp = client.post("/check", data=_ends(("6-4", "", False)), headers={"Accept-Language": "ja"})
    assert resp.status_code == 422 and "6-4のどちらの数が空いているか" in resp.get_data(as_text=True)


@pytest.mark.parametrize(
    ("cards", "lang", "verdict", "working"),
    [
        (["AC", "2D", "KD"], "en", "Bid: 3", "A♣ 3 + 2♦ 0 + K♦ 0 = 3"),
        (["QS", "KH", "AC"], "en", "Bid: 6", "Q♠ 1 + K♥ 2 + A♣ 3 = 6"),
        (["QS", "KH", "AC"], "ja", "ビッド：6", "Q♠ 1 + K♥ 2 + A♣ 3 = 6"),
    ],
)
def test_the_bid_is_worked_out_card_by_card(client, cards, lang, verdict, working):
    """N3: ♣ 3, ♥ 2, ♠ 1, ♦ 0, each card with what it adds beside it, then the sum, in both languages (issue
    27: "Q♠ = 1 + K♥ = 2 + A♣ = 3 = 6" read as wrong arithmetic)."""
    resp = client.post("/check", data={"check": "ninety-nine-bid", "bid": cards}, headers={"Accept-Language": lang})
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", resp.get_data(as_text=True)))
    assert verdict in text and working in text and not re.search(r"= \d+ \+", text)


def test_the_ninety_nine_bid_n3(client):
    """N3 / N-E2: ♣ 3, ♥ 2, ♠ 1, ♦ 0; ♣♣♣ bids 9."""
    html = client.post("/check", data={"check": "ninety-nine-bid", "bid": ["AC", "KC", "QC"]}).get_data(
        as_text=True
    )
    assert "Bid: 9" in html
    resp = client.post(
        "/check", data={"check": "ninety-nine-bid", "bid": ["AC", "KC"]}, headers={"Accept-Language": "ja"}
    )
    assert resp.status_code == 422


def test_the_bead_line_d12_and_a_placement_d15(client):
    line = {"check": "bead-line", "bead0": "1", "bead1": "2", "bead2": "3", "bead3": "1", "bead4": "2"}
    html = client.post("/check", data=line).get_data(as_text=True)
    assert "1, 2, 3, 1, 2:" in html and "a pattern." in html
    # 3-1 laid on continues 1 2 3 | 1 2 3 | 1: the line along it has 7 halves, the crossing lines only its own
    html = client.post("/check", data={**line, "tile": "3-1"}).get_data(as_text=True)
    assert "3-1 scores 7 × 1 × 1 = 7" in html
    html = client.post("/check", data={**line, "tile": "1-1"}).get_data(as_text=True)
    assert "The tile cannot go there" in html and "not a pattern" in html
    bad = {"check": "bead-line", "bead0": "1", "bead1": "2", "bead2": "2"}
    assert "holds 2 twice" in client.post("/check", data=bad).get_data(as_text=True)
    assert client.post("/check", data={"check": "bead-line"}).status_code == 422


def _deal(client, bids, tricks, premium=None, kind="declare", lang="en"):
    form = {"check": "ninety-nine-deal", "players": str(len(bids))}
    for i, (b, t) in enumerate(zip(bids, tricks, strict=True)):
        form |= {f"bid{i}": str(b), f"tricks{i}": str(t)}
    if premium is not None:
        form |= {"premium": str(premium), "premium_kind": kind}
    return client.post("/check", data=form, headers={"Accept-Language": lang})


def test_ninety_nine_deal_scores_the_digest_examples(client):
    # N-E3: bids 3, 4, 2; tricks 3, 5, 1; k = 1: 33, 5, 1; next trump ♠ (N8)
    html = _deal(client, [3, 4, 2], [3, 5, 1]).get_data(as_text=True)
    assert (
        "Player 1: 33" in html and "Player 2: 5" in html and "Player 3: 1" in html and "Next trump: ♠" in html
    )
    # N-E4: N declares 2 and takes 2, E 4 of 4, S bids 1 takes 3: 52, 24, 3; next trump ♥
    html = _deal(client, [2, 4, 1], [2, 4, 3], premium=0).get_data(as_text=True)
    assert (
        "Player 1: 52" in html
        and "Player 2: 24" in html
        and "Player 3: 3" in html
        and "Next trump: ♥" in html
    )
    # N-E1: the revealer bids 9 and wins all 9 tricks, both others fail: 9 + 30 + 60 = 99
    html = _deal(client, [9, 1, 2], [9, 0, 0], premium=0, kind="reveal").get_data(as_text=True)
    assert "Player 1: 99" in html
    resp = _deal(client, [3, 4, 2], [3, 5, 2])
    assert resp.status_code == 422 and "add up to 10, not 9" in resp.get_data(as_text=True)


def test_ninety_nine_deal_bids_read_from_tapped_bid_cards(client):
    """N3 and N-E3: the bids come from each player's three bid cards (♣ 3, ♥ 2, ♠ 1, ♦ 0): A♣ K♦ Q♦ = 3,
    K♣ A♠ J♦ = 4, A♥ 10♦ 9♦ = 2; tricks 3, 5, 1 score 33, 5, 1."""
    cards = [["AC", "KD", "QD"], ["KC", "AS", "JD"], ["AH", "10D", "9D"]]
    form = {"check": "ninety-nine-deal", "players": "3"}
    for i, (hand, tricks) in enumerate(zip(cards, [3, 5, 1], strict=True)):
        form |= {f"bidcards{i}": hand, f"tricks{i}": str(tricks)}
    html = client.post("/check", data=form).get_data(as_text=True)
    assert "Player 1: 33" in html and "Player 2: 5" in html and "Player 3: 1" in html
    assert "Bid: 3" in html and "Bid: 4" in html and "Bid: 2" in html
    # one card in two players' bids, or two cards only: refused with the reason, in the reader's language
    twice = form | {"bidcards1": ["AC", "AS", "JD"]}
    resp = client.post("/check", data=twice)
    assert resp.status_code == 422 and "The same card cannot be bid twice." in resp.get_data(as_text=True)
    # N1: three players play 6 to ace, so a 2 was never dealt
    resp = client.post("/check", data=form | {"bidcards2": ["AH", "10D", "2D"]})
    assert resp.status_code == 422 and "Not in the pack for 3 players: 2♦." in resp.get_data(as_text=True)
    short = form | {"bidcards2": ["AH", "10D"]}
    resp = client.post(
        "/check", data=form | {"bidcards2": ["AH", "2D", "10D"]}, headers={"Accept-Language": "ja"}
    )
    assert resp.status_code == 422 and "3人用のパックにないカードです：2♦。" in resp.get_data(as_text=True)
    resp = client.post("/check", data=short, headers={"Accept-Language": "ja"})
    assert resp.status_code == 422 and "ビッドはちょうど3枚です" in resp.get_data(as_text=True)


# B28 with B23: 12 tricks told without a close leave 2 tiles in each hand, so the declared doubles that
# lie in no pile (still in hand) are at most 2.
TOLD_12 = [
    t
    for t in (f"{a}-{b}" for a in range(6, -1, -1) for b in range(a, -1, -1))
    if t not in ("3-3", "2-2", "1-1", "4-2")
]


@pytest.mark.parametrize(
    ("declared", "closed", "refused"),
    [
        (["3-3", "2-2", "1-1"], None, True),  # three still in a 2-tile hand
        (["3-3", "2-2"], None, False),
        (["3-3", "2-2"], {"by": 0, "opponentPoints": 0, "opponentHadTrick": True}, True),  # closed: at most 1
        (["3-3", "6-6", "5-5"], None, False),  # 6-6 and 5-5 were led: only 3-3 is still in hand
    ],
)
def test_b28_declared_doubles_still_in_hand_must_fit_in_it(client, declared, closed, refused):
    body = claim((TOLD_12[:12], TOLD_12[12:24]), declarations=([declared], []), closed=closed)
    resp = client.post(URL, json=body, headers={"Accept-Language": "en"})
    if not refused:
        assert resp.status_code == 200, resp.get_json()
        return
    assert resp.status_code == 422
    error = resp.get_json()["error"]
    assert error["code"] == "declared_not_in_hand"
    assert "in no trick pile and so still in hand" in error["message"] and "(B28)" in error["message"]
    ja = client.post(URL, json=body, headers={"Accept-Language": "ja"}).get_json()["error"]["message"]
    assert "まだ手にあるはずです" in ja and "（B28）" in ja


def test_the_check_page_never_offers_more_than_six_doubles_in_a_declaration(client):
    """B31: all seven doubles is invincible, no claim to check; the pickers keep at most six ticked."""
    page = client.get("/check").get_data(as_text=True)
    for name in ("decl0a", "decl0b", "decl1a", "decl1b"):
        assert f'data-picker="{name}"' in page
    assert page.count('data-need="6"') == 4


PACK_36 = {f"{rank}{suit}" for rank in ("A", "K", "Q", "J", "10", "9", "8", "7", "6") for suit in "SHDC"}


@pytest.mark.parametrize(("lang", "says"), [("en", "Not in the pack for 3 players: 2♦ 3♦ 4♦."), ("ja", "3人用のパックにないカードです：2♦ 3♦ 4♦。")])
def test_a_three_player_deal_offers_only_its_pack_and_names_every_card_outside_it(client, lang, says):
    """N1: three players play 36 cards, 6 to ace. The deal check opens at 3 players; the cards 2 to 5 of
    its pickers are hidden while 3 is ticked (ninety_nine.css matches them by value: 2 to 5 are the only
    values that start with those digits) and the fourth player's step with them; sent anyway (♦2, ♦3 and
    ♦4, newplayer5), the refusal names all three at once, not the first."""
    html = client.get("/check", headers={"Accept-Language": lang}).get_data(as_text=True)
    deal = html[html.index('id="ninety-nine-deal-check"'):]
    assert re.search(r'name="players" value="3"\s+checked', deal)
    offered = set(re.findall(r'name="bidcards0" value="([^"]+)"', deal))
    hidden = {card for card in offered if card[0] in "2345"}
    assert offered - hidden == PACK_36 and len(hidden) == 16
    css = client.get("/static/games/ninety_nine/ninety_nine.css").get_data(as_text=True)
    rule = '#ninety-nine-deal-check:has(input[name=players][value="3"]:checked) .picker.cards .pick:has(> input:is([value^="2"], [value^="3"], [value^="4"], [value^="5"]):not(:checked))'
    assert rule in css and '[value="3"]:checked) :is([data-seat="3"])' in css
    form = {"check": "ninety-nine-deal", "players": "3", "tricks0": "4", "tricks1": "4", "tricks2": "4"}
    form |= {"bidcards0": ["AC", "2D", "3D"], "bidcards1": ["KC", "KS", "4D"], "bidcards2": ["AH", "AS", "AD"]}
    resp = client.post("/check", data=form, headers={"Accept-Language": lang})
    assert resp.status_code == 422 and says in resp.get_data(as_text=True)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_deal_answer_says_its_lines_in_plain_words_with_the_rules_behind_why(client, lang):
    """Issue 27: no "(N12)" or "(N13)" in the deal's lines (newplayer5); the rule ids wait behind one "why?"."""
    html = _deal(client, [3, 4, 2], [3, 5, 1], lang=lang).get_data(as_text=True)
    answer = html[html.index('id="deal-answer"'):]
    answer = answer[: answer.index("</div>")]
    lines = re.findall(r"<li>(.*?)</li>", answer, re.S)
    assert len(lines) >= 4 and not any(re.search(r"[(（]N\d", li) for li in lines)
    why = answer[answer.index('<details class="why">'):]
    assert "N12" in why and "N13" in why
    if lang == "en":
        assert any(li.startswith("Tricks won: 3, 1 point each.") for li in lines)


def test_the_check_page_speaks_japanese_lists_and_unnamed_players(client):
    """Issue 27 (newplayer11 #15): in Japanese a list of tiles is joined with 「、」 as everywhere else in the app (not
    "6-6, 6-4"), and an unnamed player is 「プレイヤー1」 as the form writes it, without さん; the API's lines too."""
    client.set_cookie("lang", "ja")
    form = {"trump": "5", "claimer": "0", "won0": A62, "won1": B34, "decl0a": ["4-4", "3-3"], "last": ""}
    html = client.post("/check", data=form).get_data(as_text=True)
    answer = html.split('id="claim-answer"', 1)[1].split("</div>", 1)[0]
    assert "、".join(A62) in answer and "（4-4、3-3）" in answer, answer
    assert ", " not in answer and "プレイヤー1" in answer and "プレイヤーさん" not in answer and "1さん" not in answer
    assert "プレイヤー1さん" not in html and "プレイヤー2さん" not in html
    lines = " ".join(check(client, claim((A62, B34), declarations=([["4-4", "3-3"]], [])), lang="ja")["lines"])
    assert "、".join(A62) in lines and ", " not in lines and "プレイヤー1さん" not in lines, lines
