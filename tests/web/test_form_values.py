"""The HTML form layer keeps accepting what a phone sends, but normalises it to the record's
spelling before an event exists (issue 14, point 3): the log, the record and the API only ever
hold canonical values. Text it cannot read (full-width or Arabic-Indic digits) is refused by the
codec with the same message as the API's.
"""

from __future__ import annotations

import pytest

from referee.games import GAMES
from referee.rules.cards import Card
from referee.rules.forms import form_option, form_value, normalise_form_event
from referee.rules.tiles import Tile
from tests.web.tables import new_table

FORM_VALUES = [
    (Tile, "6-4", "6-4"),
    (Tile, " 4-6 ", "6-4"),
    (Tile, "[5-3]", "5-3"),
    (Tile, "6|2", "6-2"),
    (Tile, "6:4", "6-4"),
    (Tile, "６-４", "６-４"),  # not read: the codec refuses it
    (Card, "ah", "AH"),
    (Card, " AH ", "AH"),
    (Card, "10s", "10S"),
    (Card, "t♡", "10H"),
    (Card, "jk", "JK"),
    (Card, "1H", "1H"),  # not a card: left for the codec to refuse
    (int, "0", 0),
    (int, " -3 ", -3),
    (int, "+7", 7),
    (int, "１２", "１２"),
    (int, "١٢", "١٢"),
    (int, "1.5", "1.5"),
    (bool, "on", True),
    (bool, "true", True),
    (bool, "off", False),
    (bool, "0", False),
    (tuple[Card, ...], "ah, kh,qh", ["AH", "KH", "QH"]),
    (tuple[Card, ...], ["ah", "KH"], ["AH", "KH"]),
    (tuple[int, ...], '["1", 2]', [1, 2]),
    (tuple[Tile, ...], "6|4,3-1", ["6-4", "3-1"]),
]


@pytest.mark.parametrize(("hint", "text", "value"), FORM_VALUES, ids=[f"{h}-{t!r}" for h, t, _ in FORM_VALUES])
def test_a_forms_text_becomes_the_records_spelling(hint, text, value):
    assert form_value(hint, text) == value


def test_a_whole_form_event_is_normalised_field_by_field():
    raw = {"type": "bid", "seat": " 1 ", "cards": ["ah", "k♥", "t♠"]}
    assert normalise_form_event(GAMES["ninety-nine"], raw) == {"type": "bid", "seat": 1, "cards": ["AH", "KH", "10S"]}


def test_option_fields_of_the_new_table_form_become_json_types():
    options = {opt.id: opt for opt in GAMES["ninety-nine"].options}
    assert form_option(options["oxfordWhist"], "true") is True
    assert form_option(options["oxfordWhist"], "false") is False
    assert form_option(options["fixedTarget"], " 400 ") == 400
    assert form_option(options["fixedTarget"], "４００") == "４００"  # refused by the option itself
    assert form_option(options["fixedTarget"], " ") == 0  # an emptied number input: the rubber


def score_pad(client, players=("Aki", "Ben")):
    return new_table(client, players=players)


def test_score_pad_points_typed_on_a_phone_are_stored_as_numbers(client):
    table = score_pad(client)
    client.get(f"/t/{table['id']}/join/{table['scorer_token']}")
    resp = client.post(f"/t/{table['id']}/events", data={"type": "round", "points": [" 3 ", "-2"]})
    assert resp.status_code == 302
    record = client.get(f"/api/v1/tables/{table['id']}/record").get_json()
    assert record["events"] == [{"type": "round", "points": [3, -2]}]


@pytest.mark.parametrize("points", [["３", "1"], ["١", "1"], ["1.5", "1"], ["1e2", "1"], ["9" * 20, "1"]])
def test_points_not_written_in_ascii_digits_are_refused_with_a_clear_message(client, points):
    table = score_pad(client)
    client.get(f"/t/{table['id']}/join/{table['scorer_token']}")
    resp = client.post(f"/t/{table['id']}/events", data={"type": "round", "points": points})
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    assert "The points of the round entry must be a whole number of at most 18 digits 0-9" in page
    api = client.post(
        f"/api/v1/tables/{table['id']}/events",
        json={"type": "round", "points": points},
        headers={"Authorization": f"Bearer {table['scorer_token']}"},
    )
    assert api.status_code == 422 and api.get_json()["error"]["message"].startswith("The points of the round")
    assert client.get(f"/api/v1/tables/{table['id']}").get_json()["events"] == []


def test_a_tile_picked_in_a_loose_spelling_is_stored_canonically(client):
    resp = client.post("/api/v1/tables", json={"game": "bingo", "players": ["Aki", "Ben"]})
    table = resp.get_json()
    client.get(f"/t/{table['id']}/join/{table['scorer_token']}")
    resp = client.post(f"/t/{table['id']}/events", data={"type": "deal", "leader": " 0 ", "indicator": "[1|3]"})
    assert resp.status_code == 302
    record = client.get(f"/api/v1/tables/{table['id']}/record").get_json()
    assert record["events"] == [{"type": "deal", "leader": 0, "indicator": "3-1"}]
    refused = client.post(
        f"/api/v1/tables/{table['id']}/events",
        json={"type": "deal", "indicator": "[1|3]"},
        headers={"Authorization": f"Bearer {table['scorer_token']}"},
    )
    assert refused.status_code == 422
    assert refused.get_json()["error"]["message"] == (
        'The indicator of the deal entry must be a tile written like 6-4, not "[1|3]".'
    )


def test_a_refused_points_entry_names_the_field_in_japanese_not_by_its_record_key(client):
    """A Japanese page never shows the record key ("points") for the box the player typed in."""
    table = score_pad(client)
    client.get(f"/t/{table['id']}/join/{table['scorer_token']}")
    resp = client.post(
        f"/t/{table['id']}/events", data={"type": "round", "points": ["abc", "1"]}, headers={"Accept-Language": "ja"}
    )
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    assert "ラウンドの「点数」は半角数字 0-9 で書いた18桁までの整数" in page
    assert " points " not in page
