"""Refused entries per table and the director's storm flag (issue 17): a table where 5 or more
entries were refused within the last 2 minutes is flagged, the flag clears once the fifth most recent
refusal is 2 minutes old, and the record of refusals holds a count and times only (nothing of a
sealed bid)."""

from __future__ import annotations

from datetime import datetime, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.extensions import db
from referee.store.refusals import (
    STORM_REFUSALS,
    STORM_WINDOW,
    TIMES,
    TableRefusals,
    note_refusal,
    refusals_of,
)
from referee.store.tables import create_table
from tests.web.test_sessions import director, new_session

STORM = "Entries keep being refused"


def session_table(client, session, game="score-pad", players=("Aki", "Ben")):
    made = client.post(
        f"/api/v1/sessions/{session['id']}/tables",
        json={"game": game, "players": list(players)},
        headers=director(session),
    )
    assert made.status_code == 201
    return made.get_json()


def post(client, table, event, token=None):
    return client.post(
        f"/api/v1/tables/{table['id']}/events",
        json=event,
        headers={"Authorization": f"Bearer {token or table['scorer_token']}"},
    )


def board(client, session):
    client.get(f"/s/{session['id']}?token={session['director_token']}")
    page = client.get(f"/s/{session['id']}").get_data(as_text=True)
    return page, page.split('data-version="')[1].split('"')[0]


def newer(a: str, b: str) -> bool:
    """app.js's comparison: part by part, as numbers."""
    return [int(x) for x in a.split(".")] > [int(x) for x in b.split(".")]


def age(app, table_id: str, by: timedelta) -> None:
    """As if the table's refusals so far had happened ``by`` earlier."""
    with app.app_context():
        row = db.session.get(TableRefusals, table_id)
        for column in TIMES:
            if getattr(row, column) is not None:
                setattr(row, column, getattr(row, column) - by)
        db.session.commit()


def test_five_refusals_in_two_minutes_raise_the_flag_and_it_clears(app, client):
    session = new_session(client)
    storm, calm = session_table(client, session), session_table(client, session, players=("Chie", "Dai"))
    assert post(client, calm, {"type": "round", "points": [1, 2, 3]}).status_code == 422  # one slip
    for _ in range(STORM_REFUSALS - 1):
        assert post(client, storm, {"type": "round", "points": [1]}).status_code == 422
    page, version = board(client, session)
    assert STORM not in page  # 4 refusals (and 1 at the other table): no storm yet
    assert client.get(f"/s/{session['id']}/live?since={version}").status_code == 204

    # The fifth, through the scorer's page this time: the store counts refusals whatever the door.
    scorer = app.test_client()
    scorer.get(f"/t/{storm['id']}/join/{storm['scorer_token']}")
    refused = scorer.post(f"/t/{storm['id']}/events", data={"type": "round", "points.0": "x"})
    assert refused.status_code in (400, 422)
    fresh = client.get(f"/s/{session['id']}/live?since={version}")
    assert fresh.status_code == 200
    flagged = fresh.get_data(as_text=True)
    first, second = flagged.split('data-table="2"')
    assert f"{STORM} (5 so far)" in first and STORM not in second
    raised = flagged.split('data-version="')[1].split('"')[0]
    assert newer(raised, version)

    age(app, storm["id"], STORM_WINDOW)  # two minutes later, nothing new
    cleared = client.get(f"/s/{session['id']}/live?since={raised}")
    assert cleared.status_code == 200 and STORM not in cleared.get_data(as_text=True)
    later = cleared.get_data(as_text=True).split('data-version="')[1].split('"')[0]
    assert newer(later, raised)  # the page shown swaps it in (versions only grow)

    # One more refusal: 1 within the last 2 minutes, not 5; the flag stays down.
    assert post(client, storm, {"type": "round", "points": [1]}).status_code == 422
    page, _ = board(client, session)
    assert STORM not in page
    ja = client.get(f"/s/{session['id']}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "却下" not in ja


def test_the_window_slides_five_in_any_two_minutes_and_no_fewer(app, client):
    session = new_session(client)
    table = session_table(client, session)
    for _ in range(STORM_REFUSALS - 1):
        assert post(client, table, {"type": "round", "points": [1]}).status_code == 422
    age(app, table["id"], STORM_WINDOW + timedelta(seconds=1))
    assert post(client, table, {"type": "round", "points": [1]}).status_code == 422
    page, _ = board(client, session)
    assert STORM not in page  # 5 refused, but only 1 within the last 2 minutes

    age(app, table["id"], STORM_WINDOW - timedelta(seconds=10))  # that one is now 1:50 old
    for _ in range(STORM_REFUSALS - 1):
        assert post(client, table, {"type": "round", "points": [1]}).status_code == 422
    page, _ = board(client, session)
    assert f"{STORM} (9 so far)" in page  # 5 within the last 2 minutes, across any boundary
    age(app, table["id"], timedelta(seconds=11))  # the fifth most recent is now 2:01 old
    page, _ = board(client, session)
    assert STORM not in page
    with app.app_context():
        row = db.session.get(TableRefusals, table["id"])
        assert row.count == 9 and row.earlier_4 < row.earlier_3 < row.earlier_2 < row.earlier_1 < row.last_at


def test_the_storm_flag_speaks_japanese(client):
    session = new_session(client)
    table = session_table(client, session)
    for _ in range(STORM_REFUSALS):
        post(client, table, {"type": "round", "points": [1]})
    client.get(f"/s/{session['id']}?token={session['director_token']}")
    ja = client.get(f"/s/{session['id']}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "入力の却下が続いています" in ja and STORM not in ja


def test_accepted_entries_and_stale_writes_are_not_refusals(app, client):
    session = new_session(client)
    table = session_table(client, session)
    assert post(client, table, {"type": "round", "points": [1, 2]}).status_code == 201
    stale = client.post(
        f"/api/v1/tables/{table['id']}/events",
        json={"type": "round", "points": [1, 2]},
        headers={"Authorization": f"Bearer {table['scorer_token']}", "If-Match": '"0"'},
    )
    assert stale.status_code == 409  # someone else was first: not a refused entry
    with app.app_context():
        assert db.session.get(TableRefusals, table["id"]) is None


def test_the_refusal_record_holds_no_sealed_bid(app, client):
    """Two Ninety-Nine tables that differ only in Ben's sealed bid, probed alike with its cards:
    the same refusals are counted at both, and the rows hold counts and times only."""
    session = new_session(client)
    tables = []
    for ben in (["KS", "QH", "7C"], ["AD", "9H", "8C"]):
        t = session_table(client, session, "ninety-nine", ("Aki", "Ben", "Chie"))
        assert post(client, t, {"type": "deal", "dealer": 0}).status_code == 201
        assert (
            post(client, t, {"type": "bid", "seat": 1, "cards": ben}, t["seat_tokens"][1]).status_code == 201
        )
        tables.append(t)
    probes = [
        {"type": "trick", "cards": [card, "6S", "2C"]} for card in ("KS", "QH", "7C", "AD", "9H", "8C")
    ] + [
        {"type": "bid", "seat": 0, "cards": ["KS", "2C", "6S"]},
        {"type": "correct", "target": 2, "event": {"type": "bid", "seat": 1, "cards": ["8S", "9S", "10S"]}},
        {"type": "undo"},
    ]
    for probe in probes:
        answers = {post(client, t, probe).status_code for t in tables}
        assert len(answers) == 1 and answers.pop() in (403, 422)
    page, _ = board(client, session)
    x, y = page.split('data-table="2"')
    assert f"{STORM} ({len(probes)} so far)" in x and f"{STORM} ({len(probes)} so far)" in y
    with app.app_context():
        rows = [db.session.get(TableRefusals, t["id"]) for t in tables]
        columns = {c.name for c in TableRefusals.__table__.columns}
        assert columns == {"table_id", "count", *TIMES}  # a count and times: nothing of an entry
        assert rows[0].count == rows[1].count == len(probes)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    gaps=st.lists(st.integers(0, 200), min_size=1, max_size=12),
    after=st.integers(0, 200),
)
def test_the_flag_is_up_exactly_when_five_refusals_fall_within_the_last_two_minutes(app, gaps, after):
    """Refusals ``gaps`` seconds apart, looked at ``after`` seconds after the last: flagged exactly
    when at least STORM_REFUSALS of them are less than STORM_WINDOW old (a reference count)."""
    start = datetime(2026, 11, 25, 20, 0)
    times = [start + timedelta(seconds=sum(gaps[: i + 1])) for i in range(len(gaps))]
    now = times[-1] + timedelta(seconds=after)
    with app.app_context():
        table = create_table("score-pad", ["Aki", "Ben"], {}).table
        for at in times:
            note_refusal(table.id, at)
        shown = refusals_of([table.id], now)[table.id]
    assert shown.count == len(times) and shown.last_at == times[-1]
    assert shown.storm == (sum(1 for at in times if now - at < STORM_WINDOW) >= STORM_REFUSALS)
