"""The traditional tally: one mark per so many points, four strokes and a fifth struck across.

:func:`draw_tally` draws marks anywhere on a canvas; :func:`build_tally_sheet` makes a sheet with a
column per player (or team) and a grid of boxes reaching the target (61 points of 5 a mark = 13 marks,
rounded up, in 3 boxes of five). The game that prints one gives its title and target (Five Up's score
sheet, in its folder). Like every builder here it is byte-stable and reads no clock.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from printables.drawing import (
    CELL_PT,
    FOOTER_MM,
    HEADER_PT,
    HEADER_ROW_MM,
    SHADE,
    draw_page_number,
    draw_text,
    draw_title,
    new_canvas,
    ruled_box,
)
from printables.geometry import A4, PageSpec, pt
from printables.race import RacePage, draw_page


def _draw_tally_group(canvas: Canvas, x: float, y: float, marks: int, height: float) -> None:
    """Up to 4 upright strokes; the fifth mark is the stroke struck across them (mm)."""
    pitch = height * 0.3
    for i in range(min(marks, 4)):
        canvas.line(pt(x + i * pitch), pt(y), pt(x + i * pitch), pt(y + height))
    if marks >= 5:
        over = pitch * 0.6
        canvas.line(pt(x - over), pt(y + height * 0.15), pt(x + 3 * pitch + over), pt(y + height * 0.85))


def tally_width_mm(count: int, height_mm: float = 8.0) -> float:
    """The width :func:`draw_tally` uses for ``count`` marks (strokes' own thickness aside)."""
    pitch = height_mm * 0.3
    groups, rest = divmod(count, 5)
    if rest:
        return groups * 5.5 * pitch + 0.6 * pitch + (rest - 1) * pitch
    return max(groups * 5.5 * pitch - 1.3 * pitch, 0.0)


def draw_tally(canvas: Canvas, x: float, y: float, count: int, *, height_mm: float = 8.0) -> None:
    """Draw ``count`` tally marks (each worth 5 points) from (x, y) mm, lower left, in groups of five.

    A full group is four upright strokes with a fifth struck diagonally across them.
    """
    if count < 0:
        raise ValueError(f"A tally cannot have {count} marks.")
    pitch = height_mm * 0.3
    canvas.saveState()
    canvas.setLineWidth(1.1)
    canvas.setLineCap(1)
    groups, rest = divmod(count, 5)
    for g in range(groups + (1 if rest else 0)):
        _draw_tally_group(canvas, x + pitch * 0.6 + g * 5.5 * pitch, y, 5 if g < groups else rest, height_mm)
    canvas.restoreState()


TALLY_BOX_MM, TALLY_LABEL_MM, TALLY_GAP_MM = 16.0, 22.0, 8.0


def _tally_marks(target_marks: int, marks: Sequence[int] | None) -> int:
    """How many marks the grid holds: enough for the target and for the highest tally."""
    return max([target_marks, *(marks or ())])


def _draw_tally_block(
    canvas: Canvas,
    spec: PageSpec,
    top: float,
    names: Sequence[str],
    marks: Sequence[int] | None,
    target: int,
    ppm: int,
) -> float:
    """One game's grid: a column per player, a box per group of five marks; returns its bottom (mm)."""
    target_marks = math.ceil(target / ppm)
    total = _tally_marks(target_marks, marks)
    rows = math.ceil(total / 5)
    left = spec.margin_left_mm
    col_w = (spec.content_width_mm - TALLY_LABEL_MM) / len(names)
    ruled_box(canvas, left, top - HEADER_ROW_MM, TALLY_LABEL_MM, HEADER_ROW_MM, fill=SHADE)
    for p, name in enumerate(names):
        x = left + TALLY_LABEL_MM + p * col_w
        ruled_box(canvas, x, top - HEADER_ROW_MM, col_w, HEADER_ROW_MM, fill=SHADE)
        draw_text(canvas, name, x, top - HEADER_ROW_MM, col_w, HEADER_ROW_MM, HEADER_PT, "center")
    for r in range(rows):
        y = top - HEADER_ROW_MM - (r + 1) * TALLY_BOX_MM
        first, last = r * 5 + 1, min(r * 5 + 5, total)
        ruled_box(canvas, left, y, TALLY_LABEL_MM, TALLY_BOX_MM)
        label = f"{first * ppm}–{last * ppm}"
        draw_text(canvas, label, left, y, TALLY_LABEL_MM, TALLY_BOX_MM, CELL_PT, "center")
        holds_target = first <= target_marks <= last
        for p in range(len(names)):
            x = left + TALLY_LABEL_MM + p * col_w
            ruled_box(canvas, x, y, col_w, TALLY_BOX_MM)
            if holds_target:  # where the target falls: a small "61" in the box's corner
                draw_text(canvas, str(target), x + col_w - 9, y + TALLY_BOX_MM - 5, 9, 5, 7, "right")
            if marks is not None:
                in_box = min(max(marks[p] - r * 5, 0), 5)
                draw_tally(canvas, x + (col_w - tally_width_mm(5)) / 2, y + 4, in_box)
    return top - HEADER_ROW_MM - rows * TALLY_BOX_MM


def build_tally_sheet(
    names: Sequence[str],
    marks_per_name: Sequence[int] | None = None,
    *,
    title: str,
    target: int,
    points_per_mark: int = 5,
    games: int | None = None,
    subtitle: str = "",
    result: str = "",
    spec: PageSpec = A4,
    race: RacePage | None = None,
) -> bytes:
    """A tally sheet: per player (or team) a column of boxes reaching ``target`` points.

    Each box takes one group of five marks; each mark is ``points_per_mark`` points, so 61 points
    need 13 marks (rounded up) in 3 boxes. ``marks_per_name`` fills the sheet; None leaves it blank,
    with ``games`` grids one under the other (default: as many as fit on one page; a filled
    sheet has one). ``result``: a finished table's outcome, under the subtitle.
    """
    names = tuple(names)
    if not 1 <= len(names) <= 8:
        raise ValueError(f"A tally sheet has 1 to 8 columns, not {len(names)}.")
    if target < 1 or points_per_mark < 1:
        raise ValueError("The target and the points per mark must be positive.")
    if marks_per_name is not None:
        marks_per_name = tuple(marks_per_name)
        if len(marks_per_name) != len(names):
            raise ValueError(f"{len(marks_per_name)} tallies for {len(names)} names.")
        if any(m < 0 for m in marks_per_name):
            raise ValueError("A tally cannot be negative.")
        if games not in (None, 1):
            raise ValueError("A filled tally sheet shows one game.")
    if games is not None and games < 1:
        raise ValueError(f"games must be at least 1, not {games}.")
    canvas, buf = new_canvas(spec, title)
    block_mm = (
        HEADER_ROW_MM
        + math.ceil(_tally_marks(math.ceil(target / points_per_mark), marks_per_name) / 5) * TALLY_BOX_MM
    )
    top = draw_title(canvas, spec, title, subtitle, result)
    room = top - spec.margin_bottom_mm - FOOTER_MM
    per_page = math.floor((room + TALLY_GAP_MM) / (block_mm + TALLY_GAP_MM))
    if per_page < 1:
        raise ValueError("One tally grid does not fit on this page; use a larger page or a lower target.")
    if games is None:
        games = 1 if marks_per_name is not None else per_page
    pages = math.ceil(games / per_page)
    total = pages + (race is not None)  # the race's page counts too (np13 #7)
    for number in range(1, pages + 1):
        if number > 1:
            top = draw_title(canvas, spec, title, subtitle, result)
        for _ in range(min(per_page, games - (number - 1) * per_page)):
            top = (
                _draw_tally_block(canvas, spec, top, names, marks_per_name, target, points_per_mark)
                - TALLY_GAP_MM
            )
        draw_page_number(canvas, spec, number, total)
        canvas.showPage()
    if race is not None:  # a filled sheet: the race on a page of its own
        draw_page_number(canvas, spec, total, total)
        draw_page(canvas, spec, race)
    canvas.save()
    return buf.getvalue()
