"""The store decides the correction policy (``store.writing.write``), for the forms and the API alike,
and decodes a new event once (who may write what: test_one_write_command.py)."""

from referee.games import game
from referee.store import replay as replay_module
from referee.store import tables
from referee.store.sharing import corrections_of, set_confirm_corrections
from referee.store.writing import Accepted, Proposed, Writer, write

ROUND = {"type": "round", "points": [3, 1]}
SCORER, API = Writer(scorer=True), Writer(scorer=True, via="api")


def test_a_correction_is_appended_at_once_unless_the_table_confirms_corrections(app):
    with app.app_context():
        table = tables.create_table("score-pad", ["Aki", "Ben"], {}).table
        write(table, SCORER, "event", ROUND)
        fixed = write(table, SCORER, "correct", {"target": 1, "event": {**ROUND, "points": [0, 4]}})
        assert isinstance(fixed, Accepted) and fixed.seq == 2 and fixed.state.view.totals == (0, 4)

        set_confirm_corrections(table, True)
        waiting = write(table, API, "correct", {"target": 1, "event": ROUND})
        assert isinstance(waiting, Proposed) and waiting.pending.proposed_by == "api"
        assert tables.current(table).last_seq == 2 and tables.current(table).view.totals == (0, 4)
        assert [row.status for row in corrections_of(table)] == ["pending"]
        # only corrections wait: a plain event is appended as ever
        again = write(table, SCORER, "event", ROUND)
        assert isinstance(again, Accepted) and again.seq == 3


def test_a_new_event_is_decoded_once_and_stored_in_its_canonical_spelling(app, monkeypatch):
    calls = []

    def counting(classes, raw):
        calls.append(raw)
        return decode(classes, raw)

    decode = tables.decode
    monkeypatch.setattr(tables, "decode", counting)
    monkeypatch.setattr(replay_module, "decode", counting)
    with app.app_context():
        table = tables.create_table("bingo", ["Aki", "Ben"], {}).table
        tables.current(table)  # the empty table's replay decodes nothing
        rep, seq, _created = tables.append(table, "event", {"type": "deal", "indicator": "0-1", "leader": 0})
        assert len(calls) == 1
        assert tables.log_of(table)[-1].body == {"type": "deal", "indicator": "1-0", "leader": 0}
        full = replay_module.replay(game("bingo"), table.players, table.options, tables.log_of(table))
        assert rep.view == full.view and rep.state == full.state
