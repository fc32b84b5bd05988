"""Page specifications in millimetres, and the one conversion to PDF points.

A :class:`PageSpec` is a paper size, an orientation and four margins. It is validated when made,
so a builder can trust it. The builders lay out in millimetres and convert at the last moment
with :func:`pt`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

MM = 72.0 / 25.4  # PDF points per millimetre
MIN_CONTENT_MM = 40.0  # the smallest printable area a spec may leave, in each direction


def pt(mm: float) -> float:
    """Millimetres to PDF points."""
    return mm * MM


@dataclass(frozen=True)
class PageSpec:
    """A paper size in portrait (``width_mm`` < ``height_mm``), an orientation and margins."""

    name: str
    width_mm: float
    height_mm: float
    landscape: bool = False
    margin_top_mm: float = 12.0
    margin_right_mm: float = 12.0
    margin_bottom_mm: float = 12.0
    margin_left_mm: float = 12.0

    def __post_init__(self) -> None:
        if not self.name:
            raise ValueError("A page spec needs a name.")
        if not 0 < self.width_mm <= self.height_mm:
            raise ValueError(
                f"{self.name}: give the portrait size, 0 < width ({self.width_mm} mm) <= height ({self.height_mm} mm)."
            )
        margins = (self.margin_top_mm, self.margin_right_mm, self.margin_bottom_mm, self.margin_left_mm)
        if any(m < 0 for m in margins):
            raise ValueError(f"{self.name}: margins cannot be negative ({margins} mm).")
        if self.content_width_mm < MIN_CONTENT_MM or self.content_height_mm < MIN_CONTENT_MM:
            raise ValueError(
                f"{self.name}: the margins leave {self.content_width_mm:g} x {self.content_height_mm:g} mm; "
                f"at least {MIN_CONTENT_MM:g} mm is needed each way."
            )

    @property
    def page_width_mm(self) -> float:
        """Width of the page as printed (after orientation)."""
        return self.height_mm if self.landscape else self.width_mm

    @property
    def page_height_mm(self) -> float:
        """Height of the page as printed (after orientation)."""
        return self.width_mm if self.landscape else self.height_mm

    @property
    def content_width_mm(self) -> float:
        return self.page_width_mm - self.margin_left_mm - self.margin_right_mm

    @property
    def content_height_mm(self) -> float:
        return self.page_height_mm - self.margin_top_mm - self.margin_bottom_mm

    @property
    def pagesize(self) -> tuple[float, float]:
        """(width, height) in points, as reportlab's canvas wants it."""
        return (pt(self.page_width_mm), pt(self.page_height_mm))

    def turned(self, *, landscape: bool = True) -> PageSpec:
        """The same paper and margins in the other (or the given) orientation."""
        return replace(self, landscape=landscape)

    def with_margins(self, top: float, right: float, bottom: float, left: float) -> PageSpec:
        """The same paper with new margins (validated)."""
        return replace(
            self, margin_top_mm=top, margin_right_mm=right, margin_bottom_mm=bottom, margin_left_mm=left
        )


A4 = PageSpec("A4", 210.0, 297.0)
A4_LANDSCAPE = A4.turned()
LETTER = PageSpec(
    "Letter",
    215.9,
    279.4,
    margin_top_mm=12.7,
    margin_right_mm=12.7,
    margin_bottom_mm=12.7,
    margin_left_mm=12.7,
)
LETTER_LANDSCAPE = LETTER.turned()

PAGE_SPECS: dict[str, PageSpec] = {"a4": A4, "letter": LETTER}
"""Paper sizes by the lower-case name a URL or form would use."""
