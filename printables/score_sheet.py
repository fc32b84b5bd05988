"""Generic score sheets: a ruled table of cell strings, over as many pages as it takes.

The builder takes plain data (already translated strings: this package knows no language) and
returns PDF bytes. Output is byte-stable: the canvas is made with ``invariant=1`` and nothing reads
the clock, so the same input gives the same bytes.

A :class:`ScoreSheet` page is laid out top to bottom as: title, subtitle, the header row(s), the
body lines (filled rows, then ``blank_rows`` empty ruled rows, then the totals row), the footnotes
(last page only) and a page number "n/N" at the foot. When the lines overflow, the sheet goes on
to further pages, each repeating the title and headers. A header is never cut: it is set smaller
(down to :data:`printables.drawing.HEADER_MIN_PT`) and wrapped onto more lines, and the header row grows to hold it
(:func:`fit_header`), because a Japanese header is often wider than an English one. Body text that is
too wide for its cell is set smaller, down to a minimum size, and only then cut short with an ellipsis.
A sheet with ``smallest_pt`` (Bingo's: :data:`printables.drawing.SHEET_MIN_PT`) sets no text below it:
its headers take more lines, its cells two lines where the row holds them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from printables.drawing import (
    FOOTER_MM,
    GAP_MM,
    HEADER_ROW_MM,
    LEADING,
    MIN_PT,
    NOTE_LEADING_MM,
    NOTE_PT,
    PAD_MM,
    PAGE_NO_PT,
    SHADE,
    SHEET_FILL,
    SHEET_PT,
    THICK,
    Align,
    HeaderFit,
    draw_page_number,
    draw_text,
    draw_title,
    fit_header,
    hline,
    new_canvas,
    ruled_box,
    wrap_text,
)
from printables.fonts import register_font
from printables.geometry import A4, MM, PageSpec, pt
from printables.race import RacePage, draw_page


@dataclass(frozen=True)
class Column:
    """One column: its header, its share of the width (relative weight) and its alignment."""

    header: str
    weight: float = 1.0
    align: Align = "center"

    def __post_init__(self) -> None:
        if not self.weight > 0:
            raise ValueError(f"Column {self.header!r}: the weight must be positive, not {self.weight}.")
        if self.align not in ("left", "center", "right"):
            raise ValueError(f"Column {self.header!r}: align must be left, center or right.")


@dataclass(frozen=True)
class ColumnGroup:
    """Columns under one shared heading, e.g. a player or partnership with "Bid", "Made", "Score"."""

    title: str
    columns: tuple[Column, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "columns", tuple(self.columns))
        if not self.columns:
            raise ValueError(f"Column group {self.title!r} has no columns.")


@dataclass(frozen=True)
class ScoreSheet:
    """Everything printed on a score sheet, as plain strings.

    ``rows`` and ``totals`` hold one string per leaf column (a group counts its columns).
    ``blank_rows`` empty ruled rows follow the filled rows, for writing in by hand.
    ``result``: a finished table's outcome in a sentence, under the subtitle on every page.
    ``smallest_pt``: no text on the sheet is set smaller (None: the drawing module's smallest sizes).
    """

    title: str
    columns: tuple[Column | ColumnGroup, ...]
    subtitle: str = ""
    rows: tuple[tuple[str, ...], ...] = ()
    totals: tuple[str, ...] | None = None
    footnotes: tuple[str, ...] = ()
    blank_rows: int = 0
    row_height_mm: float = 7.5
    result: str = ""
    smallest_pt: float | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "columns", tuple(self.columns))
        object.__setattr__(self, "rows", tuple(tuple(r) for r in self.rows))
        object.__setattr__(self, "footnotes", tuple(self.footnotes))
        if self.totals is not None:
            object.__setattr__(self, "totals", tuple(self.totals))
        n = len(self.leaves)
        if n == 0:
            raise ValueError("A score sheet needs at least one column.")
        for i, row in enumerate(self.rows):
            if len(row) != n:
                raise ValueError(f"Row {i + 1} has {len(row)} cells; the sheet has {n} columns.")
        if self.totals is not None and len(self.totals) != n:
            raise ValueError(f"The totals row has {len(self.totals)} cells; the sheet has {n} columns.")
        if self.blank_rows < 0:
            raise ValueError(f"blank_rows cannot be negative ({self.blank_rows}).")
        if not 5.0 <= self.row_height_mm <= 30.0:
            raise ValueError(f"row_height_mm must be between 5 and 30 mm, not {self.row_height_mm}.")

    @property
    def leaves(self) -> tuple[Column, ...]:
        """The columns that hold cells, left to right."""
        out: list[Column] = []
        for c in self.columns:
            out.extend(c.columns if isinstance(c, ColumnGroup) else (c,))
        return tuple(out)

    @property
    def has_groups(self) -> bool:
        return any(isinstance(c, ColumnGroup) for c in self.columns)


@dataclass(frozen=True)
class HeaderCell:
    """One header box as drawn: lower-left corner and size in mm, and its text as set."""

    text: str
    x: float
    y: float
    w: float
    h: float
    fit: HeaderFit

    @property
    def inner_pt(self) -> float:
        """The width the text may take, in points (the box less its padding)."""
        return pt(self.w - 2 * PAD_MM)


def _fits(texts: Sequence[str], widths: Sequence[float], least: float | None) -> list[HeaderFit]:
    return [
        fit_header(t, pt(w - 2 * PAD_MM), SHEET_PT, *([least] if least else []))
        for t, w in zip(texts, widths, strict=True)
    ]


@dataclass(frozen=True)
class _Layout:
    spec: PageSpec
    xs: tuple[float, ...]  # left edge of each leaf column, mm
    widths: tuple[float, ...]
    header_mm: float  # total height of the header rows
    row_mm: float
    headers: tuple[HeaderCell, ...]  # positioned with the table's top at y = 0

    @classmethod
    def of(cls, sheet: ScoreSheet, spec: PageSpec) -> _Layout:
        leaves = sheet.leaves
        total = sum(c.weight for c in leaves)
        widths = tuple(spec.content_width_mm * c.weight / total for c in leaves)
        xs = tuple(spec.margin_left_mm + sum(widths[:i]) for i in range(len(widths)))
        # (text, first leaf, leaf count, row): row 0 is a group's title, 1 its leaves, None both rows
        boxes: list[tuple[str, int, int, int | None]] = []
        i = 0
        for col in sheet.columns:
            if isinstance(col, ColumnGroup):
                boxes.append((col.title, i, len(col.columns), 0))
                boxes.extend((leaf.header, i + j, 1, 1) for j, leaf in enumerate(col.columns))
                i += len(col.columns)
            else:
                boxes.append((col.header, i, 1, None))
                i += 1
        spans = [sum(widths[a : a + n]) for _, a, n, _ in boxes]
        fits = _fits([b[0] for b in boxes], spans, sheet.smallest_pt)
        # Each row is as tall as its tallest header; a lone column spans both rows.
        row = [HEADER_ROW_MM, HEADER_ROW_MM]
        for (_, _, _, r), f in zip(boxes, fits, strict=True):
            if r is not None:
                row[r] = max(row[r], f.height_mm)
        full = row[0] + row[1] if sheet.has_groups else HEADER_ROW_MM
        for (_, _, _, r), f in zip(boxes, fits, strict=True):
            if r is None:
                full = max(full, f.height_mm)
        if sheet.has_groups:
            row[1] = full - row[0]
        tops = {0: 0.0, 1: -row[0], None: 0.0}
        heights = {0: row[0], 1: row[1], None: full}
        headers = tuple(
            HeaderCell(text, xs[a], tops[r] - heights[r], span, heights[r], f)
            for (text, a, _, r), span, f in zip(boxes, spans, fits, strict=True)
        )
        return cls(spec, xs, widths, full, sheet.row_height_mm, headers)

    @property
    def right(self) -> float:
        return self.xs[-1] + self.widths[-1]


def _draw_header(canvas: Canvas, lay: _Layout, top: float) -> None:
    """The header row(s): a group's title spans its columns; a lone column spans both rows."""
    for cell in lay.headers:
        y = top + cell.y
        ruled_box(canvas, cell.x, y, cell.w, cell.h, fill=SHADE)
        size, pitch = cell.fit.size, cell.fit.size * LEADING / MM
        first = y + (cell.h + len(cell.fit.lines) * pitch) / 2 - pitch  # the block centred in the box
        canvas.setFont(register_font(), size)
        for k, line in enumerate(cell.fit.lines):
            baseline = pt(first - k * pitch) + (size * LEADING - size * 0.72) / 2
            canvas.drawCentredString(pt(cell.x + cell.w / 2), baseline, line)
    hline(canvas, lay.xs[0], lay.right, top - lay.header_mm, THICK)


def _draw_row(
    canvas: Canvas, sheet: ScoreSheet, lay: _Layout, top: float, cells: Sequence[str], *, totals: bool
) -> None:
    """One body line: ruled cells with their text; the totals line is shaded under a heavy rule."""
    y = top - lay.row_mm
    for leaf, x, w, text in zip(sheet.leaves, lay.xs, lay.widths, cells, strict=True):
        ruled_box(canvas, x, y, w, lay.row_mm, fill=SHADE if totals else None)
        draw_text(canvas, text, x, y, w, lay.row_mm, SHEET_PT, leaf.align, SHEET_FILL, sheet.smallest_pt or MIN_PT)
    if totals:
        hline(canvas, lay.xs[0], lay.right, top, THICK)


def _draw_footnotes(canvas: Canvas, spec: PageSpec, top: float, lines: Sequence[str], size: float) -> None:
    canvas.setFont(register_font(), size)
    for k, line in enumerate(lines):
        canvas.drawString(pt(spec.margin_left_mm), pt(top - GAP_MM - (k + 1) * NOTE_LEADING_MM), line)


def _note_pt(sheet: ScoreSheet) -> float:
    return max(NOTE_PT, sheet.smallest_pt or NOTE_PT)


def _footnote_lines(sheet: ScoreSheet, spec: PageSpec) -> list[str]:
    lines: list[str] = []
    for note in sheet.footnotes:
        lines.extend(wrap_text(note, pt(spec.content_width_mm), _note_pt(sheet)))
    return lines


def paginate(n_lines: int, per_page: int, per_last_page: int, min_last: int = 1) -> list[range]:
    """Split body lines into pages; the last page must also leave room for the footnotes.

    The last page gets at least ``min_last`` lines (2 keeps the totals row company).
    """
    if per_page < 1 or per_last_page < 1:
        raise ValueError("The page is too small for even one row (with its footnotes); use a larger page.")
    min_last = max(1, min(min_last, per_last_page))
    pages: list[range] = []
    start = 0
    while n_lines - start > per_last_page:
        take = min(per_page, n_lines - start - min_last)
        pages.append(range(start, start + take))
        start += take
    pages.append(range(start, n_lines))
    return pages


def build_score_sheet(sheet: ScoreSheet, *, spec: PageSpec = A4, race: RacePage | None = None) -> bytes:
    """The score sheet as PDF bytes (one page or more, headers repeated on each); a filled sheet's
    ``race`` follows on a page of its own."""
    lay = _Layout.of(sheet, spec)
    lines: list[tuple[tuple[str, ...], bool]] = [(r, False) for r in sheet.rows]
    lines += [(("",) * len(sheet.leaves), False)] * sheet.blank_rows
    if sheet.totals is not None:
        lines.append((sheet.totals, True))
    notes = _footnote_lines(sheet, spec)
    canvas, buf = new_canvas(spec, sheet.title)
    table_top = draw_title(canvas, spec, sheet.title, sheet.subtitle, sheet.result)  # same on every page
    room = table_top - lay.header_mm - (spec.margin_bottom_mm + FOOTER_MM)
    notes_mm = (GAP_MM + len(notes) * NOTE_LEADING_MM) if notes else 0.0
    per_page, per_last = math.floor(room / lay.row_mm), math.floor((room - notes_mm) / lay.row_mm)
    pages = paginate(len(lines), per_page, per_last, min_last=2 if sheet.totals is not None else 1)
    total = len(pages) + (race is not None)  # the race's page counts too (np13 #7: "1/1" on page 1 of 2)
    for number, chunk in enumerate(pages, start=1):
        if number > 1:
            draw_title(canvas, spec, sheet.title, sheet.subtitle, sheet.result)
        _draw_header(canvas, lay, table_top)
        top = table_top - lay.header_mm
        for k in chunk:
            cells, is_totals = lines[k]
            _draw_row(canvas, sheet, lay, top, cells, totals=is_totals)
            top -= lay.row_mm
        if number == len(pages) and notes:
            _draw_footnotes(canvas, spec, top, notes, _note_pt(sheet))
        draw_page_number(canvas, spec, number, total, max(PAGE_NO_PT, sheet.smallest_pt or PAGE_NO_PT))
        canvas.showPage()
    if race is not None:
        draw_page_number(canvas, spec, total, total, max(PAGE_NO_PT, sheet.smallest_pt or PAGE_NO_PT))
        draw_page(canvas, spec, race)
    canvas.save()
    return buf.getvalue()
