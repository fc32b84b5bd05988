"""The end of a Five Up hand entered by tapping the tiles each player still holds (issue 27): the
referee adds up their pips; a typed total stands in for a hand whose tiles are not tapped; tiles that
cannot be in that hand are refused with the reason, and the table stays as it was."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tables import state

from referee.games.five_up.web import five_up_bonus

RECORD = json.loads(
    (Path(__file__).parents[1] / "records" / "five-up-partners-to-61.json").read_text("utf-8")
)
HX = {"HX-Request": "true"}
# After event 17 Aki has gone out; Ben, Chie and Dai hold one tile each. The record's pips: 0, 10, 4, 8; Chie,
# Aki's partner, is not asked (F25 ignores her tiles) and entered as 0, which scores the same.
ON_LAYOUT = {"4-0", "4-3", "3-3", "3-2", "6-3", "1-0", "1-1", "2-0", "6-6", "4-1", "5-0", "6-5", "4-2",
             "6-2", "5-2", "6-0", "2-2"}  # fmt: skip


@pytest.fixture
def table(client):
    """The golden record up to Aki's domino, this client the scorer's phone."""
    resp = client.post("/api/v1/records", json={**RECORD, "events": RECORD["events"][:18]})
    assert resp.status_code == 201
    found = resp.get_json()
    with client.session_transaction() as session:
        session["tokens"] = {f"{found['id']}:scorer": found["scorer_token"]}
    return found


def end(client, table, **fields):
    return client.post(f"/t/{table['id']}/five-up/end", data={"based_on": "18", **fields}, headers=HX)


@pytest.mark.parametrize(
    ("fields", "pips"),
    [
        ({"left1": "5-5", "left3": "4-4"}, [0, 10, 0, 8]),  # the record's own tiles
        ({"left1": "6-4", "left3": "5-3"}, [0, 10, 0, 8]),  # other tiles, the same sums
        ({"pips1": "10", "pips3": "8"}, [0, 10, 0, 8]),  # typed on the keypad
        ({"left1": "5-5", "pips3": "8"}, [0, 10, 0, 8]),  # a mix of both
        ({"left1": "5-5", "left2": "3-1", "left3": "4-4"}, [0, 10, 0, 8]),  # Chie's, ticked on an old page
    ],
)
def test_the_pips_are_the_ticked_tiles_added_up(client, table, fields, pips):
    resp = end(client, table, **fields)
    assert resp.status_code == 200, resp.get_data(as_text=True)
    events = client.get(f"/api/v1/tables/{table['id']}").get_json()["events"]
    assert events[-1]["pips"] == pips  # the record keeps one number per seat, the partner's 0
    hand = state(client, table)["detail"]["hands"][0]
    assert hand["pips"] == [0, 10, None, 8]  # the view: Chie's hand not counted
    golden = client.post("/api/v1/records", json={**RECORD, "events": RECORD["events"][:19]}).get_json()
    assert state(client, table)["totals"] == state(client, golden)["totals"]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"left1": "6-2", "left3": "4-4"}, "6-2 lies on the layout: it is in no hand."),
        ({"left1": "5-5", "left3": "5-5"}, "5-5 is ticked for both Ben and Dai."),
        ({"left1": ["5-5", "6-4"], "left3": "4-4"},
         "Tiles ticked for Ben: 2; tiles in their hand: 1."),
        ({"left0": "5-5", "left1": "6-4", "left3": "4-4"},
         "Tiles ticked for Aki: 1; tiles in their hand: 0."),
        ({"left1": "5-5"}, "Tap the tiles Dai still holds, or type their pips."),
        ({"left1": "5-5", "pips3": "four"}, "Pips for Dai: type a whole number."),
    ],
)  # fmt: skip
def test_tiles_that_cannot_be_in_that_hand_are_refused(client, table, fields, message):
    before = state(client, table)
    resp = end(client, table, **fields)
    assert resp.status_code == 422
    assert message in resp.get_data(as_text=True)
    assert state(client, table) == before


def test_the_refusal_is_in_the_players_language(client, table):
    resp = client.post(
        f"/t/{table['id']}/five-up/end",
        data={"based_on": "18", "left1": "6-2", "left3": "4-4"},
        headers={**HX, "Accept-Language": "ja"},
    )
    assert resp.status_code == 422 and "6-2は場に出ています。どの手札にもありません。" in resp.get_data(
        as_text=True
    )


def test_the_page_offers_each_hand_the_tiles_not_on_the_layout_with_a_photo_button(client, table):
    page = client.get(f"/t/{table['id']}").get_data(as_text=True)
    form = page[page.index('id="fu-left-form"') :]
    for seat in (1, 3):
        offered = set(re.findall(rf'name="left{seat}" value="([0-9-]+)"', form))
        assert offered == {f"{a}-{b}" for a in range(7) for b in range(a + 1)} - ON_LAYOUT  # 11 tiles
        others = " ".join(f"left{o}" for o in (1, 3) if o != seat)
        assert f'data-photo-for="left{seat}" data-photo-others="{others}"' in form
        assert f'name="pips{seat}"' in form
    assert 'name="left0"' not in form  # Aki went out: nothing to tap
    assert 'name="left2"' not in form and 'name="pips2"' not in form  # F25: Chie's tiles are not counted
    assert "Chie's tiles are not counted: Aki went out." in form
    assert 'accept="image/*" capture="environment"' in form and "js/photo.js" in page
    assert "Pips left in each hand" not in page and "−5" not in form  # no steppers any more


def test_the_answer_says_the_end_of_hand_award_apart_from_the_hand_in_all(client, table):
    """F25: Aki went out, Ben and Dai hold 10 + 8 = 18 pips, R(18) = 4 for Aki & Chie. The award comes
    first; the hand's total with the points of its plays (2 for Aki & Chie) is a line of its own."""
    html = end(client, table, left1="5-5", left3="4-4").get_data(as_text=True)
    answer = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html[html.index('id="answer"') :]))
    assert "End of hand 1: Aki &amp; Chie +4 · Ben &amp; Dai +0" in answer
    assert "Pips: Aki 0 · Ben 10 · Chie not counted · Dai 8." in answer  # each with its name (issue 27)
    assert "Hand 1 in all, plays and end: Aki &amp; Chie 6 · Ben &amp; Dai 0" in answer


def plain(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


@pytest.mark.parametrize("chie", [4, 0])  # as the golden record has it, and as the table now enters it
def test_a_hand_f25_ignores_is_said_not_counted_wherever_the_pips_are_shown(client, chie):
    """F25: Aki went out, so Chie's tiles are ignored, whatever number the record gives them: the history
    sentence, the hands' score sheet, the table as it stood then (?at=19) and the API's view say so, in
    both languages, and the score is the record's."""
    events = [*RECORD["events"][:18], {"type": "end", "pips": [0, 10, chie, 8]}]
    found = client.post("/api/v1/records", json={**RECORD, "events": events}).get_json()
    golden = client.post("/api/v1/records", json={**RECORD, "events": RECORD["events"][:19]}).get_json()
    assert state(client, found)["totals"] == state(client, golden)["totals"] == [6, 0, 6, 0]
    assert state(client, found)["detail"]["hands"][0]["pips"] == [0, 10, None, 8]
    for at in ("", "?at=19"):  # the answer, the hands' score sheet
        page = plain(client.get(f"/t/{found['id']}{at}").get_data(as_text=True))
        assert "Pips: Aki 0 · Ben 10 · Chie not counted · Dai 8." in page
        assert "Pips: 0 / 10 / not counted / 8." in page
    page = plain(client.get(f"/t/{found['id']}").get_data(as_text=True))
    assert "Hand over; pips left: Aki 0, Ben 10, Chie not counted, Dai 8." in page  # the history
    assert "Recorded: Hand over. End of hand 1:" in page  # the pips once, in the verdict
    ja = plain(client.get(f"/t/{found['id']}", headers={"Accept-Language": "ja"}).get_data(as_text=True))
    assert "残りの目数：Aki 0、Ben 10、Chie（数えない）、Dai 8。" in ja
    assert "残り目数：Aki 0 · Ben 10 · Chie（数えない） · Dai 8。" in ja  # the answer
    assert "残り目数：0 / 10 / 数えない / 8。" in ja  # the hands' score sheet


def test_a_block_asks_every_hand(client):
    """F26: in a blocked hand every hand counts, the partners' too: each is asked."""
    blocked = json.loads(
        (Path(__file__).parents[1] / "acceptance" / "records" / "five-up-4p-blocked.json").read_text("utf-8")
    )
    found = client.post("/api/v1/records", json={**blocked, "events": blocked["events"][:15]}).get_json()
    with client.session_transaction() as session:
        session["tokens"] = {f"{found['id']}:scorer": found["scorer_token"]}
    form = client.get(f"/t/{found['id']}").get_data(as_text=True)
    form = form[form.index('id="fu-left-form"') :]
    assert [f'name="pips{seat}"' in form for seat in range(4)] == [True] * 4
    assert "not counted" not in form


@pytest.mark.parametrize(
    ("dominoer", "bonus", "side", "credited"),
    [
        (0, 2, [0, 2], 2),  # Aki went out: +2 for Aki & Chie (F35)
        (0, 2, [1, 3], 0),  # nothing for Ben & Dai
        (None, 0, [0, 2], 0),  # a blocked hand: nobody went out
        (0, 0, [0, 2], 0),  # the option off: the rules credit nothing
    ],
)
def test_the_points_for_going_out_go_to_the_side_that_went_out(dominoer, bonus, side, credited):
    """The hand sheet and the answer read one function (they each worked it out in Jinja until issue 30)."""
    assert five_up_bonus({"dominoer": dominoer, "domino_bonus": bonus}, side) == credited
