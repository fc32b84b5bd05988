"""The JSON API v1 of docs/record-format.md, exercised with the score pad (every game shares this path)."""

import pytest
from tables import new_table, post, score_pad_record

from referee.extensions import db
from referee.store.models import EventRow


def rnd(*points):
    return {"type": "round", "points": list(points)}


def test_create_play_and_read_a_table(client):
    table = new_table(client)
    assert len(table["id"]) >= 22 and len(table["scorer_token"]) >= 43  # >= 128 bits each
    assert table["viewer_url"].endswith(f"/t/{table['id']}")
    resp = post(client, table, rnd(3, -1, 0))
    assert resp.status_code == 201 and resp.get_json()["seq"] == 1
    post(client, table, rnd(2, 2, 2))
    state = client.get(f"/api/v1/tables/{table['id']}").get_json()
    assert state["totals"] == [5, 1, 2]
    assert state["events"] == [{"seq": 1, **rnd(3, -1, 0)}, {"seq": 2, **rnd(2, 2, 2)}]
    assert state["finished"] is False and state["winners"] == [] and state["breaches"] == []
    assert state["game"] == "score-pad" and state["players"] == ["Aki", "Ben", "Chie"]


def test_undo_and_correct_are_log_lines_and_totals_replay(client):
    table = new_table(client, players=("A", "B"))
    post(client, table, rnd(1, 1))
    post(client, table, rnd(5, 0))
    assert post(client, table, {"type": "undo"}).status_code == 201
    resp = post(client, table, {"type": "correct", "target": 1, "event": rnd(7, 0)})
    assert resp.status_code == 201
    state = resp.get_json()["state"]
    assert state["totals"] == [7, 0] and state["seq"] == 4
    assert [e["seq"] for e in state["events"]] == [1]
    record = client.get(f"/api/v1/tables/{table['id']}/record").get_json()
    assert record["events"] == [rnd(7, 0)]


def test_a_record_round_trips_through_the_api(client):
    table = new_table(client, players=("A", "B"))
    post(client, table, rnd(1, 4))
    record = client.get(f"/api/v1/tables/{table['id']}/record").get_json()
    assert record["format"] == "referee-record" and record["version"] == 1
    copy = client.post("/api/v1/records", json=record)
    assert copy.status_code == 201
    assert client.get(f"/api/v1/tables/{copy.get_json()['id']}").get_json()["totals"] == [1, 4]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"game": "chess", "players": ["A", "B"]}, "unknown_game"),
        ({"game": "score-pad", "players": ["Solo"]}, "bad_players"),
        ({"game": "score-pad", "players": ["A"] * 9}, "bad_players"),
        ({"game": "score-pad", "players": ["A", " "]}, "bad_players"),
        ({"game": "score-pad", "players": ["A", "B"], "options": {"nope": 1}}, "unknown_option"),
    ],
)
@pytest.mark.storeless
def test_creating_a_bad_table_is_refused_with_a_specific_message(client, body, code):
    resp = client.post("/api/v1/tables", json=body)
    assert resp.status_code == 422
    assert resp.get_json()["error"]["code"] == code
    assert resp.get_json()["error"]["message"]


@pytest.mark.storeless
def test_non_json_is_a_400(client):
    resp = client.post("/api/v1/tables", data="not json", content_type="application/json")
    assert resp.status_code == 400 and resp.get_json()["error"]["code"] == "bad_json"


@pytest.mark.parametrize(
    ("event", "code"),
    [
        (rnd("three", 1), "bad_field"),
        (rnd(1), "bad_points"),
        ({"type": "trick"}, "unknown_event"),
        ({"points": [1, 2]}, "unknown_event"),
        ({"type": ["round"], "points": [1, 2]}, "unknown_event"),
        ({"type": "undo", "x": 1}, "bad_event"),
        ({"type": "correct", "target": 99, "event": rnd(1, 1)}, "no_such_event"),
        ([1, 2], "bad_event"),
    ],
)
def test_a_refused_event_answers_422_and_leaves_the_table_unchanged(client, event, code):
    table = new_table(client, players=("A", "B"))
    post(client, table, rnd(1, 1))
    before = client.get(f"/api/v1/tables/{table['id']}").get_json()
    resp = post(client, table, event)
    assert resp.status_code == 422, resp.get_json()
    assert resp.get_json()["error"]["code"] == code
    assert client.get(f"/api/v1/tables/{table['id']}").get_json() == before


def test_undo_on_an_empty_table_is_refused(client):
    table = new_table(client, players=("A", "B"))
    resp = post(client, table, {"type": "undo"})
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "nothing_to_undo"


def test_writing_needs_the_scorer_token(client):
    table = new_table(client, players=("A", "B"))
    url = f"/api/v1/tables/{table['id']}/events"
    assert client.post(url, json=rnd(1, 1)).status_code == 401
    assert post(client, table, rnd(1, 1), token="wrong").status_code == 403
    assert post(client, table, rnd(1, 1), token=table["seat_tokens"][0]).status_code == 403
    assert client.get(f"/api/v1/tables/{table['id']}").get_json()["events"] == []


def test_unknown_tables_are_404(client):
    assert client.get("/api/v1/tables/nope").status_code == 404
    assert client.post("/api/v1/tables/nope/events", json=rnd(1, 1)).status_code == 404
    assert client.get("/t/nope").status_code == 404


def test_a_stale_if_match_is_refused_with_409_and_the_current_state(client):
    table = new_table(client, players=("A", "B"))
    etag = client.get(f"/api/v1/tables/{table['id']}").headers["ETag"]
    assert post(client, table, rnd(1, 0), **{"If-Match": etag}).status_code == 201
    stale = post(client, table, rnd(2, 0), **{"If-Match": etag})
    assert stale.status_code == 409
    assert stale.get_json()["state"]["totals"] == [1, 0]


def test_the_same_idempotency_key_records_once(client, app):
    table = new_table(client, players=("A", "B"))
    first = post(client, table, rnd(1, 0), **{"Idempotency-Key": "tap-1"})
    again = post(client, table, rnd(1, 0), **{"Idempotency-Key": "tap-1"})
    assert first.status_code == 201 and again.status_code == 200
    assert again.get_json()["seq"] == first.get_json()["seq"]
    with app.app_context():
        assert db.session.query(EventRow).count() == 1


def test_a_record_with_a_bad_event_names_it_and_stores_nothing(client, app):
    record = score_pad_record(rnd(1, 1), rnd(1, 2, 3))
    resp = client.post("/api/v1/records", json=record)
    assert resp.status_code == 422
    assert resp.get_json()["error"]["event"] == 1
    with app.app_context():
        assert db.session.query(EventRow).count() == 0


@pytest.mark.storeless
def test_errors_come_in_the_requests_language(client):
    resp = client.post(
        "/api/v1/tables", json={"game": "chess", "players": ["A", "B"]}, headers={"Accept-Language": "ja"}
    )
    assert "chess" in resp.get_json()["error"]["message"]
    assert "Unknown game" not in resp.get_json()["error"]["message"]


@pytest.mark.storeless
def test_openapi_describes_every_game_event(client):
    doc = client.get("/api/openapi.json").get_json()
    assert doc["openapi"].startswith("3.")
    assert "/api/v1/tables/{table_id}/events" in doc["paths"]
    from referee.games import GAMES

    for game in GAMES.values():
        for cls in game.events:
            assert f"{game.id}.{cls.type}" in doc["components"]["schemas"]


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/api/v1/nothing/here", 404),
        ("GET", "/api/v1/tables/nope", 404),
        ("GET", "/api/v1/tables/nope/record", 404),
        ("POST", "/api/v1/tables/nope/events", 404),
        ("GET", "/api/v1/sessions/nope", 404),
        ("GET", "/api/v1/clubs/nope", 404),
        ("GET", "/api/v1/clubs/nope/players/0", 404),
        ("GET", "/api/v1/clubs/nope/players/-1", 404),  # no route: Werkzeug's 404, answered as JSON too
        ("GET", "/api/v1/clubs/nope/players/x", 404),
        ("DELETE", "/api/v1/tables", 405),
    ],
)
def test_every_refusal_under_the_api_is_json_that_says_why(client, method, path, status):
    """A client of the API reads every refusal as JSON, a missing route or a wrong method included."""
    resp = client.open(path, method=method, json={})
    assert resp.status_code == status and resp.is_json, (resp.status_code, resp.get_data(as_text=True)[:200])
    error = resp.get_json()["error"]
    assert error["code"] and error["message"]
