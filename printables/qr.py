"""QR codes drawn as vector squares, sharp at any print size.

Each row's runs of dark modules become rectangles of one filled path: the same picture reportlab's
``QrCodeWidget`` draws, at a small fraction of the cost (a 50-card deck draws 50 codes, a session's
table cards one per seat). The path is written once per code in module units (whole numbers) and
placed by the canvas's transform, so drawing a code again costs no arithmetic per rectangle.

The module matrix comes from zxing-cpp, whose encoder is libzint (C). Like any full encoder it
chooses the data mask itself (all eight scored by the standard's penalty rules, the lowest kept), in
under a millisecond, where the pure-Python ``qrcode`` took about 10 ms: a worker's first print of a
session's table cards encodes every seat's code (issue 28: 80 seats took 0.8 s of the print). The
``qrcode`` package still makes the web page's SVG and the terminal's code, one code at a time.
"""

from __future__ import annotations

from functools import lru_cache

import zxingcpp
from reportlab.pdfgen.canvas import Canvas

from printables.geometry import pt

LEVELS = ("L", "M", "Q", "H")
MIN_SIZE_MM = 10.0
QUIET_ZONE = 4  # modules of white around the code, as the QR standard asks


@lru_cache(maxsize=512)
def qr_matrix(data: str, level: str = "M") -> tuple[tuple[bool, ...], ...]:
    """The code's modules, quiet zone included; True is dark. Row 0 is the top.

    Cached: a deck is printed again and again with the same links, and encoding is the slow part.
    numpy loads with the first code drawn, not with the app: every process that makes the app imports
    this module (each gunicorn worker and its heavy reads' child, each test process), and most never print one."""
    import numpy as np

    code = zxingcpp.create_barcode(data, zxingcpp.BarcodeFormat.QRCode, ec_level=level)
    dark = np.asarray(code.to_image(scale=1, add_quiet_zones=False)) == 0  # one pixel a module, 0 dark
    return tuple(map(tuple, np.pad(dark, QUIET_ZONE).tolist()))


def draw_qr(canvas: Canvas, data: str, x: float, y: float, size_mm: float, *, level: str = "M") -> None:
    """Draw a square QR code for ``data`` with its lower-left corner at (x, y) mm.

    ``size_mm`` includes the 4-module quiet zone, so nothing else should be drawn inside it.
    ``level`` is the error-correction level (L, M, Q, H).
    """
    if not data:
        raise ValueError("A QR code needs some data.")
    if level not in LEVELS:
        raise ValueError(f"QR error-correction level must be one of {', '.join(LEVELS)}, not {level!r}.")
    if size_mm < MIN_SIZE_MM:
        raise ValueError(
            f"A QR code smaller than {MIN_SIZE_MM:g} mm will not scan reliably ({size_mm:g} mm asked)."
        )
    size = len(qr_matrix(data, level))
    module = pt(size_mm) / size
    canvas.saveState()
    canvas.translate(pt(x), pt(y) + pt(size_mm))
    canvas.scale(module, -module)  # one unit per module, rows downwards from the top edge
    canvas.setFillColorRGB(0, 0, 0)
    canvas.addLiteral(dark_path(data, level))
    canvas.restoreState()


@lru_cache(maxsize=512)
def dark_path(data: str, level: str = "M") -> str:
    """The code's dark modules as PDF path operators in module units: one rectangle per run of dark
    modules in a row (column, row, width, height 1), filled at the end."""
    ops = []
    for r, row in enumerate(qr_matrix(data, level)):
        c = 0
        while c < len(row):
            if not row[c]:
                c += 1
                continue
            start = c
            while c < len(row) and row[c]:
                c += 1
            ops.append(f"{start} {r} {c - start} 1 re")
    ops.append("f")
    return "\n".join(ops)
