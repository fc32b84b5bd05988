"""Score sheets read back with pypdf: pages, text (Japanese too), the embedded font, byte stability."""

from __future__ import annotations

import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from printables import A4, A4_LANDSCAPE, LETTER, Column, ColumnGroup, ScoreSheet, build_score_sheet
from printables.drawing import fit_text, wrap_text
from printables.fonts import FONT_NAME, text_width
from printables.score_sheet import paginate

REPO = Path(__file__).parents[2]

PLAYERS = (
    ColumnGroup("北・南 North–South", (Column("Bid"), Column("Tricks"), Column("Score", align="right"))),
    ColumnGroup("東・西 East–West", (Column("Bid"), Column("Tricks"), Column("Score", align="right"))),
)
COLUMNS = (Column("Deal", 0.6), Column("Leader", 1.5, "left"), Column("Trump"), *PLAYERS)


def deal_row(i: int) -> tuple[str, ...]:
    leader = "山田太郎" if i % 2 else "Alexandra Montgomery-Featherstonehaugh"
    return (str(i), leader, "♠" if i % 3 else "No trump", "3", "3", str(10 * i), "2", "1", str(5 * i))


def filled(n: int = 12, **kw) -> ScoreSheet:
    return ScoreSheet(
        title=kw.pop("title", "ナインティ・ナイン Ninety-Nine"),
        subtitle=kw.pop("subtitle", "Table 7 — 2026-11-22"),
        columns=COLUMNS,
        rows=tuple(deal_row(i) for i in range(1, n + 1)),
        totals=("Total", "", "", "", "", str(10 * sum(range(n + 1))), "", "", str(5 * sum(range(n + 1)))),
        footnotes=("Scores as in N12–N15. 得点は規則どおりに計算しています。",),
        **kw,
    )


def pages_text(pdf: bytes) -> list[str]:
    return [p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages]


def fonts_used(pdf: bytes) -> set[str]:
    reader = PdfReader(io.BytesIO(pdf))
    names = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            names.add(str(font.get_object()["/BaseFont"]))
    return names


# --- content --------------------------------------------------------------------------------


def test_a_filled_sheet_shows_title_headers_rows_totals_and_footnotes() -> None:
    pdf = build_score_sheet(filled(), spec=A4_LANDSCAPE)
    (text,) = pages_text(pdf)
    for expected in ("ナインティ・ナイン Ninety-Nine", "Table 7 — 2026-11-22", "北・南 North–South", "東・西 East–West",
                     "Deal", "Leader", "Trump", "Tricks", "山田太郎", "No trump", "♠", "Total", "780", "390",
                     "得点は規則どおりに計算しています。", "1/1"):  # fmt: skip
        assert expected in text, expected


def test_all_text_is_set_in_the_embedded_ipaex_gothic_subset() -> None:
    pdf = build_score_sheet(filled())
    assert b"/FontFile2" in pdf  # an embedded TrueType program
    (name,) = fonts_used(pdf)  # and no other font, not even the canvas's default Helvetica
    assert re.fullmatch(rf"/[A-Z]{{6}}\+{FONT_NAME}", name)


def test_a_blank_sheet_is_headers_and_empty_ruled_rows() -> None:
    sheet = ScoreSheet("Five Up", (Column("Hand"), Column("Ann"), Column("Bob")), blank_rows=20)
    pdf = build_score_sheet(sheet)
    (text,) = pages_text(pdf)
    assert text.split() == ["Five", "Up", "Hand", "Ann", "Bob", "1/1"]
    content = PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data()
    assert content.count(b" re ") == 3 * (1 + 20)  # a ruled box per cell: header + 20 rows


def test_a_cell_too_wide_for_its_column_is_set_smaller_not_spilled() -> None:
    pdf = build_score_sheet(filled(2), spec=A4_LANDSCAPE)
    content = PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data().decode("latin-1")
    sizes = {float(s) for s in re.findall(r"/F\S+ ([\d.]+) Tf", content)}
    assert min(sizes) < 10 and max(sizes) == 16  # shrunk cells; the title at its full size
    assert "Alexandra Montgomery-Featherstonehaugh" in pages_text(pdf)[0]


def test_a_cell_too_wide_even_at_the_smallest_size_is_cut_with_an_ellipsis() -> None:
    (text,) = pages_text(build_score_sheet(filled(2), spec=A4))
    assert re.search(r"^Alexandra Montgomery-\w+…$", text, re.M)


def test_overflowing_rows_continue_on_page_two_with_the_headers_repeated() -> None:
    pdf = build_score_sheet(filled(70))
    texts = pages_text(pdf)
    assert len(texts) == 3
    for number, text in enumerate(texts, start=1):
        assert f"{number}/3" in text
        for header in ("ナインティ・ナイン Ninety-Nine", "北・南 North–South", "Deal", "Tricks"):
            assert header in text
    assert "Total" not in texts[0] and "Total" in texts[-1]
    assert "得点は" in texts[-1] and "得点は" not in texts[0]
    seen = [int(m) for t in texts for m in re.findall(r"^(\d+)\n(?:山田太郎|Alexandra)", t, re.M)]
    assert seen == list(range(1, 71))  # every deal once, in order, across the pages


def test_totals_and_footnotes_never_sit_alone_on_a_page() -> None:
    for n in range(26, 36):
        texts = pages_text(build_score_sheet(filled(n)))
        assert re.search(r"^\d+\n(?:山田太郎|Alexandra)", texts[-1], re.M), n


def test_letter_paper_and_landscape_give_their_media_box() -> None:
    for spec in (LETTER, A4_LANDSCAPE):
        box = PdfReader(io.BytesIO(build_score_sheet(filled(3), spec=spec))).pages[0].mediabox
        assert (float(box.width), float(box.height)) == pytest.approx(spec.pagesize, abs=0.01)


def test_long_footnotes_wrap_inside_the_page() -> None:
    note = (
        "Ninety-Nine bids are made with three cards. " * 8
        + "長い日本語の注記は文字の間で折り返されます。" * 6
    )
    pdf = build_score_sheet(ScoreSheet("T", (Column("A"),), footnotes=(note,)))
    assert pages_text(pdf)[0].count("\n") > 6


# --- validation ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"columns": ()}, "at least one column"),
        ({"rows": (("1", "2"),)}, "Row 1 has 2 cells"),
        ({"totals": ("x",)}, "totals row has 1 cells"),
        ({"blank_rows": -1}, "cannot be negative"),
        ({"row_height_mm": 2}, "row_height_mm"),
    ],
)
def test_a_sheet_with_mismatched_cells_is_refused(kwargs: dict, message: str) -> None:
    base = {"title": "T", "columns": (Column("A"), Column("B"), Column("C"))} | kwargs
    with pytest.raises(ValueError, match=message):
        ScoreSheet(**base)


def test_columns_need_a_positive_weight_and_groups_need_columns() -> None:
    with pytest.raises(ValueError, match="weight"):
        Column("A", 0)
    with pytest.raises(ValueError, match="align"):
        Column("A", align="justify")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no columns"):
        ColumnGroup("P", ())


def test_footnotes_too_long_for_a_page_are_refused() -> None:
    with pytest.raises(ValueError, match="too small"):
        build_score_sheet(ScoreSheet("T", (Column("A"),), blank_rows=1, footnotes=("x\n" * 80,)))


# --- byte stability -------------------------------------------------------------------------


def test_the_same_sheet_builds_to_the_same_bytes() -> None:
    assert build_score_sheet(filled(40)) == build_score_sheet(filled(40))


def test_a_fresh_process_builds_the_same_bytes_too() -> None:
    code = (
        f"import sys; sys.path[:0] = [{str(REPO)!r}, {str(Path(__file__).parent)!r}];"
        "from test_printables_score_sheet import filled; from printables import build_score_sheet;"
        "sys.stdout.buffer.write(build_score_sheet(filled(40)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True).stdout
    assert out == build_score_sheet(filled(40))


GOLDEN_CONTENT_SHA256 = "aa578b7a6312b221a2aedb70e9ebe86908cda9454f6b214acb2a7320e8d65317"


@pytest.mark.skipif(
    bool(os.environ.get("REFEREE_JP_FONT")), reason="golden made with Debian's ipaexg.ttf 004.01"
)
def test_the_golden_sheet_layout_has_not_drifted() -> None:
    """The page content streams of a fixed sheet; if a layout change is meant, update the hash."""
    reader = PdfReader(io.BytesIO(build_score_sheet(filled(30), spec=A4_LANDSCAPE)))
    digest = hashlib.sha256(b"".join(p.get_contents().get_data() for p in reader.pages)).hexdigest()
    assert digest == GOLDEN_CONTENT_SHA256, "layout drifted: look at a rendered page, then update the hash"


# --- text helpers (invariants) ----------------------------------------------------------------

TEXT = st.text(st.sampled_from("ab AZ09 -—審判山田ドミノ♠…"), max_size=60)


@settings(max_examples=150, deadline=None)
@given(text=TEXT, width=st.floats(5, 300), size=st.floats(5, 16))
def test_fitted_text_never_exceeds_its_cell(text: str, width: float, size: float) -> None:
    fitted, used = fit_text(text, width, size)
    assert 5 <= used <= max(size, 5)
    if fitted != text:  # cut only at the minimum size, keeping a prefix
        assert used == 5 and fitted.endswith("…") and text.startswith(fitted[:-1])
        assert text_width(fitted, used) <= width or fitted == "…"
    else:
        assert text_width(fitted, used) <= width


@settings(max_examples=150, deadline=None)
@given(text=TEXT, width=st.floats(30, 300))
def test_wrapped_lines_fit_and_keep_every_visible_character(text: str, width: float) -> None:
    lines = wrap_text(text, width, 8)
    assert all(text_width(line, 8) <= width or len(line) == 1 for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


@pytest.mark.parametrize(
    ("text", "chars", "lines"),
    [
        ("スペードでトリックに勝つ", 6, ["スペードで", "トリックに", "勝つ"]),  # printed "勝 / つ" (newplayer11)
        ("Aを出してトリックに負ける", 7, ["Aを出して", "トリックに", "負ける"]),
        ("Ben さんが 6-4 を出した", 6, ["Ben さんが", "6-4 を出した"]),  # a Latin name stays whole
        ("win a trick with spades", 8, ["win a trick with", "spades"]),
    ],
    ids=["phrases", "kanji-after-latin", "latin-name", "english"],
)
def test_a_line_breaks_between_words_and_japanese_phrases(text: str, chars: int, lines: list[str]) -> None:
    assert wrap_text(text, chars * text_width("あ", 8), 8) == lines


@settings(max_examples=300, deadline=None)
@given(n=st.integers(0, 400), per_page=st.integers(1, 40), cut=st.integers(0, 39), min_last=st.integers(1, 3))
def test_pagination_covers_every_line_once_and_leaves_room_for_footnotes(n, per_page, cut, min_last) -> None:
    per_last = max(1, per_page - cut)
    pages = paginate(n, per_page, per_last, min_last)
    assert [k for chunk in pages for k in chunk] == list(range(n))
    assert all(0 < len(chunk) <= per_page for chunk in pages[:-1])
    assert len(pages[-1]) <= per_last
    assert len(pages[-1]) >= min(n, min_last, per_last)


# --- looking at it ------------------------------------------------------------------------------


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="pdftoppm (poppler-utils) not installed")
def test_the_page_renders_with_ink_in_the_table(tmp_path: Path) -> None:
    """Rasterised by poppler, the page is mostly paper with ruled ink: it really renders."""
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(build_score_sheet(filled(20), spec=A4_LANDSCAPE))
    subprocess.run(
        ["pdftoppm", "-gray", "-r", "30", "-singlefile", str(pdf), str(tmp_path / "p")], check=True
    )
    raw = (tmp_path / "p.pgm").read_bytes()
    pixels = raw[raw.index(b"255\n") + 4 :]
    dark = sum(1 for b in pixels if b < 128) / len(pixels)
    assert 0.02 < dark < 0.4


def test_the_package_stays_pure_no_flask_no_clock_no_randomness() -> None:
    for source in (REPO / "printables").glob("*.py"):
        imports = re.findall(r"^\s*(?:from|import) ([\w.]+)", source.read_text(), re.M)
        for banned in ("flask", "referee.web", "referee.store", "datetime", "time", "random", "sqlalchemy"):
            assert not any(name == banned or name.startswith(banned + ".") for name in imports), (
                source,
                banned,
            )


# --- large print (issue 33) -----------------------------------------------------------------


def sizes_read_back(pdf: bytes) -> dict[str, set[float]]:
    """Each piece of text on the sheet's pages with the sizes (pt) it is set at, as a PDF reader sees it."""
    seen: dict[str, set[float]] = {}

    def note(text: str, cm: list, tm: list, font: dict, size: float) -> None:
        seen.setdefault(text.strip(), set()).add(size * tm[0])  # the set size, scaled by the text matrix

    for page in PdfReader(io.BytesIO(pdf)).pages:
        page.extract_text(visitor_text=note)
    seen.pop("", None)
    return seen


@pytest.mark.parametrize(
    ("sheet", "small"),
    [
        (ScoreSheet("Five Up", (Column("Hand"), Column("Ann"), Column("Bob")), blank_rows=20), {"1/1"}),
        (
            ScoreSheet(
                "スコア表 Score pad",
                (Column("Round", 0.6), Column("Aki"), Column("Ben"), Column("千恵")),
                rows=tuple((str(i), f"+{i}", "-2", "0") for i in range(1, 25)),
                totals=("Total", "300", "-48", "0"),
                footnotes=("Plus and minus as entered.",),
            ),
            {"1/1", "Plus and minus as entered."},
        ),
    ],
    ids=["blank", "filled"],
)
def test_headers_and_cells_are_printed_at_14_pt_where_the_columns_allow(sheet: ScoreSheet, small: set):
    sizes = sizes_read_back(build_score_sheet(sheet))
    body = {text: at for text, at in sizes.items() if text not in small | {sheet.title}}
    assert body and all(min(at) >= 14 for at in body.values()), body
    assert {"Hand", "Ann", "Bob"} <= body.keys() or {"Round", "千恵", "+24", "300", "Total"} <= body.keys()


def test_a_column_too_narrow_for_14_pt_still_sets_its_text_smaller() -> None:
    sizes = sizes_read_back(build_score_sheet(filled(2), spec=A4))
    assert sizes["Deal"] == {13} and sizes["Total"] == {11.5}  # the narrow first column: smaller
    assert sizes["Tricks"] == sizes["10"] == {14}  # its neighbours keep 14 pt
