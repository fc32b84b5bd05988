"""Security of shared tables: who may write, CSRF, rate limits, hostile names, tokens, headers,
and no way to find a table without its link."""

import base64
import inspect
import re

import pytest

from referee.games import GAMES
from referee.store import tables as store_tables
from tests.conftest import make_app
from tests.web.tables import new_table

HOSTILE = ("<script>alert(1)</script>", '"><img src=x onerror=alert(2)>')
ROUND = {"type": "round", "points": ["1", "1"]}


@pytest.fixture
def made(client):
    return new_table(client, players=("Aki", "Ben"))


def _write_attempts(c, t):
    """Every HTML write a phone could send."""
    return [
        c.post(f"{t}/events", data=ROUND),
        c.post(f"{t}/undo"),
        c.post(f"{t}/correct/1", data=ROUND),
        c.post(f"{t}/links/scorer"),
    ]


def test_no_token_wrong_token_viewer_seat_or_revoked_token_cannot_write_html(app, client, made):
    t = f"/t/{made['id']}"
    auth = {"Authorization": f"Bearer {made['scorer_token']}"}
    client.post(f"/api/v1/tables/{made['id']}/events", json={"type": "round", "points": [1, 1]}, headers=auth)

    nobody = app.test_client()
    wrong = app.test_client()
    assert wrong.get(f"{t}/join/{'x' * 43}").status_code == 403
    viewer = app.test_client()
    viewer.get(t)
    seat = app.test_client()
    seat.get(f"{t}/join/{made['seat_tokens'][0]}")
    revoked = app.test_client()
    revoked.get(f"{t}/join/{made['scorer_token']}")
    scorer = app.test_client()
    scorer.get(f"{t}/join/{made['scorer_token']}")
    assert scorer.post(f"{t}/links/scorer").status_code == 302  # revokes the token ``revoked`` holds

    for who in (nobody, wrong, viewer, seat, revoked):
        assert [r.status_code for r in _write_attempts(who, t)] == [403, 403, 403, 403]
    state = client.get(f"/api/v1/tables/{made['id']}").get_json()
    assert state["seq"] == 1 and state["totals"] == [1, 1]


def test_no_token_wrong_token_viewer_seat_or_revoked_token_cannot_write_api(app, client, made):
    url = f"/api/v1/tables/{made['id']}/events"
    body = {"type": "round", "points": [1, 1]}
    scorer = app.test_client()
    scorer.get(f"/t/{made['id']}/join/{made['scorer_token']}")
    scorer.post(f"/t/{made['id']}/links/scorer")
    cases = {
        None: 401,
        "not-a-token": 403,
        made["id"]: 403,  # the viewer's link is the table id
        made["seat_tokens"][0]: 403,  # a seat writes only its own private events
        made["scorer_token"]: 403,  # revoked above
    }
    for token, status in cases.items():
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        assert client.post(url, json=body, headers=headers).status_code == status, token
    assert client.get(f"/api/v1/tables/{made['id']}").get_json()["seq"] == 0


@pytest.fixture
def csrf_app(tmp_path):
    return make_app(f"sqlite:///{tmp_path / 'csrf.sqlite3'}")


def test_every_form_needs_its_csrf_token(csrf_app):
    c = csrf_app.test_client()
    assert c.post("/new/score-pad", data={"players": ["A", "B"]}).status_code == 400
    page = c.get("/new/score-pad").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    t = c.post("/new/score-pad", data={"players": ["A", "B"], "csrf_token": token}).headers["Location"]
    html = c.get(t).get_data(as_text=True)
    forms = re.findall(r"<form\b.*?</form>", html, re.S)
    assert forms and all('name="csrf_token"' in f for f in forms)
    assert "X-CSRFToken" in html  # htmx sends it from the body's hx-headers
    for path in (f"{t}/events", f"{t}/undo", f"{t}/links/seat0", "/import"):
        assert c.post(path, data=ROUND).status_code == 400, path
    assert c.post(f"{t}/events", data={**ROUND, "csrf_token": token}).status_code == 302
    assert c.post(f"{t}/events", data=ROUND, headers={"X-CSRFToken": token}).status_code == 302


def test_writes_and_table_creation_are_rate_limited(tmp_path):
    limited = make_app(
        f"sqlite:///{tmp_path / 'limits.sqlite3'}", RATELIMIT_ENABLED=True, WTF_CSRF_ENABLED=False
    )
    c = limited.test_client()
    made = [c.post("/api/v1/tables", json={"game": "score-pad", "players": ["A", "B"]}) for _ in range(11)]
    assert [r.status_code for r in made[:10]] == [201] * 10
    assert made[10].status_code == 429
    assert c.post("/new/score-pad", data={"players": ["A", "B"]}).status_code == 429  # same address
    assert c.get("/new/score-pad").status_code == 200  # reading is never limited

    body = made[0].get_json()
    url = f"/api/v1/tables/{body['id']}/events"
    auth = {"Authorization": f"Bearer {body['scorer_token']}"}
    codes = [
        c.post(url, json={"type": "round", "points": [1, 1]}, headers=auth).status_code for _ in range(121)
    ]
    assert codes[:120] == [201] * 120 and codes[120] == 429
    assert c.get(f"/t/{body['id']}/live?since=x").status_code == 200


def test_rate_limits_are_off_when_configured(client):
    codes = [
        client.post("/api/v1/tables", json={"game": "score-pad", "players": ["A", "B"]}).status_code
        for _ in range(12)
    ]
    assert codes == [201] * 12


def _players(game, names):
    return [names[i % len(names)] + ("" if i < len(names) else str(i)) for i in range(game.min_players)]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_hostile_player_names_render_as_text_on_every_page(app, client, game_id):
    game = GAMES[game_id]
    resp = client.post("/new/" + game_id, data={"players": _players(game, HOSTILE)})
    assert resp.status_code == 302, resp.get_data(as_text=True)[:500]
    t = resp.headers["Location"]
    viewer = app.test_client()
    pages = {
        "scorer": client.get(t),
        "viewer": viewer.get(t),
        "screen": viewer.get(f"{t}/screen"),
        "live": viewer.get(f"{t}/live?since=x"),
        "live-screen": viewer.get(f"{t}/live?view=screen&since=x"),
        "htmx": client.get(t, headers={"HX-Request": "true"}),
    }
    for name, page in pages.items():
        html = page.get_data(as_text=True)
        assert page.status_code == 200, name
        assert "<script>alert(1)" not in html and "<img src=x" not in html, name
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html, name
    record = client.get(f"{t}/record.json").get_json()
    assert record["players"][:2] == list(HOSTILE)[: len(record["players"][:2])]


def test_hostile_names_in_a_refused_form_the_correction_page_and_the_pdfs(client):
    # one player only: refused, and the form comes back with the name in it
    resp = client.post("/new/score-pad", data={"players": [HOSTILE[1]]})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 422 and "<img src=x" not in html and "&#34;&gt;&lt;img" in html

    t = client.post("/new/score-pad", data={"players": list(HOSTILE)}).headers["Location"]
    client.post(f"{t}/events", data={"type": "round", "points": ["1", "2"]})
    html = client.get(f"{t}/correct/1").get_data(as_text=True)
    assert "<script>alert(1)" not in html
    title = re.search(r"<title>(.*?)</title>", client.get(t).get_data(as_text=True), re.S).group(1)
    assert "<script>" not in title and "&lt;script&gt;" in title
    for p in re.findall(r'href="(/t/[^"]+\.pdf)"', client.get(t).get_data(as_text=True)):
        pdf = client.get(p)
        assert (
            pdf.status_code == 200 and pdf.mimetype == "application/pdf" and pdf.data.startswith(b"%PDF")
        ), p


def test_no_way_to_list_tables_without_a_link(app, client, made):
    stranger = app.test_client()
    for path in ("/t/", "/t", "/api/v1/tables/", "/print", "/"):
        resp = stranger.get(path)
        assert made["id"] not in resp.get_data(as_text=True), path
    assert stranger.get("/api/v1/tables").status_code in (404, 405)
    assert stranger.get("/t/").status_code == 404
    assert stranger.get("/t/" + "A" * 22).status_code == 404


def test_tokens_are_long_and_compared_in_constant_time(made):
    for token in (made["id"], made["scorer_token"], *made["seat_tokens"]):
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        assert len(raw) * 8 >= 128
    assert "compare_digest" in inspect.getsource(store_tables.token_matches)


def test_security_headers_on_table_pages(client, made):
    resp = client.get(f"/t/{made['id']}")
    csp = resp.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
    assert resp.headers["Referrer-Policy"] == "same-origin"  # the table id never goes to another site
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    assert resp.headers["Cache-Control"] == "no-store"
    assert "<script>" not in resp.get_data(as_text=True)  # no inline script anywhere
