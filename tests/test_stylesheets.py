"""Every class a stylesheet styles is one the product writes somewhere.

A rule for a class no template, script or Python module ever writes is dead code that still costs every
phone its bytes and misleads the next reader into thinking a screen depends on it (a markup change
leaves its old rules behind silently). This reads the app's own stylesheets (not the vendored ones) and
looks for each class name in the sources that write markup.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STYLESHEETS = sorted(
    [*ROOT.joinpath("referee").rglob("*.css"), *ROOT.joinpath("static", "css").rglob("*.css")]
)
WRITERS = ("referee", "templates", "printables", "static/js")
# htmx writes these on elements while a request runs; the app styles them but never names them
WRITTEN_BY_HTMX = frozenset({"htmx-indicator", "htmx-request", "htmx-settling", "htmx-swapping", "htmx-added"})


def _sources() -> str:
    parts = []
    for folder in WRITERS:
        for path in ROOT.joinpath(folder).rglob("*"):
            if path.suffix in {".html", ".py", ".js", ".svg"} and "vendor" not in path.parts:
                parts.append(path.read_text(encoding="utf-8"))
    return "\n".join(parts)


def _styled_classes(css: str) -> set[str]:
    """The class names in a stylesheet's selectors (declarations, comments and urls left out)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    while re.search(r"\{[^{}]*\}", css):
        css = re.sub(r"\{[^{}]*\}", " ", css)
    return set(re.findall(r"\.(-?[A-Za-z_][\w-]*)", css))


def _written(name: str, sources: str) -> bool:
    """True when the sources write the class, whole or as a quoted prefix a template completes
    (``'suit-' ~ suit``, ``totals_class = "screen-"``)."""
    if name in sources or name in WRITTEN_BY_HTMX:
        return True
    stems = (name[: i + 1] for i, char in enumerate(name) if char == "-")
    return any(f"'{stem}'" in sources or f'"{stem}"' in sources or f"{stem}{{{{" in sources for stem in stems)


def test_the_stylesheets_are_found() -> None:
    assert len(STYLESHEETS) >= 10, STYLESHEETS


def test_every_styled_class_is_written_by_a_template_script_or_module() -> None:
    sources = _sources()
    dead = {
        str(sheet.relative_to(ROOT)): sorted(
            name for name in _styled_classes(sheet.read_text(encoding="utf-8")) if not _written(name, sources)
        )
        for sheet in STYLESHEETS
    }
    assert {sheet: names for sheet, names in dead.items() if names} == {}
