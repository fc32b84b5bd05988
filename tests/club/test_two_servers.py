"""Two app servers (two gunicorn instances, separate processes) on one PostgreSQL (issue 17).

Each process has its own snapshot cache; a state is always checked against the log's latest seq,
so a write on one server is what the other answers at once, and the unique (table, seq) keeps one
of two racing appends: the log never has a gap or a double."""

from __future__ import annotations

import threading

import pytest

from tests.club.conftest import Gunicorn, migrated
from tests.web.tables import bearer, new_served_table

pytestmark = pytest.mark.postgres


@pytest.fixture(scope="module")
def servers(postgres, tmp_path_factory):
    url = migrated(postgres.create_database("two_servers"))
    logs = tmp_path_factory.mktemp("two_servers")
    pair = [Gunicorn(url, logs / f"{name}.log", workers=1, threads=4) for name in ("a", "b")]
    try:
        for server in pair:
            server.start()
        yield pair
    finally:
        for server in pair:
            server.stop()


def rnd(*points):
    return {"type": "round", "points": list(points)}


def test_a_write_on_one_server_is_what_the_other_answers_at_once(servers):
    a, b = servers
    made = new_served_table(a)
    auth = bearer(made["scorer_token"])
    path = f"/api/v1/tables/{made['id']}"
    assert b.request("GET", path)[1]["totals"] == [0, 0]  # B now holds a snapshot at seq 0
    for n in range(1, 4):
        writer, reader = (a, b) if n % 2 else (b, a)
        assert writer.request("POST", f"{path}/events", rnd(n, 0), auth)[0] == 201
        status, state = reader.request("GET", path)
        assert status == 200 and state["seq"] == n and state["totals"] == [n * (n + 1) // 2, 0]
    # An undo on A and a correction on B change earlier events: each server's cache must not answer
    # from its older snapshot.
    assert a.request("POST", f"{path}/events", {"type": "undo"}, auth)[0] == 201
    assert b.request("GET", path)[1]["totals"] == [3, 0]
    assert (
        b.request("POST", f"{path}/events", {"type": "correct", "target": 1, "event": rnd(0, 9)}, auth)[0]
        == 201
    )
    assert a.request("GET", path)[1]["totals"] == [2, 9]
    status, page = a.request("GET", f"/t/{made['id']}")
    assert status == 200 and b">9<" in page.replace(b" ", b"")


def test_appends_racing_on_both_servers_keep_one_per_seq_and_no_gaps(servers):
    a, b = servers
    made = new_served_table(a)
    auth = bearer(made["scorer_token"])
    path = f"/api/v1/tables/{made['id']}"
    assert a.request("POST", f"{path}/events", rnd(1, 1), auth)[0] == 201
    # Every writer bases its write on seq 1 (If-Match): exactly one may be stored as seq 2.
    results: list[int] = []
    start = threading.Barrier(8)

    def race(server, i):
        start.wait()
        status, _ = server.request("POST", f"{path}/events", rnd(i, 0), {**auth, "If-Match": '"1"'})
        results.append(status)

    threads = [threading.Thread(target=race, args=((a, b)[i % 2], i + 10)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [201] + [409] * 7
    # Writes without If-Match are serialised, never dropped: all stored, seqs contiguous.
    results.clear()
    start = threading.Barrier(8)

    def append(server, i):
        start.wait()
        results.append(server.request("POST", f"{path}/events", rnd(0, 1), auth)[0])

    threads = [threading.Thread(target=append, args=((a, b)[i % 2], i)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [201] * 8
    for server in (a, b):
        state = server.request("GET", path)[1]
        assert [e["seq"] for e in state["events"]] == list(range(1, 11))
        assert state["totals"][1] == 1 + 8


def test_a_session_read_on_the_other_server_shows_a_table_just_written(servers):
    a, b = servers
    status, session = a.request("POST", "/api/v1/sessions", {"name": "Night", "players": ["Aki", "Ben"]})
    assert status == 201
    director = {"Authorization": f"Bearer {session['director_token']}"}
    status, table = b.request(
        "POST",
        f"/api/v1/sessions/{session['id']}/tables",
        {"game": "score-pad", "players": ["Aki", "Ben"]},
        director,
    )
    assert status == 201 and table["number"] == 1
    auth = {"Authorization": f"Bearer {table['scorer_token']}"}
    assert b.request("POST", f"/api/v1/tables/{table['id']}/events", rnd(4, 2), auth)[0] == 201
    status, state = a.request("GET", f"/api/v1/sessions/{session['id']}", headers=director)
    assert status == 200 and state["tables"][0]["totals"] == [4, 2] and state["tables"][0]["seq"] == 1


def test_tables_added_at_once_on_both_servers_get_distinct_numbers(servers):
    a, b = servers
    status, session = a.request("POST", "/api/v1/sessions", {"name": "Rush", "players": ["Aki", "Ben"]})
    director = {"Authorization": f"Bearer {session['director_token']}"}
    numbers: list[int] = []
    start = threading.Barrier(8)

    def add(server):
        start.wait()
        status, made = server.request(
            "POST",
            f"/api/v1/sessions/{session['id']}/tables",
            {"game": "score-pad", "players": ["Aki", "Ben"]},
            director,
        )
        assert status == 201, made
        numbers.append(made["number"])
        # the seat links the answer gives are the ones the table accepts
        assert server.request("GET", f"/t/{made['id']}/join/{made['seat_tokens'][1]}")[0] == 302

    threads = [threading.Thread(target=add, args=((a, b)[i % 2],)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(numbers) == list(range(1, 9))
    state = b.request("GET", f"/api/v1/sessions/{session['id']}", headers=director)[1]
    assert [t["number"] for t in state["tables"]] == list(range(1, 9))
