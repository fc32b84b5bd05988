"""QR codes drawn as vector squares (reportlab's ``QrCodeWidget``), sharp at any print size."""

from __future__ import annotations

from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.pdfgen.canvas import Canvas

from printables.geometry import pt

LEVELS = ("L", "M", "Q", "H")
MIN_SIZE_MM = 10.0


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
    widget = QrCodeWidget(data, barLevel=level)
    x0, y0, x1, y1 = widget.getBounds()
    side = pt(size_mm)
    sx, sy = side / (x1 - x0), side / (y1 - y0)
    drawing = Drawing(side, side, transform=[sx, 0, 0, sy, -x0 * sx, -y0 * sy])
    drawing.add(widget)
    canvas.saveState()
    renderPDF.draw(drawing, canvas, pt(x), pt(y))
    canvas.restoreState()
