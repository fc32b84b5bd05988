"""Storeless tests (issue 30, the test command's time): a test that reads and writes no table runs on
SQLite only, and the ``app`` fixture fails it the moment it runs SQL, so the mark cannot hide a store
path from PostgreSQL."""

from __future__ import annotations

import pytest

from .conftest import no_sql


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
