"""Trick de Bingo PDFs read back: the 50-card deck (A4 and Letter, backs), its QR codes decoded to
the card links by zbarimg, the 3x3 mat, and the score sheet blank and filled from the golden record."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from printables.geometry import LETTER
from printables.registry import PrintJob, find
from referee.games import game
from referee.games.trick_de_bingo.conditions import CATALOG
from referee.games.trick_de_bingo.printables import CARD_H, CARD_W, PER_PAGE, _cell, mark_spans
from referee.rules.events import decode

ZBARIMG = "/usr/bin/zbarimg"
GAME = game("trick-de-bingo")
HOST = "http://table.local:8000"
RECORD = Path(__file__).parent.parent / "records" / "trick-de-bingo-one-round.json"


def job(**kw) -> PrintJob:
    base = {
        "players": ("Aki", "Ben", "Chie", "Dan"),
        "options": GAME.resolve_options({}),
        "link": lambda path: HOST + path,
    }
    return PrintJob(**{**base, **kw})


def build(kind: str, **kw) -> bytes:
    printable = find("trick-de-bingo", kind)
    assert printable is not None
    return printable.build(job(**kw))


def pages_text(pdf: bytes) -> list[str]:
    return [p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages]


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_four_printables_are_registered():
    from printables.registry import printables_for

    kinds = [p.kind for p in printables_for("trick-de-bingo")]
    assert kinds == ["deck", "deck-duplex", "mat", "score-sheet"]


def test_the_deck_has_six_pages_and_every_card_text_reads_back():
    pdf = build("deck")
    texts = pages_text(pdf)
    assert len(texts) == 6 == -(-len(CATALOG) // PER_PAGE)
    for n, card in enumerate(CATALOG):
        page = squash(texts[n // PER_PAGE])
        assert card.id in page
        assert squash(card.ja) in page, card.id
        # English may wrap at any space; compare without spaces
        assert squash(card.en) in page, card.id
        badge = " · ".join(
            x for x in (f"BP {card.bp}" if card.bp else "", f"VP {card.vp}" if card.vp else "") if x
        )
        if badge:
            assert squash(badge) in page
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)


def test_cards_are_poker_size_and_fit_a4_and_letter():
    for spec in (job().spec, LETTER):
        x, y = _cell(spec, PER_PAGE - 1)
        x0, y0 = _cell(spec, 0)
        assert x + CARD_W - x0 == 3 * CARD_W and y0 + CARD_H - y == 3 * CARD_H
        assert abs(x0 - (spec.page_width_mm - x - CARD_W)) < 1e-6  # centred
        (ax, bx), (ay, by) = mark_spans(spec)
        assert 0 < ax < bx <= x0 - 4.5 and 0 < ay < by <= y - 4.5  # marks inside what a home printer prints
        assert by - ay >= 2
    letter = build("deck", spec=LETTER)
    box = PdfReader(io.BytesIO(letter)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)
    assert len(PdfReader(io.BytesIO(letter)).pages) == 6


def test_duplex_deck_interleaves_backs_and_honours_the_offset():
    pdf = build("deck-duplex")
    texts = pages_text(pdf)
    assert len(texts) == 12
    assert "TB-01" in texts[0] and "TB-01" not in texts[1] and "Trick de Bingo" in texts[1]
    shifted = build("deck-duplex", params={"back_dx": "2.5", "back_dy": "-40"})
    assert shifted != pdf
    assert build("deck-duplex", params={"back_dx": "junk"}) == pdf


@pytest.mark.skipif(
    not (shutil.which("pdftoppm") and Path(ZBARIMG).exists()), reason="poppler-utils and zbar-tools"
)
def test_the_qr_codes_decode_to_the_card_links(tmp_path):
    (tmp_path / "deck.pdf").write_bytes(build("deck"))
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            "150",
            "-png",
            "-f",
            "1",
            "-l",
            "1",
            str(tmp_path / "deck.pdf"),
            str(tmp_path / "p"),
        ],
        check=True,
    )
    image = next(tmp_path.glob("p*.png"))
    out = subprocess.run(
        [ZBARIMG, "-q", "--raw", str(image)], capture_output=True, text=True, check=True
    ).stdout
    assert sorted(out.split()) == [f"{HOST}/c/{c.id}" for c in CATALOG[:PER_PAGE]]


def test_the_mat_is_one_a4_page_with_nine_numbered_cells_and_a_centre():
    pdf = build("mat")
    texts = pages_text(pdf)
    assert len(texts) == 1
    assert "Trick de Bingo sheet" in texts[0] and "centre" in texts[0]
    assert all(str(n) in texts[0] for n in range(1, 10))


def test_blank_score_sheet_has_a_row_per_player_per_round():
    text = pages_text(build("score-sheet"))
    assert len(text) == 1
    for head in ("Flipped cards", "Lines", "VP", "BP", "First Bingo", "Last Bingo", "Round total"):
        assert head in text[0]
    assert text[0].count("Aki") == 5  # 4 rounds + the game total


def test_filled_score_sheet_from_the_golden_record():
    raw = json.loads(RECORD.read_text())
    state = GAME.start(tuple(raw["players"]), GAME.resolve_options(raw["options"]))
    for ev in raw["events"]:
        state = GAME.apply(state, decode(GAME.events, ev))
    view = GAME.view(state)
    pdf = build("score-sheet", detail=view.detail, totals=view.totals, subtitle="Aki, Ben, Chie, Dan")
    text = pages_text(pdf)[0]
    assert "Aki, Ben, Chie, Dan" in text
    assert "TB-01" in text  # Aki's flipped cards of the round
    for total in ("18", "5", "3", "17", "19", "6", "4"):
        assert re.search(rf"\b{total}\b", text)
    assert view.totals == (19, 6, 4, 18)


def test_japanese_text_uses_the_embedded_font():
    pdf = build("deck")
    assert b"IPAexGothic" in pdf
    assert "クラブでトリックに勝つ" in pages_text(pdf)[0]
