"""Printables: PURE builders, domain data in, PDF bytes out. No Flask, no clock, no randomness.

Every builder is ``build_<thing>(data, *, spec) -> bytes``: geometry in millimetres
(:mod:`printables.geometry`), one embedded Japanese/Latin font registered once
(:mod:`printables.fonts`), byte-stable output (the same input gives the same bytes).
Strings arrive already translated; this package never chooses a language.
"""

from printables.drawing import new_canvas
from printables.fonts import FONT_NAME, FontMissing, register_font
from printables.geometry import A4, A4_LANDSCAPE, LETTER, LETTER_LANDSCAPE, PAGE_SPECS, PageSpec
from printables.qr import draw_qr
from printables.score_sheet import Column, ColumnGroup, ScoreSheet, build_score_sheet
from printables.tally import build_tally_sheet, draw_tally

__all__ = [
    "A4",
    "A4_LANDSCAPE",
    "FONT_NAME",
    "LETTER",
    "LETTER_LANDSCAPE",
    "PAGE_SPECS",
    "Column",
    "ColumnGroup",
    "FontMissing",
    "PageSpec",
    "ScoreSheet",
    "build_score_sheet",
    "build_tally_sheet",
    "draw_qr",
    "draw_tally",
    "new_canvas",
    "register_font",
]
