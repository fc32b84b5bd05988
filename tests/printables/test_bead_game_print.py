"""The bead-game score sheet PDF: blank for 2-4 players, filled from the golden record, read back."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from printables.registry import PrintJob, find
from referee.games.bead_game import rules as bead_game
from referee.games.bead_game.printables import build, score_sheet
from referee.rules.events import decode

RECORD = Path(__file__).resolve().parent.parent / "records" / "bead-game-two-hands.json"


def read(data: bytes) -> tuple[str, int]:
    reader = PdfReader(io.BytesIO(data))
    return "\n".join(p.extract_text() for p in reader.pages), len(reader.pages)


def golden_job() -> PrintJob:
    rec = json.loads(RECORD.read_text())
    state = bead_game.start(tuple(rec["players"]), bead_game.GAME.resolve_options(rec["options"]))
    for raw in rec["events"]:
        state = bead_game.apply(state, decode(bead_game.GAME.events, raw))
    v = bead_game.view(state)
    return PrintJob(players=tuple(rec["players"]), detail=v.detail, totals=v.totals, subtitle="Aki, Ben")


def test_it_is_registered_for_the_bead_game():
    assert find("bead-game", "score-sheet") is not None


@pytest.mark.parametrize("players", [("P1", "P2"), ("P1", "P2", "P3"), ("P1", "P2", "P3", "P4")])
def test_blank_sheets_have_a_score_column_per_player(players):
    text, pages = read(build(PrintJob(players=players)))
    assert pages == 1
    assert "Domino Bead Game: score sheet" in text and "Factors" in text and "−25" in text
    for name in players:
        assert name in text


def test_the_filled_sheet_has_every_turn_the_penalties_and_the_totals():
    job = golden_job()
    sheet = score_sheet(job)
    places = [r for r in sheet.rows if r[3]]
    assert len(places) == 28 + 24  # every placement of both hands
    assert sheet.rows[0] == ("1", "1", "Ben", "1-3", "1 × 3 × 3", "", "9")
    assert sheet.rows[1] == ("1", "2", "Aki", "4-4", "1 × 4 × 4 × 2", "32", "")
    penalties = [r for r in sheet.rows if r[2] == "Penalties"]
    assert penalties[1][4] == "Aki: 5-1, 4-4; Ben: 4-4, 4-1" and penalties[1][5:] == ("−30", "−30")
    hand_totals = [r[5:] for r in sheet.rows if r[2] == "Hand total"]
    assert hand_totals == [("733", "513"), ("399", "385")]
    assert sheet.totals == ("Total", "", "", "", "", "1132", "898")
    passes = [r for r in sheet.rows if r[4] == "pass"]
    assert len(passes) == 2
    text, pages = read(build(job))
    assert pages >= 2
    assert "1132" in text and "898" in text and "Hand total" in text and "1 × 4 × 4 × 2" in text


def test_the_filled_sheet_from_the_web_in_japanese(client):
    rec = json.loads(RECORD.read_text())
    table = client.post("/api/v1/records", json=rec).get_json()
    resp = client.get(f"/t/{table['id']}/print/score-sheet.pdf", headers={"Accept-Language": "ja"})
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    text, _pages = read(resp.data)
    assert "ドミノ・ビーズゲーム" in text and "1132" in text and "ペナルティ" in text
    blank = client.get("/print/bead-game/score-sheet.pdf?players=3")
    text, pages = read(blank.data)
    assert pages == 1 and "Player 3" in text and "Player 4" not in text
