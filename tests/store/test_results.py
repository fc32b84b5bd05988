"""Each table's result is kept with its log line (referee/store/results.py, kept_results.py): what is
kept is always what the log gives when replayed afresh, whatever was written and in whatever order;
a result behind the log (or of an older version) is never read, but made again; only a finished
table's result holds anything but "not finished"; and a club's pages read the kept results, so
they apply no event and read no log line, however long the tables."""

from __future__ import annotations

import json
from collections import Counter
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text

from referee.extensions import db
from referee.games import game as find_game
from referee.store import replay as replay_module
from referee.store import tables as tables_module
from referee.store.models import TableResultRow
from referee.store.record import parse_record
from referee.store.replay import LogEntry, replay
from referee.store.results import RESULT_VERSION, TableResult, from_json, keep, result_of_replayed, to_json
from referee.store.sharing import decide, propose_correction
from referee.store.tables import get_table, log_of

TESTS = Path(__file__).resolve().parents[1]
RECORDS = sorted(p.relative_to(TESTS).as_posix() for p in (TESTS / "records").glob("*.json")) + sorted(
    p.relative_to(TESTS).as_posix()
    for p in (TESTS / "acceptance" / "records").glob("*.json")
    if "-x-" not in p.name  # the refused records
)
CLAIMS = "records/bingo-four-deals-to-eight.json"  # finished; its last event is Aki's claim
ROSTER = ["Aki", "Ben", "Chie", "Dai"]


def _raw(path: str) -> dict:
    return json.loads((TESTS / path).read_text(encoding="utf-8"))


def _parsed(path: str):
    return parse_record(_raw(path))


def _replayed(parsed, events=None):
    bodies = parsed.events if events is None else events
    log = [LogEntry(seq, "event", body) for seq, body in enumerate(bodies, start=1)]
    return replay(parsed.game, parsed.players, parsed.options, log)


PARSED = {path: _parsed(path) for path in RECORDS}


# --- pure: what a result holds -------------------------------------------------------------------


@pytest.mark.parametrize("path", RECORDS)
def test_a_kept_result_reads_back_as_it_was_made(path):
    result = result_of_replayed(_replayed(PARSED[path]))
    assert from_json(json.loads(json.dumps(to_json(result))), result.players) == result


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(RECORDS), st.floats(0, 1))
def test_a_table_in_play_keeps_nothing_but_that_it_is_not_finished(path, cut):
    """Whatever point a table is at (a Ninety-Nine bid sealed, a hand half played), nothing of it is
    kept until it is finished; a finished one keeps its winners, totals and each seat's numbers."""
    parsed = PARSED[path]
    rep = _replayed(parsed, parsed.events[: round(cut * len(parsed.events))])
    kept = to_json(result_of_replayed(rep))
    if rep.view.finished:
        assert kept["winners"] == list(rep.view.winners) and kept["totals"] == list(rep.view.totals)
    else:
        assert kept == {"game": parsed.game.id, "finished": False}


# --- through the store: what is kept is what the log gives ---------------------------------------


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def imported(client, path: str, players=None) -> dict:
    raw = _raw(path)
    record = {k: raw[k] for k in ("format", "version", "game", "options", "events") if k in raw}
    record["players"] = players or ROSTER[: len(raw["players"])]
    resp = client.post("/api/v1/records", json=record)
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def assert_kept_is_the_log(app, table_id: str) -> dict:
    """The kept result is the result of a fresh replay of the whole log (not the snapshot cache), as
    of its last line and of this version; returns it."""
    with app.app_context():
        table = get_table(table_id)
        log = log_of(table)
        rep = replay(find_game(table.game), table.players, table.options, log)
        row = db.session.get(TableResultRow, table_id)
        assert row is not None
        assert (row.seq, row.version, row.result) == (
            rep.last_seq,
            RESULT_VERSION,
            to_json(result_of_replayed(rep)),
        )
        return row.result


def post(client, table: dict, body: dict) -> None:
    resp = client.post(
        f"/api/v1/tables/{table['id']}/events", json=body, headers=bearer(table["scorer_token"])
    )
    assert resp.status_code == 201, resp.get_json()


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(st.sampled_from(["undo", "redo", "other claimer"]), max_size=6))
def test_whatever_is_undone_redone_or_corrected_the_kept_result_is_the_logs(app, client, steps):
    """From a finished table, undos (which un-finish it), redos and corrections of its last claim
    (which change who claimed, and whether it held): after each, what is kept is what the log gives."""
    events = PARSED[CLAIMS].events
    table = imported(client, CLAIMS)
    assert assert_kept_is_the_log(app, table["id"])["finished"] is True
    for step in steps:
        with app.app_context():
            effective = tables_module.current(get_table(table["id"])).effective
        if step == "undo":
            post(client, table, {"type": "undo"})
        elif len(effective) < len(events):  # a redo: the next event of the record again
            post(client, table, events[len(effective)])
        else:  # the table is finished: the other player claims instead
            last = effective[-1]
            seat = 1 - last.body["seat"]
            post(
                client,
                table,
                {"type": "correct", "target": last.seq, "event": {"type": "claim", "seat": seat}},
            )
        assert_kept_is_the_log(app, table["id"])


def test_a_confirmed_correction_changes_the_kept_result_and_a_pending_one_does_not(app, client):
    table = imported(client, CLAIMS)
    with app.app_context():
        row = get_table(table["id"])
        row.confirm_corrections = True
        db.session.commit()
        before = assert_kept_is_the_log(app, table["id"])
        last = len(PARSED[CLAIMS].events)
        pending = propose_correction(row, last, {"type": "claim", "seat": 1}, author="scorer")
        assert assert_kept_is_the_log(app, table["id"]) == before  # not in the log yet
        decide(get_table(table["id"]), pending.id, by="seat1", confirm=True)
    after = assert_kept_is_the_log(app, table["id"])
    assert after["stats"] == [{"claims": 2, "failed": 0}, {"claims": 2, "failed": 1}]
    assert after != before


def test_a_result_of_an_earlier_line_never_replaces_a_later_one(app, client):
    """A reader that made a result again while a line was being written keeps it after the writer:
    the later line's result stays."""
    table = imported(client, CLAIMS)
    later = assert_kept_is_the_log(app, table["id"])
    with app.app_context():
        keep(table["id"], 3, TableResult("bingo", ("Aki", "Ben")))
        db.session.commit()
    assert assert_kept_is_the_log(app, table["id"]) == later


def test_a_line_written_outside_the_app_is_never_read_stale(app, client):
    """An undo stored by another program (no result kept with it): the standings and the player's
    page follow the log at once, and the result is kept again."""
    made = new_club(client)
    table = import_into(client, made["session"], CLAIMS)
    assert standings_csv(client, made["session"]).count("Aki") == 1
    with app.app_context():
        db.session.execute(
            text(
                "INSERT INTO events (table_id, seq, kind, body, author, created_at)"
                " VALUES (:t, :s, 'undo', '{}', 'other', :at)"
            ),
            {"t": table["id"], "s": len(PARSED[CLAIMS].events) + 1, "at": datetime(2026, 11, 27, 12)},
        )
        db.session.commit()
    assert "Aki" not in standings_csv(client, made["session"])
    assert player_json(client, made["club"])["games"] == []
    assert assert_kept_is_the_log(app, table["id"])["finished"] is False


def test_a_result_of_another_version_or_none_at_all_is_made_again_once(app, client, monkeypatch):
    """Tables kept before results were (none kept) or by an older version: the first page replays
    each once and keeps its result; the next replays nothing."""
    made = new_club(client)
    first = import_into(client, made["session"], CLAIMS)
    second = import_into(client, made["session"], "acceptance/records/five-up-2p-game-to-61.json")
    with app.app_context():
        db.session.execute(
            text("UPDATE table_results SET version = version - 1 WHERE table_id = :t"), {"t": first["id"]}
        )
        db.session.execute(text("DELETE FROM table_results WHERE table_id = :t"), {"t": second["id"]})
        db.session.commit()
    tables_module._SNAPSHOTS.clear()
    applied = count_work(monkeypatch)
    expected = player_json(client, made["club"])  # as made again
    assert applied["applied"] == len(PARSED[CLAIMS].events) + 58
    for table in (first, second):
        assert_kept_is_the_log(app, table["id"])
    applied.clear()
    assert player_json(client, made["club"]) == expected
    assert applied["applied"] == 0


# --- a club's pages cost the same however long its tables ---------------------------------------


def new_club(client) -> dict:
    club = client.post("/api/v1/clubs", json={"name": "Kobe", "players": ROSTER}).get_json()
    session = client.post(
        f"/api/v1/clubs/{club['id']}/sessions",
        json={"name": "Friday", "players": ROSTER},
        headers=bearer(club["director_token"]),
    ).get_json()
    # the director's links, kept in this client's cookie (the standings and cards need them)
    client.get(club["url"][club["url"].index("/club/") :])
    client.get(session["url"][session["url"].index("/s/") :])
    return {"club": club, "session": session}


def import_into(client, session: dict, path: str | dict) -> dict:
    if isinstance(path, str):
        raw = _raw(path)
        record = {k: raw[k] for k in ("format", "version", "game", "options", "events") if k in raw}
        record["players"] = ROSTER[: len(raw["players"])]
    else:
        record = path
    resp = client.post(
        f"/api/v1/sessions/{session['id']}/records", json=record, headers=bearer(session["director_token"])
    )
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def standings_csv(client, session: dict) -> str:
    resp = client.get(f"/s/{session['id']}/standings.csv")
    assert resp.status_code == 200
    return resp.get_data(as_text=True)


def player_json(client, club: dict) -> dict:
    resp = client.get(f"/api/v1/clubs/{club['id']}/players/0")
    assert resp.status_code == 200
    return resp.get_json()


def count_work(monkeypatch) -> Counter:
    """Counts events applied by any replay (``applied``: a whole replay reads each event through its
    decoder, a snapshot's extension steps each one) and log lines read (``read``)."""
    counted: Counter = Counter()
    step, decoder = replay_module._step, replay_module.decoder
    log_of_, log_after = tables_module.log_of, tables_module._log_after

    def counting_step(*args, **kwargs):
        counted["applied"] += 1
        return step(*args, **kwargs)

    def counting_decoder(events):
        read = decoder(events)

        def counting_read(body):
            counted["applied"] += 1
            return read(body)

        return counting_read

    def counting_read(read):
        def wrapped(*args):
            lines = read(*args)
            counted["read"] += len(lines)
            return lines

        return wrapped

    monkeypatch.setattr(replay_module, "_step", counting_step)
    monkeypatch.setattr(replay_module, "decoder", counting_decoder)
    monkeypatch.setattr(tables_module, "log_of", counting_read(log_of_))
    monkeypatch.setattr(tables_module, "_log_after", counting_read(log_after))
    return counted


def score_pad(lines: int) -> dict:
    return {
        "format": "referee-record",
        "version": 1,
        "game": "score-pad",
        "players": ROSTER,
        "events": [{"type": "round", "points": [i % 7, 3, -2, i % 3]} for i in range(lines)],
    }


@pytest.mark.parametrize("lines", [1000, 2500])
def test_a_clubs_pages_apply_no_event_and_read_no_log_line_however_long_its_tables(
    app, client, monkeypatch, lines
):
    """A club whose session holds finished tables and score pads of ``lines`` lines: the player page,
    its JSON, the standings as CSV and PDF and the table cards each cost no replay at all (the
    snapshot cache emptied before each, as in a worker that has not read those tables lately)."""
    made = new_club(client)
    for path in (CLAIMS, "acceptance/records/five-up-2p-game-to-61.json"):
        import_into(client, made["session"], path)
    for _ in range(3):
        import_into(client, made["session"], score_pad(lines))
    club, session = made["club"]["id"], made["session"]["id"]
    counted = count_work(monkeypatch)
    for url in (
        f"/club/{club}/players/0",
        f"/api/v1/clubs/{club}/players/0",
        f"/s/{session}/standings.csv",
        f"/s/{session}/standings.pdf",
        f"/s/{session}/cards.pdf",
    ):
        tables_module._SNAPSHOTS.clear()
        resp = client.get(url)
        assert resp.status_code == 200, url
        assert counted == Counter(), (url, counted)
