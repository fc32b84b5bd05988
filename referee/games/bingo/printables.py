"""Bingo printables: the match score sheet (blank or filled from a table) and a one-page quick
reference. Every number on the reference comes from the rules module (referee/games/bingo/rules/values.py)."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printables.drawing import SHADE, SHEET_MIN_PT, draw_text, draw_title, new_canvas, ruled_box, wrap_text
from printables.geometry import pt
from printables.job import Printable, PrintJob
from printables.score_sheet import Column, ColumnGroup, ScoreSheet, build_score_sheet
from referee.games.bingo.rules.values import (
    ALL_TILES,
    BINGO,
    DECLARATION_NAMES,
    DOUBLES,
    MATCH_TARGET,
    TARGET,
    card_points,
    deck_points,
    declaration_points,
    is_trump,
    rank_in,
    val,
)
from referee.games.bingo.rules.view import DealRow, Detail
from referee.rules.base import _
from referee.rules.tiles import Tile

CAPTURE_MARK = "★"
TRUMPS = (1, 2, 3, 4, 5, 6, 0)  # the order of the B14 table


def _name(job: PrintJob[Detail], seat: int | None) -> str:
    return "" if seat is None or seat >= len(job.players) else job.players[seat]


def _number(job: PrintJob[Detail], n: int) -> str:
    return job.t(_("blank")) if n == 0 else str(n)


def _deal_row(job: PrintJob[Detail], row: DealRow, running: list[int]) -> tuple[str, ...]:
    void = job.t(_("void"))
    decls = " ".join(
        f"{_name(job, d['seat'])} {d['points']}"
        if d["status"] != "void"
        else f"{_name(job, d['seat'])} 0 ({void})"
        for d in row["declarations"]
    )
    close = row["close"]
    close_text = (
        job.t(_("%(name)s after %(n)s"), name=_name(job, close["seat"]), n=close["after_trick"])
        if close
        else ""
    )
    claim = row["claim"]
    claim_text = ""
    if claim:
        claim_text = f"{_name(job, claim['seat'])} {claim['total']} {'○' if claim['correct'] else '×'}"
        if claim["kind"] == "implied_claim":  # the closer's claim after the last trick, said in the legend
            claim_text += " " + job.t(_("(implied)"))
    elif row["result"] and row["result"]["kind"] == "invincible":
        claim_text = job.t(_("invincible"))
    cells: list[str] = []
    captures = [c["seat"] for c in row["captures"]]
    for seat in range(2):
        running[seat] += row["game_points"][seat]
        cells += [
            str(row["game_points"][seat] - captures.count(seat)) if row["result"] else "",
            CAPTURE_MARK * captures.count(seat),
            str(running[seat]),
        ]
    return (
        str(row["no"]),
        _name(job, row["leader"]),
        f"{row['indicator']} → {_number(job, row['trump'])}",
        decls,
        close_text,
        claim_text,
        *cells,
    )


def score_sheet(job: PrintJob[Detail]) -> ScoreSheet:
    players = job.players or ("", "")
    groups = tuple(
        ColumnGroup(
            name,
            (
                Column(job.t(_("Deal")), 0.7, "right"),
                Column(CAPTURE_MARK, 0.5, "center"),
                Column(job.t(_("Total")), 0.7, "right"),
            ),
        )
        for name in players[:2]
    )
    rows: list[tuple[str, ...]] = []
    totals = None
    if (detail := job.detail) is not None:
        running = [0, 0]
        rows = [_deal_row(job, row, running) for row in detail["deals"]]
        gp = detail["game_points"]
        totals = (job.t(_("Total")), "", "", "", "", "", *(x for g in gp for x in ("", "", str(g))))
    return ScoreSheet(
        title=job.t(_("Bingo score sheet")),
        subtitle=job.subtitle,
        result=job.result,
        columns=(
            # widths that hold 「ディール」 in one piece and a close's 「Ben（4トリック後）」 uncut (newplayer11 #13)
            Column(job.t(_("Deal")), 0.8, "right"),
            Column(job.t(_("Leader")), 0.8, "left"),
            Column(job.t(_("Trump")), 1.0, "left"),
            Column(job.t(_("Declarations")), 1.3, "left"),
            Column(job.t(_("Close")), 1.5, "left"),
            Column(job.t(_("Claim")), 1.2, "left"),
            *groups,
        ),
        rows=tuple(rows),
        totals=totals,
        footnotes=(  # for the players: plain words, no rule ids (those are behind "why?" on the phone)
            job.t(_("Game points per deal; the first to %(n)s wins the match."), n=MATCH_TARGET),
            job.t(_("%(mark)s: the trump double captured by 0-0, +1 game point at once."), mark=CAPTURE_MARK),
            job.t(
                _("Claim: the claimer's points against %(n)s, ○ correct or × failed; (implied): the closer's claim after the last trick."),
                n=TARGET,
            ),
        ),
        blank_rows=max(0, 14 - len(rows)),
        smallest_pt=SHEET_MIN_PT,
    )


def build_sheet(job: PrintJob[Detail]) -> bytes:
    """The sheet on a landscape page: its twelve columns at 9 pt or more hold 「ディール」 and a close's
    「Ben（4トリック後）」 whole (a portrait page set them at 7-8 pt, too small to read at a table)."""
    return build_score_sheet(score_sheet(job), spec=job.spec.turned(), race=job.race)


# --- quick reference ------------------------------------------------------------------------------


def suit_order(suit: int) -> list[Tile]:
    """B9: the tiles of a suit, highest first (the double, then by the other number, blank = 7)."""
    return sorted((t for t in ALL_TILES if t.has(suit)), key=lambda t: -rank_in(t, suit))


def deck_table(trump: int) -> tuple[int, int, int, int]:
    """B14 for one trump: trump tiles, non-trump doubles, non-trump tens, total (from B12 values)."""
    trumps = sum(card_points(t, trump) for t in ALL_TILES if is_trump(t, trump))
    doubles = sum(card_points(t, trump) for t in DOUBLES if not is_trump(t, trump))
    tens = sum(card_points(t, trump) for t in ALL_TILES if not is_trump(t, trump) and not t.is_double)
    return trumps, doubles, tens, deck_points(trump)


def declaration_rows() -> list[tuple[int, str, int, int]]:
    """B27: (number of doubles, name msgid, points, points with [0-0] among them)."""
    plain = [d for d in DOUBLES if d != BINGO]
    return [
        (
            n,
            DECLARATION_NAMES[n],
            declaration_points(plain[:n]) if n <= len(plain) else 0,
            declaration_points([BINGO, *plain[: n - 1]]),
        )
        for n in sorted(DECLARATION_NAMES)
    ]


def _table(
    canvas: Canvas, left: float, top: float, widths: list[float], rows: list[list[str]], h: float = 6.0
) -> float:
    """A ruled table, first row shaded as its header; returns the y (mm) below it."""
    y = top
    for i, row in enumerate(rows):
        y -= h
        x = left
        for w, cell in zip(widths, row, strict=True):
            ruled_box(canvas, x, y, w, h, fill=SHADE if i == 0 else None)
            draw_text(canvas, cell, x, y, w, h, 9, "left" if x == left else "center")
            x += w
    return y


def _heading(canvas: Canvas, text: str, left: float, y: float) -> float:
    draw_text(canvas, text, left, y - 7, 180, 7, 11, "left")
    return y - 8


def _para(canvas: Canvas, text: str, left: float, y: float, width: float) -> float:
    for line in wrap_text(text, pt(width), 9):
        y -= 4.6
        draw_text(canvas, line, left, y, width, 4.6, 9, "left")
    return y


def build_reference(job: PrintJob[Detail]) -> bytes:
    spec = job.spec
    title = job.t(_("Bingo quick reference"))
    canvas, buf = new_canvas(spec, title)
    left, width = spec.margin_left_mm, spec.content_width_mm
    y = draw_title(canvas, spec, title, job.subtitle)

    y = _heading(canvas, job.t(_("Suits and ranking (B4-B11)")), left, y)
    y = _para(
        canvas,
        job.t(
            _(
                "A blank counts as 7. The trump is the higher number of the indicator, so any blank makes blanks trump (B6)."
            )
        ),
        left,
        y,
        width,
    )
    y = _para(
        canvas,
        job.t(
            _(
                "A tile with the trump number is only a trump. 0-0 (bingo) beats every tile. The led suit is the higher number of the lead (blank = 7)."
            )
        ),
        left,
        y,
        width,
    )
    y = _para(
        canvas,
        job.t(_("Within a suit: the double first, then by the other number, highest first:")),
        left,
        y,
        width,
    )
    order_rows = [[job.t(_("Suit")), job.t(_("Highest to lowest"))]]
    for suit in (0, 6, 5, 4, 3, 2, 1):
        order_rows.append(
            [f"{_number(job, suit)} (= {val(suit)})", "  ".join(str(t) for t in suit_order(suit))]
        )
    y = _table(canvas, left, y - 1, [30, width - 30], order_rows)

    y = _heading(canvas, job.t(_("Card points (B12, B14)")), left, y - 3)
    y = _para(
        canvas,
        job.t(
            _(
                "Trump double %(double)s; other trumps: the sum of both numbers; other doubles: both halves; a non-trump tile summing to 10: %(ten)s. Last trick: +10 (not after a close)."
            ),
            double=card_points(Tile(1, 1), 1),
            ten=card_points(Tile(6, 4), 1),
        ),
        left,
        y,
        width,
    )
    pts_rows = [
        [
            job.t(_("Trump")),
            job.t(_("Trump tiles")),
            job.t(_("Other doubles")),
            job.t(_("Tens")),
            job.t(_("Deck total")),
        ]
    ]
    for trump in TRUMPS:
        pts_rows.append([_number(job, trump), *(str(x) for x in deck_table(trump))])
    y = _table(canvas, left, y - 1, [30, 37.5, 37.5, 37.5, width - 142.5], pts_rows)

    y = _heading(canvas, job.t(_("Declarations (B27-B31)")), left, y - 3)
    y = _para(
        canvas,
        job.t(
            _(
                "On lead, before leading: show at least two doubles, then lead one of them. They count only if the declarer wins a trick."
            )
        ),
        left,
        y,
        width,
    )
    dec_rows = [[job.t(_("Doubles")), job.t(_("Name")), job.t(_("Points")), job.t(_("with 0-0"))]]
    for n, name, points, with_bingo in declaration_rows():
        if points:
            dec_rows.append([str(n), job.t(name), str(points), str(with_bingo)])
        else:
            dec_rows.append([str(n), job.t(name), job.t(_("3 game points")), "—"])
    y = _table(canvas, left, y - 1, [30, 60, 45, width - 135], dec_rows)

    y = _heading(canvas, job.t(_("Claim and match")), left, y - 3)
    _para(
        canvas,
        job.t(
            _("A claim needs %(target)s card points. The match goes to %(gp)s game points."),
            target=TARGET,
            gp=MATCH_TARGET,
        ),
        left,
        y,
        width,
    )
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


PRINTABLES = (
    Printable("bingo", "score-sheet", _("Bingo score sheet"), build_sheet),
    Printable("bingo", "quick-reference", _("Bingo quick reference"), build_reference, fillable=False),
)
