"""The check every test in tests/web runs on the API's answers (documented.py) refuses what the
document does not say: a field it does not name, a required field missing, a value of another type, a
status it does not list; and it passes an answer as the API sends it."""

from __future__ import annotations

from tests.web.documented import document_path, undocumented
from tests.web.tables import new_table

STATE = "/api/v1/tables/{table_id}"


def test_a_rule_is_written_as_the_documents_path():
    assert document_path("/api/v1/clubs/<club_id>/players/<int:index>") == "/api/v1/clubs/{club_id}/players/{index}"


def test_an_answer_as_sent_is_as_documented(client):
    table = new_table(client, "score-pad", ["Aki", "Ben"])
    state = client.get(f"/api/v1/tables/{table['id']}").get_json()
    assert undocumented("GET", STATE, 200, state) == []


def test_a_field_the_document_does_not_name_is_caught(client):
    table = new_table(client, "score-pad", ["Aki", "Ben"])
    state = client.get(f"/api/v1/tables/{table['id']}").get_json()
    (problem,) = undocumented("GET", STATE, 200, {**state, "secret": 1})
    assert "'secret' was unexpected" in problem


def test_a_required_field_missing_or_of_another_type_is_caught(client):
    table = new_table(client, "score-pad", ["Aki", "Ben"])
    state = client.get(f"/api/v1/tables/{table['id']}").get_json()
    del state["totals"]
    state["finished"] = "no"
    problems = undocumented("GET", STATE, 200, state)
    assert any('"totals" is a required property' in p for p in problems)
    assert any("is not of type \"boolean\"" in p for p in problems), problems


def test_a_null_is_caught_where_the_document_does_not_allow_one():
    answer = {"tiles": [{"tile": None, "sure": False, "box": [1, 2, 3, 4]}], "width": 10, "height": None}
    (problem,) = undocumented("POST", "/api/v1/photos/tiles", 200, answer)
    assert "['height']" in problem


def test_a_json_answer_of_a_status_the_document_does_not_list_is_caught():
    (problem,) = undocumented("GET", STATE, 418, {"error": {"code": "teapot", "message": "no"}})
    assert "does not list" in problem


def test_pages_are_not_checked():
    assert undocumented("GET", "/t/{table_id}", 200, {"anything": 1}) == []
