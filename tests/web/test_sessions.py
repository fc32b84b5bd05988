"""Club sessions (issue 17): the API, its roster rules, and standings that are the tables' replays added up."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ROSTER = ["Aki", "Ben", "Chie", "Dai", "Eri"]


def golden(path: str, players: list[str]) -> dict:
    """A golden record (tests/records or tests/acceptance/records), seated with roster names."""
    raw = json.loads((ROOT / path).read_text(encoding="utf-8"))
    record = {k: raw[k] for k in ("format", "version", "game", "players", "options", "events") if k in raw}
    assert len(players) == len(record["players"])
    return {**record, "players": players}


def new_session(client, players=ROSTER, name="Friday club"):
    resp = client.post("/api/v1/sessions", json={"name": name, "players": players})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def director(session: dict) -> dict:
    return {"Authorization": f"Bearer {session['director_token']}"}


def session_table(client, session, game, players, headers=None, **fields):
    """POST a table into the session as its director (``fields``: options, confirm_corrections, ...)."""
    return client.post(
        f"/api/v1/sessions/{session['id']}/tables",
        json={"game": game, "players": list(players), **fields},
        headers={**director(session), **(headers or {})},
    )


def session_state(client, session) -> dict:
    return client.get(f"/api/v1/sessions/{session['id']}", headers=director(session)).get_json()


def import_into(client, session, record):
    return client.post(f"/api/v1/sessions/{session['id']}/records", json=record, headers=director(session))


def test_created_session_answers_its_id_token_and_director_link(client):
    session = new_session(client)
    assert len(session["id"]) >= 22 and len(session["director_token"]) >= 43
    assert session["url"].endswith(f"/s/{session['id']}?token={session['director_token']}")
    state = session_state(client, session)
    assert state == {
        "id": session["id"],
        "name": "Friday club",
        "players": ROSTER,
        "tables": [],
        "standings": {},
    }


def test_six_tables_of_four_games_stand_as_counted_by_hand(client):
    """Standings per game: played = finished tables, won = among winners, points = sum of totals;
    sorted by won, then points. Expected figures are the golden records' totals added by hand."""
    session = new_session(client)
    imports = [
        golden("records/bingo-four-deals-to-eight.json", ["Aki", "Ben"]),  # 8-3, Aki wins
        golden("acceptance/records/bingo-match-to-seven-capture.json", ["Ben", "Aki"]),  # 7-0, Ben wins
        golden("acceptance/records/five-up-2p-game-to-61.json", ["Aki", "Ben"]),  # 61-8, Aki
        golden("records/five-up-partners-to-61.json", ["Aki", "Ben", "Chie", "Dai"]),  # 73/33/73/33, Aki+Chie
        golden("acceptance/records/ninety-nine-fixed-target-200.json", ["chie", "Dai", "Aki"]),  # 202/21/74
    ]
    for record in imports:
        resp = import_into(client, session, record)
        assert resp.status_code == 201, resp.get_json()
    # The sixth table is made empty through the session and scored event by event like any table.
    tdb = golden("records/trick-de-bingo-one-round.json", ["Aki", "Ben", "Chie", "Dai"])  # 19/6/4/18, Aki
    resp = session_table(client, session, tdb["game"], tdb["players"], options=tdb["options"])
    assert resp.status_code == 201, resp.get_json()
    table = resp.get_json()
    assert table["number"] == 6 and {"id", "scorer_token", "viewer_url", "scorer_url", "seat_tokens"} <= set(
        table
    )
    for event in tdb["events"]:
        posted = client.post(
            f"/api/v1/tables/{table['id']}/events",
            json=event,
            headers={"Authorization": f"Bearer {table['scorer_token']}"},
        )
        assert posted.status_code == 201, posted.get_json()
    # An unfinished table counts for nobody yet.
    unfinished = session_table(client, session, "score-pad", ["Eri", "Ben"])
    assert unfinished.status_code == 201

    state = session_state(client, session)
    assert [t["number"] for t in state["tables"]] == [1, 2, 3, 4, 5, 6, 7]
    assert state["tables"][4]["players"] == ["Chie", "Dai", "Aki"]  # the roster's spelling
    assert state["tables"][5]["finished"] and state["tables"][5]["totals"] == [19, 6, 4, 18]
    assert state["tables"][6]["finished"] is False and state["tables"][6]["seq"] == 0

    def rows(*triples):
        return [{"player": p, "played": a, "won": b, "points": c} for p, a, b, c in triples]

    assert state["standings"] == {
        "bingo": rows(("Ben", 2, 1, 3 + 7), ("Aki", 2, 1, 8 + 0)),
        "five-up": rows(("Aki", 2, 2, 61 + 73), ("Chie", 1, 1, 73), ("Ben", 2, 0, 8 + 33), ("Dai", 1, 0, 33)),
        "ninety-nine": rows(("Chie", 1, 1, 202), ("Aki", 1, 0, 74), ("Dai", 1, 0, 21)),
        "trick-de-bingo": rows(("Aki", 1, 1, 19), ("Dai", 1, 0, 18), ("Ben", 1, 0, 6), ("Chie", 1, 0, 4)),
    }


def test_standings_follow_an_undo_at_a_table(client):
    """Nothing is stored twice: an undo at a table takes its result out of the standings at once."""
    session = new_session(client)
    resp = import_into(
        client, session, golden("acceptance/records/five-up-2p-game-to-61.json", ["Aki", "Ben"])
    )
    table = resp.get_json()
    url = f"/api/v1/sessions/{session['id']}"
    assert client.get(url, headers=director(session)).get_json()["standings"]["five-up"][0]["won"] == 1
    undo = client.post(
        f"/api/v1/tables/{table['id']}/events",
        json={"type": "undo"},
        headers={"Authorization": f"Bearer {table['scorer_token']}"},
    )
    assert undo.status_code == 201
    assert client.get(url, headers=director(session)).get_json()["standings"] == {}


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Aki", "ＡＫＩ"], "look like the same name"),  # NFKC + case folding
        (["Aki", "aki\u200b"], "look like the same name"),
        ([], "at least one player"),
        ("Aki", "list of names"),
        (["Aki", 3], "must be text"),
    ],
)
@pytest.mark.storeless
def test_a_roster_with_duplicate_or_bad_names_is_refused(client, players, message):
    resp = client.post("/api/v1/sessions", json={"name": "Night", "players": players})
    assert resp.status_code == 422
    assert message in resp.get_json()["error"]["message"]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (None, "needs a name"),
        ("", "needs a name"),
        ("   ", "needs a name"),
        (7, "needs a name"),
        ("x" * 121, "at most 120 characters"),
        ("Friday\x00night", "control characters"),
        ("Friday\nnight", "control characters"),
    ],
)
@pytest.mark.storeless
def test_a_session_needs_a_name(client, name, message):
    resp = client.post("/api/v1/sessions", json={"name": name, "players": ["Aki"]})
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "bad_session"
    assert message in resp.get_json()["error"]["message"]


def test_a_table_with_a_player_off_the_roster_is_refused_and_nothing_is_stored(client):
    session = new_session(client)
    resp = session_table(client, session, "score-pad", ["Aki", "Zoe"])
    assert resp.status_code == 422
    assert resp.get_json()["error"] == {
        "code": "not_on_roster",
        "message": "Zoe is not on this session's roster.",
    }
    assert session_state(client, session)["tables"] == []


def test_a_record_whose_players_are_not_on_the_roster_is_refused(client):
    session = new_session(client, players=["Aki", "Ben"])
    resp = import_into(client, session, golden("records/bingo-four-deals-to-eight.json", ["Aki", "Chie"]))
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "not_on_roster"
    assert session_state(client, session)["tables"] == []


def test_japanese_messages(client):
    session = new_session(client)
    resp = session_table(client, session, "score-pad", ["Aki", "Zoe"], headers={"Accept-Language": "ja"})
    message = resp.get_json()["error"]["message"]
    assert resp.status_code == 422 and "Zoe" in message and "roster" not in message


def test_the_director_token_guards_the_session(client):
    session = new_session(client)
    url = f"/api/v1/sessions/{session['id']}"
    assert client.get(url).status_code == 401
    assert client.get(url, headers={"Authorization": "Bearer nope"}).status_code == 403
    table = client.post(f"{url}/tables", json={"game": "score-pad", "players": ["Aki", "Ben"]})
    assert table.status_code == 401
    other = new_session(client)
    assert client.get(url, headers=director(other)).status_code == 403
    assert client.get("/api/v1/sessions/nope", headers=director(session)).status_code == 404


@pytest.mark.storeless
def test_openapi_documents_the_session_paths(client):
    doc = client.get("/api/openapi.json").get_json()
    paths = doc["paths"]
    assert {
        "/api/v1/sessions",
        "/api/v1/sessions/{session_id}",
        "/api/v1/sessions/{session_id}/tables",
        "/api/v1/sessions/{session_id}/records",
    } <= set(paths)
    answer = paths["/api/v1/sessions/{session_id}"]["get"]["responses"]["200"]["content"]["application/json"]
    assert answer["schema"] == {"$ref": "#/components/schemas/Session"}
    assert {"tables", "standings"} <= set(doc["components"]["schemas"]["Session"]["properties"])


def test_the_director_screen_shows_every_table_and_the_standings(client):
    session = new_session(client)
    import_into(client, session, golden("records/bingo-four-deals-to-eight.json", ["Aki", "Ben"]))
    session_table(client, session, "five-up", ["Chie", "Dai"])
    assert client.get(f"/s/{session['id']}").status_code == 403  # no director token yet
    resp = client.get(f"/s/{session['id']}?token={session['director_token']}")
    assert resp.status_code == 302 and "token" not in resp.headers["Location"]  # kept in the cookie
    page = client.get(f"/s/{session['id']}").get_data(as_text=True)
    assert "Friday club" in page and "Table 1" in page and "Table 2" in page and "Chie" in page
    assert (
        "Finished." in page and "Not started" in page and "Standings" in page and 'data-game="bingo"' in page
    )
    ja = client.get(f"/s/{session['id']}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "順位表" in ja and "テーブル 1" in ja


def test_the_director_screen_poll_answers_204_until_a_table_changes(client):
    session = new_session(client)
    table = session_table(client, session, "score-pad", ["Aki", "Ben"]).get_json()
    client.get(f"/s/{session['id']}?token={session['director_token']}")
    page = client.get(f"/s/{session['id']}").get_data(as_text=True)
    version = page.split('data-version="')[1].split('"')[0]
    assert client.get(f"/s/{session['id']}/live?since={version}").status_code == 204
    client.post(
        f"/api/v1/tables/{table['id']}/events",
        json={"type": "round", "points": [5, 7]},
        headers={"Authorization": f"Bearer {table['scorer_token']}"},
    )
    fresh = client.get(f"/s/{session['id']}/live?since={version}")
    assert fresh.status_code == 200 and 'data-seat="1">7<' in fresh.get_data(as_text=True)


def test_an_unknown_session_page_is_404(client):
    assert client.get("/s/nope?token=x").status_code == 404


def test_the_evening_paper_cards_join_each_seat_and_standings_as_pdf_and_csv(client, tmp_path):
    import io

    from pypdf import PdfReader

    from tests.printables.test_printables_tally_qr import scan

    session = new_session(client)
    import_into(client, session, golden("records/bingo-four-deals-to-eight.json", ["Aki", "Ben"]))
    made = session_table(client, session, "five-up", ["Chie", "Dai"]).get_json()
    client.get(f"/s/{session['id']}?token={session['director_token']}")

    cards = client.get(f"/s/{session['id']}/cards.pdf")
    assert cards.status_code == 200 and cards.mimetype == "application/pdf"
    (page,) = [p.extract_text() for p in PdfReader(io.BytesIO(cards.data)).pages]
    assert "Table 1" in page and "Table 2" in page and "Five Up" in page and "Chie" in page
    links = scan(cards.data, tmp_path)
    assert len(links) == 4
    seat_link = next(link for link in links if made["id"] in link and link.endswith(made["seat_tokens"][1]))
    phone = client.application.test_client()  # another phone scans Dai's seat
    joined = phone.get(seat_link.removeprefix("http://localhost"))
    assert joined.status_code == 302
    assert phone.get(f"/api/v1/tables/{made['id']}").status_code == 200

    csv_text = client.get(f"/s/{session['id']}/standings.csv").get_data(as_text=True)
    assert csv_text.lstrip("\ufeff").splitlines()[1:] == ["Bingo,1,Aki,1,1,8", "Bingo,2,Ben,1,0,3"]
    pdf = client.get(f"/s/{session['id']}/standings.pdf")
    assert "Aki" in PdfReader(io.BytesIO(pdf.data)).pages[0].extract_text()
    assert client.application.test_client().get(f"/s/{session['id']}/cards.pdf").status_code == 403


def test_a_session_seat_token_joins_its_seat_through_the_api(client):
    session = new_session(client)
    made = session_table(client, session, "ninety-nine", ["Aki", "Ben", "Chie"]).get_json()
    state = client.get(
        f"/api/v1/tables/{made['id']}", headers={"Authorization": f"Bearer {made['seat_tokens'][2]}"}
    )
    assert state.status_code == 200
    joined = client.get(f"/t/{made['id']}/join/{made['seat_tokens'][2]}")
    assert joined.status_code == 302


def test_the_director_screen_flags_an_idle_table_and_a_pending_correction(client, app):
    from datetime import timedelta

    from referee.extensions import db
    from referee.store.models import EventRow

    session = new_session(client)
    made = []
    for players in (["Aki", "Ben"], ["Chie", "Dai"]):
        made.append(
            session_table(client, session, "score-pad", players, confirm_corrections=True).get_json()
        )
    for table in made:
        auth = {"Authorization": f"Bearer {table['scorer_token']}"}
        client.post(
            f"/api/v1/tables/{table['id']}/events", json={"type": "round", "points": [1, 2]}, headers=auth
        )
    client.get(f"/s/{session['id']}?token={session['director_token']}")
    page = client.get(f"/s/{session['id']}").get_data(as_text=True)
    assert "Idle for 10 minutes" not in page and "Correction pending" not in page
    version = page.split('data-version="')[1].split('"')[0]

    with app.app_context():  # table 1's last entry was 11 minutes ago
        row = db.session.query(EventRow).filter_by(table_id=made[0]["id"]).one()
        row.created_at -= timedelta(minutes=11)
        db.session.commit()
    auth = {"Authorization": f"Bearer {made[1]['scorer_token']}"}
    proposed = client.post(
        f"/api/v1/tables/{made[1]['id']}/events",
        json={"type": "correct", "target": 1, "event": {"type": "round", "points": [2, 1]}},
        headers=auth,
    )
    assert proposed.status_code == 202  # waits for a seat to confirm it
    fresh = client.get(f"/s/{session['id']}/live?since={version}").get_data(as_text=True)
    first, second = fresh.split('data-table="2"')
    assert "Idle for 10 minutes" in first and "Correction pending" not in first
    assert "Correction pending" in second and "Idle for 10 minutes" not in second
    assert "11 minutes ago" in first


@pytest.mark.parametrize(
    ("fields", "status"), [({"confirm_corrections": True}, 202), ({"confirm_corrections": False}, 201), ({}, 201)]
)
def test_a_session_table_made_with_confirm_corrections_holds_the_scorers_corrections_for_a_seat(
    client, fields, status
):
    """As at ``POST /api/v1/tables``: with confirm_corrections true a scorer's correction waits for a
    seat to confirm it (202); false or absent, it is applied at once (201)."""
    session = new_session(client)
    table = session_table(client, session, "score-pad", ["Aki", "Ben"], **fields).get_json()
    auth = {"Authorization": f"Bearer {table['scorer_token']}"}
    events = f"/api/v1/tables/{table['id']}/events"
    assert client.post(events, json={"type": "round", "points": [1, 2]}, headers=auth).status_code == 201
    correction = {"type": "correct", "target": 1, "event": {"type": "round", "points": [2, 1]}}
    assert client.post(events, json=correction, headers=auth).status_code == status
