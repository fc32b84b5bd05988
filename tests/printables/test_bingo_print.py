"""Bingo PDFs read back: the score sheet blank and filled from the golden match, the quick reference
(B4-B14 suit ranking and card points, B27 declarations) with numbers from the rules module."""

import io
import json
import re
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from printables.registry import find
from referee.games.bingo.printables import deck_table, declaration_rows, suit_order
from referee.games.bingo.rules.values import TARGET
from referee.rules.tiles import Tile

GOLDEN = json.loads((Path(__file__).parents[1] / "records" / "bingo-four-deals-to-eight.json").read_text())


def pdf(data: bytes) -> tuple[str, int]:
    reader = PdfReader(io.BytesIO(data))
    return "\n".join(p.extract_text() for p in reader.pages), len(reader.pages)


def test_both_printables_are_registered():
    assert find("bingo", "score-sheet").fillable
    assert not find("bingo", "quick-reference").fillable


def test_a_blank_score_sheet(client):
    resp = client.get("/print/bingo/score-sheet.pdf")
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    text, pages = pdf(resp.data)
    assert pages == 1
    for word in ("Bingo score sheet", "Leader", "Trump", "Declarations", "Close", "Claim", "★", "first to 7"):
        assert word in text, word


def test_the_score_sheet_filled_from_the_golden_match(client):
    table = client.post("/api/v1/records", json=GOLDEN).get_json()
    text, pages = pdf(client.get(f"/t/{table['id']}/print/score-sheet.pdf").data)
    assert pages == 2  # the sheet, then the race (issue 32)
    assert "Aki" in text and "Ben" in text
    assert "Aki 30" in text  # deal 1: [5-5] [0-0] declared, 20 + 10 (B27)
    assert "Ben after 4" in text  # deal 3: Ben closed after trick 4 (B38)
    assert "Aki 89" in text  # deal 3: Aki's claim against the closer
    assert "3-2 → 3" in text and "1-0 → blank" in text  # B6


def test_the_score_sheet_in_japanese(client):
    table = client.post("/api/v1/records", json=GOLDEN).get_json()
    text, _ = pdf(
        client.get(f"/t/{table['id']}/print/score-sheet.pdf", headers={"Accept-Language": "ja"}).data
    )
    assert "ビンゴ" in text and "切り札" in text


def test_the_quick_reference_is_one_page_with_the_rules_tables(client):
    text, pages = pdf(client.get("/print/bingo/quick-reference.pdf").data)
    assert pages == 1
    assert "blank (= 7)" in text and "A blank counts as 7" in text  # B4
    assert "6-6 6-0 6-5 6-4 6-3 6-2 6-1" in " ".join(text.split())  # B9
    assert "143" in text and "135" in text  # B14: blanks and ones
    assert "double doublet" in text and "emperor" in text and "3 game points" in text  # B27, B31
    assert f"{TARGET} card points" in text


def test_the_reference_tables_match_b9_b14_b27():
    assert suit_order(0)[:3] == [Tile(0, 0), Tile(6, 0), Tile(5, 0)]
    b14 = {
        1: (61, 54, 20, 135),
        2: (66, 52, 20, 138),
        3: (71, 50, 10, 131),
        4: (76, 48, 10, 134),
        5: (81, 46, 20, 147),
        6: (86, 44, 10, 140),
        0: (91, 42, 10, 143),
    }
    assert {t: deck_table(t) for t in b14} == b14
    assert [(n, p, b) for n, _, p, b in declaration_rows()] == [
        (2, 20, 30),
        (3, 40, 50),
        (4, 50, 60),
        (5, 60, 70),
        (6, 70, 80),
        (7, 0, 0),
    ]


def sheet_text(client, record: dict, lang: str) -> str:
    """The first page of the table's score sheet as pdftotext lays it out (what a player reads on paper)."""
    table = client.post("/api/v1/records", json=record).get_json()
    data = client.get(f"/t/{table['id']}/print/score-sheet.pdf", headers={"Accept-Language": lang}).data
    out = subprocess.run(["pdftotext", "-layout", "-f", "1", "-l", "1", "-", "-"], input=data, capture_output=True, check=True)
    return out.stdout.decode()


IMPLIED = json.loads(
    (Path(__file__).parents[1] / "acceptance" / "records" / "bingo-close-played-out-implied-claim.json").read_text()
)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_printed_score_sheet_is_whole_words_for_players(client, lang):
    """newplayer11 #13: in Japanese the header 「ディール」 broke into 「ディー / ル」 and the close cell was cut
    (「Ann（第2トリック…」); the legend printed rule ids (B2, B47, B46, B33, B44) and an implied claim "(B40)"
    for the players. On paper: whole words, every cell whole, plain words only (no rule ids at all)."""
    text = sheet_text(client, GOLDEN, lang)
    assert "…" not in text and not re.search(r"\bB-?Δ?\d", text), text
    assert ("Aki、Ben・" if lang == "ja" else "Aki, Ben · ") in text, text  # the names joined as the language writes a list
    if lang == "ja":
        assert any(line.split()[:1] == ["ディール"] for line in text.splitlines()) and "Ben（4トリック後）" in text, text
        assert "先に7点取った人がマッチの勝者。" in text
    else:
        assert "Ben after 4" in text and "the first to 7 wins the match." in text
    implied = sheet_text(client, IMPLIED, lang)
    assert "…" not in implied and not re.search(r"\bB-?Δ?\d", implied), implied
    assert ("（みなし）" if lang == "ja" else "(implied)") in implied.split("\n\n\n")[0], implied


def sheet_sizes(client, record: dict, lang: str) -> dict[str, set[float]]:
    """Each piece of text on the score sheet's first page (the sheet; the race follows) with the sizes it
    is set at (pt), as a PDF reader sees it."""
    table = client.post("/api/v1/records", json=record).get_json()
    data = client.get(f"/t/{table['id']}/print/score-sheet.pdf", headers={"Accept-Language": lang}).data
    seen: dict[str, set[float]] = {}

    def note(text: str, cm: list, tm: list, font: dict, size: float) -> None:
        if text.strip():
            seen.setdefault(text.strip(), set()).add(round(size * tm[0], 2))

    PdfReader(io.BytesIO(data)).pages[0].extract_text(visitor_text=note)
    return seen


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("record", [GOLDEN, IMPLIED], ids=["golden", "implied"])
def test_every_text_on_the_score_sheet_is_at_least_9_pt_and_whole(client, record, lang):
    """Issue 27: in Japanese the close cell and 「ディール」 were set at 7-8 pt, too small to read at a table.
    Every header, cell, legend line and the page number is 9 pt or more, each word whole (no "…")."""
    sizes = sheet_sizes(client, record, lang)
    small = {text: at for text, at in sizes.items() if min(at) < 9}
    assert not small, small
    assert not any("…" in text for text in sizes), sizes
    if lang == "ja" and record is GOLDEN:
        assert "ディール" in sizes and any("Ben（4トリック後）" in t or "トリック後）" in t for t in sizes), (
            sizes
        )
