"""Pooled PostgreSQL connections are pinged at checkout only after they idled (store/pool_health.py):
a connection the database dropped while it idled is replaced without the request noticing, and a
busy connection costs no ping."""

from __future__ import annotations

import psycopg
import pytest
from sqlalchemy import exc

from referee.extensions import db
from referee.store import pool_health
from tests.web.tables import new_table

pytestmark = pytest.mark.parametrize(
    "database_url", [pytest.param("postgresql", marks=pytest.mark.postgres)], indirect=True
)


def drop_every_connection(database_url: str) -> int:
    """What a database restart does to the app's pooled connections."""
    with psycopg.connect(database_url.replace("+psycopg", ""), autocommit=True) as conn:
        cur = conn.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        row = cur.fetchone()
    assert row is not None
    return int(row[0])


@pytest.fixture
def pings(app, monkeypatch) -> list[object]:
    """Every ping the app's engine sends."""
    sent: list[object] = []
    with app.app_context():
        dialect = db.engine.dialect
    ping = dialect.do_ping
    monkeypatch.setattr(dialect, "do_ping", lambda conn: sent.append(conn) or ping(conn))
    return sent


def test_a_connection_dropped_while_idle_is_replaced_unseen(app, client, database_url, pings, monkeypatch):
    table_id = new_table(client, players=("Aki", "Ben"))["id"]
    assert drop_every_connection(database_url) >= 1
    monkeypatch.setattr(pool_health, "IDLE_S", 0.0)  # every pooled connection counts as idle
    resp = client.get(f"/api/v1/tables/{table_id}")
    assert resp.status_code == 200 and resp.get_json()["id"] == table_id
    assert len(pings) == 1  # the dead one was pinged, then a fresh one opened without a ping


def test_without_the_idle_check_the_dead_connection_reaches_the_request(
    app, client, database_url, monkeypatch
):
    """The other side of the trade: what the check above saves a request from."""
    table_id = new_table(client, players=("Aki", "Ben"))["id"]
    drop_every_connection(database_url)
    monkeypatch.setattr(pool_health, "IDLE_S", 3600.0)
    with pytest.raises(exc.OperationalError):
        client.get(f"/api/v1/tables/{table_id}")
    assert client.get(f"/api/v1/tables/{table_id}").status_code == 200  # the pool was renewed


def test_a_busy_connection_is_not_pinged(app, client, pings):
    table_id = new_table(client, players=("Aki", "Ben"))["id"]
    for _ in range(20):
        assert client.get(f"/api/v1/tables/{table_id}").status_code == 200
    assert pings == []
