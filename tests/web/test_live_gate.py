"""An unchanged live poll is answered before Flask (issue 20, referee/web/updates/gate.py), and answered
exactly as ``live.poll`` would answer it: for any query and ``If-None-Match``, the app with the gate
and the bare Flask app behind it give the same status, headers and body; Flask itself runs only when
the table changed (or is unknown, or the request is not a plain poll); a failed read falls back to
Flask; and a change made through another connection is seen by the very next poll."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.test import EnvironBuilder, run_wsgi_app

from referee.web.updates.gate import UnchangedPolls
from tests.web.tables import new_table


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

    made = new_table(client, players=("Aki", "Ben"))
    auth = {"Authorization": f"Bearer {made['scorer_token']}"}
    assert write(client, made["id"], auth, {"type": "round", "points": [3, 1]}) == 201
    version = client.get(f"/t/{made['id']}/live?since=none").headers["ETag"].strip('"')
    return made["id"], version, auth


@pytest.mark.storeless
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
    japanese = {"Accept-Language": "ja"}  # not kept yet (the fixture asked in English): Flask renders it
    assert app.test_client().get(f"/t/{table_id}/live?since=old", headers=japanese).status_code == 200
    assert seen and not any("FROM seats" in s for s in seen)


# A changed table's public fragment (the viewer's and the big screen's), kept by a worker thread
# that rendered it, is answered here too: exactly Flask's answer, for exactly the readers who get it.

LANGUAGES = [
    {},
    {"Accept-Language": "ja"},
    {"Cookie": "lang=ja"},
    {"Cookie": "lang=en", "Accept-Language": "ja"},
]


def changed(client, table_id: str, auth: dict) -> None:
    assert write(client, table_id, auth, {"type": "round", "points": [0, 4]}) == 201


@pytest.mark.parametrize("view", ["", "view=screen"])
def test_a_kept_public_fragment_is_flasks_answer_byte_for_byte(app, client, table, view):
    """Every reader kind and language in turn: the first ask of each fills the cache through Flask,
    the next is answered by the gate, and both equal the bare Flask app's answer (a cache keyed
    without the kind or the language hands one of them another's fragment and fails here)."""
    table_id, version, auth = table
    changed(client, table_id, auth)
    gate, bare = app.wsgi_app, app.wsgi_app.wsgi_app
    query = f"since={version}&{view}".strip("&")
    answers = set()
    for headers in LANGUAGES:
        flask_answer = answer(bare, f"/t/{table_id}/live", query, headers)
        assert flask_answer[0] == "200 OK"
        served, runs = gate.served, app.flask_runs
        assert answer(gate, f"/t/{table_id}/live", query, headers) == flask_answer
        assert (gate.served, app.flask_runs) == (served + 1, runs), headers
        answers.add(flask_answer[2])
    assert len(answers) == 2  # English and Japanese
    other = "" if view else "view=screen"  # the other kind of reader is not handed this one's page
    assert answer(gate, f"/t/{table_id}/live", f"since={version}&{other}") == answer(
        bare, f"/t/{table_id}/live", f"since={version}&{other}"
    )


def test_a_miss_goes_to_flask_which_keeps_it_for_the_next(app, client, table):
    table_id, version, auth = table
    changed(client, table_id, auth)
    gate = app.wsgi_app
    runs = app.flask_runs
    first = client.get(f"/t/{table_id}/live?since={version}")
    assert (first.status_code, app.flask_runs, gate.served) == (200, runs + 1, 0)
    again = app.test_client().get(f"/t/{table_id}/live?since={version}")
    assert (again.get_data(), app.flask_runs, gate.served) == (first.get_data(), runs + 1, 1)


@pytest.mark.parametrize("query", ["since={v}&x=1", "since={v}&token=abc", "since={v}&view=screen&x"])
def test_a_query_live_poll_does_not_share_is_left_to_flask(app, client, table, query):
    table_id, version, auth = table
    changed(client, table_id, auth)
    assert client.get(f"/t/{table_id}/live?since={version}").status_code == 200  # kept
    runs = app.flask_runs
    assert client.get(f"/t/{table_id}/live?{query.replace('{v}', version)}").status_code == 200
    assert (app.flask_runs, app.wsgi_app.served) == (runs + 1, 0)


def test_a_phone_holding_links_or_a_token_is_never_handed_the_public_fragment(app, client):
    """The seat's and the scorer's pages carry their forms: their phones go to Flask whatever the
    cache holds, by device cookie, by ``Authorization`` or by the tokens an old session kept."""
    from tests.web.test_live_contract import BANNER, live, version_of
    from tests.web.test_sealed_bids import BIDS, Table, bid

    t = Table(app, client)
    assert t.post("scorer", {"type": "deal", "dealer": 0}).status_code == 201
    before = version_of(live(t, "viewer", "none"))
    assert t.post("seat1", bid(1, BIDS[1][0])).status_code == 201
    public = live(t, "viewer", before)  # kept for every viewer from now on
    assert BANNER not in public.get_data(as_text=True)
    gate = app.wsgi_app
    for reader in ("scorer", "seat0", "seat1", "seat2"):
        fragment = live(t, reader, before).get_data(as_text=True)
        assert fragment != public.get_data(as_text=True), reader
        assert (BANNER in fragment) == reader.startswith("seat"), reader
    assert gate.served == 0
    by_bearer = client.get(
        f"/t/{t.id}/live?since={before}", headers={"Authorization": f"Bearer {t.tokens['seat1']}"}
    )
    assert by_bearer.status_code == 200 and gate.served == 0
    old_phone = app.test_client()
    with old_phone.session_transaction() as session:
        session["tokens"] = {f"{t.id}:seat1": t.tokens["seat1"]}
    kept = old_phone.get(f"/t/{t.id}/live?since={before}").get_data(as_text=True)
    assert gate.served == 0 and ("Ben&#39;s " + BANNER in kept or "Ben's " + BANNER in kept)
    assert live(t, "viewer", before).get_data() == public.get_data() and gate.served == 1


def test_a_session_cookie_that_does_not_verify_is_left_to_flask(app, client, table):
    table_id, version, auth = table
    changed(client, table_id, auth)
    assert client.get(f"/t/{table_id}/live?since={version}").status_code == 200  # kept
    forged = app.test_client()
    forged.set_cookie("session", "eyJ0b2tlbnMiOnt9fQ.forged.signature")
    assert forged.get(f"/t/{table_id}/live?since={version}").status_code == 200
    assert app.wsgi_app.served == 0


@pytest.mark.parametrize(
    ("cookie", "accept", "chosen"),
    [
        (None, None, "en"),
        (None, "ja,en;q=0.5", "ja"),
        (None, "fr, de;q=0.9", "en"),
        ("ja", "en", "ja"),
        ("en", "ja", "en"),
        ("xx", "ja", "ja"),
        (None, "en;q=0.2, ja;q=0.8", "ja"),
    ],
)
@pytest.mark.storeless
def test_the_language_follows_the_cookie_then_accept_language(app, cookie, accept, chosen):
    """The gate and Flask-Babel pick by one pure function (``i18n.choose_locale``)."""
    from flask_babel import get_locale

    from referee.web.site.i18n import choose_locale

    assert choose_locale(cookie, accept, ("en", "ja")) == chosen
    headers = {"Accept-Language": accept} if accept else {}
    if cookie:
        headers["Cookie"] = f"lang={cookie}"
    with app.test_request_context("/", headers=headers):
        assert str(get_locale()) == chosen
