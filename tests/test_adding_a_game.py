"""Adding a game is one folder plus one line (issue 30): the score pad's folder, copied under a new id
with every name rewritten and registered in ``GAMES``, is a game the whole house offers and plays.

Nothing outside the copied folder is edited, so a side table anywhere (a list of games, a per-game
branch, a catalogue of translations that names its games) shows as a copy that is missing from it.
"""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import referee.games
from referee import translation_catalogs
from referee.extensions import babel
from referee.games import GAMES
from tests.conftest import close_app, make_app

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "referee" / "games" / "score_pad"
RENAMED = {
    "score_pad": "tally_pad",
    "score-pad": "tally-pad",
    "Score pad": "Tally pad",
    "score pad": "tally pad",
    "スコアパッド": "タリーパッド",
}
"""Every spelling of the score pad's name in its folder (id, package, words and their Japanese)."""
JA = {"Accept-Language": "ja"}


def copy_folder(source: Path, target: Path) -> None:
    """``source`` copied to ``target`` with every name in ``RENAMED`` rewritten, in paths and in text."""
    pattern = re.compile("|".join(map(re.escape, RENAMED)))
    for path in sorted(source.rglob("*")):
        if "__pycache__" in path.parts or path.suffix == ".mo":
            continue
        copied = target / pattern.sub(lambda m: RENAMED[m[0]], path.relative_to(source).as_posix())
        if path.is_dir():
            copied.mkdir(parents=True, exist_ok=True)
        else:
            copied.parent.mkdir(parents=True, exist_ok=True)
            copied.write_text(pattern.sub(lambda m: RENAMED[m[0]], path.read_text(encoding="utf-8")), "utf-8")


@pytest.fixture
def tally_pad(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The copy as ``referee.games.tally_pad`` (its folder outside the repository), and the one line:
    its entry in ``GAMES``."""
    copy_folder(SOURCE, tmp_path / "games" / "tally_pad")
    monkeypatch.setattr(referee.games, "__path__", [*referee.games.__path__, str(tmp_path / "games")])
    try:
        GAME = importlib.import_module("referee.games.tally_pad").GAME
        monkeypatch.setitem(GAMES, GAME.id, GAME)  # the one line
        yield GAME.id
    finally:
        for name in [m for m in sys.modules if m.startswith("referee.games.tally_pad")]:
            del sys.modules[name]


@pytest.fixture
def client(tally_pad: str, tmp_path: Path) -> Iterator:
    """An app built after the copy was registered, as a server started with the new folder."""
    url = f"sqlite:///{tmp_path / 'copy.sqlite3'}"
    app = make_app(url, WTF_CSRF_ENABLED=False)
    with app.app_context():  # Babel's domain is made in an app's context the first time it is asked for
        babel.domain_instance.cache.clear()  # one Babel for every app of the process: its catalogues read
    yield app.test_client()  # before the copy existed would hide the copy's Japanese
    with app.app_context():
        babel.domain_instance.cache.clear()
    close_app(app, url)


def test_the_copy_names_only_itself(tally_pad: str) -> None:
    folder = translation_catalogs.game_folders()["tally_pad"]
    texts = [p.read_text(encoding="utf-8") for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    assert len(texts) >= 10 and not [t for t in texts if re.search(r"score[-_ ]pad|スコアパッド", t, re.IGNORECASE)]


def test_the_copy_brings_its_own_japanese(tally_pad: str) -> None:
    """Its translation area is its folder: every message of the copy's files is in the copy's catalogue."""
    area = "tally_pad"
    assert area in translation_catalogs.areas()
    assert translation_catalogs.po_path(area, "ja").is_relative_to(translation_catalogs.game_folders()[area])
    with translation_catalogs.po_path(area, "ja").open("rb") as f:
        translated = {m.id: m.string for m in read_po(f) if m.id and m.string}
    wanted = [m.id for m in translation_catalogs.extract(area) if m.id]
    assert "Tally pad" in wanted and [m for m in wanted if m not in translated] == []
    assert translated["Tally pad"] == "タリーパッド"


def pdf_text(data: bytes) -> str:
    assert data.startswith(b"%PDF")
    return subprocess.run(["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True).stdout.decode()


def test_the_copy_is_offered_and_played_on_its_pages_in_both_languages(client) -> None:
    home = client.get("/").get_data(as_text=True)
    assert "/new/tally-pad" in home and "Tally pad" in home
    assert "タリーパッド" in client.get("/", headers=JA).get_data(as_text=True)
    assert "Tally pad" in client.get("/new/tally-pad").get_data(as_text=True)
    made = client.post("/new/tally-pad", data={"players": ["Aki", "Ben"]})
    assert made.status_code == 302
    page = made.headers["Location"]
    entered = client.post(f"{page}/events", data={"type": "round", "points": ["3", "5"]})
    assert entered.status_code in (200, 302, 303), entered.get_data(as_text=True)
    refused = client.post(f"{page}/events", data={"type": "round", "points": ["3"]}, headers=JA)
    assert refused.status_code == 422 and "1ラウンドには2人それぞれの点数が必要です。" in refused.get_data(as_text=True)
    english, japanese = (client.get(page, headers=h).get_data(as_text=True) for h in ({}, JA))
    assert "Record round" in english and "Tally pad" in english
    assert "ラウンドを記録" in japanese and "タリーパッド" in japanese and "Record round" not in japanese
    style = "/static/games/tally_pad/tally_pad.css"
    assert style in english and client.get(style).status_code == 200 and style in client.get("/sw.js").get_data(as_text=True)
    client.post(f"{page}/events", data={"type": "round", "points": ["1", "0"]})
    moment = client.get(f"{page}?at=1").get_data(as_text=True)
    assert "Next round" in moment and f"{page}?at=2" in moment
    assert "次のラウンド" in client.get(f"{page}?at=1", headers=JA).get_data(as_text=True)


def test_the_copy_is_played_over_the_api_and_documented_in_openapi(client) -> None:
    made = client.post("/api/v1/tables", json={"game": "tally-pad", "players": ["Aki", "Ben"], "options": {}})
    assert made.status_code == 201, made.get_json()
    table = made.get_json()
    auth = {"Authorization": f"Bearer {table['scorer_token']}"}
    for points in ([3, 5], [10, -2]):
        resp = client.post(f"/api/v1/tables/{table['id']}/events", json={"type": "round", "points": points}, headers=auth)
        assert resp.status_code == 201, resp.get_json()
    state = client.get(f"/api/v1/tables/{table['id']}").get_json()
    assert state["totals"] == [13, 3]
    assert client.get(f"/api/v1/tables/{table['id']}?at=1").get_json()["totals"] == [3, 5]
    doc = client.get("/api/openapi.json").get_json()
    schemas = doc["components"]["schemas"]
    assert ["tally-pad"] in [kind["properties"]["game"]["enum"] for kind in schemas["NewTable"]["oneOf"]]
    assert "tally-pad.round" in schemas and "tally-pad" in doc["info"]["description"]


def test_the_copy_prints_its_score_sheet_and_its_dispute_report(client) -> None:
    made = client.post("/api/v1/tables", json={"game": "tally-pad", "players": ["Aki", "Ben"], "options": {}})
    table = made.get_json()
    auth = {"Authorization": f"Bearer {table['scorer_token']}"}
    client.post(f"/api/v1/tables/{table['id']}/events", json={"type": "round", "points": [17, 4]}, headers=auth)
    assert "/print/tally-pad/score-sheet.pdf" in client.get("/print").get_data(as_text=True)
    blank = pdf_text(client.get("/print/tally-pad/score-sheet.pdf", headers=JA).data)
    assert "タリーパッド" in blank
    filled = pdf_text(client.get(f"/t/{table['id']}/print/score-sheet.pdf").data)
    assert "Tally pad" in filled and re.search(r"\b17\b", filled) and "Aki" in filled
    report = client.get(f"/t/{table['id']}/print/report.pdf")
    assert report.status_code == 200, report.get_data(as_text=True)
    assert "Aki" in pdf_text(report.data)


def test_the_copy_sits_at_a_club_night(client) -> None:
    """A pad played to an agreed total finishes: its winner, rounds and best rounds reach the director's
    board, the session's standings, the players' club pages in both languages, the club API and its
    document (the club numbers come from the copy's descriptor and its own sentences)."""
    club = client.post("/api/v1/clubs", json={"name": "Kobe", "players": ["Aki", "Ben"]}).get_json()
    director = {"Authorization": f"Bearer {club['director_token']}"}
    session = client.post(
        f"/api/v1/clubs/{club['id']}/sessions", json={"name": "Friday", "players": ["Aki", "Ben"]}, headers=director
    ).get_json()
    body = {"game": "tally-pad", "players": ["Aki", "Ben"], "options": {"target": 20}}
    running = {"Authorization": f"Bearer {session['director_token']}"}
    added = client.post(f"/api/v1/sessions/{session['id']}/tables", json=body, headers=running)
    assert added.status_code == 201, added.get_json()
    table = added.get_json()
    auth = {"Authorization": f"Bearer {table['scorer_token']}"}
    for points in ([2, 9], [12, -3], [7, 4]):
        resp = client.post(f"/api/v1/tables/{table['id']}/events", json={"type": "round", "points": points}, headers=auth)
        assert resp.status_code == 201, resp.get_json()
    state = client.get(f"/api/v1/tables/{table['id']}").get_json()
    assert (state["totals"], state["finished"], state["winners"]) == ([21, 10], True, [0])
    board = session["url"].removeprefix("http://localhost")
    english, japanese = (client.get(board, headers=h, follow_redirects=True).get_data(as_text=True) for h in ({}, JA))
    assert "Tally pad" in english and "タリーパッド" in japanese
    for board_html, name in ((english, "Tally pad"), (japanese, "タリーパッド")):  # the board's standings
        table_html = re.search(r'<table class="standings" data-game="tally-pad">.*?</table>', board_html, re.S)
        assert table_html and f"<caption>{name}</caption>" in table_html[0]
        assert "<tr><td>Aki</td><td>1</td><td>1</td><td>21</td></tr>" in table_html[0]
    standings = client.get(f"/api/v1/sessions/{session['id']}", headers=running).get_json()["standings"]["tally-pad"]
    assert [(s["player"], s["played"], s["won"]) for s in standings] == [("Aki", 1, 1), ("Ben", 1, 0)]
    numbers = {"Aki": (3, 12, "12"), "Ben": (3, 9, "9")}
    for index, name in enumerate(("Aki", "Ben")):
        rounds, best, shown = numbers[name]
        games = client.get(f"/api/v1/clubs/{club['id']}/players/{index}").get_json()["games"]
        assert games == [{"game": "tally-pad", "played": 1, "won": int(name == "Aki"), "rounds": rounds, "best_round": best}]
        page, page_ja = (client.get(f"/club/{club['id']}/players/{index}", headers=h).get_data(as_text=True) for h in ({}, JA))
        assert f"3 rounds played. Best round: {shown} points." in page and "Tally pad" in page
        assert f"3ラウンド参加。最高のラウンド：{shown}点。" in page_ja and "タリーパッド" in page_ja
    games = client.get("/api/openapi.json").get_json()["components"]["schemas"]["PlayerHistory"]["properties"]["games"]
    numbers_doc = games["items"]["properties"]
    assert "tally-pad: rounds played" in numbers_doc["rounds"]["description"]
    assert numbers_doc["best_round"]["type"] == "integer"
    assert "tally-pad: most points in one round" in numbers_doc["best_round"]["description"]
