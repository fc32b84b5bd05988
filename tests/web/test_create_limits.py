"""Every way to create is limited the same way (issue 28): tables and records, sessions, clubs, a
session's tables and records, a club's sessions, over the API and from the director's forms, all
draw on one budget of 10 a minute and 100 an hour per client. The counters are in the database, so
two workers (two apps on one database, as two gunicorn workers are) count together: a script that
spreads its requests over them still gets its eleventh refused (it made 119 tables a minute
through a session).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

import pytest

from referee.store import rate_limits
from referee.web.site.limits import CREATE_ENDPOINTS
from tests.conftest import close_app, make_app

DIRECTOR, PHONE = "192.0.2.1", "192.0.2.9"
PAIR = ["Aki", "Ben"]
RECORD = json.dumps({"format": "referee-record", "version": 1, "game": "score-pad", "players": PAIR, "events": []})


@dataclass(frozen=True)
class Create:
    endpoint: str
    path: str  # {session}, {club} and their {session_token}, {club_token} are filled in
    json: dict | None = None
    form: dict | None = None
    auth: str | None = None  # "session" or "club": the director's token as a Bearer


CREATES = [
    Create("api.create", "/api/v1/tables", json={"game": "score-pad", "players": PAIR}),
    Create("api.create_from_record", "/api/v1/records", json=json.loads(RECORD)),
    Create("pages.new_table", "/new/score-pad", form={"players": PAIR}),
    Create("pages.import_page", "/import", form={"text": RECORD}),
    Create("sessions_api.create", "/api/v1/sessions", json={"name": "Friday", "players": PAIR}),
    Create("sessions_api.new_table", "/api/v1/sessions/{session}/tables", json={"game": "score-pad", "players": PAIR}, auth="session"),
    Create("sessions_api.new_record", "/api/v1/sessions/{session}/records", json=json.loads(RECORD), auth="session"),
    Create("clubs_api.create", "/api/v1/clubs", json={"name": "Club"}),
    Create("clubs_api.new_session", "/api/v1/clubs/{club}/sessions", json={"name": "Friday", "players": PAIR}, auth="club"),
    Create("clubs_pages.new_club", "/clubs/new", form={"name": "Club"}),
    Create("clubs_pages.new_session", "/club/{club}/sessions?token={club_token}", form={"name": "Friday", "players": PAIR}),
    Create("clubs_pages.new_session_alone", "/sessions/new", form={"name": "Friday", "players": "Aki\nBen"}),
    Create("sessions_pages.add_table", "/s/{session}/tables?token={session_token}", form={"game": "score-pad", "players": PAIR}),
    Create("sessions_pages.add_record", "/s/{session}/records?token={session_token}", form={"text": RECORD}),
    Create("sessions_pages.pair_round", "/s/{session}/rounds?token={session_token}", form={"game": "score-pad", "method": "swiss", "anyway": "yes"}),  # the last round not started: paired all the same
    Create("sessions_api.new_round", "/api/v1/sessions/{session}/rounds", json={"game": "score-pad", "seats": 2, "method": "swiss"}, auth="session"),
]  # fmt: skip


@pytest.fixture
def workers(database_url):
    """Two apps on one database with the limits on, and a session and a club made by the director
    (from another address: their budget is not the phone's)."""
    apps = [make_app(database_url, RATELIMIT_ENABLED=True, WTF_CSRF_ENABLED=False) for _ in range(2)]
    director = apps[0].test_client()
    director.environ_base["REMOTE_ADDR"] = DIRECTOR
    evening = PAIR + [f"Player {n}" for n in range(10)]  # ten Swiss rounds without a rematch
    session = director.post("/api/v1/sessions", json={"name": "S", "players": evening}).get_json()
    club = director.post("/api/v1/clubs", json={"name": "C", "players": PAIR}).get_json()
    phones = [a.test_client() for a in apps]
    for phone in phones:
        phone.environ_base["REMOTE_ADDR"] = PHONE
    yield phones, {"session": (session["id"], session["director_token"]), "club": (club["id"], club["director_token"])}
    for a in apps:
        close_app(a, database_url)


def send(phone, create: Create, owned):
    path, headers = create.path, {}
    for name, (found, token) in owned.items():
        path = path.replace("{" + name + "}", found).replace("{" + name + "_token}", token)
    if create.auth:
        headers["Authorization"] = f"Bearer {owned[create.auth][1]}"
    return phone.post(path, json=create.json, data=create.form, headers=headers)


@pytest.mark.storeless
def test_every_create_endpoint_is_in_this_table_and_in_the_app(workers):
    phones, _owned = workers
    assert {c.endpoint for c in CREATES} == CREATE_ENDPOINTS
    assert set(phones[0].application.view_functions) >= CREATE_ENDPOINTS


@pytest.mark.parametrize("create", CREATES, ids=[c.endpoint for c in CREATES])
def test_the_eleventh_creation_in_a_minute_is_refused_whichever_worker_takes_it(workers, create):
    phones, owned = workers
    made = [send(phones[i % 2], create, owned).status_code for i in range(10)]
    assert all(status in (200, 201, 302) for status in made), made
    for phone in phones:
        refused = send(phone, create, owned)
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
        text = refused.get_data(as_text=True)
        assert "Try again in" in text
        if create.path.startswith("/api/"):
            assert refused.get_json()["error"]["code"] == "rate_limited"


def test_all_ways_share_one_budget(workers):
    phones, owned = workers
    made = [send(phones[i % 2], CREATES[i], owned).status_code for i in range(10)]
    assert 429 not in made
    assert all(send(phones[0], c, owned).status_code == 429 for c in CREATES)


def test_a_hundred_an_hour(workers, monkeypatch):
    """Ten a minute for ten minutes; the hundred-and-first waits for the hour, not the minute."""
    phones, owned = workers
    clock = [time.time()]

    class Later:
        @staticmethod
        def time() -> float:
            return clock[0]

    monkeypatch.setattr(rate_limits, "time", Later)
    creates = [c for c in CREATES if c.path.startswith("/api/v1/tables") or c.path == "/api/v1/clubs"]
    for minute in range(10):
        made = [send(phones[i % 2], creates[i % 2], owned).status_code for i in range(10)]
        assert made == [201] * 10, minute
        clock[0] += 61
    assert send(phones[0], creates[0], owned).status_code == 429
    clock[0] += 3600
    assert send(phones[1], creates[1], owned).status_code == 201
