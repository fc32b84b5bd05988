"""The race chart (issue 32): each side's running total per deal, hand or round, the target, the points
of each step as bars and, for Five Up, the count after each play, as SVG for pages and on a PDF canvas.

Pure: :func:`plot` turns a :class:`referee.rules.race.Race` into coordinates once, and both drawings read
them, so the page, the big screen and the paper show the same picture. The SVG carries no style
attribute and no ``<style>`` (the Content-Security-Policy allows neither): colour, dash and marker are
presentation attributes, and every line differs from the others by all three, so a reader who cannot
tell the colours apart (or prints in grey) still can tell the lines. Long tables are thinned to at most
``MAX_POINTS`` points per line, and bars are drawn only while there are few, so a chart stays small
(<= 6 KB, benchmarks/race_chart.py) however long the evening.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from printables.drawing import fit_text
from printables.fonts import register_font
from printables.geometry import PageSpec, pt
from referee.rules.race import Race

WIDTH, HEIGHT = 360.0, 240.0
COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#8c6d31")
"""Okabe and Ito's palette, told apart by most colour-blind readers too, then two more."""
DASHES = ("", "7 3", "2 2", "9 3 2 3", "4 4", "1 3", "12 3", "5 2 1 2")
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "down", "plus", "bar")
MAX_POINTS = 40
MAX_MARKS = 200  # markers on every point while all lines hold at most this many together
MAX_BARS = 32  # bars (sides x steps) drawn at most; a longer table shows the lines alone
LEGEND_ROW = 14.0
LEGEND_CHARS = 20
LEFT, RIGHT, X_AXIS = 34.0, 8.0, 14.0
BARS_H, STRIP_H = 40.0, 24.0


@dataclass(frozen=True)
class Plot:
    """Coordinates in a WIDTH x HEIGHT box, y growing downwards (SVG's way)."""

    names: tuple[str, ...]
    lines: tuple[tuple[tuple[float, float], ...], ...]  # per side
    marks: bool  # a marker on every point (else on the last only)
    target: float | None  # the target's y
    target_label: str
    y_ticks: tuple[tuple[float, str], ...]
    x_ticks: tuple[tuple[float, str], ...]
    plot_box: tuple[float, float, float, float]  # x0, y0, x1, y1
    bars: tuple[tuple[int, float, float, float, float], ...]  # side, x, y, w, h
    bars_zero: float | None
    strip: tuple[tuple[float, float, float, bool], ...]  # x, y top, height, scored
    strip_base: float | None
    legend: tuple[tuple[float, float], ...]  # per side: where its sample line starts


def _nice(span: float) -> int:
    """A round step for about four ticks over ``span``."""
    raw = max(span / 4, 1)
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000):
        if step >= raw:
            return step
    return int(raw)


def _sampled(count: int, most: int) -> list[int]:
    """Indices of at most ``most`` of ``count`` steps, evenly spread, the first and the last always in."""
    if count <= most:
        return list(range(count))
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


def plot(race: Race, names: tuple[str, ...]) -> Plot:
    sides = len(race.sides)
    legend = tuple((4 + (i % 2) * 178, 4 + (i // 2) * LEGEND_ROW) for i in range(sides))
    top = 8 + ((sides + 1) // 2) * LEGEND_ROW
    steps = len(race.points)
    with_bars = steps > 0 and steps * sides <= MAX_BARS
    with_strip = bool(race.counts)
    bottom = HEIGHT - X_AXIS - (BARS_H if with_bars else 0) - (STRIP_H if with_strip else 0)
    x0, x1 = LEFT, WIDTH - RIGHT
    running = race.running
    values = [*map(min, running), *map(max, running), *race.start, race.target or 0, 0]
    lo, hi = min(values), max(values)
    tick = _nice(hi - lo)
    lo, hi = (lo // tick) * tick, -(-hi // tick) * tick or tick

    def y(v: float) -> float:
        return round(bottom - (v - lo) * (bottom - top) / (hi - lo))

    def x(i: int) -> float:  # step i (0 = before the first)
        return round(x0 + i * (x1 - x0) / max(steps, 1))

    kept = _sampled(steps, max(2, min(MAX_POINTS, 3 * MAX_POINTS // max(sides, 1))))
    lines = tuple(
        ((x(0), y(race.start[s])), *((x(i + 1), y(running[i][s])) for i in kept)) for s in range(sides)
    )
    every = _nice(steps * 4 / 6) if steps > 6 else 1  # at most about seven step numbers
    x_ticks = tuple((x(i), str(i)) for i in range(0, steps + 1, every))
    bars: list[tuple[int, float, float, float, float]] = []
    zero = None
    if with_bars:
        b_top, b_bottom = bottom + X_AXIS + 4, bottom + X_AXIS + BARS_H - 2
        most = max(abs(p) for row in race.points for p in row) or 1
        neg = any(p < 0 for row in race.points for p in row)
        zero = round((b_top + b_bottom) / 2 if neg else b_bottom, 1)
        scale = (zero - b_top) / most
        slot = (x1 - x0) / steps
        w = round(max(slot * 0.8 / sides, 0.8), 1)
        for i, row in enumerate(race.points):
            for s, p in enumerate(row):
                h = round(abs(p) * scale, 1)
                bx = round(x0 + i * slot + slot * 0.1 + s * w, 1)
                bars.append((s, bx, zero - h if p >= 0 else zero, w, h))
    strip: list[tuple[float, float, float, bool]] = []
    base = None
    if with_strip:
        base = HEIGHT - 4
        most = max((c.count for c in race.counts), default=1) or 1
        slot = (x1 - x0) / len(race.counts)
        for i, c in enumerate(race.counts):
            h = round(c.count * (STRIP_H - 10) / most, 1)
            strip.append((round(x0 + i * slot + slot * 0.15, 1), round(base - h, 1), h, c.points > 0))
    target = y(race.target) if race.target is not None else None
    return Plot(
        names=names,
        lines=lines,
        marks=sum(len(line) for line in lines) <= MAX_MARKS,
        target=target,
        target_label=str(race.target) if race.target is not None else "",
        y_ticks=tuple((y(v), str(v)) for v in range(lo, hi + 1, tick)),
        x_ticks=x_ticks,
        plot_box=(x0, top, x1, bottom),
        bars=tuple(bars),
        bars_zero=zero,
        strip=tuple(strip),
        strip_base=base,
        legend=legend,
    )


def _marker(i: int, colour: str) -> str:
    """Line ``i``'s marker, drawn in stroke-width units (2 user units each) around (2, 2)."""
    shape = MARKERS[i % len(MARKERS)]
    body = {
        "circle": '<circle cx="2" cy="2" r="1.6"/>',
        "square": '<path d="M.5 .5h3v3h-3z"/>',
        "triangle": '<path d="M2 0L4 3.5H0z"/>',
        "diamond": '<path d="M2 0L4 2L2 4L0 2z"/>',
        "cross": '<path d="M.5 .5L3.5 3.5M3.5 .5L.5 3.5" stroke-width="1"/>',
        "down": '<path d="M0 .5H4L2 4z"/>',
        "plus": '<path d="M2 0V4M0 2H4" stroke-width="1"/>',
        "bar": '<path d="M0 1.5h4v1h-4z"/>',
    }[shape]
    return f'<marker id="m{i}" refX="2" refY="2" overflow="visible" fill="{colour}" stroke="{colour}" stroke-width=".3">{body}</marker>'


def _short(name: str) -> str:
    """A name as the legend has room for (the table beside the chart has it whole)."""
    return name if len(name) <= LEGEND_CHARS else name[: LEGEND_CHARS - 1] + "…"


def _num(v: float) -> str:
    return f"{v:g}"


def svg(p: Plot, title: str, summary: str, labels: Sequence[str] = ("Target",)) -> str:
    """The chart as an SVG document: ``role="img"``, its ``title`` and the one-sentence ``summary``
    (``desc``) for screen readers; ``labels[0]`` names the target line."""
    x0, top, x1, bottom = p.plot_box
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_num(WIDTH)} {_num(HEIGHT)}" role="img" '
        f'aria-labelledby="race-title race-desc" font-family="sans-serif" font-size="11">',
        f'<title id="race-title">{escape(title)}</title><desc id="race-desc">{escape(summary)}</desc>',
        "<defs>",
        *(_marker(i, COLOURS[i % len(COLOURS)]) for i in range(len(p.lines))),
        "</defs>",
        f'<rect x="0" y="0" width="{_num(WIDTH)}" height="{_num(HEIGHT)}" fill="#fff"/>',
        '<g stroke="#ccc" stroke-width="0.5">',
        *(f'<path d="M{_num(x0)} {_num(ty)}H{_num(x1)}"/>' for ty, _ in p.y_ticks),
        "</g>",
        '<g fill="#333" text-anchor="end">',
        *(f'<text x="{_num(x0 - 3)}" y="{_num(ty + 4)}">{label}</text>' for ty, label in p.y_ticks),
        "</g>",
        '<g fill="#333" text-anchor="middle">',
        *(f'<text x="{_num(tx)}" y="{_num(bottom + 12)}">{label}</text>' for tx, label in p.x_ticks),
        "</g>",
    ]
    if p.target is not None:
        out.append(
            f'<path d="M{_num(x0)} {_num(p.target)}H{_num(x1)}" stroke="#555" stroke-width="1.5" stroke-dasharray="1 2"/>'
            f'<text x="{_num(x1)}" y="{_num(p.target - 3)}" text-anchor="end" fill="#555">'
            f"{escape(labels[0])} {p.target_label}</text>"
        )
    out.append('<g fill="none" stroke-width="2">')
    for i, line in enumerate(p.lines):
        colour, dash = COLOURS[i % len(COLOURS)], DASHES[i % len(DASHES)]
        points = " ".join(f"{_num(a)},{_num(b)}" for a, b in line)
        marks = f'marker-mid="url(#m{i})" marker-end="url(#m{i})"' if p.marks else f'marker-end="url(#m{i})"'
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        lx, ly = p.legend[i]
        out.append(
            f'<polyline points="{points}" stroke="{colour}"{dashed} {marks}/>'
            f'<path d="M{_num(lx)} {_num(ly + 5)}h24" stroke="{colour}"{dashed} marker-end="url(#m{i})"/>'
        )
    out.append("</g>")
    out.extend(f'<text x="{_num(lx + 30)}" y="{_num(ly + 9)}">{escape(_short(name))}</text>' for (lx, ly), name in zip(p.legend, p.names, strict=True))
    if p.bars_zero is not None:
        out.append(f'<path d="M{_num(x0)} {_num(p.bars_zero)}H{_num(x1)}" stroke="#999" stroke-width="0.5"/>')
        for s in range(len(p.lines)):
            d = "".join(f"M{_num(bx)} {_num(by)}h{_num(w)}v{_num(h)}h-{_num(w)}z" for side, bx, by, w, h in p.bars if side == s and h)
            if d:
                out.append(f'<path d="{d}" fill="{COLOURS[s % len(COLOURS)]}"/>')
    if p.strip_base is not None:
        scored = "".join(f"M{_num(sx)} {_num(sy)}h3v{_num(h)}h-3z" for sx, sy, h, hit in p.strip if hit)
        plain = "".join(f"M{_num(sx)} {_num(sy)}h3v{_num(h)}h-3z" for sx, sy, h, hit in p.strip if not hit)
        out.append(f'<text x="{_num(x0 - 3)}" y="{_num(p.strip_base)}" text-anchor="end" font-size="8">{escape(labels[1] if len(labels) > 1 else "")}</text>')
        out.append(f'<path d="{plain}" fill="#bbb"/><path d="{scored}" fill="#222"/>')
    out.append("</svg>")
    return "".join(out)


def draw(canvas: Canvas, p: Plot, x: float, y: float, width: float, labels: Sequence[str] = ("Target",)) -> float:
    """The same chart on a PDF canvas: its top left corner at (x, y) points, ``width`` points wide;
    returns its height in points."""
    k = width / WIDTH
    height = HEIGHT * k

    def at(a: float, b: float) -> tuple[float, float]:
        return x + a * k, y - b * k

    font = register_font()
    x0, top, x1, bottom = p.plot_box
    canvas.saveState()
    canvas.setFont(font, 8)
    canvas.setStrokeColor(HexColor("#cccccc"))
    canvas.setLineWidth(0.4)
    for ty, label in p.y_ticks:
        canvas.line(*at(x0, ty), *at(x1, ty))
        canvas.drawRightString(*at(x0 - 3, ty + 3), label)
    for tx, label in p.x_ticks:
        canvas.drawCentredString(*at(tx, bottom + 11), label)
    if p.target is not None:
        canvas.setStrokeColor(HexColor("#555555"))
        canvas.setDash(1, 2)
        canvas.line(*at(x0, p.target), *at(x1, p.target))
        canvas.drawRightString(*at(x1, p.target - 3), f"{labels[0]} {p.target_label}")
    for i, line in enumerate(p.lines):
        colour = HexColor(COLOURS[i % len(COLOURS)])
        canvas.setStrokeColor(colour)
        canvas.setFillColor(colour)
        canvas.setLineWidth(1.5)
        dash = [float(d) for d in DASHES[i % len(DASHES)].split()]
        canvas.setDash(dash or [])
        path = canvas.beginPath()
        path.moveTo(*at(*line[0]))
        for point in line[1:]:
            path.lineTo(*at(*point))
        canvas.drawPath(path, stroke=1, fill=0)
        lx, ly = p.legend[i]
        canvas.line(*at(lx, ly + 5), *at(lx + 24, ly + 5))
        canvas.setDash([])
        for point in line[1:] if p.marks else line[-1:]:
            canvas.circle(*at(*point), 1.6 + (i % 3) * 0.6, stroke=0, fill=1)
        canvas.setFillColor(HexColor("#000000"))
        canvas.drawString(*at(lx + 30, ly + 9), _short(p.names[i]))
    for s, bx, by, w, h in p.bars:
        canvas.setFillColor(HexColor(COLOURS[s % len(COLOURS)]))
        canvas.rect(*at(bx, by + h), w * k, h * k, stroke=0, fill=1)
    for sx, sy, h, hit in p.strip:
        canvas.setFillColor(HexColor("#222222" if hit else "#bbbbbb"))
        canvas.rect(*at(sx, sy + h), 3 * k, h * k, stroke=0, fill=1)
    canvas.restoreState()
    return height


@dataclass(frozen=True)
class RacePage:
    """The race on paper, in the reader's words: the chart, its summary and its numbers as a table
    (``header`` and ``rows`` of cell strings), on a page of its own after a score sheet or a report."""

    plot: Plot
    title: str
    summary: str
    labels: tuple[str, str]
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def draw_page(canvas: Canvas, spec: PageSpec, page: RacePage, corner_mm: float = 0.0) -> None:
    """One page: the title, the summary sentence, the chart across the width, then its numbers. A
    ``corner_mm`` square at the top right is left free (the dispute report's QR code)."""
    font = register_font()
    left, top = pt(spec.margin_left_mm), pt(spec.page_height_mm - spec.margin_top_mm)
    width = pt(spec.content_width_mm)
    words = width - pt(corner_mm + 4 if corner_mm else 0)

    def put(text: str, x: float, y: float, w: float, size: float, right: bool = False) -> None:
        text, size = fit_text(text, w, size)
        canvas.setFont(font, size)
        (canvas.drawRightString if right else canvas.drawString)(x, y, text)

    put(page.title, left, top - 14, words, 14)
    put(page.summary, left, top - 30, words, 10)
    chart_top = top - max(40, pt(corner_mm + 4))
    # The chart takes the width unless its numbers would then not fit under it: across a landscape page (the
    # Bingo score sheet) it filled the page and every row of numbers was left out. It keeps at least 45 % of the
    # height, so a long table's last rows may still not fit.
    room = chart_top - pt(spec.margin_bottom_mm) - 10
    numbers = (len(page.rows) + 1) * 12 + 16
    chart_width = min(width, max(room - numbers, room * 0.45) * WIDTH / HEIGHT)
    y = chart_top - draw(canvas, page.plot, left, chart_top, chart_width, page.labels) - 16
    cell = width / max(len(page.header), 1)
    for row in (page.header, *page.rows):
        if y < pt(spec.margin_bottom_mm) + 10:
            break
        for i, text in enumerate(row):
            put(text, left + (i + 1) * cell - 4, y, cell - 6, 8, right=True)
        y -= 12
    canvas.showPage()
