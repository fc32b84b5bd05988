"""A score pad played to an agreed total (option ``target``, docs/rules/README.md §8): the new-table form
sets it, the round's heading says it, and the round that brings a player to it ends the pad."""

from __future__ import annotations

from tests.web.tables import new_table_by_form

JA = {"Accept-Language": "ja"}


def test_a_pad_played_to_a_total_says_it_and_ends_there(client):
    page = new_table_by_form(client, players=("Aki", "Ben"), target="30")
    assert "Round 1 · playing to 30" in client.get(page).get_data(as_text=True)
    assert "第1ラウンド・30点まで" in client.get(page, headers=JA).get_data(as_text=True)
    client.post(f"{page}/events", data={"type": "round", "points": ["12", "20"]})
    assert "Round 2 · playing to 30" in client.get(page).get_data(as_text=True)
    client.post(f"{page}/events", data={"type": "round", "points": ["5", "11"]})
    ended = client.get(page).get_data(as_text=True)
    assert "Finished." in ended and "Winner: Ben" in ended and "Record round" not in ended
    refused = client.post(f"{page}/events", data={"type": "round", "points": ["1", "1"]})
    assert refused.status_code == 422


def test_a_pad_without_a_total_heads_its_rounds_alone(client):
    page = new_table_by_form(client, players=("Aki", "Ben"))
    html = client.get(page).get_data(as_text=True)
    assert "Round 1" in html and "playing to" not in html
