"""A write's idempotency key and the state it was based on (issue 28).

An ``Idempotency-Key`` (or a form's ``idem``) names one request: sent again with the same entry it
is answered as the first was and recorded once; sent with another entry it is refused with 422
``idempotency_key_reused`` (it was answered 200 with the old table, the new entry silently
dropped). A key used by another writer never matches, so it tells nothing about a sealed entry. A
form's ``based_on`` that is not a seq (``abc``, ``1e3``, empty) is 422, not "no stale-page check";
so is an ``If-Match`` that is no ETag.
"""

from __future__ import annotations

import pytest
from tables import new_table, post

from tests.web.test_hostile_bodies import counts
from tests.web.test_sealed_bids import Table, bid


def rnd(*points):
    return {"type": "round", "points": list(points)}


def key(value):
    return {"Idempotency-Key": value}


def test_the_same_key_with_the_same_entry_answers_as_the_first_and_records_once(app, client):
    table = new_table(client, players=("A", "B"))
    first = post(client, table, rnd(1, 0), **key("tap-1"))
    post(client, table, rnd(2, 2))
    again = post(client, table, rnd(1, 0), **key("tap-1"))
    assert first.status_code == 201 and again.status_code == 200
    assert again.get_json()["seq"] == first.get_json()["seq"] == 1
    assert counts(app)[1] == 2


@pytest.mark.parametrize(
    "other",
    [rnd(0, 1), rnd(1, 0, 0), {"type": "undo"}, {"type": "correct", "target": 1, "event": rnd(1, 0)}, {"type": "x"}],
    ids=["other points", "malformed", "an undo", "a correction", "an unknown type"],
)
def test_the_same_key_with_another_entry_is_refused_and_nothing_is_stored(app, client, other):
    table = new_table(client, players=("A", "B"))
    post(client, table, rnd(1, 0), **key("tap-1"))
    before = counts(app)
    resp = post(client, table, other, **key("tap-1"))
    assert resp.status_code == 422
    error = resp.get_json()["error"]
    assert error["code"] == "idempotency_key_reused" and "already used for a different entry" in error["message"]
    ja = post(client, table, other, **key("tap-1"), **{"Accept-Language": "ja"})
    assert ja.get_json()["error"]["code"] == "idempotency_key_reused"
    assert ja.get_json()["error"]["message"] != error["message"]
    assert counts(app) == before


def test_two_spellings_of_one_entry_are_the_same_request(app, client):
    table = new_table(client, game="bingo", players=("A", "B"))
    deal = {"type": "deal", "indicator": "6-4", "leader": 0}
    assert post(client, table, deal, **key("deal-1")).status_code == 201
    assert post(client, table, {**deal, "indicator": "4-6"}, **key("deal-1")).status_code == 200
    assert post(client, table, {**deal, "indicator": "5-4"}, **key("deal-1")).status_code == 422


def test_a_form_entry_with_a_used_key_and_another_entry_says_so_and_keeps_the_table(app, client):
    url = client.post("/new/score-pad", data={"players": ["Aki", "Ben"]}).headers["Location"]
    form = {"type": "round", "points": ["3", "1"], "idem": "same-form"}
    assert client.post(f"{url}/events", data=form).status_code == 302
    assert client.post(f"{url}/events", data=form).status_code == 302  # a double tap: recorded once
    before = counts(app)
    resp = client.post(f"{url}/events", data={**form, "points": ["9", "9"]}, headers={"HX-Request": "true"})
    assert resp.status_code == 422 and "already used for a different entry" in resp.get_data(as_text=True)
    ja = client.post(
        f"{url}/events", data={**form, "points": ["9", "9"]}, headers={"HX-Request": "true", "Accept-Language": "ja"}
    )
    assert ja.status_code == 422 and "already used" not in ja.get_data(as_text=True)
    assert counts(app) == before


def test_another_writers_key_is_refused_whatever_the_entry_so_it_tells_nothing(app, client):
    """Ben's sealed bid went in under a key; Chie sending her bid with that key is refused alike
    whether her cards are his or not: no guess at his cards can be told right."""
    t = Table(app, client)
    assert t.post("scorer", {"type": "deal", "dealer": 0}).status_code == 201
    ben = bid(1, ["KS", "QH", "7C"])
    headers = {"Authorization": f"Bearer {t.tokens['seat1']}", **key("ben-bid")}
    assert client.post(f"/api/v1/tables/{t.id}/events", json=ben, headers=headers).status_code == 201
    chie = {"Authorization": f"Bearer {t.tokens['seat2']}", **key("ben-bid")}
    answers = {
        client.post(f"/api/v1/tables/{t.id}/events", json=body, headers=chie).get_data()
        for body in (bid(2, ["KS", "QH", "7C"]), bid(2, ["KS", "QH", "8C"]), bid(2, ["JS", "10H", "6C"]))
    }
    assert len(answers) == 1 and b"idempotency_key_reused" in answers.pop()


def test_a_proposed_correction_keeps_its_key_too(app, client):
    made = client.post(
        "/api/v1/tables", json={"game": "score-pad", "players": ["A", "B"], "confirm_corrections": True}
    ).get_json()
    post(client, made, rnd(1, 2))
    fix = {"type": "correct", "target": 1, "event": rnd(3, 3)}
    assert post(client, made, fix, **key("fix-1")).status_code == 202
    assert post(client, made, fix, **key("fix-1")).status_code == 202
    other = post(client, made, {**fix, "event": rnd(4, 4)}, **key("fix-1"))
    assert other.status_code == 422 and other.get_json()["error"]["code"] == "idempotency_key_reused"


@pytest.mark.parametrize("based_on", ["abc", "1e3", "", " ", "1.0", "-1", "١", "²", "9" * 5000])
def test_a_form_based_on_no_seq_is_refused_with_a_sentence_not_taken_as_no_check(app, client, based_on):
    url = client.post("/new/score-pad", data={"players": ["Aki", "Ben"]}).headers["Location"]
    before = counts(app)
    form = {"type": "round", "points": ["3", "1"], "based_on": based_on}
    resp = client.post(f"{url}/events", data=form, headers={"HX-Request": "true"})
    assert resp.status_code == 422
    assert "did not say which state of the table it was made on" in resp.get_data(as_text=True)
    ja = client.post(f"{url}/events", data=form, headers={"HX-Request": "true", "Accept-Language": "ja"})
    assert ja.status_code == 422 and "did not say" not in ja.get_data(as_text=True)
    assert counts(app) == before
    assert client.post(f"{url}/events", data={**form, "based_on": "0"}).status_code == 302  # a seq: checked


@pytest.mark.parametrize("if_match", ["abc", '"1e3"', '""', "W/", '"١"', '"-1"'])
def test_an_if_match_that_is_no_etag_is_refused(app, client, if_match):
    table = new_table(client, players=("A", "B"))
    resp = post(client, table, rnd(1, 0), **{"If-Match": if_match})
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "bad_if_match"
    assert counts(app)[1] == 0
    assert post(client, table, rnd(1, 0), **{"If-Match": "*"}).status_code == 201
    assert post(client, table, rnd(1, 0), **{"If-Match": 'W/"1"'}).status_code == 201
