"""The one font every printable uses: IPAexGothic, embedded as a TrueType subset.

IPAexGothic has Japanese and Latin glyphs, so a single face serves both languages, and embedding
it (``/FontFile2``) makes the PDF look the same in every viewer. The file is looked for at
``$REFEREE_JP_FONT`` and then at the Debian path (package ``fonts-ipaexfont-gothic``). Nothing
is silently substituted: without the font, :func:`register_font` raises :class:`FontMissing`.

Registration with reportlab is global and takes about 0.1 s, so it is done once per process.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping
from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

FONT_NAME = "IPAexGothic"
ENV_VAR = "REFEREE_JP_FONT"
DEBIAN_PATH = Path("/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf")

_lock = threading.Lock()
_registered: str | None = None


class FontMissing(RuntimeError):
    """The Japanese TrueType font cannot be found or read."""


def find_font_file(environ: Mapping[str, str] | None = None, default: Path = DEBIAN_PATH) -> Path:
    """Return the font file to use: ``$REFEREE_JP_FONT`` if set, else the Debian path.

    An explicitly configured path that is not a file is an error, not a reason to fall back:
    the operator asked for that font.
    """
    env = os.environ if environ is None else environ
    explicit = env.get(ENV_VAR, "").strip()
    if explicit:
        path = Path(explicit)
        if not path.is_file():
            raise FontMissing(
                f"{ENV_VAR}={explicit} is not a readable file; point it at a TrueType .ttf font."
            )
        return path
    if default.is_file():
        return default
    raise FontMissing(
        f"No Japanese TrueType font for the printables: install it with "
        f"'apt-get install -y fonts-ipaexfont-gothic' (gives {default}) "
        f"or set {ENV_VAR}=/path/to/ipaexg.ttf."
    )


def register_font() -> str:
    """Register the font with reportlab once per process and return its name."""
    global _registered
    with _lock:
        if _registered is None:
            path = find_font_file()
            try:
                font = TTFont(FONT_NAME, str(path))
            except TTFError as exc:  # e.g. a CFF-flavoured .otf, which reportlab cannot embed
                raise FontMissing(f"{path} is not a usable TrueType font: {exc}") from exc
            pdfmetrics.registerFont(font)
            # The face has no bold or italic: map every style to the one file.
            for bold in (0, 1):
                for italic in (0, 1):
                    addMapping(FONT_NAME, bold, italic, FONT_NAME)
            _registered = FONT_NAME
        return _registered


def text_width(text: str, size: float) -> float:
    """Width in points of ``text`` set in the printables font at ``size`` points."""
    return pdfmetrics.stringWidth(text, register_font(), size)
