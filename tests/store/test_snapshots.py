"""The snapshot cache is only a shortcut: ``current`` always equals a full replay of the stored log."""

import pytest

from referee.extensions import db
from referee.games import game
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


def statements(app):
    """The SQL statements run from here on (a list that fills as they run)."""
    from sqlalchemy import event

    seen: list[str] = []
    event.listen(db.engine, "before_cursor_execute", lambda *a: seen.append(a[2]))
    return seen


def test_current_at_reads_no_log_when_the_snapshot_is_at_that_line(app):
    """The director's board knows every table's last seq from one grouped query (issue 17/20)."""
    with app.app_context():
        table = tables.create_table("score-pad", ["Aki", "Ben"], {}).table
        tables.append(table, "event", rnd(3, 1))
        kept = tables.current(table)
        seen = statements(app)
        assert tables.current_at(table, 1) is kept
        assert seen == []


def test_current_at_a_later_line_than_the_snapshot_reads_the_log(app):
    """Another process appended (its seq read just now): the board never shows the older snapshot."""
    with app.app_context():
        table = tables.create_table("score-pad", ["Aki", "Ben"], {}).table
        tables.append(table, "event", rnd(1, 1))
        db.session.add(EventRow(table_id=table.id, seq=2, kind="event", body=rnd(5, 0)))
        db.session.commit()
        now = tables.current_at(table, 2)
        assert now.last_seq == 2 and now.view.totals == full(table).view.totals == (6, 1)


def test_an_append_keeps_the_table_it_read_loaded(app):
    """The answer or page rendered after an entry reads the table again for nothing (issue 20)."""
    with app.app_context():
        table = tables.create_table("score-pad", ["Aki", "Ben"], {}).table
        assert table.players == ("Aki", "Ben")
        tables.append(table, "event", rnd(1, 1))
        seen = statements(app)
        assert (table.id, table.game, table.players) == (table.id, "score-pad", ("Aki", "Ben"))
        assert seen == []


def test_an_undo_or_a_correction_narrates_only_the_events_from_the_changed_one(app, monkeypatch):
    """Issue 29: the undo's or the correction's replay, kept for the page that shows the history after
    it, takes the sentences of the events before the changed one from the snapshot it was checked on."""
    from dataclasses import replace

    from referee.games import GAMES

    said = []
    pad = GAMES["score-pad"]

    def counted(ev, players, before=None, after=None):
        said.append(ev)
        return pad.narrate(ev, players, before=before, after=after)

    monkeypatch.setitem(GAMES, "score-pad", replace(pad, narrate=counted))
    with app.app_context():
        table = tables.create_table("score-pad", ["Aki", "Ben"], {}).table
        for i in range(6):
            tables.append(table, "event", rnd(i, 1))
        assert tables.current(table).lines_made is not None
        said.clear()
        tables.append(table, "undo", {})
        assert said == []
        tables.append(table, "correct", {"target": 3, "event": rnd(7, 7)})
        assert len(said) == 3  # the corrected round and the two after it
        db.session.add(EventRow(table_id=table.id, seq=9, kind="undo", body={}))  # by another process
        db.session.commit()
        said.clear()
        assert len(tables.current(table).lines) == 4 and said == []
        assert tables.current(table).lines == replay(pad, ("Aki", "Ben"), {}, tables.log_of(table), narrated=True).lines
