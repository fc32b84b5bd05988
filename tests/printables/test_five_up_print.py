"""The Five Up tally sheet: blank for 2, 3 and 4 players, filled from a table, read back with pypdf."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from printables.registry import PrintJob, find
from referee.games.five_up.printables import build, tally_sheet


def read(data: bytes) -> tuple[str, int]:
    reader = PdfReader(io.BytesIO(data))
    return "\n".join(p.extract_text() for p in reader.pages), len(reader.pages)


def test_it_is_registered_for_five_up():
    assert find("five-up", "score-sheet") is not None


@pytest.mark.parametrize(
    ("players", "columns"),
    [
        (("P1", "P2"), ["P1", "P2"]),
        (("P1", "P2", "P3"), ["P1", "P2", "P3"]),
        (("P1", "P2", "P3", "P4"), ["P1 & P3", "P2 & P4"]),
    ],
)
def test_blank_sheets_have_a_column_per_player_or_partnership(players, columns):
    text, pages = read(build(PrintJob(players=players)))
    assert pages == 1
    assert "Five Up score sheet" in text and "61" in text and "One mark for every 5 points" in text
    for name in columns:
        assert name in text
    if len(players) == 4:
        assert "P1\n" not in text.replace("P1 & P3", "")


def test_le_quantette_sheets_go_to_35():
    sheet = tally_sheet(PrintJob(players=("A", "B"), options={"profile": "LeQuantette"}))
    assert sheet["target"] == 35 and sheet["marks_per_name"] is None


def test_a_filled_sheet_has_one_mark_per_5_points():
    job = PrintJob(
        players=("Aki", "Ben", "Chie", "Dai"),
        detail={"target": 61},
        totals=(73, 33, 73, 33),
        subtitle="Aki, Ben, Chie, Dai",
    )
    sheet = tally_sheet(job)
    assert sheet["marks_per_name"] == (14, 6)
    text, pages = read(build(job))
    assert pages == 1
    assert "Aki & Chie" in text and "Ben & Dai 33" in text and "Aki & Chie 73" in text


def test_the_web_serves_blank_and_filled_sheets(client):
    for n in (2, 3, 4):
        resp = client.get(f"/print/five-up/score-sheet.pdf?players={n}")
        assert resp.status_code == 200 and resp.mimetype == "application/pdf"
        text, pages = read(resp.data)
        assert pages == 1 and ("Player 1 & Player 3" in text) == (n == 4)
    table = client.post("/api/v1/tables", json={"game": "five-up", "players": ["Aki", "Ben"]}).get_json()
    auth = {"Authorization": f"Bearer {table['scorer_token']}"}
    client.post(f"/api/v1/tables/{table['id']}/events", json={"type": "hand", "leader": 0}, headers=auth)
    client.post(
        f"/api/v1/tables/{table['id']}/events", json={"type": "play", "seat": 0, "tile": "5-5"}, headers=auth
    )
    resp = client.get(f"/t/{table['id']}/print/score-sheet.pdf")
    text, pages = read(resp.data)
    assert resp.status_code == 200 and pages == 2 and "Aki 2" in text and "Ben 0" in text  # then the race (issue 32)
    ja, _ = read(
        client.get(f"/t/{table['id']}/print/score-sheet.pdf", headers={"Accept-Language": "ja"}).data
    )
    assert "ファイブアップ" in ja
