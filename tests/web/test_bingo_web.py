"""Bingo through the API and the HTML forms: a deal and a claim, the refusals of illegal-by-sight
events (B17/B21, B28, B43), hidden running points (B35), the golden record."""

import json
import re
from pathlib import Path

import pytest
from tables import assert_refused_unchanged, new_table, new_table_by_form, post, state

GOLDEN = json.loads((Path(__file__).parents[1] / "records" / "bingo-four-deals-to-eight.json").read_text())
DEAL = {"type": "deal", "indicator": "1-0", "leader": 0}


def test_the_golden_match_imports_with_its_game_points(client):
    resp = client.post("/api/v1/records", json=GOLDEN)
    assert resp.status_code == 201, resp.get_json()
    s = state(client, resp.get_json())
    assert s["totals"] == [8, 3] and s["game_points"] == [8, 3]  # B2, B47: over 7 ends the match
    assert s["finished"] and s["winners"] == [0]
    deals = s["detail"]["deals"]
    assert [d["game_points"] for d in deals] == [[3, 0], [0, 3], [2, 0], [3, 0]]
    assert deals[1]["captures"] == [{"seat": 1, "trick": 4}]  # B46: [0-0] took the trump double
    assert deals[2]["close"]["seat"] == 1 and deals[2]["result"]["row"] == 3  # B38-B42, B44
    assert s["breaches"] == []


def test_each_record_format_event_through_the_api(client):
    t = new_table(client, "bingo", ("Aki", "Ben"))
    for ev in GOLDEN["events"][:6]:  # deal, declare, two tricks, claim, show
        assert post(client, t, ev).status_code == 201, ev
    d = state(client, t)["detail"]
    assert (
        d["declarations"][0]["points"] == 30 and d["declarations"][0]["status"] == "valid"
    )  # B27: +10 with [0-0]
    assert (
        d["claim"]["kind"] == "claim" and d["claim"]["correct"] and d["claim"]["game_points"] == 3
    )  # B44 row 1
    assert d["shows"][0]["seat"] == 0 and sorted(d["shows"][0]["tiles"]) == GOLDEN["events"][5]["tiles"]
    assert state(client, t)["totals"] == [3, 0]


@pytest.mark.parametrize(
    ("setup", "event", "message"),
    [
        # a tile played twice
        (
            [{"type": "trick", "lead": "6-6", "reply": "5-2"}],
            {"type": "trick", "lead": "4-3", "reply": "6-6"},
            "already played",
        ),
        # the indicator played before it was taken (B17, B21)
        ([], {"type": "trick", "lead": "1-0", "reply": "5-2"}, "trump indicator"),
        # a trick in a finished deal (B43)
        (
            [{"type": "trick", "lead": "6-6", "reply": "5-2"}, {"type": "claim", "seat": 1}],
            {"type": "trick", "lead": "4-3", "reply": "4-4"},
            "is over",
        ),
        # a declaration out of turn (B28)
        ([], {"type": "declare", "seat": 1, "doubles": ["2-2", "3-3"]}, "Only the player about to lead"),
        ([], {"type": "declare", "seat": 0, "doubles": ["2-2"]}, "at least two doubles"),
        (
            [{"type": "declare", "seat": 0, "doubles": ["2-2", "3-3"]}],
            {"type": "trick", "lead": "6-6", "reply": "5-2"},
            "must lead one of the declared",
        ),
        ([], {"type": "close", "seat": 0}, "close"),
    ],
)
def test_illegal_events_answer_422_with_the_reason_and_change_nothing(client, setup, event, message):
    t = new_table(client, "bingo", ("Aki", "Ben"))
    assert post(client, t, DEAL).status_code == 201
    for ev in setup:
        assert post(client, t, ev).status_code == 201, ev
    assert_refused_unchanged(client, t, event, message)


def test_b35_running_card_points_are_hidden_during_a_deal(client):
    t = new_table(client, "bingo", ("Aki", "Ben"))
    for ev in GOLDEN["events"][:4]:
        post(client, t, ev)
    d = state(client, t)["detail"]
    assert d["status"] == "playing"
    assert "card_points" not in d and "points_breakdown" not in d
    assert all("points" not in trick for trick in d["tricks"])
    assert d["tricks_won"] == [2, 0] and d["game_points"] == [0, 0]  # tricks and game points stay visible
    scorer = client.get(f"/api/v1/tables/{t['id']}", headers={"Authorization": f"Bearer {t['scorer_token']}"})
    assert "card_points" not in scorer.get_json()["detail"]  # the scorer plays too
    page = client.get(f"/t/{t['id']}").get_data(as_text=True)
    assert "bingo-card-points" not in page and "players may not keep count" in page
    post(client, t, GOLDEN["events"][4])  # the claim ends the deal: everything is shown
    d = state(client, t)["detail"]
    assert d["card_points"] == [70, 0] and d["tricks"][0]["points"] == 28


def test_b35_the_learner_option_shows_running_points(client):
    t = new_table(client, "bingo", ("Aki", "Ben"), {"showRunningPoints": True})
    for ev in GOLDEN["events"][:4]:
        post(client, t, ev)
    d = state(client, t)["detail"]
    assert d["card_points"] == [70, 0]
    assert 'class="bingo-card-points">70<' in client.get(f"/t/{t['id']}").get_data(as_text=True)


def test_b42_the_close_snapshot_is_hidden_until_the_deal_ends(client):
    t = new_table(client, "bingo", ("Aki", "Ben"))
    third = GOLDEN["events"][13:19]  # deal 3 up to Ben's close after trick 4
    for ev in GOLDEN["events"][:13] + third:
        assert post(client, t, ev).status_code == 201, ev
    close = state(client, t)["detail"]["close"]
    assert close["seat"] == 1 and close["opponent_tricks"] == 0 and "opponent_points" not in close


def test_a_deal_and_a_claim_through_the_html_forms(client):
    resp = client.post("/new/bingo", data={"players": ["Aki", "Ben"]})
    assert resp.status_code == 302
    url = resp.headers["Location"]
    page = client.get(url).get_data(as_text=True)
    assert 'name="indicator"' in page and 'name="leader"' in page
    assert client.post(
        f"{url}/events", data={"type": "deal", "leader": "0", "indicator": "1-0"}
    ).status_code in (200, 302)
    page = client.get(url).get_data(as_text=True)
    assert "Blanks are trump" in page and 'name="lead"' in page and 'name="reply"' in page
    assert 'id="bingo-declare"' in page  # Aki may declare before leading (B28)
    client.post(f"{url}/events", data={"type": "declare", "seat": "0", "doubles": ["5-5", "0-0"]})
    client.post(f"{url}/events", data={"type": "trick", "lead": "0-0", "reply": "5-3"})
    page = client.get(url).get_data(as_text=True)
    assert "0-0 is bingo and beats every tile" in page and "leader wins" not in page
    assert "Draw: Aki takes a tile from the boneyard first, then Ben." in page
    client.post(f"{url}/events", data={"type": "trick", "lead": "6-6", "reply": "5-2"})
    resp = client.post(
        f"{url}/events", data={"type": "trick", "lead": "6-6", "reply": "4-4"}, headers={"HX-Request": "true"}
    )
    assert resp.status_code == 422 and "already played" in resp.get_data(as_text=True)
    client.post(f"{url}/events", data={"type": "claim", "seat": "0"})
    page = client.get(url).get_data(as_text=True)
    assert "Aki claims" in page and "70 / 70" in page and "Aki scores 3 game points" in page
    assert re.findall(r'class="score"[^>]*>([^<]*)<', page) == ["3", "0"]
    assert 'id="bingo-show-0"' in page and 'id="bingo-deal"' in page
    client.post(f"{url}/events", data={"type": "show", "seat": "0", "tiles": GOLDEN["events"][5]["tiles"]})
    assert "Tiles shown" in client.get(url).get_data(as_text=True)


def test_a_phase_two_reply_proved_by_a_later_play_is_one_breach_in_the_api_and_on_the_page(client):
    """B25 after the fact, with the deal stopped by a claim and no show: Ben's [5-1] reply to [6-2]
    (event 2) is proved illegal by his [6-5] in the next trick (event 3). Reported once, with
    event, detected_at, seat and a plain message in English and Japanese, in the state and on the page."""
    t = new_table(client, "bingo", ("Aki", "Ben"), {"closeBeforeFirstTrick": True})
    events = [
        {"type": "deal", "indicator": "3-1", "leader": 0},
        {"type": "close", "seat": 0},
        {"type": "trick", "lead": "6-2", "reply": "5-1"},
        {"type": "trick", "lead": "4-4", "reply": "6-5"},
        {"type": "claim", "seat": 0},
    ]
    for ev in events:
        assert post(client, t, ev).status_code == 201, ev
    (breach,) = state(client, t)["breaches"]
    assert breach == {
        "event": 2,
        "detected_at": 3,
        "seq": 3,
        "detected_seq": 4,
        "rule": "B25",
        "seat": 1,
        "message": "Trick 1: Ben replied 5-1 to 6-2 but still held 6-5, which had to be played first.",
    }
    ja = client.get(f"/api/v1/tables/{t['id']}", headers={"Accept-Language": "ja"}).get_json()
    assert [b["message"] for b in ja["breaches"]] == [
        "第1トリック：Benさんは6-2に5-1を返しましたが、そのとき6-5を持っていたので、そちらを先に出す必要がありました。"
    ]
    page = client.get(f"/t/{t['id']}").get_data(as_text=True)
    assert page.count('class="breach"') == 1 and "Proved by entry 4." in page
    assert "Ben replied 5-1 to 6-2 but still held 6-5" in page
    page_ja = client.get(f"/t/{t['id']}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "記録4で判明しました。" in page_ja


# The two records (B28, B31 with B38): after Aki's close following trick 1 nobody draws, so Ben
# holds 6 tiles after trick 2 and 4 after trick 4.
CLOSED_AFTER_ONE = [
    {"type": "deal", "indicator": "3-1", "leader": 0},
    {"type": "trick", "lead": "6-5", "reply": "5-1"},
    {"type": "close", "seat": 0},
]
SEVEN_DOUBLES = {"type": "declare", "seat": 1, "doubles": [f"{i}-{i}" for i in range(7)]}
INVINCIBLE_FROM_SIX = [*CLOSED_AFTER_ONE, {"type": "trick", "lead": "6-4", "reply": "3-2"}, SEVEN_DOUBLES]
KING_FROM_FOUR = [
    *CLOSED_AFTER_ONE,
    {"type": "trick", "lead": "6-4", "reply": "6-2"},
    {"type": "trick", "lead": "5-4", "reply": "5-2"},
    {"type": "trick", "lead": "4-1", "reply": "4-2"},
    {"type": "declare", "seat": 1, "doubles": ["6-6", "5-5", "2-2", "1-1", "0-0"]},
    {"type": "claim", "seat": 1},
]


@pytest.mark.parametrize(
    ("events", "index", "english", "japanese"),
    [
        (INVINCIBLE_FROM_SIX, 4, "Invincible needs all seven doubles in a hand of seven tiles (B31): Ben has 6 now.",
         "無敵には7枚の手にダブル7枚すべてが必要です（B31）。Benさんの手は今6枚です。"),
        (KING_FROM_FOUR, 6, "Ben has only 4 tiles in hand now (nobody draws in phase 2), so cannot show 5 doubles (B28).",
         "Benさんの手は今4枚しかありません（第2フェーズではだれも引きません）。なのでダブルを5枚見せることはできません（B28）。"),
    ],
)  # fmt: skip
def test_b28_b31_a_record_declaring_more_doubles_than_the_hand_holds_is_refused_at_the_declaration(
    client, events, index, english, japanese
):
    record = {"format": "referee-record", "version": 1, "game": "bingo", "players": ["Aki", "Ben"],
              "options": {}, "events": events}  # fmt: skip
    for lang, words in (("en", english), ("ja", japanese)):
        resp = client.post("/api/v1/records", json=record, headers={"Accept-Language": lang})
        assert resp.status_code == 422, resp.get_json()
        error = resp.get_json()["error"]
        assert (error["event"], error["code"], error["message"]) == (index, "declaration_exceeds_hand", words)


def test_b28_b31_the_events_api_and_the_form_refuse_it_and_the_picker_offers_no_more_than_the_hand(client):
    t = new_table(client, "bingo", ("Aki", "Ben"), scorer=True)
    for ev in INVINCIBLE_FROM_SIX[:-1]:
        assert post(client, t, ev).status_code == 201, ev
    assert_refused_unchanged(client, t, SEVEN_DOUBLES, "Invincible needs all seven doubles")
    nxt = state(client, t)["detail"]["next"]
    assert nxt["can_declare"] and nxt["declare_at_most"] == 6
    page = client.get(f"/t/{t['id']}").get_data(as_text=True)
    form = page[page.index('id="bingo-declare"') : page.index("</form>", page.index('id="bingo-declare"'))]
    assert 'data-need="6"' in form and "at least 2" in form  # the picker keeps six ticked at most; the label says the least
    rows = re.findall(r"<tr><td>(\d)</td>", form)
    assert rows == ["2", "3", "4", "5", "6"]  # no row for seven doubles (invincible, B31)
    resp = client.post(
        f"/t/{t['id']}/events",
        data={"type": "declare", "seat": "1", "doubles": SEVEN_DOUBLES["doubles"]},
        headers={"HX-Request": "true", "Accept-Language": "ja"},
    )
    assert resp.status_code == 422
    answer = resp.get_data(as_text=True)  # the rule id behind "why?", as every refusal on a page
    assert "無敵には7枚の手にダブル7枚すべてが必要です。Benさんの手は今6枚です。" in answer
    assert '<span class="rule">B31</span>' in answer
    assert state(client, t)["seq"] == len(INVINCIBLE_FROM_SIX) - 1


@pytest.mark.parametrize("lang, word", [("en", "Nothing was chosen for “Reply”"), ("ja", "応じた牌")])
def test_a_trick_sent_without_its_reply_names_the_reply_as_the_picker_does(client, lang, word):
    """The word for a field of Bingo's own (its reply) is Bingo's (``web.CORRECTION.labels``), in both languages."""
    url = new_table_by_form(client, "bingo")
    client.post(f"{url}/events", data={"type": "deal", "leader": "0", "indicator": "1-0"})
    resp = client.post(
        f"{url}/events", data={"type": "trick", "lead": "6-6"}, headers={"HX-Request": "true", "Accept-Language": lang}
    )
    assert resp.status_code == 422 and word in resp.get_data(as_text=True)


def test_before_the_first_deal_only_the_scorer_is_asked_to_start_it(client):
    """A seat's or viewer's phone has no deal form, so it is not told to choose (newplayer11 #9)."""
    table = new_table(client, "bingo", players=("Aki", "Ben"), scorer=True)
    scorer = client.get(f"/t/{table['id']}").get_data(as_text=True)
    assert "choose who leads and the trump indicator" in scorer and "the scorer starts it" not in scorer
    viewer = client.application.test_client()
    ja = viewer.get(f"/t/{table['id']}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "記録係が始めます" in ja and "リードする人と切り札表示牌を選んで" not in ja
