"""The test command's shortcuts keep every test's promise (issue 30, the test command's time): the two
workers take the files of long tests first and in that order; a test marked storeless runs on SQLite only and fails the moment it runs SQL, so the mark cannot hide a store
path from PostgreSQL; the PostgreSQL database a test gets is empty, its sequences restarted, though its
tables are made once and emptied by one script per test; each template is compiled once per worker, not
once per test's app; the test command keeps compiled modules, outside the clone, even where the
environment turns bytecode off; a throwaway PostgreSQL cluster is made without syncing its files."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from jinja2 import Environment
from sqlalchemy import func, inspect, select

from referee.extensions import db
from referee.store.models import EventRow
from tests.web.tables import bearer, new_table

from . import conftest
from .conftest import (
    MEMORY_DISK,
    _clean,
    close_app,
    fresh_sqlite,
    make_app,
    no_sql,
    pytest_collection_modifyitems,
)

ROOT = Path(__file__).resolve().parents[1]


def test_the_browser_and_club_files_are_handed_out_first_each_file_whole_and_in_order():
    collected = ["rules/test_a.py::one", "browser/test_b.py::one", "web/test_c.py::one", "club/test_d.py::one",
                 "browser/test_b.py::two", "rules/test_a.py::two", "browser/test_e.py::one"]  # fmt: skip
    items = [SimpleNamespace(nodeid=f"tests/{nodeid}") for nodeid in collected]
    pytest_collection_modifyitems(items)
    assert [item.nodeid.removeprefix("tests/") for item in items] == [
        "browser/test_b.py::one", "browser/test_b.py::two", "browser/test_e.py::one", "club/test_d.py::one",
        "rules/test_a.py::one", "web/test_c.py::one", "rules/test_a.py::two",
    ]  # fmt: skip
    command = (ROOT / "scripts" / "test.sh").read_text()
    assert "--dist loadfile --no-loadscope-reorder" in command  # xdist keeps that order


@pytest.mark.storeless
def test_a_storeless_test_runs_once_on_sqlite(request, database_url):
    assert request.node.callspec.params["database_url"] == "sqlite" and database_url.startswith("sqlite")


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_any_sql_under_no_sql_fails_the_test(app, client):
    with no_sql(app):
        assert client.get("/api/openapi.json").status_code == 200  # a page from no table
    refused = r"a storeless test ran \d+ SQL statements, the first: INSERT INTO game_tables"
    with pytest.raises(pytest.fail.Exception, match=refused), no_sql(app):
        client.post("/api/v1/tables", json={"game": "score-pad", "players": ["Aki", "Ben"]})


def _a_table_with_a_round(client) -> None:
    table = new_table(client, players=("Aki", "Ben"))
    body = {"type": "round", "points": [3, 1]}
    assert client.post(f"/api/v1/tables/{table['id']}/events", json=body, headers=bearer(table["scorer_token"])).status_code == 201


@pytest.mark.parametrize("database_url", [pytest.param("postgresql", marks=pytest.mark.postgres)], indirect=True)
def test_cleaning_postgresql_empties_every_table_and_restarts_its_sequences(app, client):
    _a_table_with_a_round(client)
    _a_table_with_a_round(client)
    _clean(app)
    with app.app_context():
        for table in db.metadata.sorted_tables:
            assert db.session.scalar(select(func.count()).select_from(table)) == 0, table.name
        db.session.remove()
    _a_table_with_a_round(client)
    with app.app_context():
        assert db.session.scalars(select(EventRow.id)).all() == [1]


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_the_next_tests_app_gets_its_templates_compiled(app, database_url, monkeypatch):
    app.jinja_env.get_template("home.html")  # compiled here, unless an earlier test's app did
    compiled: list[str | None] = []
    compile_ = Environment.compile

    def counted(env, source, name=None, *args, **kwargs):
        compiled.append(name)
        return compile_(env, source, name, *args, **kwargs)

    monkeypatch.setattr(Environment, "compile", counted)
    following = make_app(database_url, schema=False)
    try:
        assert following.jinja_env is not app.jinja_env
        assert following.jinja_env.get_template("home.html").name == "home.html"
    finally:
        close_app(following, database_url)
    assert compiled == []


def _file_system(path: Path) -> str:
    """The type of the file system holding ``path`` (the longest mount point above it)."""
    mounts = [line.split() for line in Path("/proc/self/mounts").read_text().splitlines()]
    point, kind = max(((m[1], m[2]) for m in mounts if path.is_relative_to(m[1])), key=lambda m: len(m[0]))
    return kind


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_tests_sqlite_database_lives_in_memory_where_the_machine_has_a_memory_disk(database_url, sqlite_folder):
    """Where /dev/shm is a tmpfs, each test's SQLite file is there, so a commit's fsync waits for no disk."""
    path = Path(database_url.removeprefix("sqlite:///"))
    assert path.is_file() and path.is_relative_to(sqlite_folder)
    if Path(MEMORY_DISK).is_dir() and _file_system(Path(MEMORY_DISK)) == "tmpfs":
        assert _file_system(path) == "tmpfs", path


def test_a_fresh_sqlite_is_an_empty_copy_of_the_schema_gone_after_the_test(request, sqlite_folder):
    """What a file's own SQLite-only ``app`` fixture gets instead of making the tables for each test:
    every table, no row, in ``sqlite_folder``, and nothing left behind."""
    with fresh_sqlite(request) as url:
        path = Path(url.removeprefix("sqlite:///"))
        assert path.is_relative_to(sqlite_folder)
        app = make_app(url, schema=False)
        try:
            with app.app_context():
                assert set(inspect(db.engine).get_table_names()) >= set(db.metadata.tables)
                assert db.session.scalar(select(func.count()).select_from(EventRow)) == 0
        finally:
            close_app(app, url)
    assert not path.parent.exists()


def test_the_test_command_keeps_compiled_modules_outside_the_clone(tmp_path):
    """Where the environment sets PYTHONDONTWRITEBYTECODE (as the shared machine does), ``scripts/test.sh``
    still lets Python and pytest's assertion rewriting cache what they compile, in a folder under TMPDIR:
    each worker and served clone then loads the package and the rewritten test modules instead of
    compiling them again."""
    exports = [line for line in (ROOT / "scripts" / "test.sh").read_text().splitlines()
               if line.startswith(("unset PYTHON", "export PYTHON"))]  # fmt: skip
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPYCACHEPREFIX"}
    env |= {"PYTHONDONTWRITEBYTECODE": "1", "TMPDIR": str(tmp_path)}
    asked = 'import sys; print(sys.dont_write_bytecode, sys.pycache_prefix)'
    script = "\n".join([*exports, f"{sys.executable} -c '{asked}'"])
    seen = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True, check=True).stdout
    assert seen.split() == ["False", str(tmp_path / "referee-pycache")]


def test_a_throwaway_postgresql_cluster_is_made_without_syncing_its_files(monkeypatch):
    """Each test process's cluster and each crash test's: initdb skips its fsync of the ~1,000 files it
    writes (seconds of waiting on a busy disk); nothing else about the cluster changes."""
    ran: list[tuple[str, ...]] = []
    monkeypatch.setattr(conftest, "postgres_bin", lambda: "/pg/bin")
    monkeypatch.setattr(conftest, "_as_postgres", lambda *cmd: ran.append(cmd))
    monkeypatch.setattr(conftest, "_pg_start", lambda pgbin, data, tmp, options: 5432)
    for durable in (False, True):
        cluster = conftest.start_postgres(durable)
        assert next(cluster).port == 5432
        cluster.close()  # its pg_ctl stop, and its folder removed
    initdbs = [cmd for cmd in ran if cmd[0] == "/pg/bin/initdb"]
    assert len(initdbs) == 2
    assert all("--no-sync" in cmd for cmd in initdbs)
    assert [cmd[0] for cmd in ran].count("/pg/bin/pg_ctl") == 2
