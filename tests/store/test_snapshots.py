"""The snapshot cache is only a shortcut: ``current`` always equals a full replay of the stored log."""

import pytest

from referee.extensions import db
from referee.rules import game
from referee.rules.base import RuleError
from referee.store import tables
from referee.store.models import EventRow
from referee.store.replay import replay


def full(table):
    return replay(game(table.game), table.players, table.options, tables.log_of(table))


def rnd(a, b):
    return {"type": "round", "points": [a, b]}


def test_current_matches_a_full_replay_through_appends_undo_and_corrections(app):
    with app.app_context():
        table = tables.create_table("score-pad", ["Aki", "Ben"], {}).table
        for i in range(5):
            tables.append(table, "event", rnd(i, 1))
        assert tables.current(table).view == full(table).view
        tables.append(table, "undo", {})
        assert tables.current(table).view.totals == full(table).view.totals == (6, 4)
        tables.append(table, "correct", {"target": 1, "event": rnd(10, 0)})
        now = tables.current(table)
        assert now.view.totals == full(table).view.totals == (16, 3)
        assert now.effective[0].corrections and now.effective[0].corrections[0].at is not None


def test_a_line_written_by_another_process_is_seen(app):
    with app.app_context():
        table = tables.create_table("score-pad", ["Aki", "Ben"], {}).table
        tables.append(table, "event", rnd(1, 1))
        assert tables.current(table).last_seq == 1
        db.session.add(EventRow(table_id=table.id, seq=2, kind="event", body=rnd(5, 0)))
        db.session.add(EventRow(table_id=table.id, seq=3, kind="undo", body={}))
        db.session.commit()
        now = tables.current(table)
        assert now.last_seq == 3 and now.view.totals == full(table).view.totals == (1, 1)


def test_a_refused_write_leaves_the_snapshot_as_it_was(app):
    with app.app_context():
        table = tables.create_table("score-pad", ["Aki", "Ben"], {}).table
        tables.append(table, "event", rnd(2, 2))
        with pytest.raises(RuleError):
            tables.append(table, "event", {"type": "round", "points": [1]})
        assert tables.current(table).view.totals == (2, 2) and tables.current(table).last_seq == 1
