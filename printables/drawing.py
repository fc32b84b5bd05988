"""Text set to fit a box, and the few strokes every printable page is drawn with.

All sizes are in millimetres except font sizes (points). Text is never silently lost: :func:`fit_text`
shrinks before it cuts (and marks a cut with "…"), and :func:`fit_header` wraps and shrinks but never
cuts, because a Japanese header is often wider than its English one. Like the rest of this package,
nothing here chooses a language or reads the clock.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from functools import cache
from typing import Literal

import budoux
from reportlab.lib.colors import Color, black
from reportlab.pdfgen.canvas import Canvas

from printables.fonts import register_font, text_width
from printables.geometry import MM, PageSpec, pt

Align = Literal["left", "center", "right"]

TITLE_PT, SUBTITLE_PT, HEADER_PT, CELL_PT, MIN_PT, NOTE_PT, PAGE_NO_PT = 16, 10, 9, 10, 5, 8, 8
TITLE_MM, SUBTITLE_MM, GAP_MM = 7.0, 5.0, 3.0  # title and subtitle line heights, gap above the table
RESULT_PT, RESULT_MM = 12, 6.0
"""A finished table's result under the subtitle ("Ann wins the match 7–4."): the line a player looks for
first on a filled sheet, so larger than the subtitle."""
HEADER_ROW_MM, NOTE_LEADING_MM, FOOTER_MM, PAD_MM = 8.0, 3.6, 7.0, 1.2
HEADER_MIN_PT, LEADING = 5.0, 1.15  # smallest header size; line pitch as a multiple of the size
HEADER_STEPS = ((1, 7.0), (2, 6.0), (3, HEADER_MIN_PT))  # (most lines, smallest size), tried in turn
SHEET_MIN_PT = 9.0
"""The smallest text on a score sheet that sets one (headers, cells, legend, page number): read at arm's
length at a table. Where a column is too narrow for one line at this size, its text goes onto two
(issue 27: Bingo's Japanese close cell and 「ディール」 were set at 7-8 pt)."""
SHEET_PT, SHEET_FILL = 14.0, 0.67
"""A score sheet's headers and cells start at 14 pt, large enough for older players' eyes, and are set
smaller only where a column is too narrow. Its text may take 67% of a row's height (other boxes: 62%),
so a 7.5 mm row holds 14 pt and a sheet keeps the rows on a page it had at 10 pt."""
NO_LINE_START = "ーッャュョァィゥェォヵヶっゃゅょぁぃぅぇぉ、。，．・）」』】％!?！？),.:;"
"""Characters a wrapped line may not start with (the usual Japanese line-breaking rule, plus
closing punctuation): the character before goes down with them."""
SHADE = Color(0.9, 0.9, 0.9)
THIN, THICK = 0.4, 1.2  # rule widths in points


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
    """Greedy line breaking where a reader expects a break: after a space, and in Japanese between two
    phrases (BudouX's segmenter), so 「スペードでトリックに勝つ」 never ends a line on 「勝」. A word or
    phrase wider than the line is broken between characters, as Japanese allows."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for unit in _units(paragraph):
            if not line.strip() or text_width((line + unit).rstrip(), size) <= width_pt:
                line += unit
                continue
            lines.extend(_by_characters(line.rstrip(), width_pt, size))
            line = unit
        lines.extend(_by_characters(line.rstrip(), width_pt, size))
    return lines


JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]")


@cache
def _phrases() -> budoux.Parser:
    return budoux.load_default_japanese_parser()


def _units(paragraph: str) -> list[str]:
    """The pieces a line may not break inside: words with their trailing spaces, and the phrases of
    Japanese words. BudouX learnt from Japanese text and may cut a Latin name ("Be|n さん"), so a cut
    between two Latin letters or digits is mended."""
    units: list[str] = []
    for word in re.findall(r"\S+\s*|\s+", paragraph):
        if not JAPANESE.search(word):
            units.append(word)
            continue
        first = len(units)
        for phrase in _phrases().parse(word):
            if (
                len(units) > first
                and units[-1][-1].isascii()
                and units[-1][-1].isalnum()
                and phrase[0].isascii()
                and phrase[0].isalnum()
            ):
                units[-1] += phrase
            else:
                units.append(phrase)
    return units


def _by_characters(text: str, width_pt: float, size: float) -> list[str]:
    """``text`` on as many lines as it needs, broken between characters; a line does not start with
    a character of ``NO_LINE_START`` (the character before goes down with it)."""
    lines: list[str] = []
    line = ""
    for ch in text:
        if not line or text_width(line + ch, size) <= width_pt:
            line += ch
        elif ch in NO_LINE_START and len(line) > 1:
            lines.append(line[:-1])
            line = line[-1] + ch
        else:
            lines.append(line)
            line = ch
    return [*lines, line]


@dataclass(frozen=True)
class HeaderFit:
    """A header as set: its lines and their size in points."""

    lines: tuple[str, ...]
    size: float

    @property
    def height_mm(self) -> float:
        """The height the lines need, padding included."""
        return len(self.lines) * self.size * LEADING / MM + 2 * PAD_MM


def fit_header(
    text: str, width_pt: float, size: float = HEADER_PT, least: float = HEADER_MIN_PT
) -> HeaderFit:
    """The header on as few lines and as large as fits ``width_pt``, never cut.

    One line is preferred down to 7 pt, then two lines down to 6 pt, then three down to
    :data:`HEADER_MIN_PT`; past that, as many lines as it takes at the smallest size. ``least``: no
    size below it (a score sheet's :data:`SHEET_MIN_PT`), more lines instead.
    """

    def fits(lines: list[str], at: float) -> bool:
        return all(text_width(line, at) <= width_pt for line in lines)

    for most, smallest in HEADER_STEPS:
        at = size
        while at >= max(smallest, least):
            lines = wrap_text(text, width_pt, at)
            if len(lines) <= most and fits(lines, at):
                return HeaderFit(tuple(lines), at)
            at -= 0.5
    least = max(least, HEADER_MIN_PT)
    return HeaderFit(tuple(wrap_text(text, width_pt, least)), least)


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
    canvas: Canvas,
    text: str,
    x: float,
    y: float,
    w: float,
    h: float,
    size: float,
    align: Align,
    fill: float = 0.62,
    least: float = MIN_PT,
) -> None:
    """Set ``text`` (shrunk to fit, and to ``fill`` of the box's height at most) in the box with
    lower-left (x, y) and size w x h, all in mm. ``least``: the smallest size; text too wide at it goes
    onto as many lines (broken between words or phrases) as the box holds, and only then is cut."""
    if not text:
        return
    inner = pt(w - 2 * PAD_MM)
    lines = [text]
    at = min(size, pt(h) * fill)
    if text_width(text, max(at, least)) > inner and least > MIN_PT:
        wrapped = wrap_text(text, inner, least)
        if len(wrapped) * least * LEADING <= pt(h) and all(text_width(li, least) <= inner for li in wrapped):
            lines, at = wrapped, least
    if len(lines) == 1:
        one, at = fit_text(text, inner, at, least)
        lines = [one]
    canvas.setFont(register_font(), at)
    pitch = at * LEADING
    for k, line in enumerate(lines):  # the block of lines centred in the box, by the cap height of one
        baseline = pt(y) + (pt(h) - at * 0.72) / 2 + (len(lines) - 1) * pitch / 2 - k * pitch
        if align == "left":
            canvas.drawString(pt(x + PAD_MM), baseline, line)
        elif align == "right":
            canvas.drawRightString(pt(x + w - PAD_MM), baseline, line)
        else:
            canvas.drawCentredString(pt(x + w / 2), baseline, line)


def draw_page_number(canvas: Canvas, spec: PageSpec, page: int, pages: int, size: float = PAGE_NO_PT) -> None:
    """Write the page number as "n/N", centred at the foot of the page."""
    canvas.setFont(register_font(), size)
    canvas.drawCentredString(pt(spec.page_width_mm / 2), pt(spec.margin_bottom_mm), f"{page}/{pages}")


def draw_title(canvas: Canvas, spec: PageSpec, title: str, subtitle: str, result: str = "") -> float:
    """Title, subtitle and a finished table's ``result`` at the top of the content box; returns the y
    (mm) where the table starts."""
    left, top = spec.margin_left_mm, spec.page_height_mm - spec.margin_top_mm
    y = top - TITLE_MM
    text, size = fit_text(title, pt(spec.content_width_mm), TITLE_PT)
    canvas.setFont(register_font(), size)
    canvas.drawString(pt(left), pt(y) + 2, text)
    for line, line_pt, line_mm in ((subtitle, SUBTITLE_PT, SUBTITLE_MM), (result, RESULT_PT, RESULT_MM)):
        if line:
            y -= line_mm
            text, size = fit_text(line, pt(spec.content_width_mm), line_pt)
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
