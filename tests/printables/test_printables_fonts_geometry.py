"""The font is found, registered once and embedded; page specs are validated millimetres."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfbase import pdfmetrics

from printables import fonts
from printables.geometry import (
    A4,
    A4_LANDSCAPE,
    LETTER,
    LETTER_LANDSCAPE,
    MIN_CONTENT_MM,
    PAGE_SPECS,
    PageSpec,
    pt,
)

REPO = Path(__file__).parents[2]

# --- fonts ----------------------------------------------------------------------------------


def test_the_explicit_font_path_wins_over_the_debian_one(tmp_path: Path) -> None:
    chosen = tmp_path / "mine.ttf"
    chosen.write_bytes(b"not really a font")
    assert fonts.find_font_file({fonts.ENV_VAR: str(chosen)}, default=tmp_path / "absent.ttf") == chosen


def test_without_the_variable_the_debian_path_is_used(tmp_path: Path) -> None:
    debian = tmp_path / "ipaexg.ttf"
    debian.write_bytes(b"x")
    assert fonts.find_font_file({}, default=debian) == debian
    assert fonts.find_font_file({fonts.ENV_VAR: "  "}, default=debian) == debian


def test_a_missing_font_fails_loudly_with_the_install_hint(tmp_path: Path) -> None:
    with pytest.raises(fonts.FontMissing, match="fonts-ipaexfont-gothic") as err:
        fonts.find_font_file({}, default=tmp_path / "absent.ttf")
    assert fonts.ENV_VAR in str(err.value)


def test_a_configured_path_that_is_not_a_file_is_an_error_not_a_fallback(tmp_path: Path) -> None:
    debian = tmp_path / "ipaexg.ttf"
    debian.write_bytes(b"x")
    with pytest.raises(fonts.FontMissing, match="is not a readable file"):
        fonts.find_font_file({fonts.ENV_VAR: str(tmp_path / "typo.ttf")}, default=debian)


def test_the_font_is_registered_once_and_reused() -> None:
    name = fonts.register_font()
    face = pdfmetrics.getFont(name)
    assert fonts.register_font() == name == fonts.FONT_NAME
    assert pdfmetrics.getFont(name) is face


def test_the_one_face_has_japanese_and_latin_glyphs() -> None:
    assert fonts.text_width("審判", 10) == pytest.approx(20.0)  # full-width ideographs: 1 em each
    assert 0 < fonts.text_width("Deal", 10) < 40


# --- geometry -------------------------------------------------------------------------------


def test_a4_and_letter_have_their_paper_sizes_in_points() -> None:
    assert A4.pagesize == pytest.approx((595.2756, 841.8898), abs=1e-3)
    assert LETTER.pagesize == pytest.approx((612.0, 792.0), abs=1e-3)
    assert PAGE_SPECS == {"a4": A4, "letter": LETTER}


def test_landscape_swaps_width_and_height_and_keeps_the_margins() -> None:
    assert A4_LANDSCAPE.page_width_mm == 297 and A4_LANDSCAPE.page_height_mm == 210
    assert LETTER_LANDSCAPE.pagesize == pytest.approx((792.0, 612.0), abs=1e-3)
    assert A4_LANDSCAPE.content_width_mm == 297 - 24
    assert A4_LANDSCAPE.turned(landscape=False) == A4


def test_page_specs_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        A4.width_mm = 100  # type: ignore[misc]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"name": ""}, "needs a name"),
        ({"width_mm": 0}, "portrait size"),
        ({"width_mm": 300}, "portrait size"),
        ({"margin_left_mm": -1}, "cannot be negative"),
        ({"margin_left_mm": 90, "margin_right_mm": 90}, "at least"),
        ({"margin_top_mm": 130, "margin_bottom_mm": 130}, "at least"),
    ],
)
def test_a_page_spec_refuses_impossible_sizes_and_margins(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        dataclasses.replace(A4, **kwargs)


def test_new_margins_are_validated_too() -> None:
    assert A4.with_margins(5, 6, 7, 8).content_width_mm == 210 - 14
    with pytest.raises(ValueError):
        A4.with_margins(0, 100, 0, 100)


def test_a_millimetre_is_72_over_25_4_points() -> None:
    assert pt(25.4) == pytest.approx(72.0)


@settings(max_examples=200, deadline=None)
@given(
    w=st.floats(50, 1000),
    extra=st.floats(0, 500),
    margins=st.tuples(*[st.floats(0, 60)] * 4),
    landscape=st.booleans(),
)
def test_every_valid_spec_leaves_a_content_box_inside_the_page(w, extra, margins, landscape) -> None:
    top, right, bottom, left = margins
    try:
        spec = PageSpec("X", w, w + extra, landscape, top, right, bottom, left)
    except ValueError:
        return
    assert spec.content_width_mm >= MIN_CONTENT_MM and spec.content_height_mm >= MIN_CONTENT_MM
    assert spec.content_width_mm + left + right == pytest.approx(spec.page_width_mm)
    assert spec.content_height_mm + top + bottom == pytest.approx(spec.page_height_mm)
    assert (spec.page_width_mm >= spec.page_height_mm) == (landscape or spec.width_mm == spec.height_mm)
    assert {spec.page_width_mm, spec.page_height_mm} == {spec.width_mm, spec.height_mm}


def _build_in_fresh_process(env_font: str) -> subprocess.CompletedProcess:
    code = (
        "from printables import ScoreSheet, Column, build_score_sheet;"
        "import sys; sys.stdout.buffer.write(build_score_sheet(ScoreSheet('審判', (Column('A'),))))"
    )
    env = {**os.environ, fonts.ENV_VAR: env_font}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, cwd=REPO)


def test_referee_jp_font_is_honoured_by_a_real_build() -> None:
    if not fonts.DEBIAN_PATH.is_file():
        pytest.skip("fonts-ipaexfont-gothic not installed")
    done = _build_in_fresh_process(str(fonts.DEBIAN_PATH))
    assert done.returncode == 0 and done.stdout.startswith(b"%PDF") and b"/FontFile2" in done.stdout


def test_a_build_without_its_font_stops_with_the_reason(tmp_path: Path) -> None:
    done = _build_in_fresh_process(str(tmp_path / "nowhere.ttf"))
    assert done.returncode != 0 and not done.stdout
    assert b"FontMissing" in done.stderr and b"nowhere.ttf is not a readable file" in done.stderr


def test_a_file_that_is_not_truetype_is_refused_clearly(tmp_path: Path) -> None:
    bogus = tmp_path / "bogus.ttf"
    bogus.write_bytes(b"OTTO" + bytes(200))  # a CFF-flavoured OpenType header
    done = _build_in_fresh_process(str(bogus))
    assert done.returncode != 0 and b"is not a usable TrueType font" in done.stderr
