"""An unchanged live poll is answered before Flask (issue 20, referee/web/live_gate.py), and answered
exactly as ``live.poll`` would answer it: for any query and ``If-None-Match``, the app with the gate
and the bare Flask app behind it give the same status, headers and body; Flask itself runs only when
the table changed (or is unknown, or the request is not a plain poll); a failed read falls back to
Flask; and a change made through another connection is seen by the very next poll."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.test import EnvironBuilder, run_wsgi_app

from referee.web.live_gate import UnchangedPolls


def answer(wsgi, path: str, query: str = "", headers: dict | None = None, method: str = "GET"):
    environ = EnvironBuilder(
        path=path, query_string=query, headers=headers or {}, method=method
    ).get_environ()
    body, status, got = run_wsgi_app(wsgi, environ, buffered=True)
    return status, sorted(got.items()), b"".join(body)


def write(client, table_id: str, auth: dict, event: dict) -> int:
    return client.post(f"/api/v1/tables/{table_id}/events", json=event, headers=auth).status_code


@pytest.fixture
def table(app, client):
    """A score pad with one round, and a counter of the requests Flask itself handled."""
    app.flask_runs = 0

    @app.before_request
    def count() -> None:
        app.flask_runs += 1

    made = client.post("/api/v1/tables", json={"game": "score-pad", "players": ["Aki", "Ben"]}).get_json()
    auth = {"Authorization": f"Bearer {made['scorer_token']}"}
    assert write(client, made["id"], auth, {"type": "round", "points": [3, 1]}) == 201
    version = client.get(f"/t/{made['id']}/live?since=none").headers["ETag"].strip('"')
    return made["id"], version, auth


def test_the_gate_sits_in_front_of_flask(app):
    assert isinstance(app.wsgi_app, UnchangedPolls)


def test_an_unchanged_poll_never_reaches_flask_a_changed_one_does(app, client, table):
    table_id, version, auth = table
    before = app.flask_runs
    assert client.get(f"/t/{table_id}/live?since={version}").status_code == 204
    assert client.get(f"/t/{table_id}/live", headers={"If-None-Match": f'"{version}"'}).status_code == 304
    assert app.flask_runs == before
    assert write(client, table_id, auth, {"type": "round", "points": [0, 4]}) == 201
    before = app.flask_runs
    changed = client.get(f"/t/{table_id}/live?since={version}")
    assert changed.status_code == 200 and app.flask_runs == before + 1
    assert client.get(f"/t/nosuchtable/live?since={version}").status_code == 404
    assert app.flask_runs == before + 2


def test_a_failed_read_is_left_to_flask(app, client, table, monkeypatch):
    table_id, version, _auth = table
    reader = app.wsgi_app.reader()

    def broken(_table_id):
        raise OSError("the database went away")

    monkeypatch.setattr(reader, "read", broken)
    before = app.flask_runs
    assert client.get(f"/t/{table_id}/live?since={version}").status_code == 204
    assert app.flask_runs == before + 1


def test_a_write_on_another_connection_is_seen_by_the_next_poll(app, client, table):
    """The gate reads on its own kept connection; the write goes through the app's session."""
    table_id, version, auth = table
    for _ in range(3):  # the gate's connection is open and has answered
        assert client.get(f"/t/{table_id}/live?since={version}").status_code == 204
    assert write(client, table_id, auth, {"type": "undo"}) == 201
    assert client.get(f"/t/{table_id}/live?since={version}").status_code == 200


VERSIONS = st.sampled_from(["{v}", "{v}", "0.0.0", "none", "", "{v}x", " {v}", "%7Bv%7D"])
QUERY = st.lists(st.tuples(st.sampled_from(["since", "view", "since", "x"]), VERSIONS), max_size=3)
ETAGS = st.sampled_from([None, '"{v}"', 'W/"{v}"', "*", '"0.0.0", "{v}"', '"0.0.0"', "{v}", "garbage"])
PATHS = st.sampled_from(["/t/{id}/live", "/t/{id}/live/", "/t/{id}x/live", "/t//live", "/t/{id}/live/x"])


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=QUERY, etag=ETAGS, path=PATHS, method=st.sampled_from(["GET", "GET", "HEAD"]))
def test_the_gate_answers_as_flask_would(app, table, query, etag, path, method):
    table_id, version, _auth = table
    fill = lambda s: s.replace("{v}", version).replace("{id}", table_id)  # noqa: E731
    qs = "&".join(f"{k}={fill(v)}" for k, v in query)
    headers = {} if etag is None else {"If-None-Match": fill(etag)}
    gate, bare = app.wsgi_app, app.wsgi_app.wsgi_app
    assert answer(gate, fill(path), qs, headers, method) == answer(bare, fill(path), qs, headers, method)


def test_a_viewer_holding_no_links_is_answered_without_reading_seats(app, client, table):
    """A phone with no device cookie holds no scorer or seat link, so its fragment needs no seats."""
    from sqlalchemy import event

    from referee.extensions import db

    table_id, _version, _auth = table
    seen: list[str] = []
    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", lambda *a: seen.append(a[2]))
    assert app.test_client().get(f"/t/{table_id}/live?since=old").status_code == 200
    assert seen and not any("FROM seats" in s for s in seen)
