"""The director's board is rendered once per change (issue 17, the screen under load): kept by the
session's board version, the language and the minute, never stale, never served without the token."""

from __future__ import annotations

from datetime import timedelta

import pytest

from referee.web.club import director
from tests.web.test_director_forms import open_screen
from tests.web.test_sessions import new_session, session_table


@pytest.fixture
def clock(monkeypatch):
    """The board's clock, held still (so a test is never split across two minutes) and moved by hand."""
    now = {"at": director._now()}
    monkeypatch.setattr(director, "_now", lambda: now["at"])
    return now


def version_of(html: str) -> str:
    return html.split('data-version="')[1].split('"')[0]


def board_of(html: str) -> str:
    return html[html.index('<main id="board"') : html.index("</main>")]


def renders(client) -> int:
    return client.application.extensions["session_boards"].renders


def score(client, table, points):
    resp = client.post(
        f"/api/v1/tables/{table['id']}/events",
        json={"type": "round", "points": points},
        headers={"Authorization": f"Bearer {table['scorer_token']}"},
    )
    assert resp.status_code == 201, resp.get_json()


def test_the_board_is_rendered_once_per_version_and_a_new_entry_renders_it_anew(client, clock):
    session = new_session(client)
    table = session_table(client, session, "score-pad", ["Aki", "Ben"]).get_json()
    screen = open_screen(client, session)
    first = client.get(screen).get_data(as_text=True)
    before = renders(client)
    version = version_of(first)

    again = client.get(screen).get_data(as_text=True)  # a reload, a second screen
    behind = client.get(f"{screen}/live?since=0.0.0.0.0.0").get_data(as_text=True)  # a screen one behind
    assert renders(client) == before  # served as it was rendered
    assert board_of(again) == board_of(first) and board_of(behind) == board_of(first)
    assert client.get(f"{screen}/live?since={version}").status_code == 204

    score(client, table, [5, 7])
    fresh = client.get(f"{screen}/live?since={version}")
    assert fresh.status_code == 200 and renders(client) == before + 1
    html = fresh.get_data(as_text=True)
    assert version_of(html) != version and 'data-seat="1">7<' in html  # never the kept, older board
    assert board_of(client.get(screen).get_data(as_text=True)) == board_of(html)
    assert renders(client) == before + 1


def test_each_language_gets_its_own_board(client, clock):
    session = new_session(client)
    session_table(client, session, "score-pad", ["Aki", "Ben"])
    screen = open_screen(client, session)
    english = client.get(screen).get_data(as_text=True)
    japanese = client.get(screen, headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "Table 1" in board_of(english) and "テーブル 1" in board_of(japanese)
    assert "Table 1" not in board_of(japanese)
    counted = renders(client)
    client.get(screen, headers={"Accept-Language": "ja"})
    assert renders(client) == counted


def test_the_minute_lines_are_rendered_again_when_the_minute_turns(client, clock):
    """'2 minutes ago' must not stay on a board kept from a minute before, although nothing changed."""
    session = new_session(client)
    table = session_table(client, session, "score-pad", ["Aki", "Ben"]).get_json()
    score(client, table, [1, 2])
    screen = open_screen(client, session)
    from referee.extensions import db
    from referee.store.models import EventRow

    with client.application.app_context():
        last = db.session.query(EventRow).filter_by(table_id=table["id"]).one().created_at
    clock["at"] = last + timedelta(minutes=2, seconds=1)
    assert "2 minutes ago" in client.get(screen).get_data(as_text=True)
    clock["at"] = last + timedelta(minutes=3, seconds=1)
    assert "3 minutes ago" in client.get(screen).get_data(as_text=True)


def test_a_kept_board_is_never_served_without_the_director_token(client, clock):
    session = new_session(client)
    session_table(client, session, "score-pad", ["Aki", "Ben"])
    screen = open_screen(client, session)
    assert "Aki" in client.get(f"{screen}/live?since=0").get_data(as_text=True)  # kept now
    stranger = client.application.test_client()
    assert stranger.get(f"{screen}/live?since=0").status_code == 403
    assert stranger.get(screen).status_code == 403
    other = new_session(client)
    assert stranger.get(f"{screen}/live?since=0&token={other['director_token']}").status_code == 403


def test_the_kept_board_holds_nothing_of_one_director_s_browser(client, clock):
    """No CSRF field or link token in the board: the tools and a new table's links are outside it."""
    session = new_session(client)
    screen = open_screen(client, session)
    added = client.post(f"{screen}/tables", data={"game": "score-pad", "players": ["Aki", "Ben"]})
    page = client.get(added.headers["Location"]).get_data(as_text=True)
    board = board_of(page)
    assert "csrf_token" not in board and "/join/" not in board and session["director_token"] not in board
    assert "/join/" in page[page.index("</main>") :]  # the links, shown beside it


def test_a_new_entry_renders_the_card_of_its_table_alone(client, clock):
    session = new_session(client)
    tables = [session_table(client, session, "score-pad", p).get_json() for p in (["Aki", "Ben"], ["Chie", "Dai"])]
    screen = open_screen(client, session)
    client.get(screen)
    cards = client.application.extensions["session_rows"]
    before = cards.renders
    score(client, tables[1], [4, 2])
    html = client.get(f"{screen}/live?since=0").get_data(as_text=True)
    assert cards.renders == before + 1  # table 2's card; table 1's as it was
    second = html[html.index('data-table="2"') :]
    assert 'data-seat="0">4<' in second and "Round 1" in second
    assert 'data-seat="0">0<' in html[html.index('data-table="1"') : html.index('data-table="2"')]


def test_a_table_written_elsewhere_is_replayed_not_taken_from_this_worker_s_snapshot(client, clock):
    """Another app server wrote the line: this worker's kept snapshot is one behind, so the board loads
    and replays that table (and takes the other, unchanged, from its snapshot)."""
    from referee.extensions import db
    from referee.store.models import EventRow

    session = new_session(client)
    tables = [session_table(client, session, "score-pad", p).get_json() for p in (["Aki", "Ben"], ["Chie", "Dai"])]
    score(client, tables[0], [1, 1])
    screen = open_screen(client, session)
    assert 'data-seat="0">1<' in client.get(screen).get_data(as_text=True)
    with client.application.app_context():  # as the other server stores it: this process never sees it
        db.session.add(
            EventRow(table_id=tables[0]["id"], seq=2, kind="event", body={"type": "round", "points": [6, 0]})
        )
        db.session.commit()
    html = client.get(f"{screen}/live?since=0").get_data(as_text=True)
    first = html[html.index('data-table="1"') : html.index('data-table="2"')]
    assert 'data-seat="0">7<' in first and "Round 2" in first
