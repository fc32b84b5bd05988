"""Paper for a club evening (issue 17): a card per table to put on it, and the standings.

Pure builders: data in, bytes out. A table card carries the table's number, game and players and one
QR code per seat that joins that seat (its private link); two cards fit a page (cut along the middle).
The standings come as a PDF (one block per game) and as CSV for a spreadsheet.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from printables.drawing import Align, draw_page_number, draw_text, draw_title, hline, new_canvas
from printables.geometry import A4, PageSpec
from printables.qr import draw_qr
from referee.rules.base import _

CARDS_PER_PAGE = 2
QR_MM = 34.0
ROW_MM = 8.0


def _identity(message: str, params: Mapping[str, object] | None = None) -> str:
    return message % dict(params) if params else message


@dataclass(frozen=True)
class TableCard:
    number: int
    game: str  # the game's name, already in the reader's language
    players: tuple[str, ...]
    seat_links: tuple[str, ...]  # one absolute URL per seat, in seat order


@dataclass(frozen=True)
class StandingRow:
    player: str
    played: int
    won: int
    points: int


Translate = Callable[[str, Mapping[str, object] | None], str]


def build_table_cards(
    title: str, cards: Sequence[TableCard], *, translate: Translate = _identity, spec: PageSpec = A4
) -> bytes:
    """One PDF: each table's card, two to a page; a page with no tables says so."""
    canvas, buf = new_canvas(spec, title)
    pages = max(1, -(-len(cards) // CARDS_PER_PAGE))
    left, width = spec.margin_left_mm, spec.content_width_mm
    half = (spec.content_height_mm - 6) / CARDS_PER_PAGE
    if not cards:
        draw_title(canvas, spec, title, translate(_("No tables yet."), None))
    for i, card in enumerate(cards):
        slot = i % CARDS_PER_PAGE
        if slot == 0 and i:
            draw_page_number(canvas, spec, i // CARDS_PER_PAGE, pages)
            canvas.showPage()
        top = spec.page_height_mm - spec.margin_top_mm - slot * half
        if slot:
            hline(canvas, left, left + width, top + 1, 0.3)  # the cut
        draw_text(
            canvas,
            translate(_("Table %(n)s"), {"n": card.number}),
            left,
            top - 16,
            width * 0.5,
            16,
            26,
            "left",
        )
        draw_text(canvas, card.game, left + width * 0.5, top - 16, width * 0.5, 16, 18, "right")
        draw_text(canvas, title, left, top - 24, width, 8, 10, "left")
        seats = max(1, len(card.players))
        cell = width / seats
        size = min(QR_MM, cell - 4)
        for seat, (name, link) in enumerate(zip(card.players, card.seat_links, strict=False)):
            x = left + seat * cell
            draw_text(canvas, name, x, top - 34, cell, 9, 14, "center")
            if link:
                draw_qr(canvas, link, x + (cell - size) / 2, top - 36 - size, size)
            draw_text(
                canvas,
                translate(_("Scan to join seat %(n)s"), {"n": seat + 1}),
                x,
                top - 44 - size,
                cell,
                7,
                9,
                "center",
            )
    draw_page_number(canvas, spec, pages, pages)
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


def build_standings_pdf(
    title: str,
    standings: Mapping[str, Sequence[StandingRow]],
    *,
    translate: Translate = _identity,
    spec: PageSpec = A4,
) -> bytes:
    """The standings per game (keys: the games' names, in the reader's language), a block each."""
    canvas, buf = new_canvas(spec, title)
    left, width = spec.margin_left_mm, spec.content_width_mm
    heads = [translate(h, None) for h in (_("Player"), _("Played"), _("Wins"), _("Points"))]
    widths = [width * 0.55, width * 0.15, width * 0.15, width * 0.15]
    y = draw_title(canvas, spec, title, translate(_("Standings"), None))
    if not standings:
        draw_text(
            canvas,
            translate(_("No table has finished yet."), None),
            left,
            y - ROW_MM,
            width,
            ROW_MM,
            12,
            "left",
        )

    aligns: tuple[Align, ...] = ("left", "right", "right", "right")

    def room(y: float, lines: int) -> float:
        """``y`` if ``lines`` more rows fit on this page, else the top of a new page."""
        if y - ROW_MM * lines >= spec.margin_bottom_mm:
            return y
        canvas.showPage()
        return spec.page_height_mm - spec.margin_top_mm

    def row(cells: Sequence[str], y: float, size: float) -> None:
        x = left
        for text, w, align in zip(cells, widths, aligns, strict=True):
            draw_text(canvas, text, x, y, w, ROW_MM, size, align)
            x += w
        hline(canvas, left, left + width, y, 0.3)

    for game, rows in standings.items():
        y = room(y, 3) - ROW_MM
        draw_text(canvas, game, left, y, width, ROW_MM, 14, "left")
        y -= ROW_MM
        row(heads, y, 10)
        for r in rows:
            y = room(y, 1) - ROW_MM
            row([r.player, str(r.played), str(r.won), str(r.points)], y, 12)
        y -= ROW_MM / 2
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


def standings_csv(
    standings: Mapping[str, Sequence[StandingRow]], *, translate: Translate = _identity
) -> bytes:
    """One line per game and player, with a header; UTF-8 with a BOM so spreadsheets read Japanese."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(
        [translate(h, None) for h in (_("Game"), _("Rank"), _("Player"), _("Played"), _("Wins"), _("Points"))]
    )
    for game, rows in standings.items():
        for rank, r in enumerate(rows, start=1):
            writer.writerow([game, rank, _safe_cell(r.player), r.played, r.won, r.points])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def _safe_cell(text: str) -> str:
    """A name a spreadsheet would run as a formula (=, +, -, @ first) is kept as text."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
