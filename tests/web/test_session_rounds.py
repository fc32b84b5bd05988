"""Paired rounds of a session over the API (issue 32): POST /api/v1/sessions/<id>/rounds makes the next
round's tables from the standings as they stand, GET lists the rounds, and a round that cannot keep its
rules is refused with a sentence and nothing made."""

from __future__ import annotations

import re

import pytest

from referee.store import rounds as rounds_store
from tests.printables.test_club_print import text_of
from tests.printables.test_printables_tally_qr import scan
from tests.web.test_director_board import score
from tests.web.test_sessions import ROSTER, director, new_session, session_state

SWISS = {"game": "score-pad", "seats": 2, "method": "swiss"}
PARTNERS = {"game": "five-up", "seats": 4, "method": "partners"}


def pair(client, session, body, headers=None):
    return client.post(
        f"/api/v1/sessions/{session['id']}/rounds", json=body, headers={**director(session), **(headers or {})}
    )


def rounds(client, session) -> list[dict]:
    resp = client.get(f"/api/v1/sessions/{session['id']}/rounds", headers=director(session))
    assert resp.status_code == 200
    return resp.get_json()["rounds"]


def test_a_swiss_round_makes_its_tables_as_the_tables_api_does_and_gives_the_lowest_a_bye(client):
    session = new_session(client)  # Aki, Ben, Chie, Dai, Eri: nobody has a point yet
    resp = pair(client, session, SWISS)
    assert resp.status_code == 201, resp.get_json()
    made = resp.get_json()
    assert made["round"] == 1 and made["byes"] == [4]
    assert [(t["number"], t["seats"]) for t in made["tables"]] == [(1, [0, 1]), (2, [2, 3])]
    for table in made["tables"]:
        assert {"id", "scorer_token", "viewer_url", "scorer_url", "seat_tokens"} <= set(table)
        assert table["session"] == session["id"] and len(table["seat_tokens"]) == 2
        score(client, table, [0, 0])  # its scorer token writes to it
    state = session_state(client, session)
    assert [t["players"] for t in state["tables"]] == [["Aki", "Ben"], ["Chie", "Dai"]]
    assert rounds(client, session) == [
        {
            "round": 1,
            "game": "score-pad",
            "method": "swiss",
            "tables": [{"id": t["id"], "number": t["number"], "seats": t["seats"]} for t in made["tables"]],
            "byes": [4],
        }
    ]


def test_the_second_round_pairs_the_leaders_without_a_rematch_or_a_second_bye(client):
    session = new_session(client)
    first = pair(client, session, SWISS).get_json()["tables"]
    score(client, first[0], [3, 9])  # Ben leads Aki (unfinished: the current totals count)
    score(client, first[1], [7, 2])  # Chie leads Dai
    made = pair(client, session, SWISS).get_json()
    # Ben and Chie have a point each; Aki and Dai none but met a leader; Eri had the bye, so Dai sits out.
    assert made["round"] == 2
    assert [t["seats"] for t in made["tables"]] == [[1, 2], [0, 4]]
    assert [t["number"] for t in made["tables"]] == [3, 4]
    assert made["byes"] == [3]


def test_a_round_that_needs_a_rematch_is_refused_in_both_languages_and_nothing_is_made(client):
    session = new_session(client, players=["Aki", "Ben"])
    assert pair(client, session, SWISS).status_code == 201
    for language, sentence in (
        ("en", "Everyone has met everyone they could play: this round cannot be paired without a rematch."),
        ("ja", "対戦できる相手とはすでに全員が対戦済みです。このラウンドは再戦なしでは組めません。"),
    ):
        refused = pair(client, session, SWISS, headers={"Accept-Language": language})
        assert refused.status_code == 422
        assert refused.get_json()["error"] == {"code": "rematch", "message": sentence}
    assert len(session_state(client, session)["tables"]) == 1
    assert [r["round"] for r in rounds(client, session)] == [1]


def test_partner_rounds_give_everyone_a_new_partner_until_none_is_left(client):
    session = new_session(client, players=ROSTER[:4])
    partnerships = []
    for number in (1, 2, 3):
        made = pair(client, session, PARTNERS)
        assert made.status_code == 201, made.get_json()
        [table] = made.get_json()["tables"]
        seats = table["seats"]
        assert sorted(seats) == [0, 1, 2, 3] and made.get_json()["round"] == number
        partnerships += [frozenset((seats[0], seats[2])), frozenset((seats[1], seats[3]))]
    assert len(set(partnerships)) == 6  # every pair of the four partnered once
    refused = pair(client, session, PARTNERS)
    assert refused.status_code == 422 and refused.get_json()["error"]["code"] == "partners"
    assert len(session_state(client, session)["tables"]) == 3


def test_absent_players_sit_out_and_a_pinned_player_gets_their_table(client):
    session = new_session(client)
    made = pair(client, session, {**SWISS, "absent": [4], "pinned": {"0": 2}}).get_json()
    assert made["byes"] == []
    assert [t["seats"] for t in made["tables"]] == [[2, 3], [0, 1]]  # Aki's table is the round's second


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({**SWISS, "method": "round-robin"}, "bad_round"),
        ({**SWISS, "seats": 4}, "bad_round"),
        ({**SWISS, "absent": [5]}, "bad_round"),
        ({**SWISS, "absent": "Eri"}, "bad_round"),
        ({**SWISS, "pinned": {"0": 0}}, "bad_round"),
        ({**SWISS, "pinned": {"0": 3}}, "pinned"),
        ({**SWISS, "absent": [0], "pinned": {"0": 1}}, "bad_round"),
        ({**SWISS, "absent": [0, 1, 2, 3]}, "pairing"),
        ({**SWISS, "game": "chess"}, "unknown_game"),
        ({**PARTNERS, "game": "bingo"}, "bad_players"),
        (PARTNERS, "seats"),  # five players
    ],
)
def test_a_bad_request_is_refused_with_its_reason_and_nothing_is_made(client, body, code):
    session = new_session(client)
    refused = pair(client, session, body)
    assert refused.status_code == 422, refused.get_json()
    assert refused.get_json()["error"]["code"] == code
    assert session_state(client, session)["tables"] == [] and rounds(client, session) == []


def test_the_director_token_guards_the_rounds(client):
    session = new_session(client)
    url = f"/api/v1/sessions/{session['id']}/rounds"
    assert client.post(url, json=SWISS).status_code == 401
    assert client.get(url, headers={"Authorization": "Bearer nope"}).status_code == 403
    assert client.get("/api/v1/sessions/nope/rounds", headers=director(session)).status_code == 404


@pytest.mark.storeless
def test_openapi_documents_the_rounds(client):
    doc = client.get("/api/openapi.json").get_json()
    path = doc["paths"]["/api/v1/sessions/{session_id}/rounds"]
    assert {"post", "get"} <= set(path) and "422" in path["post"]["responses"]
    schemas = doc["components"]["schemas"]
    assert schemas["NewRound"]["required"] == ["game", "seats", "method"]
    assert schemas["RoundCreated"]["required"] == ["round", "tables", "byes", "cards_url"]


def test_the_director_pairs_a_round_on_the_screen_and_sees_its_tables_and_byes_in_both_languages(client):
    session = new_session(client)
    client.get(f"/s/{session['id']}?token={session['director_token']}")
    page = client.get(f"/s/{session['id']}").get_data(as_text=True)
    assert "Pair the next round" in page and "No round has been paired yet." in page
    assert "on equal points, the player whose opponents have more points between them" in page  # the tie-break in words
    posted = client.post(
        f"/s/{session['id']}/rounds", data={"game": "score-pad", "method": "swiss", "absent": ["0"]}
    )
    assert posted.status_code == 302 and posted.headers["Location"].endswith("#rounds")
    assert rounds(client, session)[0]["byes"] == []  # four present: Ben, Chie, Dai, Eri
    page = client.get(f"/s/{session['id']}").get_data(as_text=True)
    assert "Round 1: Score pad" in page and "Ben against Chie" in page and "Dai against Eri" in page
    assert f'href="/s/{session["id"]}/cards.pdf?round=1"' in page  # the round's cards, one tap away
    # round 1 has no entry yet: the form comes back asking (newplayer11 #14), sent again it pairs
    asked = client.post(f"/s/{session['id']}/rounds", data={"game": "score-pad", "method": "swiss"})
    assert asked.status_code == 409 and "Round 1 has not started yet" in asked.get_data(as_text=True)
    assert 'name="anyway" value="yes"' in asked.get_data(as_text=True) and len(rounds(client, session)) == 1
    client.post(f"/s/{session['id']}/rounds", data={"game": "score-pad", "method": "swiss", "anyway": "yes"})
    ja = client.get(f"/s/{session['id']}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "次のラウンドを組む" in ja and "第2ラウンド" in ja and "休み：" in ja
    assert "ポイントが同じなら、対戦相手のポイントの合計が多い人が上" in ja


def test_a_refused_pairing_form_comes_back_with_its_reason_and_what_was_sent(client):
    session = new_session(client)
    client.get(f"/s/{session['id']}?token={session['director_token']}")
    refused = client.post(
        f"/s/{session['id']}/rounds",
        data={"game": "five-up", "method": "partners", "absent": ["3", "4"]},
        headers={"Accept-Language": "ja"},
    )  # three players cannot make a table of four
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert 'value="partners" checked' in page and 'value="4" checked' in page and 'value="0" checked' not in page
    assert "ラウンドを組むには少なくとも4人の出席が必要です。" in page
    assert rounds(client, session) == []


def test_a_players_phone_shows_their_next_table_once_a_later_round_seats_them(client):
    session = new_session(client)
    first = pair(client, session, SWISS).get_json()["tables"]
    seat_link = f"/t/{first[1]['id']}/join/{first[1]['seat_tokens'][0]}"  # Chie's phone at table 2
    client.get(seat_link)
    assert "Your next table" not in client.get(f"/t/{first[1]['id']}").get_data(as_text=True)
    second = pair(client, session, SWISS).get_json()["tables"]
    [chie] = [t for t in second if 2 in t["seats"]]
    page = client.get(f"/t/{first[1]['id']}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert f"次のテーブル：テーブル {chie['number']}" in page and f"/t/{chie['id']}" in page
    viewer = client.application.test_client()  # the viewer link is nobody's seat: no next table
    assert "Your next table" not in viewer.get(f"/t/{first[1]['id']}").get_data(as_text=True)


def test_one_tap_after_pairing_prints_the_rounds_table_cards_with_a_qr_code_per_seat(client, tmp_path):
    """The round's own cards, the session's card design: each of its tables, its players, and a QR code
    per seat that scans to exactly that seat's link (as the API gave it); no other round's table."""
    session = new_session(client)
    pair(client, session, SWISS)  # round 1: Aki-Ben, Chie-Dai, Eri sits out
    second = pair(client, session, SWISS).get_json()
    client.get(f"/s/{session['id']}?token={session['director_token']}")
    page = client.get(f"/s/{session['id']}").get_data(as_text=True)
    link = f"/s/{session['id']}/cards.pdf?round=2"
    assert f'href="{link}"' in page and "Table cards for round 2 (PDF)" in page
    pdf = client.get(link)
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    assert "round-2-tables.pdf" in pdf.headers["Content-Disposition"]
    text = "\n".join(text_of(pdf.data))
    numbers = [t["number"] for t in second["tables"]]
    assert "Friday club, round 2" in text and numbers == [3, 4]
    assert all(f"Table {n}" in text for n in numbers) and "Table 1" not in text and "Table 2" not in text
    names = ["Aki", "Ben", "Chie", "Dai", "Eri"]
    assert all(names[p] in text for t in second["tables"] for p in t["seats"])
    assert text.count("Scan to join seat") == 4
    wanted = [f"http://localhost/t/{t['id']}/join/{token}" for t in second["tables"] for token in t["seat_tokens"]]
    assert sorted(scan(pdf.data, tmp_path)) == sorted(wanted)
    ja = client.get(link, headers={"Accept-Language": "ja"})
    assert "Friday club 第2ラウンド" in "\n".join(text_of(ja.data))


def test_the_api_answers_each_round_with_the_link_that_prints_its_cards(client, tmp_path):
    session = new_session(client)
    made = pair(client, session, SWISS).get_json()
    fresh = client.application.test_client()  # the link carries the director's token: no cookie needed
    pdf = fresh.get(made["cards_url"].removeprefix("http://localhost"))
    assert pdf.status_code == 200
    wanted = [f"http://localhost/t/{t['id']}/join/{token}" for t in made["tables"] for token in t["seat_tokens"]]
    assert sorted(scan(pdf.data, tmp_path)) == sorted(wanted)


@pytest.mark.parametrize("asked", ["2", "0", "x", "-1", "99999999999999999999"])
def test_cards_of_a_round_the_session_has_not_paired_are_refused_in_both_languages(client, asked):
    session = new_session(client)
    pair(client, session, SWISS)
    url = f"/s/{session['id']}/cards.pdf?round={asked}&token={session['director_token']}"
    for language, sentence in (
        ("en", f"There is no round {asked[:12]} in this session."),
        ("ja", f"このセッションには第{asked[:12]}ラウンドがありません。"),
    ):
        refused = client.get(url, headers={"Accept-Language": language})
        assert refused.status_code == 422 and refused.get_data(as_text=True) == sentence


def test_a_players_phone_learns_its_next_table_by_the_live_poll_when_the_director_pairs_the_next_round(client):
    """The seat's page polls from a version that also counts the night's paired tables: quiet (204) until the
    director pairs a round, then the fragment with "Your next table" and a version newer part by part
    (app.js swaps only a newer one); the public view of the same table polls as before."""
    session = new_session(client)
    table = pair(client, session, SWISS).get_json()["tables"][1]  # Chie against Dai at table 2
    client.get(f"/t/{table['id']}/join/{table['seat_tokens'][0]}")  # Chie's phone
    viewer = client.application.test_client()

    def shown(phone) -> str:
        return re.search(r'data-version="([^"]+)"', phone.get(f"/t/{table['id']}").get_data(as_text=True))[1]

    def poll(phone, since):
        return phone.get(f"/t/{table['id']}/live", query_string={"since": since}, headers={"HX-Request": "true"})

    seat_version, public_version = shown(client), shown(viewer)
    assert poll(client, seat_version).status_code == 204 and poll(viewer, public_version).status_code == 204
    second = pair(client, session, SWISS).get_json()["tables"]
    [theirs] = [t for t in second if 2 in t["seats"]]
    fresh = poll(client, seat_version)
    assert fresh.status_code == 200
    fragment = fresh.get_data(as_text=True)
    assert f"Your next table: Table {theirs['number']}" in fragment and f'href="/t/{theirs["id"]}"' in fragment
    now = re.search(r'data-version="([^"]+)"', fragment)[1]
    assert [int(p) for p in now.split(".")] > [int(p) for p in seat_version.split(".")]
    assert poll(client, now).status_code == 204  # and quiet again until the next change
    assert poll(viewer, public_version).status_code == 204  # the public page shows no next table


def test_a_poll_while_the_round_is_being_made_still_brings_the_next_table_once_it_is_there(client, monkeypatch):
    """Pairing keeps the round's number before it makes the round's tables one by one: a seat's poll that
    lands in between must not adopt a version the finished round cannot raise, or the phone never learns
    its next table (the browser test's failure in CI, stop 43)."""
    session = new_session(client)
    table = pair(client, session, SWISS).get_json()["tables"][1]  # Chie against Dai at table 2
    phone = client.application.test_client()
    phone.get(f"/t/{table['id']}/join/{table['seat_tokens'][0]}")  # Chie's phone

    def poll(since):
        return phone.get(f"/t/{table['id']}/live", query_string={"since": since}, headers={"HX-Request": "true"})

    def version(html: str) -> str:
        return re.search(r'data-version="([^"]+)"', html)[1]

    adopted = [version(phone.get(f"/t/{table['id']}").get_data(as_text=True))]
    make_table = rounds_store.add_table

    def a_poll_first(*args, **kwargs):
        if len(adopted) == 1:  # the round's number is kept, none of its tables made yet
            midway = poll(adopted[0])
            adopted.append(version(midway.get_data(as_text=True)) if midway.status_code == 200 else adopted[0])
        return make_table(*args, **kwargs)

    monkeypatch.setattr(rounds_store, "add_table", a_poll_first)
    [theirs] = [t for t in pair(client, session, SWISS).get_json()["tables"] if 2 in t["seats"]]
    assert len(adopted) == 2
    after = poll(adopted[-1])
    assert after.status_code == 200
    assert f"Your next table: Table {theirs['number']}" in after.get_data(as_text=True)
