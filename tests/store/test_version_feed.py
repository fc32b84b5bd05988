"""Table versions kept per process and kept right by LISTEN/NOTIFY (issue 20, store/version_feed.py).

On PostgreSQL a live poll's version comes from this process's cache while nobody changed the table:
every write that changes a version notifies it on commit, the listener of every other process drops
it, and the writer's own process drops it after its commit. "Another process" here is a second app on
the same database under another connection URL (so its commits do not touch the reader's cache in
this process: only the notification does). The waits are guards on a condition, not speed checks.
SQLite keeps the direct read."""

from __future__ import annotations

import threading

import psycopg
import pytest
from sqlalchemy import text

from referee.extensions import db
from referee.store import version_feed
from referee.store.live_versions import reader_for
from referee.store.sharing import VERSION_QUERY, decide, propose_correction, spell_version
from referee.store.tables import get_table
from referee.store.version_feed import CHANNEL, VersionCache, listener_of
from tests.conftest import make_app
from tests.web.tables import bearer, new_table

GUARD_S = 60  # fails a change that never arrives; not a speed check


def write(client, table_id: str, auth: dict, points: list[int]) -> None:
    resp = client.post(
        f"/api/v1/tables/{table_id}/events", json={"type": "round", "points": points}, headers=auth
    )
    assert resp.status_code == 201


ON_POSTGRESQL = pytest.mark.parametrize(
    "database_url", [pytest.param("postgresql", marks=pytest.mark.postgres)], indirect=True
)  # LISTEN/NOTIFY is PostgreSQL's: these tests have nothing to run on SQLite


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_sqlite_reads_the_database_every_time(app):
    with app.app_context():
        assert reader_for(db.engine).cache is None


@pytest.fixture
def feed(app, database_url):
    """The reader (as the live gate uses it) with its cache, once its listener listens, and a writer
    app standing for another process on the same PostgreSQL."""
    with app.app_context():
        reader = reader_for(db.engine)
        listener = listener_of(db.engine)
    assert reader is not None and reader.cache is not None and listener is not None
    wait(reader.cache, lambda: reader.cache.live)
    other = make_app(f"{database_url}?application_name=other_process", WTF_CSRF_ENABLED=False)
    yield reader, listener, other
    with other.app_context():
        db.session.remove()
        db.engine.dispose()


def wait(cache: VersionCache, condition) -> None:
    with cache.changed:
        assert cache.changed.wait_for(condition, timeout=GUARD_S)


def truth(app, table_id: str) -> str:
    """The table's version as the database has it now, read past every cache."""
    with app.app_context(), db.engine.connect() as conn:
        return spell_version(conn.execute(VERSION_QUERY, {"table_id": table_id}).one())


def kept(reader, table_id: str, expected: str | None = None) -> str:
    """Poll as the live gate does until the reader answers ``expected`` (default: what it answers
    first) and keeps it. A step of several transactions (a confirmed correction is claimed, appended
    and marked in turn) sends a notification for each, and one may still be on its way and drop the
    version just read: the poll is then simply asked again, as a phone would. A version that never
    comes (a stale cache answering forever) fails at the guard."""
    first = reader.read(table_id)
    assert first is not None
    expected = first if expected is None else expected
    with reader.cache.changed:
        assert reader.cache.changed.wait_for(
            lambda: reader.read(table_id) == expected and reader.cache.get(table_id) == expected,
            timeout=GUARD_S,
        ), (expected, reader.read(table_id))
    return expected


def changed(reader, table_id: str, before: str, app) -> str:
    """After a write elsewhere: the reader answers the database's new version and keeps it."""
    now = truth(app, table_id)
    assert now != before
    return kept(reader, table_id, now)


@ON_POSTGRESQL
def test_a_write_in_another_process_reaches_this_reader(app, client, feed):
    reader, _listener, other = feed
    writer = other.test_client()
    made = new_table(writer, players=("Aki", "Ben"))
    table_id, auth = made["id"], bearer(made["scorer_token"])
    before = kept(reader, table_id)
    assert reader.read(table_id) == before  # answered from the cache
    write(writer, table_id, auth, [0, 4])
    after = changed(reader, table_id, before, app)
    write(writer, table_id, auth, [1, 4])
    assert changed(reader, table_id, after, app) not in (before, after)


@ON_POSTGRESQL
def test_the_writers_own_process_forgets_at_commit(app, client, feed):
    reader, _listener, _other = feed
    made = new_table(client, players=("Aki", "Ben"))
    table_id, auth = made["id"], bearer(made["scorer_token"])
    before = kept(reader, table_id)
    write(client, table_id, auth, [3, 1])
    assert reader.cache.get(table_id) is None  # no waiting for its own notification
    assert reader.read(table_id) != before


@ON_POSTGRESQL
def test_a_notification_is_sent_on_commit_only(app, feed, database_url):
    """A rolled-back write notifies nobody: the first notification is the committed write's."""
    _reader, _listener, other = feed
    client = other.test_client()
    dropped = new_table(client, players=("Aki", "Ben"))["id"]
    made = new_table(client, players=("Aki", "Ben"))
    committed, auth2 = made["id"], bearer(made["scorer_token"])
    with psycopg.connect(database_url.replace("+psycopg", ""), autocommit=True) as conn:
        conn.execute(f"LISTEN {CHANNEL}")
        with other.app_context():
            from referee.store.models import EventRow

            db.session.add(EventRow(table_id=dropped, seq=1, kind="event", body={}, author="scorer"))
            db.session.flush()
            db.session.rollback()
        write(client, committed, auth2, [1, 1])
        note = next(conn.notifies(timeout=GUARD_S, stop_after=1))
        assert note.payload == committed


@ON_POSTGRESQL
@pytest.mark.parametrize("statement", ["insert", "update", "delete"])
def test_the_database_notifies_any_writer_s_change_even_outside_the_app(app, client, database_url, statement):
    """The trigger notifies, not the app: a row written by hand (psql, a repair script) drops the kept
    versions too. A table with a pending correction is updated and deleted under the writer's feet."""
    made = new_table(client, players=("Aki", "Ben"), confirm_corrections=True)
    table_id, auth = made["id"], bearer(made["scorer_token"])
    write(client, table_id, auth, [1, 2])
    dsn = database_url.replace("+psycopg", "")
    with app.app_context():
        propose_correction(get_table(table_id), 1, {"type": "round", "points": [2, 1]})
    sql = {
        "insert": "INSERT INTO events (table_id, seq, kind, body, author, created_at)"
        " VALUES (%s, 2, 'event', '{\"type\": \"round\", \"points\": [0, 0]}', 'scorer', now())",
        "update": "UPDATE pending_corrections SET decided_at = now(), status = 'rejected' WHERE table_id = %s",
        "delete": "DELETE FROM pending_corrections WHERE table_id = %s",
    }[statement]
    with psycopg.connect(dsn, autocommit=True) as listening, psycopg.connect(dsn) as writing:
        listening.execute(f"LISTEN {CHANNEL}")
        writing.execute(sql, (table_id,))
        writing.commit()
        note = next(listening.notifies(timeout=GUARD_S, stop_after=1))
        assert (note.channel, note.payload) == (CHANNEL, table_id)


@ON_POSTGRESQL
def test_a_lost_listener_falls_back_to_the_database_until_it_listens_again(app, client, feed):
    reader, listener, other = feed
    writer = other.test_client()
    made = new_table(writer, players=("Aki", "Ben"))
    table_id, auth = made["id"], bearer(made["scorer_token"])
    before = kept(reader, table_id)
    resume, connect = threading.Event(), listener.connect
    listener.connect = lambda: (resume.wait(GUARD_S), connect())[1]
    try:
        with app.app_context():
            db.session.execute(
                text("SELECT pg_terminate_backend(:pid)"), {"pid": listener.connection.info.backend_pid}
            )
            db.session.commit()
        wait(reader.cache, lambda: not reader.cache.live)
        write(writer, table_id, auth, [2, 2])  # nobody listens: its notification is lost
        missed = reader.read(table_id)
        assert missed != before and reader.cache.get(table_id) is None  # read, and not kept
        resume.set()
        wait(reader.cache, lambda: reader.cache.live)
        assert kept(reader, table_id) == missed
        write(writer, table_id, auth, [5, 0])
        assert changed(reader, table_id, missed, app) != before
    finally:
        listener.connect = connect
        resume.set()


@ON_POSTGRESQL
def test_nothing_stale_after_a_correction_is_proposed_confirmed_or_rejected(app, client, feed):
    reader, _listener, other = feed
    writer = other.test_client()
    made = new_table(writer, players=("Aki", "Ben"), confirm_corrections=True)
    table_id, auth = made["id"], bearer(made["scorer_token"])
    seen = [kept(reader, table_id)]
    write(writer, table_id, auth, [3, 1])
    seen.append(changed(reader, table_id, seen[-1], app))

    def changed_elsewhere(step) -> None:
        with other.app_context():
            step(get_table(table_id))
        now = changed(reader, table_id, seen[-1], app)
        assert now not in seen
        seen.append(now)

    proposed = []
    correction = {"type": "round", "points": [9, 9]}
    changed_elsewhere(lambda t: proposed.append(propose_correction(t, 1, correction).id))
    changed_elsewhere(lambda t: decide(t, proposed[0], by="seat1", confirm=True))
    changed_elsewhere(lambda t: proposed.append(propose_correction(t, 1, correction).id))
    changed_elsewhere(lambda t: decide(t, proposed[1], by="seat0", confirm=False))


def test_a_read_that_raced_a_change_is_not_kept():
    cache = VersionCache()
    cache.clear(live=True)
    ticket = cache.ticket()
    cache.drop(["t1"])  # committed while the read was on its way
    cache.put("t1", "1.0.0", ticket)
    assert cache.get("t1") is None
    cache.put("t1", "2.0.0", cache.ticket())
    assert cache.get("t1") == "2.0.0"
    ticket = cache.ticket()
    cache.clear(live=True)  # the listener was lost and came back meanwhile
    cache.put("t1", "2.0.0", ticket)
    assert cache.get("t1") is None


def test_many_drops_forget_old_tables_without_keeping_a_raced_read():
    cache = VersionCache(keep=2)
    cache.clear(live=True)
    ticket = cache.ticket()
    cache.drop(["a", "b", "c"])  # "a" is forgotten: its drop counts at the floor
    cache.put("a", "1.0.0", ticket)
    assert cache.get("a") is None
    assert version_feed.KEEP >= 1024
