"""The end of a Five Up hand entered by tapping the tiles each player still holds (issue 27): the
referee adds up their pips; a typed total stands in for a hand whose tiles are not tapped; tiles that
cannot be in that hand are refused with the reason, and the table stays as it was."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tables import state

RECORD = json.loads(
    (Path(__file__).parents[1] / "records" / "five-up-partners-to-61.json").read_text("utf-8")
)
HX = {"HX-Request": "true"}
# After event 17 Aki has gone out; Ben, Chie and Dai hold one tile each. The record's pips: 0, 10, 4, 8.
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
        ({"left1": "5-5", "left2": "3-1", "left3": "4-4"}, [0, 10, 4, 8]),  # the record's own pips
        ({"left1": "6-4", "left2": "3-1", "left3": "5-3"}, [0, 10, 4, 8]),  # other tiles, the same sums
        ({"pips1": "10", "pips2": "4", "pips3": "8"}, [0, 10, 4, 8]),  # typed on the keypad
        ({"left1": "5-5", "pips2": "4", "left3": "4-4"}, [0, 10, 4, 8]),  # a mix of both
    ],
)
def test_the_pips_are_the_ticked_tiles_added_up(client, table, fields, pips):
    resp = end(client, table, **fields)
    assert resp.status_code == 200, resp.get_data(as_text=True)
    hand = state(client, table)["detail"]["hands"][0]
    assert hand["pips"] == pips
    golden = client.post("/api/v1/records", json={**RECORD, "events": RECORD["events"][:19]}).get_json()
    assert state(client, table)["totals"] == state(client, golden)["totals"]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"left1": "6-2", "left2": "3-1", "left3": "4-4"}, "6-2 lies on the layout: it is in no hand."),
        ({"left1": "5-5", "left2": "5-5", "left3": "4-4"}, "5-5 is ticked for both Ben and Chie."),
        ({"left1": ["5-5", "6-4"], "left2": "3-1", "left3": "4-4"},
         "Tiles ticked for Ben: 2; tiles in their hand: 1."),
        ({"left0": "5-5", "left1": "6-4", "left2": "3-1", "left3": "4-4"},
         "Tiles ticked for Aki: 1; tiles in their hand: 0."),
        ({"left1": "5-5", "left3": "4-4"}, "Tap the tiles Chie still holds, or type their pips."),
        ({"left1": "5-5", "pips2": "four", "left3": "4-4"}, "Pips for Chie: type a whole number."),
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
        data={"based_on": "18", "left1": "6-2", "left2": "3-1", "left3": "4-4"},
        headers={**HX, "Accept-Language": "ja"},
    )
    assert resp.status_code == 422 and "6-2は場に出ています。どの手札にもありません。" in resp.get_data(
        as_text=True
    )


def test_the_page_offers_each_hand_the_tiles_not_on_the_layout_with_a_photo_button(client, table):
    page = client.get(f"/t/{table['id']}").get_data(as_text=True)
    form = page[page.index('id="fu-left-form"') :]
    for seat in (1, 2, 3):
        offered = set(re.findall(rf'name="left{seat}" value="([0-9-]+)"', form))
        assert offered == {f"{a}-{b}" for a in range(7) for b in range(a + 1)} - ON_LAYOUT  # 11 tiles
        others = " ".join(f"left{o}" for o in (1, 2, 3) if o != seat)
        assert f'data-photo-for="left{seat}" data-photo-others="{others}"' in form
        assert f'name="pips{seat}"' in form
    assert 'name="left0"' not in form  # Aki went out: nothing to tap
    assert 'accept="image/*" capture="environment"' in form and "js/photo.js" in page
    assert "Pips left in each hand" not in page and "−5" not in form  # no steppers any more


def test_the_answer_says_the_end_of_hand_award_apart_from_the_hand_in_all(client, table):
    """F25: Aki went out, Ben and Dai hold 10 + 8 = 18 pips, R(18) = 4 for Aki & Chie. The award comes
    first; the hand's total with the points of its plays (2 for Aki & Chie) is a line of its own."""
    html = end(client, table, left1="5-5", left2="3-1", left3="4-4").get_data(as_text=True)
    answer = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html[html.index('id="answer"') :]))
    assert "End of hand 1: Aki &amp; Chie +4 · Ben &amp; Dai +0" in answer
    assert "Pips: Aki 0 · Ben 10 · Chie 4 · Dai 8." in answer  # each with its name (issue 27)
    assert "Hand 1 in all, plays and end: Aki &amp; Chie 6 · Ben &amp; Dai 0" in answer
