"""Trick de Bingo on paper: the condition deck (poker-size cards, 9 to a page, crop marks, a QR code
per card, optional backs for duplex), the 3x3 sheet mat, and the score sheet (blank or filled).

Pure builders: they read the catalog (``referee.games.trick_de_bingo.conditions``, pure data) and the job; the
QR code holds ``job.link("/c/<id>")``, the app's page for that card.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas

from printables.drawing import new_canvas, wrap_text
from printables.fonts import register_font, text_width
from printables.geometry import PageSpec, pt
from printables.job import Printable, PrintJob
from printables.qr import draw_qr
from printables.score_sheet import Column, ScoreSheet, build_score_sheet
from referee.games.trick_de_bingo.conditions import CATALOG, ConditionCard
from referee.games.trick_de_bingo.rules.view import Detail
from referee.rules.base import _

CARD_W, CARD_H = 63.0, 88.0  # poker size
COLS, ROWS = 3, 3
PER_PAGE = COLS * ROWS
QR_MM = 20.0
MARK_MM, MARK_GAP_MM = 5.0, 1.0  # crop mark length, and its distance from the cut line
PRINTER_EDGE_MM = 4.5  # what most home printers cannot print at the paper's edge
MAX_OFFSET_MM = 5.0
GREY = Color(0.55, 0.55, 0.55)
LIGHT = Color(0.92, 0.92, 0.92)


def card_link(job: PrintJob[Detail], card_id: str) -> str:
    path = f"/c/{card_id}"
    return job.link(path) if job.link else path


def _origin(spec: PageSpec, dx: float = 0.0, dy: float = 0.0) -> tuple[float, float]:
    """Lower-left corner (mm) of the 3x3 block of cards, centred on the page, shifted by (dx, dy)."""
    x0 = (spec.page_width_mm - COLS * CARD_W) / 2 + dx
    y0 = (spec.page_height_mm - ROWS * CARD_H) / 2 + dy
    return x0, y0


def _cell(
    spec: PageSpec, i: int, dx: float = 0.0, dy: float = 0.0, mirror: bool = False
) -> tuple[float, float]:
    x0, y0 = _origin(spec, dx, dy)
    col, row = i % COLS, i // COLS
    if mirror:  # a back printed on the other side of a long-edge flip
        col = COLS - 1 - col
    return x0 + col * CARD_W, y0 + (ROWS - 1 - row) * CARD_H


def mark_spans(spec: PageSpec) -> tuple[tuple[float, float], tuple[float, float]]:
    """How far (mm) outside the block the crop marks start and end, across x and across y: at most
    ``MARK_MM`` long, and never closer than ``PRINTER_EDGE_MM`` to the paper's edge."""
    x0, y0 = _origin(spec)
    spans = []
    for room in (x0, y0):
        end = min(MARK_GAP_MM + MARK_MM, room - PRINTER_EDGE_MM)
        spans.append((min(MARK_GAP_MM, end), end))
    return spans[0], spans[1]


def _crop_marks(c: Canvas, spec: PageSpec, dx: float = 0.0, dy: float = 0.0) -> None:
    """Marks outside the block at every cut line, so they survive trimming and home-printer margins."""
    x0, y0 = _origin(spec, dx, dy)
    x1, y1 = x0 + COLS * CARD_W, y0 + ROWS * CARD_H
    (ax, bx), (ay, by) = mark_spans(spec)
    c.saveState()
    c.setLineWidth(0.3)
    c.setStrokeColor(black)
    for k in range(COLS + 1):
        x = x0 + k * CARD_W
        c.line(pt(x), pt(y1 + ay), pt(x), pt(y1 + by))
        c.line(pt(x), pt(y0 - ay), pt(x), pt(y0 - by))
    for k in range(ROWS + 1):
        y = y0 + k * CARD_H
        c.line(pt(x0 - bx), pt(y), pt(x0 - ax), pt(y))
        c.line(pt(x1 + ax), pt(y), pt(x1 + bx), pt(y))
    c.restoreState()


def _lines(c: Canvas, lines: Iterable[str], x: float, top: float, size: float, leading: float) -> float:
    y = top
    for line in lines:
        y -= leading
        c.setFont(register_font(), size)
        c.drawString(pt(x), pt(y), line)
    return y


def _badge(card: ConditionCard) -> str:
    parts = []
    if card.bp:
        parts.append(f"BP {card.bp}")
    if card.vp:
        parts.append(f"VP {card.vp}")
    return " · ".join(parts)


def _fit_block(text: str, width_mm: float, size: float, max_lines: int) -> tuple[list[str], float]:
    while True:
        lines = wrap_text(text, pt(width_mm), size)
        if len(lines) <= max_lines or size <= 6:
            return lines[:max_lines], size
        size -= 0.5


def draw_card_front(c: Canvas, card: ConditionCard, x: float, y: float, link: str, kind_text: str) -> None:
    """One card with its lower-left corner at (x, y) mm."""
    pad = 4.0
    c.saveState()
    c.setStrokeColor(GREY)
    c.setLineWidth(0.3)
    c.roundRect(pt(x + 1.5), pt(y + 1.5), pt(CARD_W - 3), pt(CARD_H - 3), pt(3), stroke=1, fill=0)
    top = y + CARD_H - pad
    c.setFillColor(black)
    c.setFont(register_font(), 11)
    c.drawString(pt(x + pad), pt(top - 4), card.id)
    c.setFont(register_font(), 7)
    c.setFillColor(GREY)
    c.drawString(pt(x + pad), pt(top - 8), kind_text)
    badge = _badge(card)
    if badge:
        w = text_width(badge, 9) / pt(1) + 4
        bx = x + CARD_W - pad - w
        c.setFillColor(black)
        c.roundRect(pt(bx), pt(top - 6), pt(w), pt(6.5), pt(2), stroke=0, fill=1)
        c.setFillColor(white)
        c.setFont(register_font(), 9)
        c.drawString(pt(bx + 2), pt(top - 4.4), badge)
    c.setFillColor(black)
    width = CARD_W - 2 * pad
    ja, ja_size = _fit_block(card.ja, width, 14, 5)
    y_text = _lines(c, ja, x + pad, top - 11, ja_size, ja_size * 0.45)
    c.setStrokeColor(LIGHT)
    c.line(pt(x + pad), pt(y_text - 2), pt(x + CARD_W - pad), pt(y_text - 2))
    c.setFillColor(Color(0.25, 0.25, 0.25))
    en, en_size = _fit_block(card.en, width, 10, 7)
    _lines(c, en, x + pad, y_text - 3, en_size, en_size * 0.42)
    c.restoreState()
    draw_qr(c, link, x + (CARD_W - QR_MM) / 2, y + 2.5, QR_MM)


def draw_card_back(c: Canvas, x: float, y: float, title: str) -> None:
    c.saveState()
    c.setFillColor(Color(0.05, 0.35, 0.26))
    c.roundRect(pt(x + 3), pt(y + 3), pt(CARD_W - 6), pt(CARD_H - 6), pt(3), stroke=0, fill=1)
    c.setStrokeColor(white)
    c.setLineWidth(1.2)
    side = 36.0
    gx, gy = x + (CARD_W - side) / 2, y + (CARD_H - side) / 2 + 6
    for k in range(4):
        c.line(pt(gx + k * side / 3), pt(gy), pt(gx + k * side / 3), pt(gy + side))
        c.line(pt(gx), pt(gy + k * side / 3), pt(gx + side), pt(gy + k * side / 3))
    c.setFillColor(white)
    c.setFont(register_font(), 12)
    c.drawCentredString(pt(x + CARD_W / 2), pt(y + 14), title)
    c.restoreState()


def _offset(job: PrintJob[Detail], name: str) -> float:
    try:
        value = float(job.params.get(name, "0"))
    except ValueError:
        return 0.0
    return max(-MAX_OFFSET_MM, min(MAX_OFFSET_MM, value))


def deck_cards(job: PrintJob[Detail]) -> tuple[ConditionCard, ...]:
    """The catalog, then a table's custom cards (from a filled job)."""
    custom: tuple[ConditionCard, ...] = ()
    if job.detail is not None:
        custom = tuple(
            ConditionCard(
                id=d["id"], ja=d["ja"], en=d["en"], condition=d["condition"], bp=d["bp"], vp=d["vp"]
            )
            for d in job.detail["custom_cards"]
        )
    return (*CATALOG, *custom)


def build_deck(job: PrintJob[Detail], *, backs: bool = False) -> bytes:
    """Fronts, 9 per page; with ``backs`` each front page is followed by its backs page (duplex,
    long-edge flip), shifted by ``?back_dx=`` / ``?back_dy=`` mm (at most 5) to match the printer."""
    spec = job.spec.with_margins(5, 5, 5, 5)
    cards = deck_cards(job)
    title = job.t(_("Trick de Bingo condition cards"))
    c, buf = new_canvas(spec, title)
    kinds = {
        "trick": job.t(_("one trick")),
        "multi": job.t(_("tricks in a row")),
        "cumul": job.t(_("over the round")),
    }
    dx, dy = _offset(job, "back_dx"), _offset(job, "back_dy")
    for start in range(0, len(cards), PER_PAGE):
        page = cards[start : start + PER_PAGE]
        _crop_marks(c, spec)
        for i, card in enumerate(page):
            x, y = _cell(spec, i)
            draw_card_front(c, card, x, y, card_link(job, card.id), kinds.get(card.type, ""))
        c.setFont(register_font(), 7)
        c.drawString(pt(5), pt(3), f"{title} {start // PER_PAGE + 1}/{-(-len(cards) // PER_PAGE)}")
        c.showPage()
        if backs:
            _crop_marks(c, spec, dx, dy)
            for i in range(len(page)):
                x, y = _cell(spec, i, dx, dy, mirror=True)
                draw_card_back(c, x, y, "Trick de Bingo")
            c.showPage()
    c.save()
    return buf.getvalue()


def build_mat(job: PrintJob[Detail]) -> bytes:
    """A 3x3 sheet mat: nine card-sized cells numbered as in the app, the centre marked."""
    spec = job.spec
    title = job.t(_("Trick de Bingo sheet"))
    c, buf = new_canvas(spec, title)
    gap = 2.0
    w, h = 3 * CARD_W + 2 * gap, 3 * CARD_H + 2 * gap
    x0 = (spec.page_width_mm - w) / 2
    y0 = min((spec.page_height_mm - h) / 2, spec.page_height_mm - h - 14)
    c.setFont(register_font(), 12)
    c.drawString(pt(x0), pt(y0 + h + 4), title)
    c.setFont(register_font(), 8)
    note = job.t(_("Place each drafted card face up on a square; turn it over when it is achieved."))
    c.drawRightString(pt(x0 + w), pt(y0 + h + 4), note)
    for cell in range(1, 10):
        col, row = (cell - 1) % 3, (cell - 1) // 3
        x = x0 + col * (CARD_W + gap)
        y = y0 + (2 - row) * (CARD_H + gap)
        c.setStrokeColor(GREY)
        c.setLineWidth(0.8)
        c.roundRect(pt(x), pt(y), pt(CARD_W), pt(CARD_H), pt(3), stroke=1, fill=0)
        c.setFillColor(GREY)
        c.setFont(register_font(), 14)
        c.drawString(pt(x + 3), pt(y + CARD_H - 8), str(cell))
        if cell == 5:
            cx, cy = x + CARD_W / 2, y + CARD_H / 2
            c.setFillColor(LIGHT)
            path = c.beginPath()
            path.moveTo(pt(cx), pt(cy + 14))
            path.lineTo(pt(cx + 14), pt(cy))
            path.lineTo(pt(cx), pt(cy - 14))
            path.lineTo(pt(cx - 14), pt(cy))
            path.close()
            c.drawPath(path, stroke=0, fill=1)
            c.setFillColor(GREY)
            c.setFont(register_font(), 10)
            c.drawCentredString(pt(cx), pt(cy - 20), job.t(_("centre")))
        c.setFillColor(black)
    c.showPage()
    c.save()
    return buf.getvalue()


def score_sheet(job: PrintJob[Detail]) -> ScoreSheet:
    """One row per player per round (T20), then the game totals with the starting chip (T3)."""
    heads = (
        (_("Round"), 0.7, "left"),
        (_("Player"), 1.6, "left"),
        (_("Flipped cards"), 3.2, "left"),
        (_("Flips"), 0.8, "right"),
        (_("Lines"), 0.8, "right"),
        (_("VP"), 0.7, "right"),
        (_("BP"), 0.7, "right"),
        (_("First Bingo"), 1.0, "right"),
        (_("Last Bingo"), 1.0, "right"),
        (_("Round total"), 1.1, "right"),
    )
    columns = tuple(Column(job.t(h), wt, al) for h, wt, al in heads)  # type: ignore[arg-type]
    rows: list[tuple[str, ...]] = []
    rounds = int(job.options.get("rounds", 4) or 4)
    detail = job.detail
    if detail is None:  # a blank sheet
        for r in range(1, rounds + 1):
            for name in job.players:
                rows.append((str(r), name, "", "", "", "", "", "", "", ""))
    else:
        for block in detail["score_rows"]:
            for row in block["rows"]:
                seat = row["seat"]
                flipped = ""
                if block["round"] == detail["round"] and detail["sheets"]:
                    cells = detail["sheets"][seat]
                    flipped = " ".join(c["card"] for c in cells if c["flipped"] and c["card"] is not None)
                rows.append(
                    (
                        str(block["round"]),
                        job.players[seat],
                        flipped,
                        str(row["flipped"]),
                        str(row["lines"]),
                        str(row["vp"]),
                        str(row["bp"]),
                        str(row["first_bingo"]),
                        str(row["last_bingo"]),
                        str(row["total"]),
                    )
                )
    game = job.t(_("Game"))
    for seat, name in enumerate(job.players):
        total = str(job.totals[seat]) if seat < len(job.totals) else ""
        rows.append((game, name, "", "", "", "", "", "", "", total))
    return ScoreSheet(
        title=job.t(_("Trick de Bingo score sheet")),
        subtitle=job.subtitle,
        result=job.result,
        columns=columns,
        rows=tuple(rows),
        footnotes=(
            job.t(_("Round total = BP + First Bingo + Last Bingo + flips + lines + VP.")),
            job.t(_("Game total = the starting chip (1) + every round total.")),
        ),
    )


def build_score(job: PrintJob[Detail]) -> bytes:
    return build_score_sheet(score_sheet(job), spec=job.spec.turned(), race=job.race)


PRINTABLES = (
    Printable("trick-de-bingo", "deck", _("Condition cards (poker size, 9 per page)"), build_deck),
    Printable(
        "trick-de-bingo",
        "deck-duplex",
        _("Condition cards with backs (duplex)"),
        partial(build_deck, backs=True),
    ),
    Printable("trick-de-bingo", "mat", _("3×3 sheet mat"), build_mat, fillable=False),
    Printable("trick-de-bingo", "score-sheet", _("Score sheet"), build_score),
)
