"""The Ninety-Nine score sheet PDF, blank and filled, for 2, 3 and 4 players, read back with pypdf."""

import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from printables.registry import PrintJob, find
from referee.games.ninety_nine.printables import build, score_sheet
from referee.games.ninety_nine.rules import GAME
from referee.rules.events import decode

GOLDEN = json.loads(
    (Path(__file__).parents[1] / "records" / "ninety-nine-three-player-game-to-100.json").read_text()
)


def text(pdf: bytes) -> tuple[int, str]:
    reader = PdfReader(io.BytesIO(pdf))
    return len(reader.pages), "\n".join(p.extract_text() for p in reader.pages)


@pytest.mark.parametrize("players", [("Aki", "Ben"), ("Aki", "Ben", "Chie"), ("Aki", "Ben", "Chie", "Dai")])
def test_blank_sheet_for_each_table_size(players):
    pages, words = text(build(PrintJob(players=players, options=GAME.resolve_options({}))))
    assert pages == 1
    for w in ("Ninety-Nine score sheet", "Dealer", "Trump", "Bid", "Taken", "Prem.", *players):
        assert w in words


def test_filled_sheet_from_the_golden_game():
    state = GAME.start(tuple(GOLDEN["players"]), GAME.resolve_options({}))
    for e in GOLDEN["events"]:
        state = GAME.apply(state, decode(GAME.events, e))
    view = GAME.view(state)
    job = PrintJob(
        players=tuple(GOLDEN["players"]), detail=view.detail, totals=view.totals, subtitle="Club night"
    )
    pages, words = text(build(job))
    assert pages >= 1
    assert "Club night" in words and "1.1" in words
    for t in view.totals:
        assert str(t) in words
    rows = len(view.detail["sheet"])
    assert rows >= 5 and f"{view.detail['sheet'][-1]['game']}.{view.detail['sheet'][-1]['deal']}" in words


def test_the_web_serves_blank_and_filled(client):
    assert find("ninety-nine", "score-sheet").build is build
    blank = client.get("/print/ninety-nine/score-sheet.pdf?players=2")
    assert blank.status_code == 200 and blank.mimetype == "application/pdf"
    made = client.post("/api/v1/records", json=GOLDEN).get_json()
    filled = client.get(f"/t/{made['id']}/print/score-sheet.pdf")
    assert filled.status_code == 200 and "Aki" in text(filled.data)[1]


JA_HEADERS = ("ディール", "ディーラー", "切り札", "ビッド", "取得", "ボーナス", "プレミアム", "合計")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_japanese_headers_are_whole_and_the_game_bonus_is_named(client, players):
    """Every Japanese header reads in full (wrapped inside its box, never cut), and the sheet says
    what the running totals leave out: N17's +100 game bonus and the rubber bonus."""
    pdf = client.get(
        f"/print/ninety-nine/score-sheet.pdf?players={players}", headers={"Accept-Language": "ja"}
    )
    _, words = text(pdf.data)
    joined = "".join(words.split())  # a wrapped header's lines come out one after the other
    assert "…" not in words
    for header in JA_HEADERS:
        assert header in joined
    assert "ゲームボーナス：ゲームの勝者と、100点以上に達した他の全員に+100。" in words
    assert f"100 ×（{2 * players + 2} − 行ったゲーム数）" in words  # 8 − games with 3 players (N17)


def test_the_game_bonus_line_follows_the_table_options():
    def notes(**options):
        job = PrintJob(players=("Aki", "Ben", "Chie"), options=GAME.resolve_options(options))
        return text(build(job))[1]

    assert "Game bonus: +100 to the game winner and to every other player at 100 or more." in notes()
    assert "the first to win 3 games adds 100 × (8 − games played)" in notes()
    wiki = notes(wikiGameBonus=True)
    assert "Game bonus: +100 to each player at 100 or more who made their bid in the last deal." in wiki
    assert "Rubber" not in wiki
    assert "Game bonus" not in notes(fixedTarget=200)  # N19: highest total wins, no bonus
    assert "Game bonus" not in notes(oxfordWhist=True)  # N34


def test_a_finished_game_adds_its_bonus_on_the_sheet():
    """N17: the golden game ends at 176/44/145; Aki (winner) and Chie (at 100+) add 100. The sheet
    shows that line under the game's last deal, so its totals add up to the totals row."""
    state = GAME.start(tuple(GOLDEN["players"]), GAME.resolve_options({}))
    for e in GOLDEN["events"]:
        state = GAME.apply(state, decode(GAME.events, e))
    view = GAME.view(state)
    assert view.detail["games"][0]["bonus"] == [100, 0, 100]
    job = PrintJob(players=tuple(GOLDEN["players"]), detail=view.detail, totals=view.totals)
    rows = score_sheet(job).rows
    bonus_row = rows[len(view.detail["sheet"])]
    assert bonus_row[:2] == ("1", "Game bonus")
    assert bonus_row[3:] == ("", "", "+100", "", "276", "", "", "", "", "44", "", "", "+100", "", "245")
    assert tuple(int(t) for t in bonus_row[7::5]) == view.totals
    assert "Game bonus +100 276" in " ".join(text(build(job))[1].split())
