"""The tables a phone holds: kept server-side behind one device cookie, listed on the home page,
forgettable; any number of them stay writable and no token travels in a cookie."""

from __future__ import annotations

import re

from sqlalchemy import select
from tables import new_table_by_form

from referee.extensions import db
from referee.store.devices import DeviceTable

ROUND = {"type": "round", "points": ["2", "1"]}


def scores(html: str) -> list[str]:
    return re.findall(r'class="score"[^>]*>([^<]*)<', html)


def cookie_header(client) -> str:
    return "; ".join(f"{c.key}={c.value}" for c in client._cookies.values())


def test_a_hundred_tables_from_one_phone_all_stay_writable(client):
    tables = [new_table_by_form(client, players=(f"A{i}", f"B{i}")) for i in range(100)]
    assert len(set(tables)) == 100
    for i, path in enumerate(tables):
        resp = client.post(f"{path}/events", data=ROUND, headers={"HX-Request": "true"})
        assert resp.status_code == 200, (i, resp.status_code)
        assert scores(resp.get_data(as_text=True)) == ["2", "1"]
    # what the browser would send stays far below its 4 KB limit, however many tables
    for cookie in client._cookies.values():
        assert len(cookie.key) + len(cookie.value) < 200
    assert len(cookie_header(client)) < 1000
    home = client.get("/").get_data(as_text=True)
    assert home.count('class="held-table"') == 30 and "Show 70 more tables" in home
    assert client.get("/?all=1").get_data(as_text=True).count('class="held-table"') == 100


def test_no_token_is_in_any_cookie_and_none_is_stored_in_the_clear(app, client):
    path = new_table_by_form(client)
    html = client.get(path).get_data(as_text=True)
    tokens = set(re.findall(r"/join/([A-Za-z0-9_-]{40,})", html))
    assert len(tokens) == 3  # the scorer's link and both seats' links, for QR codes
    jar = cookie_header(client)
    for token in tokens:
        assert token not in jar
    with app.app_context():
        rows = db.session.scalars(select(DeviceTable)).all()
        assert {r.role for r in rows} == {"scorer", "link0", "link1"}
        stored = " ".join(f"{r.device} {r.sealed_token}" for r in rows)
    for token in tokens:
        assert token not in stored
    assert client.get_cookie("referee_device").value not in stored


def test_a_seat_link_is_remembered_for_that_phone_only(app, client):
    path = new_table_by_form(client)
    html = client.get(path).get_data(as_text=True)
    seat_link = re.search(r'data-role="seat1".*?href="[^"]*(/t/[^"]+/join/[^"]+)"', html, re.S).group(1)
    ben = app.test_client()
    assert ben.get(seat_link).status_code == 302
    assert "Ben" in ben.get(path).get_data(as_text=True)
    home = ben.get("/").get_data(as_text=True)
    assert "Your tables" in home and path.split("/")[-1] in home
    assert "Your tables" not in app.test_client().get("/").get_data(as_text=True)  # another phone: nothing


def test_the_home_page_lists_your_tables_newest_first_with_scores(client):
    first = new_table_by_form(client, players=("Aki", "Ben"))
    second = new_table_by_form(client, players=("Chie", "Dai"))
    client.post(f"{first}/events", data=ROUND)  # the first table is now the most recently active
    html = client.get("/").get_data(as_text=True)
    assert html.index("Start a table") < html.index('id="your-tables"')  # starting one comes first
    section = html.split('id="your-tables"')[1].split("</section>")[0]
    assert section.index(first.split("/")[-1]) < section.index(second.split("/")[-1])
    assert "Aki 2 · Ben 1" in section and "Chie 0 · Dai 0" in section
    assert "Score pad" in section and "Last activity:" in section
    ja = client.get("/", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "あなたのテーブル" in ja and "最後の記録" in ja and "一覧から外す" in ja


def test_forgetting_a_table_removes_it_from_this_phone_only(app, client):
    kept, gone = new_table_by_form(client), new_table_by_form(client)
    other = app.test_client()
    other.get(
        re.search(r'href="[^"]*(/t/[^"]+/join/[^"]+)"', client.get(gone).get_data(as_text=True)).group(1)
    )
    assert client.post(f"/forget/{gone.split('/')[-1]}").status_code == 302
    home = client.get("/").get_data(as_text=True)
    assert gone.split("/")[-1] not in home and kept.split("/")[-1] in home
    assert client.post(f"{gone}/events", data=ROUND).status_code == 403  # this phone no longer writes there
    assert client.post(f"{kept}/events", data=ROUND).status_code == 302
    assert other.post(f"{gone}/events", data=ROUND).status_code == 302  # the other phone keeps it


def test_forgetting_needs_the_csrf_token(tmp_path):
    from tests.conftest import make_app

    app = make_app(f"sqlite:///{tmp_path / 'csrf.sqlite3'}")
    client = app.test_client()
    html = client.get("/new/score-pad").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    path = client.post("/new/score-pad", data={"players": ["A", "B"], "csrf_token": token}).headers[
        "Location"
    ]
    table_id = path.split("/")[-1]
    assert client.post(f"/forget/{table_id}").status_code == 400
    assert table_id in client.get("/").get_data(as_text=True)
    assert client.post(f"/forget/{table_id}", data={"csrf_token": token}).status_code == 302
    assert table_id not in client.get("/").get_data(as_text=True)


def test_a_phone_holding_tokens_in_its_old_session_cookie_keeps_its_tables(app, client):
    made = client.post("/api/v1/tables", json={"game": "score-pad", "players": ["A", "B"]}).get_json()
    phone = app.test_client()
    with phone.session_transaction() as session:  # as a phone from before device cookies
        session["tokens"] = {f"{made['id']}:scorer": made["scorer_token"]}
    assert phone.post(f"/t/{made['id']}/events", data=ROUND).status_code == 302
    with phone.session_transaction() as session:
        assert "tokens" not in session
    assert phone.post(f"/t/{made['id']}/events", data=ROUND).status_code == 302
