"""Generic score sheets: a ruled table of cell strings, and Five Up's tally sheet.

Both builders take plain data (already translated strings: this package knows no language) and
return PDF bytes. Output is byte-stable: the canvas is made with ``invariant=1`` and nothing reads
the clock, so the same input gives the same bytes.

A :class:`ScoreSheet` page is laid out top to bottom as: title, subtitle, the header row(s), the
body lines (filled rows, then ``blank_rows`` empty ruled rows, then the totals row), the footnotes
(last page only) and a page number "n/N" at the foot. When the lines overflow, the sheet goes on
to further pages, each repeating the title and headers. Text that is too wide for its cell is set
smaller, down to a minimum size, and only then cut short with an ellipsis.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from reportlab.lib.colors import Color, black
from reportlab.pdfgen.canvas import Canvas

from printables.fonts import register_font, text_width
from printables.geometry import A4, PageSpec, pt

Align = Literal["left", "center", "right"]

TITLE_PT, SUBTITLE_PT, HEADER_PT, CELL_PT, MIN_PT, NOTE_PT, PAGE_NO_PT = 16, 10, 9, 10, 5, 8, 8
TITLE_MM, SUBTITLE_MM, GAP_MM = 7.0, 5.0, 3.0  # title and subtitle line heights, gap above the table
HEADER_ROW_MM, NOTE_LEADING_MM, FOOTER_MM, PAD_MM = 8.0, 3.6, 7.0, 1.2
SHADE = Color(0.9, 0.9, 0.9)
THIN, THICK = 0.4, 1.2  # rule widths in points


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
    """

    title: str
    columns: tuple[Column | ColumnGroup, ...]
    subtitle: str = ""
    rows: tuple[tuple[str, ...], ...] = ()
    totals: tuple[str, ...] | None = None
    footnotes: tuple[str, ...] = ()
    blank_rows: int = 0
    row_height_mm: float = 7.5

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


# --- text helpers -------------------------------------------------------------------------


def fit_text(text: str, width_pt: float, size: float, min_size: float = MIN_PT) -> tuple[str, float]:
    """Shrink ``size`` (in 0.5 pt steps) until ``text`` fits ``width_pt``; past ``min_size``, cut it."""
    while size > min_size and text_width(text, size) > width_pt:
        size -= 0.5
    size = max(size, min_size)
    if text_width(text, size) <= width_pt:
        return text, size
    while text and text_width(text + "…", size) > width_pt:
        text = text[:-1]
    return text + "…", size  # "…" alone if even one character is too wide: it shows something was cut


def wrap_text(text: str, width_pt: float, size: float) -> list[str]:
    """Greedy line breaking: at the last space if the line has one, else between any two characters.

    Breaking between characters is how Japanese wraps; the spaces rule keeps English words whole.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for ch in paragraph:
            if not line or text_width(line + ch, size) <= width_pt:
                line += ch
                continue
            cut = line.rfind(" ")
            if ch != " " and cut > 0 and text_width(line[cut + 1 :] + ch, size) <= width_pt:
                lines.append(line[:cut].rstrip())  # carry the last word over
                line = line[cut + 1 :] + ch
            else:
                lines.append(line.rstrip())
                line = "" if ch == " " else ch
        lines.append(line)
    return lines


def new_canvas(spec: PageSpec, title: str) -> tuple[Canvas, io.BytesIO]:
    """A byte-stable canvas (``invariant=1``) of the spec's size, writing into a fresh buffer."""
    buf = io.BytesIO()
    font = register_font()
    canvas = Canvas(
        buf,
        pagesize=spec.pagesize,
        invariant=1,
        pageCompression=1,
        initialFontName=font,  # type: ignore[arg-type]  # types-reportlab says float; reportlab takes a name
        initialFontSize=CELL_PT,
    )
    canvas.setTitle(title)
    canvas.setCreator("referee printables")
    return canvas, buf


def draw_text(
    canvas: Canvas, text: str, x: float, y: float, w: float, h: float, size: float, align: Align
) -> None:
    """Set ``text`` (shrunk to fit) in the box with lower-left (x, y) and size w x h, all in mm."""
    if not text:
        return
    inner = pt(w - 2 * PAD_MM)
    text, size = fit_text(text, inner, min(size, pt(h) * 0.62))
    baseline = pt(y) + (pt(h) - size * 0.72) / 2  # centre the cap height in the box
    canvas.setFont(register_font(), size)
    if align == "left":
        canvas.drawString(pt(x + PAD_MM), baseline, text)
    elif align == "right":
        canvas.drawRightString(pt(x + w - PAD_MM), baseline, text)
    else:
        canvas.drawCentredString(pt(x + w / 2), baseline, text)


def draw_page_number(canvas: Canvas, spec: PageSpec, page: int, pages: int) -> None:
    """Write the page number as "n/N", centred at the foot of the page."""
    canvas.setFont(register_font(), PAGE_NO_PT)
    canvas.drawCentredString(pt(spec.page_width_mm / 2), pt(spec.margin_bottom_mm), f"{page}/{pages}")


def draw_title(canvas: Canvas, spec: PageSpec, title: str, subtitle: str) -> float:
    """Title and subtitle at the top of the content box; returns the y (mm) where the table starts."""
    left, top = spec.margin_left_mm, spec.page_height_mm - spec.margin_top_mm
    y = top - TITLE_MM
    text, size = fit_text(title, pt(spec.content_width_mm), TITLE_PT)
    canvas.setFont(register_font(), size)
    canvas.drawString(pt(left), pt(y) + 2, text)
    if subtitle:
        y -= SUBTITLE_MM
        text, size = fit_text(subtitle, pt(spec.content_width_mm), SUBTITLE_PT)
        canvas.setFont(register_font(), size)
        canvas.drawString(pt(left), pt(y) + 1, text)
    return y - GAP_MM


def ruled_box(canvas: Canvas, x: float, y: float, w: float, h: float, *, fill: Color | None = None) -> None:
    """A thin-ruled rectangle in mm, optionally shaded."""
    canvas.saveState()
    canvas.setLineWidth(THIN)
    canvas.setStrokeColor(black)
    if fill is not None:
        canvas.setFillColor(fill)
    canvas.rect(pt(x), pt(y), pt(w), pt(h), stroke=1, fill=1 if fill is not None else 0)
    canvas.restoreState()


def hline(canvas: Canvas, x0: float, x1: float, y: float, width: float) -> None:
    canvas.saveState()
    canvas.setLineWidth(width)
    canvas.line(pt(x0), pt(y), pt(x1), pt(y))
    canvas.restoreState()


# --- the ruled score sheet ----------------------------------------------------------------


@dataclass(frozen=True)
class _Layout:
    spec: PageSpec
    xs: tuple[float, ...]  # left edge of each leaf column, mm
    widths: tuple[float, ...]
    header_mm: float  # total height of the header rows
    row_mm: float

    @classmethod
    def of(cls, sheet: ScoreSheet, spec: PageSpec) -> _Layout:
        leaves = sheet.leaves
        total = sum(c.weight for c in leaves)
        widths = tuple(spec.content_width_mm * c.weight / total for c in leaves)
        xs = tuple(spec.margin_left_mm + sum(widths[:i]) for i in range(len(widths)))
        header = HEADER_ROW_MM * (2 if sheet.has_groups else 1)
        return cls(spec, xs, widths, header, sheet.row_height_mm)

    @property
    def right(self) -> float:
        return self.xs[-1] + self.widths[-1]


def _draw_header(canvas: Canvas, sheet: ScoreSheet, lay: _Layout, top: float) -> None:
    """The header row(s): a group's title spans its columns; a lone column spans both rows."""
    h = HEADER_ROW_MM
    i = 0
    for col in sheet.columns:
        if isinstance(col, ColumnGroup):
            n = len(col.columns)
            x, w = lay.xs[i], sum(lay.widths[i : i + n])
            ruled_box(canvas, x, top - h, w, h, fill=SHADE)
            draw_text(canvas, col.title, x, top - h, w, h, HEADER_PT, "center")
            for j, leaf in enumerate(col.columns):
                xj, wj = lay.xs[i + j], lay.widths[i + j]
                ruled_box(canvas, xj, top - 2 * h, wj, h, fill=SHADE)
                draw_text(canvas, leaf.header, xj, top - 2 * h, wj, h, HEADER_PT, "center")
            i += n
        else:
            x, w = lay.xs[i], lay.widths[i]
            ruled_box(canvas, x, top - lay.header_mm, w, lay.header_mm, fill=SHADE)
            draw_text(canvas, col.header, x, top - lay.header_mm, w, lay.header_mm, HEADER_PT, "center")
            i += 1
    hline(canvas, lay.xs[0], lay.right, top - lay.header_mm, THICK)


def _draw_row(
    canvas: Canvas, sheet: ScoreSheet, lay: _Layout, top: float, cells: Sequence[str], *, totals: bool
) -> None:
    """One body line: ruled cells with their text; the totals line is shaded under a heavy rule."""
    y = top - lay.row_mm
    for leaf, x, w, text in zip(sheet.leaves, lay.xs, lay.widths, cells, strict=True):
        ruled_box(canvas, x, y, w, lay.row_mm, fill=SHADE if totals else None)
        draw_text(canvas, text, x, y, w, lay.row_mm, CELL_PT, leaf.align)
    if totals:
        hline(canvas, lay.xs[0], lay.right, top, THICK)


def _draw_footnotes(canvas: Canvas, spec: PageSpec, top: float, lines: Sequence[str]) -> None:
    canvas.setFont(register_font(), NOTE_PT)
    for k, line in enumerate(lines):
        canvas.drawString(pt(spec.margin_left_mm), pt(top - GAP_MM - (k + 1) * NOTE_LEADING_MM), line)


def _footnote_lines(sheet: ScoreSheet, spec: PageSpec) -> list[str]:
    lines: list[str] = []
    for note in sheet.footnotes:
        lines.extend(wrap_text(note, pt(spec.content_width_mm), NOTE_PT))
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


def build_score_sheet(sheet: ScoreSheet, *, spec: PageSpec = A4) -> bytes:
    """The score sheet as PDF bytes (one page or more, headers repeated on each)."""
    lay = _Layout.of(sheet, spec)
    lines: list[tuple[tuple[str, ...], bool]] = [(r, False) for r in sheet.rows]
    lines += [(("",) * len(sheet.leaves), False)] * sheet.blank_rows
    if sheet.totals is not None:
        lines.append((sheet.totals, True))
    notes = _footnote_lines(sheet, spec)
    canvas, buf = new_canvas(spec, sheet.title)
    table_top = draw_title(canvas, spec, sheet.title, sheet.subtitle)  # same on every page
    room = table_top - lay.header_mm - (spec.margin_bottom_mm + FOOTER_MM)
    notes_mm = (GAP_MM + len(notes) * NOTE_LEADING_MM) if notes else 0.0
    per_page, per_last = math.floor(room / lay.row_mm), math.floor((room - notes_mm) / lay.row_mm)
    pages = paginate(len(lines), per_page, per_last, min_last=2 if sheet.totals is not None else 1)
    for number, chunk in enumerate(pages, start=1):
        if number > 1:
            draw_title(canvas, spec, sheet.title, sheet.subtitle)
        _draw_header(canvas, sheet, lay, table_top)
        top = table_top - lay.header_mm
        for k in chunk:
            cells, is_totals = lines[k]
            _draw_row(canvas, sheet, lay, top, cells, totals=is_totals)
            top -= lay.row_mm
        if number == len(pages) and notes:
            _draw_footnotes(canvas, spec, top, notes)
        draw_page_number(canvas, spec, number, len(pages))
        canvas.showPage()
    canvas.save()
    return buf.getvalue()
