"""Five Up's tally (one mark per 5 points, gates of five) and vector QR codes read back by zbarimg."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from printables import A4, LETTER, build_tally_sheet, draw_qr, draw_tally, new_canvas
from printables.tally import tally_width_mm

ZBARIMG = "/usr/bin/zbarimg"


def strokes(pdf: bytes, page: int = 0) -> int:
    """Straight strokes on a page: tally marks are the only lines a tally sheet draws."""
    return len(
        re.findall(rb" m [\d.\s-]+ l S", PdfReader(io.BytesIO(pdf)).pages[page].get_contents().get_data())
    )


def one_page(draw) -> bytes:
    canvas, buf = new_canvas(A4, "test")
    draw(canvas)
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


FIVE_UP = {"title": "Five Up", "target": 61}
"""What Five Up's score sheet gives the builder beside its names and marks."""

# --- tally ------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(count=st.integers(0, 40))
def test_each_mark_is_one_stroke_and_every_fifth_crosses_the_four_before(count: int) -> None:
    pdf = one_page(lambda c: draw_tally(c, 20, 200, count))
    assert strokes(pdf) == count
    content = PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data().decode()
    lines = re.findall(r"([\d.]+) ([\d.]+) m ([\d.]+) ([\d.]+) l S", content)
    diagonal = [ln for ln in lines if ln[0] != ln[2]]  # upright strokes keep their x
    assert len(diagonal) == count // 5


def test_tally_groups_are_laid_left_to_right_in_the_width_it_reports() -> None:
    pdf = one_page(lambda c: draw_tally(c, 20, 200, 12))
    content = PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data().decode()
    xs = [float(v) for ln in re.findall(r"([\d.]+) [\d.]+ m ([\d.]+) [\d.]+ l S", content) for v in ln]
    span_mm = (max(xs) - min(xs)) * 25.4 / 72
    assert span_mm == pytest.approx(tally_width_mm(12), abs=0.01)
    assert tally_width_mm(0) == 0 and tally_width_mm(5) < tally_width_mm(6) < tally_width_mm(10)


def test_a_negative_tally_is_refused() -> None:
    with pytest.raises(ValueError, match="-1 marks"):
        one_page(lambda c: draw_tally(c, 0, 0, -1))


def test_a_filled_five_up_tally_sheet_shows_names_marks_and_the_61_target() -> None:
    # 13 marks = 65 points (reached 61); 7 marks = 35 points. 13 + 7 strokes in all.
    pdf = build_tally_sheet(["Ann & Bob", "カズ & ユミ"], [13, 7], subtitle="Table 3 — 2026-11-22", **FIVE_UP)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    for expected in (
        "Five Up",
        "Table 3 — 2026-11-22",
        "Ann & Bob",
        "カズ & ユミ",
        "5–25",
        "30–50",
        "55–65",
        "61",
        "1/1",
    ):
        assert expected in text, expected
    assert strokes(pdf) == 20


def test_the_61_point_grid_is_13_marks_in_three_boxes_of_five() -> None:
    text = PdfReader(io.BytesIO(build_tally_sheet(["A", "B"], [0, 0], **FIVE_UP))).pages[0].extract_text()
    assert re.findall(r"\d+–\d+", text) == ["5–25", "30–50", "55–65"]


def test_a_tally_past_the_target_gets_more_boxes() -> None:
    pdf = build_tally_sheet(["A", "B", "C"], [17, 3, 0], **FIVE_UP)
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert re.findall(r"\d+–\d+", text) == ["5–25", "30–50", "55–75", "80–85"]
    assert strokes(pdf) == 20


def test_a_blank_tally_sheet_fills_its_page_with_grids_and_can_run_on() -> None:
    blank = build_tally_sheet(["Ann", "Bob", "Cy", "Di"], **FIVE_UP)
    text = PdfReader(io.BytesIO(blank)).pages[0].extract_text()
    assert text.count("Ann") == 4 and strokes(blank) == 0  # four 61-point grids on an A4 page
    many = PdfReader(io.BytesIO(build_tally_sheet(["Ann", "Bob"], games=7, spec=LETTER, **FIVE_UP)))
    assert [p.extract_text().count("Ann") for p in many.pages] == [3, 3, 1]  # Letter is shorter
    assert "3/3" in many.pages[2].extract_text()


def test_other_targets_and_mark_values_change_the_grid() -> None:
    text = (
        PdfReader(io.BytesIO(build_tally_sheet(["A"], [0], title="Five Up", target=35, points_per_mark=1)))
        .pages[0]
        .extract_text()
    )
    assert re.findall(r"\d+–\d+", text)[-1] == "31–35"


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((), {}, "1 to 8"),
        ((["A", "B"], [1]), {}, "1 tallies for 2 names"),
        ((["A"], [-2]), {}, "cannot be negative"),
        ((["A"], [2]), {"games": 2}, "one game"),
        ((["A"],), {"games": 0}, "at least 1"),
        ((["A"],), {"target": 0}, "positive"),
        ((["A"],), {"target": 2000}, "does not fit"),
    ],
)
def test_impossible_tally_sheets_are_refused(args, kwargs, message) -> None:
    with pytest.raises(ValueError, match=message):
        build_tally_sheet(*(args or ([],)), **{**FIVE_UP, **kwargs})


def test_tally_sheets_are_byte_stable() -> None:
    assert build_tally_sheet(["A", "B"], [9, 4], **FIVE_UP) == build_tally_sheet(["A", "B"], [9, 4], **FIVE_UP)
    assert build_tally_sheet(["A", "B"], **FIVE_UP) == build_tally_sheet(["A", "B"], **FIVE_UP)


# --- QR -------------------------------------------------------------------------------------


def scan(pdf: bytes, tmp_path: Path) -> list[str]:
    if not Path(ZBARIMG).exists():
        pytest.skip(f"{ZBARIMG} missing: apt-get install -y zbar-tools to decode QR codes")
    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm missing: apt-get install -y poppler-utils")
    (tmp_path / "qr.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", "150", str(tmp_path / "qr.pdf"), str(tmp_path / "qr")], check=True)
    read = []
    for page in sorted(tmp_path.glob("qr*.png")):  # one zbarimg a page: given several, it misses codes
        out = subprocess.run([ZBARIMG, "-q", "--raw", str(page)], capture_output=True, text=True)
        read += out.stdout.splitlines()
    return read


@pytest.mark.parametrize("level", ["L", "M", "Q", "H"])
def test_a_vector_qr_code_scans_back_to_its_url(tmp_path: Path, level: str) -> None:
    url = "http://127.0.0.1:5000/match/42?seat=3"
    pdf = one_page(lambda c: draw_qr(c, url, 20, 150, 35, level=level))
    assert b"/Subtype /Image" not in pdf  # drawn as squares, not a bitmap
    assert scan(pdf, tmp_path) == [url]


def test_two_qr_codes_on_one_page_both_scan(tmp_path: Path) -> None:
    def draw(c):
        draw_qr(c, "https://example.org/t/1", 15, 200, 30)
        draw_qr(c, "https://example.org/t/2", 120, 40, 60)

    assert sorted(scan(one_page(draw), tmp_path)) == ["https://example.org/t/1", "https://example.org/t/2"]


def test_qr_drawing_leaves_the_canvas_state_as_it_found_it() -> None:
    def draw(c):
        c.setFillColorRGB(1, 0, 0)
        draw_qr(c, "x", 20, 20, 20)
        assert c._fillColorObj == (1, 0, 0)

    content = PdfReader(io.BytesIO(one_page(draw))).pages[0].get_contents().get_data()
    assert content.count(b"q\n") == content.count(b"Q\n") >= 1


@pytest.mark.parametrize(
    ("data", "size", "level", "message"),
    [("", 30, "M", "needs some data"), ("x", 5, "M", "will not scan"), ("x", 30, "Z", "one of L, M, Q, H")],
)
def test_unscannable_qr_requests_are_refused(data: str, size: float, level: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        one_page(lambda c: draw_qr(c, data, 0, 0, size, level=level))
