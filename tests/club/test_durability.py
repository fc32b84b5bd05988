"""Kill -9 gunicorn (master and workers) in the middle of writes from several clients, restart it,
and check that everything acknowledged with a 201 is there, in order, and nothing else half-exists.

SQLite runs in WAL mode with synchronous=FULL (referee/store/pragmas.py). PostgreSQL runs in a cluster of
its own with its default durability (fsync on, synchronous_commit on): see ``durable_postgres``.
Only the app is killed here, not the database or the machine, so what this proves is that a commit
is done before the 201 goes out and that a write cut short leaves nothing behind.
"""

from __future__ import annotations

import http.client
import json
import threading

import pytest
from sqlalchemy import create_engine, text

from tests.web.tables import new_served_table

TABLES = 4
WRITERS_PER_TABLE = 2  # two phones on one table: some writes lose the race (409) and must leave nothing


def _writer(server, table_id, token, writer, acked, sent, stop, progress, done):
    try:
        _write_until_stopped(server, table_id, token, writer, acked, sent, stop, progress)
    finally:
        with progress:
            done.append(writer)
            progress.notify_all()


def _write_until_stopped(server, table_id, token, writer, acked, sent, stop, progress):
    n = 0
    while not stop.is_set():
        n += 1
        event = {"type": "round", "points": [writer, n]}
        sent.append((table_id, writer, n))
        try:
            status, body = server.request(
                "POST",
                f"/api/v1/tables/{table_id}/events",
                event,
                {"Authorization": f"Bearer {token}"},
                timeout=120,  # a hang guard only: the kill resets the connection at once
            )
        except (OSError, http.client.HTTPException):
            return  # the server is gone (before or during the answer): this write is un-acknowledged
        if status == 201:
            with progress:
                acked.append((table_id, body["seq"], (writer, n)))
                progress.notify_all()
        elif status != 409:
            raise AssertionError(f"unexpected {status}: {body!r}")


def test_sigkill_mid_stream_loses_nothing_acknowledged(gunicorn, club_database):
    tables = [(t["id"], t["scorer_token"]) for t in (new_served_table(gunicorn) for _ in range(TABLES))]
    acked: list[tuple[str, int, tuple[int, int]]] = []
    sent: list[tuple[str, int, int]] = []
    stop = threading.Event()
    progress = threading.Condition()  # notified on every acknowledged write and when a writer ends
    done: list[int] = []
    threads = [
        threading.Thread(
            target=_writer, args=(gunicorn, tid, tok, w, acked, sent, stop, progress, done), daemon=True
        )
        for tid, tok in tables
        for w in range(WRITERS_PER_TABLE)
    ]
    for t in threads:
        t.start()
    with progress:  # however slow the machine: wait for 60 acknowledged writes (or every writer gone)
        progress.wait_for(lambda: len(acked) >= 60 or len(done) == len(threads))
    gunicorn.kill()  # mid-stream: the writers are still posting
    stop.set()
    for t in threads:
        t.join()
    assert len(acked) >= 60, "too few writes before the kill to mean anything"

    gunicorn.start()  # the same database, a new server
    engine = create_engine(club_database)
    with engine.connect() as conn:
        stored = conn.execute(
            text("SELECT table_id, seq, kind, body FROM events ORDER BY table_id, seq")
        ).all()
    engine.dispose()

    by_table: dict[str, list] = {tid: [] for tid, _ in tables}
    for table_id, seq, kind, body in stored:
        by_table[table_id].append((seq, kind, json.loads(body) if isinstance(body, str) else body))
    attempted = {(tid, w, n) for tid, w, n in sent}
    for table_id, token in tables:
        rows = by_table[table_id]
        # no gaps: seq runs 1..n
        assert [seq for seq, _, _ in rows] == list(range(1, len(rows) + 1))
        # every stored line is whole and one that a client really sent
        for _seq, kind, body in rows:
            assert kind == "event" and body["type"] == "round"
            writer, n = body["points"]
            assert (table_id, writer, n) in attempted
        # every acknowledged write is there, at the seq it was acknowledged with
        stored_at = {seq: tuple(body["points"]) for seq, _, body in rows}
        mine = [(seq, pts) for tid, seq, pts in acked if tid == table_id]
        for seq, pts in mine:
            assert stored_at.get(seq) == pts, f"acknowledged {pts} at seq {seq} is missing"
        # each writer's acknowledged events are in the order it sent them
        for w in range(WRITERS_PER_TABLE):
            ns = [pts[1] for seq, pts in sorted(mine) if pts[0] == w]
            assert ns == sorted(ns)
        # the whole log replays, and the server carries on writing after the restart
        status, state = gunicorn.request("GET", f"/api/v1/tables/{table_id}")
        assert status == 200 and state["seq"] == len(rows)
        assert state["totals"] == [
            sum(b["points"][0] for _, _, b in rows),
            sum(b["points"][1] for _, _, b in rows),
        ]
        status, body = gunicorn.request(
            "POST", f"/api/v1/tables/{table_id}/events", {"type": "round", "points": [0, 0]},
            {"Authorization": f"Bearer {token}"},
        )  # fmt: skip
        assert status == 201 and body["seq"] == len(rows) + 1


def test_the_durable_cluster_is_made_once_per_test_process(request: pytest.FixtureRequest):
    """Four club files ask for ``durable_postgres``; each cluster is an initdb and a start (seconds on a
    busy machine), so one per test process, each test with a database of its own in it."""
    (made,) = request._fixturemanager.getfixturedefs("durable_postgres", request.node)
    assert made.scope == "session"
