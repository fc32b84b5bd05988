"""The HTML pages: starting a table, recording, undo, corrections, sharing, import/export, language."""

import html
import json
import re
from pathlib import Path

import pytest
from tables import score_pad_record

from tests.conftest import make_app
from tests.web.tables import new_table_by_form


def scores(html: str) -> list[str]:
    return re.findall(r'class="score"[^>]*>([^<]*)<', html)


@pytest.fixture
def table_url(client):
    return new_table_by_form(client, players=("Aki", "Ben", ""))


def test_start_a_table_and_record_rounds(client, table_url):
    client.post(f"{table_url}/events", data={"type": "round", "points": ["3", "-2"]})
    client.post(f"{table_url}/events", data={"type": "round", "points": ["1", "5"]})
    assert scores(client.get(table_url).get_data(as_text=True)) == ["4", "3"]


def test_an_htmx_post_answers_with_the_table_fragment(client, table_url):
    resp = client.post(
        f"{table_url}/events", data={"type": "round", "points": ["3", "1"]}, headers={"HX-Request": "true"}
    )
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and html.lstrip().startswith('<main id="table"')
    assert "HX-Request" in resp.headers["Vary"]


def test_an_illegal_entry_answers_422_with_the_reason_and_changes_nothing(client, table_url):
    resp = client.post(
        f"{table_url}/events", data={"type": "round", "points": ["x", "1"]}, headers={"HX-Request": "true"}
    )
    assert resp.status_code == 422
    assert 'class="error"' in resp.get_data(as_text=True)
    assert scores(client.get(table_url).get_data(as_text=True)) == ["0", "0"]


def test_a_stale_form_from_a_second_phone_is_refused_with_409(client, table_url):
    client.post(f"{table_url}/events", data={"type": "round", "points": ["1", "1"], "based_on": "0"})
    resp = client.post(
        f"{table_url}/events",
        data={"type": "round", "points": ["2", "2"], "based_on": "0"},
        headers={"HX-Request": "true"},
    )
    assert resp.status_code == 409
    assert scores(resp.get_data(as_text=True)) == ["1", "1"]


def test_a_double_tap_records_once(client, table_url):
    form = {"type": "round", "points": ["1", "1"], "idem": "same-form"}
    client.post(f"{table_url}/events", data=form)
    client.post(f"{table_url}/events", data=form)
    assert scores(client.get(table_url).get_data(as_text=True)) == ["1", "1"]


def test_undo_and_correct_show_in_the_history(client, table_url):
    client.post(f"{table_url}/events", data={"type": "round", "points": ["3", "1"]})
    client.post(f"{table_url}/events", data={"type": "round", "points": ["9", "9"]})
    client.post(f"{table_url}/undo")
    form = client.get(f"{table_url}/correct/1").get_data(as_text=True)
    assert 'name="points" type="number" value="3"' in form and 'name="points" type="number" value="1"' in form
    resp = client.post(f"{table_url}/correct/1", data={"type": "round", "points": ["4", "1"]})
    assert resp.status_code == 302
    html = client.get(table_url).get_data(as_text=True)
    assert scores(html) == ["4", "1"]
    assert "corrected" in html and "<s>" in html
    # the undo (log line 3) and the correction (4) are rows at their own numbers, naming the entry
    assert "Entry 2 undone by the scorer: " in html and "Entry 1 corrected by the scorer: now " in html
    assert "corrected in entry 4 by" in html  # the correction is log line 4 (issue 27)


def test_each_undo_is_a_row_at_its_own_number_naming_the_entry_it_undid(client, table_url):
    for points in (["3", "1"], ["9", "9"], ["2", "2"]):
        client.post(f"{table_url}/events", data={"type": "round", "points": points})
    client.post(f"{table_url}/undo")  # log line 4 undoes entry 3, then line 5 undoes entry 2
    client.post(f"{table_url}/undo")
    html = client.get(table_url).get_data(as_text=True)
    assert "Entry 3 undone by the scorer: " in html and "Entry 2 undone by the scorer: " in html


def test_a_bad_correction_is_refused_and_the_table_unchanged(client, table_url):
    client.post(f"{table_url}/events", data={"type": "round", "points": ["3", "1"]})
    resp = client.post(f"{table_url}/correct/1", data={"type": "round", "points": "4"})
    assert resp.status_code == 422
    assert scores(client.get(table_url).get_data(as_text=True)) == ["3", "1"]


def test_a_viewer_sees_totals_but_cannot_write(app, client, table_url):
    client.post(f"{table_url}/events", data={"type": "round", "points": ["3", "1"]})
    viewer = app.test_client()
    html = viewer.get(table_url).get_data(as_text=True)
    assert scores(html) == ["3", "1"] and "Record round" not in html and "Undo last" not in html
    assert viewer.post(f"{table_url}/events", data={"type": "round", "points": ["1", "1"]}).status_code == 403
    assert viewer.post(f"{table_url}/undo").status_code == 403
    assert viewer.get(f"{table_url}/correct/1").status_code == 403
    assert viewer.get(f"{table_url}/qr/scorer.svg").status_code == 404
    assert viewer.get(f"{table_url}/qr/viewer.svg").mimetype == "image/svg+xml"


def test_the_scorer_link_lets_a_second_phone_write(app, client, table_url):
    record = client.post("/api/v1/tables", json={"game": "score-pad", "players": ["A", "B"]}).get_json()
    other = app.test_client()
    assert other.get(f"/t/{record['id']}/join/wrong-token").status_code == 403
    other.get(f"/t/{record['id']}/join/{record['scorer_token']}")
    other.post(f"/t/{record['id']}/events", data={"type": "round", "points": ["2", "0"]})
    assert record and scores(other.get(f"/t/{record['id']}").get_data(as_text=True)) == ["2", "0"]


def test_export_then_import_gives_the_same_table(client, table_url):
    client.post(f"{table_url}/events", data={"type": "round", "points": ["3", "1"]})
    exported = client.get(f"{table_url}/record.json")
    assert "attachment" in exported.headers["Content-Disposition"]
    resp = client.post("/import", data={"text": exported.get_data(as_text=True)})
    assert resp.status_code == 302 and resp.headers["Location"] != table_url
    assert scores(client.get(resp.headers["Location"]).get_data(as_text=True)) == ["3", "1"]


@pytest.mark.storeless
def test_an_invalid_record_names_the_first_bad_event_and_stores_nothing(client):
    record = score_pad_record({"type": "round", "points": [1, 1]}, {"type": "round", "points": [1]})
    resp = client.post("/import", data={"text": json.dumps(record)})
    assert resp.status_code == 422
    assert "Entry 2:" in resp.get_data(as_text=True)


@pytest.mark.storeless
def test_a_refused_pasted_record_stays_in_the_box_to_mend(client):
    """The player pasted a record and it was refused: the text is still there to fix, not gone."""
    record = score_pad_record({"type": "round", "points": [1, 1]}, {"type": "round", "points": [1]})
    pasted = json.dumps(record)
    resp = client.post("/import", data={"text": pasted})
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    box = re.search(r'<textarea name="text"[^>]*>(.*?)</textarea>', page, re.S)
    assert box and html.unescape(box.group(1)) == pasted


@pytest.mark.storeless
def test_importing_nothing_asks_for_a_file_or_a_paste(client):
    resp = client.post("/import", data={"text": "  "}, headers={"Accept-Language": "ja"})
    assert resp.status_code == 422
    assert "記録ファイルを選ぶか、記録を貼り付けてください。" in resp.get_data(as_text=True)


@pytest.mark.storeless
def test_bad_table_forms_are_refused_with_a_message(client):
    resp = client.post("/new/score-pad", data={"players": ["Solo"]})
    assert resp.status_code == 422 and "needs 2 to 8 players" in resp.get_data(as_text=True)
    assert client.get("/new/chess").status_code == 404


@pytest.mark.storeless
def test_the_language_follows_the_browser_and_the_switch_sticks(client):
    assert "テーブルを始める" in client.get("/", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "Start a table" in client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    resp = client.get("/lang/ja?next=/")
    assert resp.status_code == 302 and resp.headers["Location"] == "/"
    assert "テーブルを始める" in client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert client.get("/lang/ja?next=https://evil.example/").headers["Location"] == "/"


def test_errors_are_in_japanese_too(client, table_url):
    client.get("/lang/ja")
    resp = client.post(
        f"{table_url}/events", data={"type": "round", "points": ["1"]}, headers={"HX-Request": "true"}
    )
    assert "1ラウンドには2人それぞれの点数が必要です。" in resp.get_data(as_text=True)


def test_forms_need_the_csrf_token(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'csrf.sqlite3'}")
    client = app.test_client()
    assert client.post("/new/score-pad", data={"players": ["A", "B"]}).status_code == 400


@pytest.mark.storeless
def test_security_headers(client):
    resp = client.get("/")
    csp = resp.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "unsafe-inline" not in csp
    # never to another site; to our own pages it keeps Origin real, which the post check relies on
    assert resp.headers["Referrer-Policy"] == "same-origin"


def test_nothing_in_the_templates_loads_from_outside_the_app():
    root = Path(__file__).parents[2]
    for path in [
        *root.glob("templates/**/*.html"),
        *root.glob("static/**/*.css"),
        *root.glob("static/js/*.js"),
        *root.glob("referee/games/*/templates/**/*.html"),
        *root.glob("referee/games/*/static/*"),
    ]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""(src|href)=["']?(https?:)?//""", text), path
        assert "@import" not in text and "url(http" not in text, path


def test_the_vendored_htmx_is_the_pinned_file():
    import hashlib

    root = Path(__file__).parents[2] / "static" / "vendor"
    expected = (root / "htmx-2.0.11.min.js.sha256").read_text().split()[0]
    assert hashlib.sha256((root / "htmx-2.0.11.min.js").read_bytes()).hexdigest() == expected


@pytest.mark.storeless
def test_indexed_inputs_post_a_list_in_position_order(client):
    """One picker per position (``cards.0``, ``cards.1``...) keeps the order of play without JavaScript."""
    from werkzeug.datastructures import MultiDict

    from referee.games import game
    from referee.rules.forms import posted_fields as form_event

    form = MultiDict([("type", "trick"), ("cards.2", "9S"), ("cards.0", "KS"), ("cards.10", "2C"), ("cards.1", "")])
    assert form_event(game("ninety-nine"), form) == {"type": "trick", "cards": ["KS", "9S", "2C"]}
