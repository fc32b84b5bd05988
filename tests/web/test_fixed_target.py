"""Ninety-Nine's agreed total (fixedTarget, N19): any whole number 1..10,000, shown where it is played.

Worked example at 400, three players (Ann, Bob, Cy), one pattern per deal: Ann reveals (premium)
and bids 6C 7C 8C = 9 tricks (clubs count 3 each, N3); Bob bids 6S 6D 7D = 1, Cy 6H 8D 9D = 2; Ann
takes all 9 tricks. Only Ann succeeds (k = 1): 9 tricks + 30 (one success, N13) + 60 (a revealed
bid made, N14) = 99 a deal; Bob and Cy score their tricks, 0. After 4 deals Ann has 396: not past
400, so play goes on; the 5th deal takes her to 495, past 400: the game is over and she wins.
"""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from referee.games import GAMES

BIDS = [("6C", "7C", "8C"), ("6S", "6D", "7D"), ("6H", "8D", "9D")]


def deal(first: bool):
    return [
        {"type": "deal", "dealer": 0} if first else {"type": "deal"},
        {"type": "premium", "seat": 0, "kind": "reveal"},
        {"type": "tricks", "counts": [9, 0, 0]},
        *({"type": "bid", "seat": s, "cards": list(c)} for s, c in enumerate(BIDS)),
    ]


def test_a_table_agreed_at_400_ends_when_someone_passes_400(client):
    resp = client.post(
        "/api/v1/tables", json={"game": "ninety-nine", "players": ["Ann", "Bob", "Cy"], "options": {"fixedTarget": 400}}
    )
    assert resp.status_code == 201, resp.get_json()
    table = resp.get_json()
    auth = {"Authorization": f"Bearer {table['scorer_token']}"}
    totals = []
    for n in range(5):
        for ev in deal(first=n == 0):
            resp = client.post(f"/api/v1/tables/{table['id']}/events", json=ev, headers=auth)
            assert resp.status_code == 201, resp.get_json()
        state = resp.get_json()["state"]
        totals.append(state["totals"][0])
        assert state["finished"] is (n == 4)
    assert totals == [99, 198, 297, 396, 495]
    assert state["winners"] == [0] and state["detail"]["target"] == 400
    after = client.post(f"/api/v1/tables/{table['id']}/events", json={"type": "deal"}, headers=auth)
    assert after.status_code == 422 and after.get_json()["error"]["code"] == "finished"
    page = client.get(f"/t/{table['id']}").get_data(as_text=True)
    assert "play until someone passes 400" in page
    sheet = client.get(f"/t/{table['id']}/print/score-sheet.pdf")
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(sheet.data)).pages)
    assert "play until someone passes 400" in " ".join(text.split())


@pytest.mark.parametrize("target", [1, 400, 750, 10_000])
def test_any_whole_number_from_1_to_10000_is_an_agreed_total(target):
    assert GAMES["ninety-nine"].resolve_options({"fixedTarget": target})["fixedTarget"] == target


def test_the_new_table_form_takes_a_typed_total_and_suggests_the_usual_ones(client):
    form = client.get("/new/ninety-nine").get_data(as_text=True)
    assert 'name="fixedTarget" type="number"' in form and '<option value="500">' in form
    resp = client.post("/new/ninety-nine", data={"players": ["Ann", "Bob", "Cy"], "fixedTarget": " 750 "})
    assert resp.status_code == 302
    state = client.get(f"/api/v1/tables/{resp.headers['Location'].rsplit('/', 1)[-1]}").get_json()
    assert state["options"]["fixedTarget"] == 750
    refused = client.post("/new/ninety-nine", data={"players": ["Ann", "Bob", "Cy"], "fixedTarget": "10001"})
    assert refused.status_code == 422 and "from 1 to 10000" in refused.get_data(as_text=True)
