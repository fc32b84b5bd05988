"""A director runs an evening from the browser alone (issue 17): a session with no club, tables from
its roster on the director's screen (the new-table form's options, the same header check), a record
imported into it; every refusal comes back at its form, in the reader's language, with what was
entered kept and nothing stored."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from tests.web.test_sessions import ROSTER, golden, new_session, session_state


def open_screen(client, session) -> str:
    """The director opens their link (the token is then kept by this browser)."""
    client.get(f"/s/{session['id']}?token={session['director_token']}")
    return f"/s/{session['id']}"


def add(client, session, game, players, **fields):
    return client.post(f"/s/{session['id']}/tables", data={"game": game, "players": players, **fields})


def alert(html: str) -> str:
    found = re.search(r'<div class="error" role="alert">(.*?)</div>', html, re.S)
    assert found, "no refusal shown"
    return found.group(1)


def selected(html: str) -> list[str]:
    """The seats' picks as the form shows them (an empty pick is "Nobody")."""
    seats = re.findall(r'<select name="players"[^>]*>(.*?)</select>', html, re.S)
    return [(re.findall(r'<option value="([^"]*)" selected>', s) or [""])[0] for s in seats]


# --- a session with no club ------------------------------------------------------------------------


def test_a_session_with_no_club_starts_from_the_browser_and_opens_its_screen(client):
    assert "/sessions/new" in client.get("/").get_data(as_text=True)
    assert "/sessions/new" in client.get("/clubs/new").get_data(as_text=True)
    resp = client.post("/sessions/new", data={"name": "Friday night", "players": "Aki\n\n Ben \nChie\n"})
    assert resp.status_code == 302
    link = resp.headers["Location"]
    assert re.fullmatch(r"/s/[\w-]+\?token=[\w-]+", link)
    assert client.get(link).status_code == 302  # the token is kept, the address bar cleared
    page = client.get(link.split("?")[0]).get_data(as_text=True)
    assert "Friday night" in page and "Add a table" in page
    assert link.split("?")[1].removeprefix("token=") in page  # the director link to keep
    session_id = link.split("/")[2].split("?")[0]
    token = link.split("token=")[1]
    state = client.get(f"/api/v1/sessions/{session_id}", headers={"Authorization": f"Bearer {token}"})
    assert state.get_json()["players"] == ["Aki", "Ben", "Chie"]


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"name": "Night", "players": "\n  \n"}, "Write at least one name, one per line."),
        ({"name": "Night", "players": "Aki\naki"}, "Aki and aki look like the same name"),
        ({"name": "", "players": "Aki"}, "A session needs a name."),
    ],
)
@pytest.mark.storeless
def test_a_session_with_no_club_refuses_a_bad_roster_or_name_and_keeps_the_form(client, form, message):
    resp = client.post("/sessions/new", data=form)
    assert resp.status_code == 422
    html = resp.get_data(as_text=True)
    assert message in alert(html)
    assert f">{form['players']}</textarea>" in html


@pytest.mark.storeless
def test_a_session_with_no_club_answers_in_japanese(client):
    resp = client.post(
        "/sessions/new", data={"name": "夜", "players": ""}, headers={"Accept-Language": "ja"}
    )
    assert resp.status_code == 422 and "Write at least" not in alert(resp.get_data(as_text=True))
    assert "セッション" in client.get("/sessions/new", headers={"Accept-Language": "ja"}).get_data(as_text=True)


# --- a table from the roster -----------------------------------------------------------------------


def test_the_add_table_form_offers_the_roster_per_seat_and_the_games_options(client):
    session = new_session(client)
    screen = open_screen(client, session)
    first = client.get(screen).get_data(as_text=True)
    assert 'id="add-table"' in first and 'name="players"' not in first  # a game is chosen first
    html = client.get(f"{screen}?game=five-up").get_data(as_text=True)
    form = html[html.index('id="add-table"') :]
    assert len(re.findall(r'<select name="players"', form)) == 4  # Five Up seats 2 to 4
    assert all(f'<option value="{name}" >{name}</option>' in form for name in ROSTER)
    assert 'name="muggins"' in form and 'name="calledScore"' in form  # the new-table form's options
    assert 'name="confirm_corrections"' in form


def test_a_table_added_from_the_form_is_on_the_board_at_once_with_its_links(client):
    session = new_session(client)
    screen = open_screen(client, session)
    resp = add(client, session, "five-up", ["Chie", "", "Aki"], calledScore="true", confirm_corrections="true")
    assert resp.status_code == 302
    assert resp.headers["Location"].startswith(f"{screen}?game=five-up&added=")
    assert resp.headers["Location"].endswith("#added")
    page = client.get(resp.headers["Location"]).get_data(as_text=True)

    (table,) = session_state(client, session)["tables"]
    assert table["number"] == 1 and table["players"] == ["Chie", "Aki"]  # empty seats closed up
    board = page[page.index('id="board"') :]
    assert 'data-table="1"' in board and f'href="/t/{table["id"]}"' in board
    panel = page[page.index('id="added"') :]
    assert "Table 1 is ready: Five Up, Chie, Aki" in panel
    roles = re.findall(r'data-role="(\w+)"', panel)
    assert roles == ["scorer", "seat0", "seat1"]
    joins = re.findall(rf'href="http://localhost(/t/{table["id"]}/join/[\w-]+)"', panel)
    assert len(joins) == 3
    assert client.get(f"/t/{table['id']}/qr/seat1.svg").status_code == 200  # this browser holds them

    phone = client.application.test_client()  # the scorer link, handed to a phone, records there
    assert phone.get(joins[0]).status_code == 302
    tablepage = phone.get(f"/t/{table['id']}").get_data(as_text=True)
    assert "Record" in tablepage
    with client.application.app_context():
        from referee.extensions import db
        from referee.store.models import GameTable

        made = db.session.get(GameTable, table["id"])
        assert made.options["calledScore"] is True and made.confirm_corrections is True
    assert 'data-role="seat0"' not in client.get(screen).get_data(as_text=True)  # shown once, after adding


def test_two_tables_are_numbered_in_order_and_the_form_stays_on_the_last_game(client):
    session = new_session(client)
    screen = open_screen(client, session)
    add(client, session, "score-pad", ["Aki", "Ben"])
    again = add(client, session, "score-pad", ["Chie", "Dai"])
    page = client.get(again.headers["Location"]).get_data(as_text=True)
    assert "Table 2 is ready" in page and set(selected(page)) == {""}  # a fresh form
    assert [t["number"] for t in session_state(client, session)["tables"]] == [1, 2]
    assert 'data-table="2"' in client.get(screen).get_data(as_text=True)


@pytest.mark.parametrize(
    ("game", "players", "fields", "message"),
    [
        ("five-up", ["", "", "", ""], {}, "This game needs 2 to 4 players."),
        ("five-up", ["Aki", "Zoe", "", ""], {}, "Zoe is not on this session&#39;s roster."),
        ("five-up", ["Yui", "Aki", "Zoe", ""], {}, "Yui, Zoe are not on this session&#39;s roster."),
        ("five-up", ["Aki", "Ben", "Aki", ""], {}, "Aki and Aki look like the same name"),
        ("five-up", ["Aki", "Ben", "", ""], {"muggins": "true"}, "Muggins needs the called-score option."),
        ("ninety-nine", ["Aki", "Ben", "Chie", "Dai"], {"oxfordWhist": "true"}, "Oxford Whist is for 3 players"),
        ("chess", ["Aki", "Ben"], {}, "Unknown game"),
    ],
)
def test_a_refused_table_comes_back_at_its_form_as_entered_and_nothing_is_stored(
    client, game, players, fields, message
):
    session = new_session(client)
    open_screen(client, session)
    resp = add(client, session, game, players, **fields)
    assert resp.status_code == 422
    html = resp.get_data(as_text=True)
    tools = html[html.index('id="add-table"') :]
    assert message in alert(tools)
    if game != "chess":
        assert selected(tools)[: len(players)] == [p if p in ROSTER else "" for p in players]
        for name in fields:
            assert re.search(rf'name="{name}" value="true" checked', tools)
    assert session_state(client, session)["tables"] == []
    assert 'id="added"' not in html


def test_a_refused_table_is_explained_in_japanese(client):
    session = new_session(client)
    open_screen(client, session)
    resp = client.post(
        f"/s/{session['id']}/tables",
        data={"game": "five-up", "players": ["Aki", "Zoe"]},
        headers={"Accept-Language": "ja"},
    )
    message = alert(resp.get_data(as_text=True))
    assert resp.status_code == 422 and "Zoe" in message and "roster" not in message


def test_only_the_director_adds_a_table_or_imports_a_record(client):
    session = new_session(client)
    stranger = client.application.test_client()
    assert stranger.get(f"/s/{session['id']}").status_code == 403
    assert add(stranger, session, "score-pad", ["Aki", "Ben"]).status_code == 403
    record = golden("records/bingo-four-deals-to-eight.json", ["Aki", "Ben"])
    imported = stranger.post(f"/s/{session['id']}/records", data={"text": json.dumps(record)})
    assert imported.status_code == 403
    wrong = stranger.get(f"/s/{session['id']}?token=not-the-token")
    assert wrong.status_code == 403
    assert session_state(client, session)["tables"] == []


# --- a record into the session ---------------------------------------------------------------------


def test_a_pasted_record_becomes_a_table_of_the_session(client):
    session = new_session(client)
    open_screen(client, session)
    record = golden("records/bingo-four-deals-to-eight.json", ["ben", "Aki"])
    resp = client.post(f"/s/{session['id']}/records", data={"text": json.dumps(record)})
    assert resp.status_code == 302 and "added=" in resp.headers["Location"]
    page = client.get(resp.headers["Location"]).get_data(as_text=True)
    assert "Table 1 is ready: Bingo, Ben, Aki" in page  # the roster's spelling
    (table,) = session_state(client, session)["tables"]
    assert table["finished"] and table["players"] == ["Ben", "Aki"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Choose a record file or paste a record."),
        ("{not json", "This file is not JSON"),
        ('{"format": "referee-record"}', "This is not a referee record of format version 1."),
    ],
)
def test_a_record_that_is_not_one_is_refused_and_the_paste_kept(client, text, message):
    session = new_session(client)
    open_screen(client, session)
    resp = client.post(f"/s/{session['id']}/records", data={"text": text})
    assert resp.status_code == 422
    html = resp.get_data(as_text=True)
    tools = html[html.index('id="import-record"') :]
    assert message in alert(tools)
    assert 'id="import-record" open' in html
    assert session_state(client, session)["tables"] == []


def test_a_record_whose_players_are_off_the_roster_names_them_and_stores_nothing(client):
    session = new_session(client, players=["Aki", "Ben"])
    open_screen(client, session)
    record = golden("records/five-up-partners-to-61.json", ["Aki", "Zoe", "Ben", "Yui"])
    text = json.dumps(record)
    resp = client.post(f"/s/{session['id']}/records", data={"text": text})
    assert resp.status_code == 422
    html = resp.get_data(as_text=True)
    assert alert(html) == "Zoe, Yui are not on this session&#39;s roster."
    kept = re.search(r'<textarea name="text"[^>]*>(.*?)</textarea>', html, re.S).group(1)
    assert json.loads(unescape(kept)) == record  # the paste stays, to mend
    assert session_state(client, session)["tables"] == []
    ja = client.post(f"/s/{session['id']}/records", data={"text": text}, headers={"Accept-Language": "ja"})
    said = alert(ja.get_data(as_text=True))
    assert "Zoe, Yui" in said and "roster" not in said


def test_the_api_names_every_player_off_the_roster_too(client):
    session = new_session(client)
    resp = client.post(
        f"/api/v1/sessions/{session['id']}/tables",
        json={"game": "five-up", "players": ["Zoe", "Aki", "Yui"]},
        headers={"Authorization": f"Bearer {session['director_token']}"},
    )
    assert resp.status_code == 422
    assert resp.get_json()["error"] == {
        "code": "not_on_roster",
        "message": "Zoe, Yui are not on this session's roster.",
    }
