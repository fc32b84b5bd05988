"""`flask db upgrade` (alembic, migrations/) builds the whole schema on SQLite and on PostgreSQL."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect

from referee.extensions import db
from referee.store import models  # noqa: F401 - registers the tables on db.metadata
from referee.store.version_feed import WATCHED

ROOT = Path(__file__).resolve().parents[2]
FLASK = str(Path(sys.executable).with_name("flask"))


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def empty_database(request, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'migrated.sqlite3'}"
    return request.getfixturevalue("postgres").create_database("referee_migrations")


def test_flask_db_upgrade_creates_every_table(empty_database):
    env = {**os.environ, "REFEREE_DATABASE_URL": empty_database, "REFEREE_ENV": "development"}
    run = subprocess.run(
        [FLASK, "--app", "wsgi", "db", "upgrade"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    engine = create_engine(empty_database)
    try:
        inspector = inspect(engine)
        tables = set(inspector.get_table_names())
        assert {"game_tables", "seats", "events", "alembic_version"} <= tables
        for table in db.metadata.sorted_tables:
            assert table.name in tables, f"no migration creates {table.name}"
            columns = {c["name"] for c in inspector.get_columns(table.name)}
            assert {c.name for c in table.columns} <= columns, f"{table.name} lacks columns"
        uniques = {u["name"] for u in inspector.get_unique_constraints("events")}
        assert "uq_events_table_seq" in uniques
        if engine.dialect.name == "postgresql":  # version changes are notified by the database itself
            with engine.connect() as conn:
                notified = conn.exec_driver_sql(
                    "SELECT tgrelid::regclass::text FROM pg_trigger WHERE tgname = 'referee_notify_version'"
                ).scalars()
                assert sorted(notified) == sorted(WATCHED)
    finally:
        engine.dispose()
