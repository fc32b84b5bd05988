"""The store decides the correction policy (``store.writing.write``), for the forms and the API alike."""

from referee.store import tables
from referee.store.sharing import corrections_of, set_confirm_corrections
from referee.store.writing import write

ROUND = {"type": "round", "points": [3, 1]}


def test_a_correction_is_appended_at_once_unless_the_table_confirms_corrections(app):
    with app.app_context():
        table = tables.create_table("score-pad", ["Aki", "Ben"], {}).table
        write(table, "event", ROUND, seat=None, author="scorer")
        fixed = write(table, "correct", {"target": 1, "event": {**ROUND, "points": [0, 4]}}, seat=None, author="scorer")
        assert fixed.pending is None and fixed.seq == 2 and fixed.state.view.totals == (0, 4)

        set_confirm_corrections(table, True)
        waiting = write(table, "correct", {"target": 1, "event": ROUND}, seat=None, author="api")
        assert waiting.seq is None and waiting.pending is not None and waiting.pending.proposed_by == "api"
        assert tables.current(table).last_seq == 2 and tables.current(table).view.totals == (0, 4)
        assert [row.status for row in corrections_of(table)] == ["pending"]
        # only corrections wait: a plain event is appended as ever
        assert write(table, "event", ROUND, seat=None, author="scorer").seq == 3
