"""Shared tables: links and their revocation, live updates, the big screen, seat privacy and
corrections that a player confirms."""

import dataclasses
import re

import pytest

from referee.games import GAMES
from tests.web.tables import new_table_by_form


def scores(html: str) -> list[str]:
    return re.findall(r'class="score"[^>]*>([^<]*)<', html)


def version_of(html: str) -> str:
    return re.search(r'data-version="([^"]+)"', html).group(1)


def join_links(html: str) -> list[str]:
    """The scorer's links in page order: scorer, then each seat."""
    return [re.sub(r"^https?://[^/]+", "", u) for u in re.findall(r'class="join-link" href="([^"]+)"', html)]


@pytest.fixture
def table(client):
    return new_table_by_form(client)


@pytest.fixture
def confirming(client):
    return new_table_by_form(client, confirm_corrections="true")


def test_the_scorer_sees_a_qr_code_and_link_for_the_scorer_and_each_seat(client, table):
    html = client.get(table).get_data(as_text=True)
    links = join_links(html)
    assert len(links) == 3
    for which in ("viewer", "scorer", "seat0", "seat1"):
        resp = client.get(f"{table}/qr/{which}.svg")
        assert resp.status_code == 200 and resp.mimetype == "image/svg+xml"
    assert 'id="screen-link"' in html


def test_a_viewer_sees_no_links_and_gets_no_link_qr_codes(app, table):
    viewer = app.test_client()
    html = viewer.get(table).get_data(as_text=True)
    assert join_links(html) == [] and "Record round" not in html
    assert viewer.get(f"{table}/qr/scorer.svg").status_code == 404
    assert viewer.get(f"{table}/qr/seat0.svg").status_code == 404
    assert viewer.get(f"{table}/qr/viewer.svg").status_code == 200


def test_a_seat_link_opens_that_seats_private_view(app, client, table):
    seat_link = join_links(client.get(table).get_data(as_text=True))[2]
    ben = app.test_client()
    assert ben.get(seat_link).status_code == 302
    html = ben.get(table).get_data(as_text=True)
    assert "Ben&#39;s seat" in html or "Ben's seat" in html
    assert "Record round" not in html


def test_a_new_link_revokes_the_old_one_at_once(app, client, table):
    old_scorer, old_seat = join_links(client.get(table).get_data(as_text=True))[:2]
    other = app.test_client()
    other.get(old_scorer)
    assert other.post(f"{table}/events", data={"type": "round", "points": ["1", "1"]}).status_code == 302

    assert client.post(f"{table}/links/scorer").status_code == 302
    assert client.post(f"{table}/links/seat0").status_code == 302
    new_scorer, new_seat = join_links(client.get(table).get_data(as_text=True))[:2]
    assert new_scorer != old_scorer and new_seat != old_seat

    assert other.post(f"{table}/events", data={"type": "round", "points": ["1", "1"]}).status_code == 403
    assert app.test_client().get(old_scorer).status_code == 403
    assert app.test_client().get(old_seat).status_code == 403
    assert app.test_client().get(new_seat).status_code == 302
    # the phone that made the new scorer link keeps writing
    assert client.post(f"{table}/events", data={"type": "round", "points": ["2", "2"]}).status_code == 302
    assert scores(client.get(table).get_data(as_text=True)) == ["3", "3"]


def test_only_the_scorer_makes_new_links(app, table):
    assert app.test_client().post(f"{table}/links/scorer").status_code == 403
    assert app.test_client().post(f"{table}/links/seat0").status_code == 403


def test_the_live_endpoint_answers_204_until_something_changes(app, client, table):
    viewer = app.test_client()
    version = version_of(viewer.get(table).get_data(as_text=True))
    assert viewer.get(f"{table}/live?since={version}").status_code == 204
    client.post(f"{table}/events", data={"type": "round", "points": ["4", "1"]})
    resp = viewer.get(f"{table}/live?since={version}")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and html.lstrip().startswith('<main id="table"')
    assert scores(html) == ["4", "1"] and version_of(html) != version
    assert viewer.get(f"{table}/live?since={version_of(html)}").status_code == 204


def test_the_big_screen_is_read_only_with_totals_events_and_the_game_picture(client, table):
    client.post(f"{table}/events", data={"type": "round", "points": ["7", "3"]})
    resp = client.get(f"{table}/screen")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200
    assert scores(html) == ["7", "3"]
    assert 'class="screen-events"' in html and 'class="grid rounds"' in html
    assert "Record round" not in html and "join-link" not in html and "csrf_token" not in html
    live = client.get(f"{table}/live?view=screen&since=old").get_data(as_text=True)
    assert live.lstrip().startswith('<main id="screen"')


def test_a_new_table_confirms_corrections_only_when_asked(client, table):
    client.post(f"{table}/events", data={"type": "round", "points": ["1", "1"]})
    client.post(f"{table}/correct/1", data={"type": "round", "points": ["2", "2"]})
    assert scores(client.get(table).get_data(as_text=True)) == ["2", "2"]
    assert "Corrections need a player" in client.get("/new/score-pad").get_data(as_text=True)


def test_a_correction_waits_for_a_seat_to_confirm_it(app, client, confirming):
    t = confirming
    client.post(f"{t}/events", data={"type": "round", "points": ["1", "1"]})
    client.post(f"{t}/events", data={"type": "round", "points": ["5", "0"]})
    assert client.post(f"{t}/correct/1", data={"type": "round", "points": ["9", "9"]}).status_code == 302
    html = client.get(t).get_data(as_text=True)
    assert scores(html) == ["6", "1"]  # not applied yet
    assert "Waiting for a player to confirm" in html and "the scorer proposes" in html
    pid = re.search(r'data-pending="(\d+)"', html).group(1)

    # the scorer cannot confirm their own correction, nor can a viewer
    assert client.post(f"{t}/corrections/{pid}/confirm").status_code == 403
    assert app.test_client().post(f"{t}/corrections/{pid}/confirm").status_code == 403

    ben = app.test_client()
    ben.get(join_links(html)[2])
    assert "Confirm" in ben.get(t).get_data(as_text=True)
    assert ben.post(f"{t}/corrections/{pid}/confirm").status_code == 302
    html = client.get(t).get_data(as_text=True)
    assert scores(html) == ["14", "9"]
    assert "corrected in entry 3 by the scorer at" in html and "confirmed by Ben" in html  # the correction is log line 3
    assert re.search(r"original:\s*<s>A round: Aki \+1, Ben \+1</s>", html)
    assert "Waiting for a player to confirm" not in html
    # a second phone confirming the same correction records nothing more
    assert ben.post(f"{t}/corrections/{pid}/confirm", headers={"HX-Request": "true"}).status_code == 409
    assert scores(client.get(t).get_data(as_text=True)) == ["14", "9"]


def test_a_rejected_correction_changes_nothing_and_stays_in_the_history(app, client, confirming):
    t = confirming
    client.post(f"{t}/events", data={"type": "round", "points": ["1", "1"]})
    client.post(f"{t}/correct/1", data={"type": "round", "points": ["9", "9"]})
    html = client.get(t).get_data(as_text=True)
    pid = re.search(r'data-pending="(\d+)"', html).group(1)
    aki = app.test_client()
    aki.get(join_links(html)[1])
    assert aki.post(f"{t}/corrections/{pid}/reject").status_code == 302
    html = client.get(t).get_data(as_text=True)
    assert scores(html) == ["1", "1"] and "Rejected by Aki" in html


def test_an_illegal_correction_is_refused_at_once_even_when_it_would_wait(client, confirming):
    client.post(f"{confirming}/events", data={"type": "round", "points": ["1", "1"]})
    resp = client.post(f"{confirming}/correct/1", data={"type": "round", "points": ["x", "1"]})
    assert resp.status_code == 422
    assert "Waiting for a player" not in client.get(confirming).get_data(as_text=True)


def test_the_api_keeps_a_correction_pending_at_a_confirming_table(client):
    made = client.post(
        "/api/v1/tables", json={"game": "score-pad", "players": ["A", "B"], "confirm_corrections": True}
    ).get_json()
    auth = {"Authorization": f"Bearer {made['scorer_token']}"}
    url = f"/api/v1/tables/{made['id']}/events"
    client.post(url, json={"type": "round", "points": [1, 2]}, headers=auth)
    resp = client.post(
        url, json={"type": "correct", "target": 1, "event": {"type": "round", "points": [3, 3]}}, headers=auth
    )
    assert resp.status_code == 202 and resp.get_json()["pending"]["target"] == 1
    assert client.get(f"/api/v1/tables/{made['id']}").get_json()["totals"] == [1, 2]


def _redact(detail, seat):
    """A test game's private state: each seat sees only its own round points."""
    hide = lambda rows: [[p if i == seat else "?" for i, p in enumerate(r)] for r in rows]  # noqa: E731
    return {**detail, "rounds": hide(detail["rounds"]), "running": hide(detail["running"])}


@pytest.fixture
def private_pad(monkeypatch):
    monkeypatch.setitem(GAMES, "score-pad", dataclasses.replace(GAMES["score-pad"], redact=_redact))


def test_a_seat_sees_its_own_private_state_and_no_one_elses(app, client, private_pad):
    made = client.post("/api/v1/tables", json={"game": "score-pad", "players": ["Aki", "Ben"]}).get_json()
    t = f"/t/{made['id']}"
    auth = {"Authorization": f"Bearer {made['scorer_token']}"}
    client.post(
        f"/api/v1/tables/{made['id']}/events", json={"type": "round", "points": [37, 41]}, headers=auth
    )

    aki = app.test_client()
    aki.get(f"{t}/join/{made['seat_tokens'][0]}")
    html = aki.get(t).get_data(as_text=True)
    assert "<td>37 " in html and "<td>41 " not in html
    for page in (t, f"{t}/screen", f"{t}/live?since=x", f"{t}/live?view=screen&since=x"):
        other = app.test_client().get(page).get_data(as_text=True)
        assert "<td>37 " not in other and "<td>41 " not in other, page
    assert "<td>41 " not in aki.get(f"{t}/screen").get_data(as_text=True)  # the big screen is public

    api = f"/api/v1/tables/{made['id']}"
    as_aki = client.get(api, headers={"Authorization": f"Bearer {made['seat_tokens'][0]}"}).get_json()
    as_ben = client.get(api, headers={"Authorization": f"Bearer {made['seat_tokens'][1]}"}).get_json()
    as_viewer = app.test_client().get(api).get_json()
    assert as_aki["detail"]["rounds"] == [[37, "?"]]
    assert as_ben["detail"]["rounds"] == [["?", 41]]
    assert as_viewer["detail"]["rounds"] == [["?", "?"]]
