"""Clubs and players' history (issue 17): a club keeps one roster across its sessions (names unique
in the club), its director creates sessions from it, and each player's page adds up the finished
tables of every session, as the rules count them (their results, kept with each log line)."""

from __future__ import annotations

import dataclasses

import pytest

from referee.games import GAMES
from referee.rules.base import Stats
from referee.store.history import GameHistory
from referee.web.club.api import history_json
from referee.web.club.openapi import club_schemas, stats_properties
from tests.web.test_sessions import golden

ROSTER = ["Aki", "Ben", "Chie", "Dai"]


def new_club(client, players=ROSTER, name="Kobe Domino Club"):
    resp = client.post("/api/v1/clubs", json={"name": name, "players": players})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def club_session(client, club, players, name="Friday"):
    resp = client.post(
        f"/api/v1/clubs/{club['id']}/sessions",
        json={"name": name, "players": players},
        headers=bearer(club["director_token"]),
    )
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def import_record(client, session, record):
    resp = client.post(
        f"/api/v1/sessions/{session['id']}/records", json=record, headers=bearer(session["director_token"])
    )
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def history(client, club, name):
    index = (
        client.get(f"/api/v1/clubs/{club['id']}", headers=bearer(club["director_token"]))
        .get_json()["players"]
        .index(name)
    )
    resp = client.get(f"/api/v1/clubs/{club['id']}/players/{index}")
    assert resp.status_code == 200
    return {row["game"]: row for row in resp.get_json()["games"]}, index


def test_a_club_answers_its_id_token_and_director_link(client):
    club = new_club(client)
    assert len(club["id"]) >= 22 and len(club["director_token"]) >= 43
    assert club["url"].endswith(f"/club/{club['id']}?token={club['director_token']}")
    state = client.get(f"/api/v1/clubs/{club['id']}", headers=bearer(club["director_token"])).get_json()
    assert state == {"id": club["id"], "name": "Kobe Domino Club", "players": ROSTER, "sessions": []}
    bare = client.post("/api/v1/clubs", json={"name": "New club"})  # a roster may start empty
    assert bare.status_code == 201


@pytest.mark.parametrize(
    ("body", "code", "message"),
    [
        ({"name": "C", "players": ["Aki", "ＡＫＩ"]}, "bad_players", "look like the same name"),
        ({"name": "C", "players": ["Aki", "aki\u200b"]}, "bad_players", "look like the same name"),
        ({"name": "C", "players": "Aki"}, "bad_players", "list of names"),
        ({"name": "C", "players": ["Aki", 3]}, "bad_players", "must be text"),
        ({"name": "", "players": ["Aki"]}, "bad_club", "A club needs a name"),
        ({"name": "x" * 121}, "bad_club", "A club needs a name"),
        ({"players": ["Aki"]}, "bad_club", "A club needs a name"),
    ],
)
def test_a_club_with_duplicate_or_bad_names_is_refused(client, body, code, message):
    resp = client.post("/api/v1/clubs", json=body)
    assert resp.status_code == 422
    assert resp.get_json()["error"]["code"] == code and message in resp.get_json()["error"]["message"]


def test_the_club_token_guards_the_club(client):
    club, other = new_club(client), new_club(client)
    url = f"/api/v1/clubs/{club['id']}"
    assert client.get(url).status_code == 401
    assert client.get(url, headers=bearer("nope")).status_code == 403
    assert client.get(url, headers=bearer(other["director_token"])).status_code == 403
    body = {"name": "Night", "players": ["Aki", "Ben"]}
    assert client.post(f"{url}/sessions", json=body).status_code == 401
    assert (
        client.post(f"{url}/sessions", json=body, headers=bearer(other["director_token"])).status_code == 403
    )
    assert client.post(f"{url}/players", json={"players": ["Eri"]}).status_code == 401
    assert client.get("/api/v1/clubs/nope", headers=bearer(club["director_token"])).status_code == 404
    assert client.get("/api/v1/clubs/nope/players/0").status_code == 404
    assert client.get(f"{url}/players/4").status_code == 404  # four names: 0 to 3


def test_a_sessions_roster_is_drawn_from_and_added_to_the_clubs(client):
    """Names on the club's roster take its spelling; a new one joins the club; the session's director
    token (derived from the club's) runs it like any session."""
    club = new_club(client)
    session = club_session(client, club, ["aki", "ＢＥＮ", "Eri"])
    assert session["club"] == club["id"] and session["url"].endswith(session["director_token"])
    state = client.get(f"/api/v1/sessions/{session['id']}", headers=bearer(session["director_token"]))
    assert state.status_code == 200 and state.get_json()["players"] == ["Aki", "Ben", "Eri"]
    shown = client.get(f"/api/v1/clubs/{club['id']}", headers=bearer(club["director_token"])).get_json()
    assert shown["players"] == [*ROSTER, "Eri"]
    (listed,) = shown["sessions"]
    assert listed["id"] == session["id"] and listed["director_token"] == session["director_token"]
    assert listed["name"] == "Friday" and listed["tables"] == 0
    # names unique in the session too, and the club token is not the session's
    dup = client.post(
        f"/api/v1/clubs/{club['id']}/sessions",
        json={"name": "Again", "players": ["Aki", "AKI"]},
        headers=bearer(club["director_token"]),
    )
    assert dup.status_code == 422 and dup.get_json()["error"]["code"] == "bad_players"
    assert (
        client.get(f"/api/v1/sessions/{session['id']}", headers=bearer(club["director_token"])).status_code
        == 403
    )
    added = client.post(
        f"/api/v1/clubs/{club['id']}/players",
        json={"players": ["Fumi", "eri"]},
        headers=bearer(club["director_token"]),
    )
    assert added.get_json() == {"players": [*ROSTER, "Eri", "Fumi"]}


def test_a_players_history_adds_up_the_finished_tables_of_every_session(client):
    """Hand counts (tests/rules/test_player_stats.py has the workings): Aki claims 3 times at the
    four-deal Bingo (all good) and once at the match to seven (good), Ben once there and fails;
    Ninety-Nine to 200: Chie made 3 of 3, Aki 1 of 3."""
    club = new_club(client)
    friday = club_session(client, club, ["Aki", "Ben", "Chie"], "Friday")
    saturday = club_session(client, club, ["Aki", "Ben", "Dai"], "Saturday")
    import_record(client, friday, golden("records/bingo-four-deals-to-eight.json", ["Aki", "Ben"]))  # Aki 8-3
    import_record(
        client, friday, golden("acceptance/records/ninety-nine-fixed-target-200.json", ["Chie", "Ben", "Aki"])
    )
    table = import_record(
        client, saturday, golden("acceptance/records/bingo-match-to-seven-capture.json", ["Aki", "Ben"])
    )  # Aki 7-0
    import_record(
        client, saturday, golden("acceptance/records/five-up-3p-domino.json", ["Aki", "Ben", "Dai"])
    )

    aki, _ = history(client, club, "Aki")
    assert aki["bingo"] == {"game": "bingo", "played": 2, "won": 2, "claims": 4, "failed": 0}
    assert aki["ninety-nine"] == {
        "game": "ninety-nine",
        "played": 1,
        "won": 0,
        "deals": 3,
        "made": 1,
        "percent": 33,
    }
    assert "five-up" not in aki  # one hand, unfinished: not counted yet
    ben, _ = history(client, club, "Ben")
    assert (ben["bingo"]["played"], ben["bingo"]["won"], ben["bingo"]["claims"], ben["bingo"]["failed"]) == (
        2,
        0,
        2,
        1,
    )
    chie, chie_index = history(client, club, "Chie")
    assert chie == {
        "ninety-nine": {"game": "ninety-nine", "played": 1, "won": 1, "deals": 3, "made": 3, "percent": 100}
    }
    assert history(client, club, "Dai")[0] == {}

    # Never stored twice: an undo at Saturday's Bingo takes it out of the history at once.
    undo = client.post(
        f"/api/v1/tables/{table['id']}/events", json={"type": "undo"}, headers=bearer(table["scorer_token"])
    )
    assert undo.status_code == 201
    aki, aki_index = history(client, club, "Aki")
    assert (aki["bingo"]["played"], aki["bingo"]["claims"]) == (1, 3)

    page = client.get(f"/club/{club['id']}/players/{aki_index}").get_data(as_text=True)
    assert "Aki has finished 2 games at this club and won 1." in page
    assert "3 claims made; 0 failed." in page and "Bids made: 33% (1 of 3 deals)." in page
    ja = client.get(f"/club/{club['id']}/players/{chie_index}", headers={"Accept-Language": "ja"}).get_data(
        as_text=True
    )
    assert "ナインティナイン" in ja or "Ninety-Nine" not in ja
    assert "100%" in ja and "Bids made" not in ja and "has finished" not in ja


def test_the_player_page_words_every_game(client):
    club = new_club(client, ["Aki", "Ben", "Chie", "Dai", "Ann", "Bob"])
    night = club_session(client, club, ["Aki", "Ben", "Chie", "Dai", "Ann", "Bob"])
    import_record(client, night, golden("records/five-up-partners-to-61.json", ["Aki", "Ben", "Chie", "Dai"]))
    import_record(
        client, night, golden("records/trick-de-bingo-one-round.json", ["Aki", "Ben", "Chie", "Dai"])
    )
    import_record(client, night, golden("acceptance/records/bead-game-worked-examples.json", ["Ann", "Bob"]))
    page = client.get(f"/club/{club['id']}/players/0").get_data(as_text=True)  # Aki
    assert "Average hand score 7.9, over 8 hands." in page  # 63 points for Aki and Chie's side
    assert "Largest count 25, playing 6-6." in page
    assert "4 bingos." in page and "1 round played." in page
    ann = client.get(f"/club/{club['id']}/players/4").get_data(as_text=True)
    assert "Best placement: 4-4, scoring 1 × 5 × 4 × 2 = 40." in ann
    ja = client.get(f"/club/{club['id']}/players/4", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "4-4" in ja and "Best placement" not in ja
    nobody = club_session(client, club, ["Eri", "Aki"], "Later")
    assert nobody
    eri = client.get(f"/club/{club['id']}/players/6").get_data(as_text=True)
    assert "Eri has not finished a game at this club yet." in eri


def test_the_club_pages_start_a_club_and_a_session_from_the_roster(client):
    made = client.post("/clubs/new", data={"name": "Kobe", "players": "Aki\nBen\n\nChie\n"})
    assert made.status_code == 302
    link = made.headers["Location"]
    club_id = link.split("/club/")[1].split("?")[0]
    assert client.get(f"/club/{club_id}").status_code == 403  # no token yet
    kept = client.get(link)
    assert kept.status_code == 302 and "token" not in kept.headers["Location"]
    page = client.get(f"/club/{club_id}").get_data(as_text=True)
    assert "Kobe" in page and "Aki" in page and "No session yet." in page
    assert client.application.test_client().get(f"/club/{club_id}").status_code == 403

    started = client.post(
        f"/club/{club_id}/sessions", data={"name": "Friday", "players": ["Aki", "Chie"], "new_players": "Dai"}
    )
    assert started.status_code == 302 and "/s/" in started.headers["Location"]
    board = client.get(started.headers["Location"], follow_redirects=True)
    assert board.status_code == 200 and "Friday" in board.get_data(as_text=True)
    assert f'href="/club/{club_id}/players"' in board.get_data(
        as_text=True
    )  # the players' pages, to hand round
    page = client.get(f"/club/{club_id}").get_data(as_text=True)
    assert "Friday" in page and "0 tables" in page and "Dai" in page

    nobody = client.post(f"/club/{club_id}/sessions", data={"name": "Sat"}, headers={"Accept-Language": "ja"})
    assert nobody.status_code == 422 and "少なくとも1人にチェック" in nobody.get_data(as_text=True)  # not the API's words
    refused = client.post(f"/club/{club_id}/sessions", data={"name": "", "players": ["Aki"]})
    assert refused.status_code == 422 and "A session needs a name." in refused.get_data(as_text=True)
    twice = client.post(f"/club/{club_id}/players", data={"players": "Eri\neri"})
    assert twice.status_code == 422 and "look like the same name" in twice.get_data(as_text=True)
    assert client.post(f"/club/{club_id}/players", data={"players": "Eri"}).status_code == 302
    roster = client.application.test_client().get(f"/club/{club_id}/players").get_data(as_text=True)
    assert all(name in roster for name in ("Aki", "Ben", "Chie", "Dai", "Eri"))
    ja = client.get(f"/club/{club_id}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "New session" not in ja and "Sessions" not in ja


def test_a_new_club_needs_a_name(client):
    resp = client.post("/clubs/new", data={"name": "  ", "players": "Aki"})
    assert resp.status_code == 422 and "A club needs a name" in resp.get_data(as_text=True)
    ja = client.post("/clubs/new", data={"name": "", "players": ""}, headers={"Accept-Language": "ja"})
    assert ja.status_code == 422 and "A club needs a name" not in ja.get_data(as_text=True)


def test_openapi_documents_the_club_paths(client):
    doc = client.get("/api/openapi.json").get_json()
    assert {
        "/api/v1/clubs",
        "/api/v1/clubs/{club_id}",
        "/api/v1/clubs/{club_id}/players",
        "/api/v1/clubs/{club_id}/sessions",
        "/api/v1/clubs/{club_id}/players/{index}",
    } <= set(doc["paths"])
    assert {"Club", "ClubCreated", "PlayerHistory"} <= set(doc["components"]["schemas"])


def test_the_home_page_leads_to_starting_a_club(client):
    home = client.get("/").get_data(as_text=True)
    assert 'href="/clubs/new"' in home
    assert "クラブ運営" in client.get("/", headers={"Accept-Language": "ja"}).get_data(as_text=True)


def test_sessions_racing_to_add_the_same_new_name_leave_it_once_on_the_club_roster(app, client):
    """Names stay unique in the club when sessions are created at once, each adding new players."""
    import threading

    club = new_club(client, ["Aki"])
    answers: list[int] = []

    def start(i: int) -> None:
        resp = app.test_client().post(
            f"/api/v1/clubs/{club['id']}/sessions",
            json={"name": f"Table {i}", "players": ["Aki", "Zoe", f"Guest {i}"]},
            headers=bearer(club["director_token"]),
        )
        answers.append(resp.status_code)

    threads = [threading.Thread(target=start, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers == [201] * 6
    shown = client.get(f"/api/v1/clubs/{club['id']}", headers=bearer(club["director_token"])).get_json()
    assert sorted(shown["players"]) == sorted(["Aki", "Zoe", *(f"Guest {i}" for i in range(6))])
    assert len(shown["sessions"]) == 6


def test_adding_players_with_an_empty_box_says_so_in_plain_words_at_that_form(client):
    """Nothing typed: a plain sentence in the reader's language, not the API's "players must be a
    list of names", shown in the add-players form (the foot of the page, where the thumb is)."""
    club = new_club(client)
    client.get(f"/club/{club['id']}?token={club['director_token']}")
    resp = client.post(f"/club/{club['id']}/players", data={"players": " \n"}, headers={"Accept-Language": "ja"})
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    assert "players must" not in page and "players は" not in page
    foot = page[page.index('id="players"') :]
    assert "名前を1行に1人ずつ書いてください。" in foot


def test_a_refused_name_stays_in_the_add_players_box(client):
    club = new_club(client)
    client.get(f"/club/{club['id']}?token={club['director_token']}")
    long_name = "Ü" * 300
    resp = client.post(f"/club/{club['id']}/players", data={"players": f"Eri\n{long_name}"})
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    foot = page[page.index('id="players"') :]
    assert 'role="alert"' in foot and f"Eri\n{long_name}</textarea>" in foot


@pytest.mark.parametrize("game_id", [game.id for game in GAMES.values() if game.stats])
def test_each_number_of_a_games_history_row_is_documented_as_that_games(game_id):
    """The API document reads the numbers from the game's descriptor: every field its row answers (a
    finished table's numbers, and the averages worked out from them) is there, said to be this game's."""
    kind = GAMES[game_id].stats.kind
    row = history_json([GameHistory(game_id, "", 1, 1, kind())])[0]
    documented = club_schemas()["PlayerHistory"]["properties"]["games"]["items"]["properties"]
    numbers = set(row) - {"game", "played", "won"}
    assert numbers and numbers <= set(documented)
    assert all(f"{game_id}: " in documented[name]["description"] for name in numbers)


def test_a_club_number_two_games_name_alike_must_be_of_one_type(monkeypatch):
    """The document has one schema per number's name: a game whose ``best`` is a whole number beside the
    bead game's ``best`` placement (a record) is refused, not documented as one of the two types."""

    @dataclasses.dataclass(frozen=True)
    class Clashing:
        best: int = 0

    game = dataclasses.replace(GAMES["score-pad"], id="clash", stats=Stats(Clashing, lambda state, view, seat: Clashing()))
    monkeypatch.setitem(GAMES, "clash", game)
    with pytest.raises(TypeError, match="clash's club number 'best' has another type than .*bead-game: "):
        stats_properties()
