"""Player names (issue 13, point 9): text only, trimmed, with a visible character, no two alike at a
table after NFKC, case folding and dropping invisible format characters; the same rules and the
same answer at every way in (the new-table form, ``POST /api/v1/tables``, a record).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules.base import MalformedEvent
from referee.rules.names import clean_name, clean_names, name_key

ACCEPTED = [
    ([" Aki ", "Ben"], ["Aki", "Ben"]),
    (["\u200bAki\u200b", "Ben"], ["Aki", "Ben"]),
    (["🎲", "Ben"], ["🎲", "Ben"]),
    (["明子", "ベン"], ["明子", "ベン"]),
    (["Ann Lee", "Ann"], ["Ann Lee", "Ann"]),
]

REFUSED = {
    "zero-width space alone": (["\u200b", "Ben"], "needs a visible character"),
    "spaces alone": (["   ", "Ben"], "Every player needs a name"),
    "combining mark alone": (["\u0301", "Ben"], "needs a visible character"),
    "A and A+zero-width": (["A", "A\u200b"], "look like the same name"),
    "A and A+zero-width inside": (["Aki", "A\u200bki"], "look like the same name"),
    "case": (["aki", "AKI"], "look like the same name"),
    "full-width": (["Aki", "ＡＫＩ"], "look like the same name"),
    "sharp s": (["Straße", "STRASSE"], "look like the same name"),
    "spaces inside": (["Ann Lee", "Ann  Lee"], "look like the same name"),
    "numbers and null": ([1, None], "must be text"),
    "a list": ([["A"], "B"], "must be text"),
    "control character": (["A\nB", "C"], "control characters"),
    "too long": (["x" * 41, "B"], "at most 40 characters"),
}


@pytest.mark.parametrize(("given_names", "stored"), ACCEPTED)
def test_names_are_stored_trimmed(client, given_names, stored):
    resp = client.post("/api/v1/tables", json={"game": "score-pad", "players": given_names})
    assert resp.status_code == 201, resp.get_json()
    assert client.get(f"/api/v1/tables/{resp.get_json()['id']}").get_json()["players"] == stored


@pytest.mark.parametrize(("players", "message"), REFUSED.values(), ids=REFUSED.keys())
def test_every_way_in_refuses_the_same_names_with_the_same_message(app, client, players, message):
    created = client.post("/api/v1/tables", json={"game": "score-pad", "players": players})
    record = {"format": "referee-record", "version": 1, "game": "score-pad", "players": players, "events": []}
    imported = client.post("/api/v1/records", json=record)
    assert created.status_code == imported.status_code == 422
    assert created.get_json() == imported.get_json()
    error = created.get_json()["error"]
    assert error["code"] == "bad_players" and message in error["message"]
    # A form can only post text, and leaves out a seat's input left blank (seats beyond the minimum
    # are optional there): a name of spaces alone is a missing player on the form.
    if all(isinstance(p, str) and p.strip() for p in players):
        form = client.post("/new/score-pad", data={"players": players})
        assert form.status_code == 422
        assert error["message"] in form.get_data(as_text=True).replace("&#39;", "'")
    assert client.get("/api/v1/tables/none").status_code == 404


@pytest.mark.storeless
def test_a_clash_is_told_in_japanese_too(client):
    resp = client.post(
        "/api/v1/tables", json={"game": "score-pad", "players": ["A", "A\u200b"]}, headers={"Accept-Language": "ja"}
    )
    assert resp.status_code == 422 and "同じ名前" in resp.get_json()["error"]["message"]


@given(st.text(max_size=12))
def test_a_cleaned_name_cleans_to_itself_and_keeps_its_key(raw):
    try:
        name = clean_name(raw)
    except MalformedEvent:
        return
    assert clean_name(name) == name
    assert name_key(name) == name_key(raw.strip())


@given(st.lists(st.text(min_size=1, max_size=6), min_size=2, max_size=6))
def test_accepted_names_never_look_alike(raw):
    try:
        names = clean_names(raw)
    except MalformedEvent:
        return
    assert len({name_key(n) for n in names}) == len(names)
