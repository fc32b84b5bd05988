"""Every web test starts on an empty database (tests/conftest.py): on SQLite a copy of the empty schema,
on PostgreSQL the one database emptied by ``close_app`` after the test before (its rows deleted, its
sequences restarted). Both runs below write the same rows; each passes only if the other left nothing."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select
from tables import new_table, post

from referee.extensions import db
from referee.store.models import EventRow


@pytest.mark.parametrize("run", ["first", "second"])
def test_a_test_starts_with_every_table_empty_and_its_log_lines_numbered_from_one(app, client, run):
    with app.app_context():
        rows = {
            t.name: db.session.scalar(select(func.count()).select_from(t)) for t in db.metadata.sorted_tables
        }
    assert rows == dict.fromkeys(rows, 0)
    table = new_table(client, players=("Aki", "Ben"))
    assert post(client, table, {"type": "round", "points": [3, 1]}).status_code == 201
    with app.app_context():
        assert db.session.scalars(select(EventRow.id)).all() == [1]
