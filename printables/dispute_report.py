"""The dispute report: a table's story for a club's director, one line per entry, on A4 or Letter.

Pure: the web layer hands over the lines already in the reader's language, each with the moment
(log seq) it describes; this module lays them out in pages and puts on every page a QR code that
opens the table at the moment of the page's last line (``link(moment)`` gives the URL).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.lib.utils import simpleSplit

from printables.drawing import new_canvas
from printables.fonts import register_font
from printables.geometry import A4, PageSpec, pt
from printables.qr import draw_qr
from printables.race import RacePage, draw_page

BODY_PT = 9.0
LEADING_MM = 4.4
QR_MM = 24.0
STYLES = {
    "heading": (11.5, 0.0),
    "entry": (BODY_PT, 0.0),
    "detail": (BODY_PT - 0.5, 6.0),
    "totals": (BODY_PT - 0.5, 6.0),
}
"""Line style -> (font size in points, indent in mm)."""


@dataclass(frozen=True)
class ReportLine:
    text: str
    moment: int  # the log seq after which this line holds
    style: str = "entry"  # heading | entry | detail | totals


@dataclass(frozen=True)
class DisputeReport:
    title: str
    facts: tuple[str, ...]  # players, options, the range covered: printed under the title on page 1
    lines: tuple[ReportLine, ...]
    link: Callable[[int], str]  # the table at a moment, for the QR codes
    caption: Callable[[int], str]  # "Scan: the table after entry K"
    page_label: Callable[[int, int], str]  # "Page 2 of 5"
    race: RacePage | None = None  # the race chart, on a page of its own after the last


def _wrapped(report: DisputeReport, width_mm: float) -> list[tuple[str, float, float, int, bool]]:
    """Every printed row: (text, size, indent, moment, bold-ish heading)."""
    font = register_font()
    rows: list[tuple[str, float, float, int, bool]] = []
    for line in report.lines:
        size, indent = STYLES.get(line.style, STYLES["entry"])
        parts = simpleSplit(line.text, font, size, pt(width_mm - indent)) or [""]
        for i, part in enumerate(parts):
            rows.append((part, size, indent + (3.0 if i else 0.0), line.moment, line.style == "heading"))
    return rows


def _pages(
    rows: Sequence[tuple[str, float, float, int, bool]], first: int, later: int
) -> list[list[tuple[str, float, float, int, bool]]]:
    pages: list[list[tuple[str, float, float, int, bool]]] = []
    i = 0
    capacity = first
    while i < len(rows) or not pages:
        pages.append(list(rows[i : i + capacity]))
        i += capacity
        capacity = later
    return pages


def build_dispute_report(report: DisputeReport, *, spec: PageSpec = A4) -> bytes:
    font = register_font()
    canvas, buf = new_canvas(spec, report.title)
    left, top = spec.margin_left_mm, spec.page_height_mm - spec.margin_top_mm
    text_width = spec.content_width_mm - QR_MM - 4.0
    header_mm = QR_MM + 6.0
    facts_mm = len(report.facts) * LEADING_MM + 2.0
    body_mm = spec.content_height_mm - header_mm - 6.0
    rows = _wrapped(report, spec.content_width_mm)
    first = max(1, int((body_mm - facts_mm) // LEADING_MM))
    later = max(1, int(body_mm // LEADING_MM))
    pages = _pages(rows, first, later)
    last_moment = max((line.moment for line in report.lines), default=0)
    total = len(pages) + (report.race is not None)  # the race chart's page counts too
    for n, page in enumerate(pages, start=1):
        moment = page[-1][3] if page else last_moment
        canvas.setFont(font, 15)
        canvas.drawString(pt(left), pt(top - 6.0), report.title)
        canvas.setFont(font, 8)
        canvas.drawString(pt(left), pt(top - 11.0), report.page_label(n, total))
        draw_qr(canvas, report.link(moment), left + spec.content_width_mm - QR_MM, top - QR_MM, QR_MM)
        caption = simpleSplit(report.caption(moment), font, 7, pt(text_width))
        for i, part in enumerate(caption[:2]):
            canvas.drawString(pt(left), pt(top - 15.0 - i * 3.2), part)
        y = top - header_mm
        if n == 1:
            canvas.setFont(font, BODY_PT)
            for fact in report.facts:
                for part in simpleSplit(fact, font, BODY_PT, pt(spec.content_width_mm))[:1]:
                    canvas.drawString(pt(left), pt(y), part)
                y -= LEADING_MM
            y -= 2.0
        for text, size, indent, _moment, _heading in page:
            canvas.setFont(font, size)
            canvas.drawString(pt(left + indent), pt(y), text)
            y -= LEADING_MM
        canvas.showPage()
    if report.race is not None:  # with the QR code of the report's last moment, as every page has
        draw_qr(canvas, report.link(last_moment), left + spec.content_width_mm - QR_MM, top - QR_MM, QR_MM)
        canvas.setFont(font, 8)  # at the foot: the chart's title and summary hold the head
        canvas.drawString(pt(left), pt(spec.margin_bottom_mm / 2), report.page_label(total, total))
        draw_page(canvas, spec, report.race, corner_mm=QR_MM)
    canvas.save()
    return buf.getvalue()
