"""Draw the installable app's PNG icons (192 and 512 px) from the design of static/icon.svg.

Run it after changing the icon's design: ``.venv/bin/python scripts/make_icons.py``. The PNGs are
committed, so serving needs no image tools. The shapes keep inside the middle 80 % of the square, so
Android's "maskable" crop cuts none of them.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
GREEN, WHITE, BACK = "#0b6e4f", "#ffffff", "#fbfaf7"


def draw(size: int) -> Image.Image:
    """The domino of icon.svg (a 36x56 tile on a 64 grid, a line and three pips) centred on a light square."""
    img = Image.new("RGB", (size, size), BACK)
    pen = ImageDraw.Draw(img)
    unit = size * 0.8 / 64  # the svg's 64-unit grid inside the safe 80 %
    left, top = size * 0.1, size * 0.1

    def at(x: float, y: float) -> tuple[float, float]:
        return left + x * unit, top + y * unit

    pen.rounded_rectangle((*at(14, 4), *at(50, 60)), radius=6 * unit, fill=GREEN)
    pen.line((*at(18, 32), *at(46, 32)), fill=WHITE, width=max(1, round(3 * unit)))
    for cx, cy in ((32, 18), (24, 44), (40, 44)):
        pen.ellipse((*at(cx - 4, cy - 4), *at(cx + 4, cy + 4)), fill=WHITE)
    return img


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        draw(size).save(OUT / f"icon-{size}.png", optimize=True)
