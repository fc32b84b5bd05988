"""Translation catalogues per area: ``core`` and one per game, so parallel work never edits one file.

``update()`` extracts every marked message (``_``, ``gettext``, templates' ``_``) from the area's
files into ``referee/translations/<area>/ja/LC_MESSAGES/messages.po``, keeping translations;
``untranslated()`` lists what still lacks Japanese. Run via ``flask --app wsgi i18n update|check``.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = ROOT / "referee" / "translations"
LOCALES = ("ja",)
GAME_AREAS = {
    "club": ("session", "director", "club"),  # club nights (issue 17): sessions, the director's screen
    "bingo": ("bingo",),
    "five_up": ("five_up",),
    "ninety_nine": ("ninety_nine",),
    "trick_de_bingo": ("trick_de_bingo", "conditions"),
    "bead_game": ("bead_game",),
    "disputes": ("moment", "dispute", "quick_check", "ninety_nine/rules/quick_check", "ninety_nine/rules/deal_quick_check"),  # issue 15: time travel, report, /check
}
KEYWORDS = {"_": None, "gettext": None, "lazy_gettext": None, "ngettext": (1, 2), "counted": (1, 2)}


def area_of(path: Path) -> str:
    """``core``, or the game whose name appears in the file's path."""
    rel = path.relative_to(ROOT).as_posix()
    # Longest name first: "trick_de_bingo" also contains "bingo".
    pairs = sorted(
        ((name, area) for area, names in GAME_AREAS.items() for name in names), key=lambda p: -len(p[0])
    )
    for name, area in pairs:
        if name in rel:
            return area
    return "core"


def source_files() -> list[Path]:
    files = [
        *ROOT.glob("referee/**/*.py"),
        *ROOT.glob("printables/**/*.py"),
        *ROOT.glob("templates/**/*.html"),
        *ROOT.glob("referee/games/*/templates/**/*.html"),
    ]
    return sorted(f for f in files if "translations" not in f.parts)


def extract(area: str) -> Catalog:
    catalog = Catalog(locale=None, project="referee")
    for path in source_files():
        if area_of(path) != area:
            continue
        method = "jinja2" if path.suffix == ".html" else "python"
        options = {"extensions": "jinja2.ext.do"} if method == "jinja2" else {}
        for lineno, message, comments, _context in extract_from_file(method, path, KEYWORDS, options=options):
            catalog.add(
                message, locations=[(path.relative_to(ROOT).as_posix(), lineno)], auto_comments=comments
            )
    return catalog


def po_path(area: str, locale: str) -> Path:
    return CATALOGS / area / locale / "LC_MESSAGES" / "messages.po"


def update() -> list[Path]:
    """Bring every area's catalogue up to date with the source; returns the files written."""
    written = []
    for area in ("core", *GAME_AREAS):
        template = extract(area)
        for locale in LOCALES:
            path = po_path(area, locale)
            if path.exists():
                with path.open("rb") as f:
                    catalog = read_po(f, locale=locale)
            elif len(template):
                catalog = Catalog(locale=locale, project="referee")
            else:
                continue
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as f:
                write_po(f, catalog, width=0, omit_header=False, sort_output=False)
            written.append(path)
    return written


def untranslated() -> dict[str, list[str]]:
    """Area -> msgids found in the source with no (or a fuzzy) Japanese translation."""
    missing: dict[str, list[str]] = {}
    for area in ("core", *GAME_AREAS):
        translated: set[str] = set()  # msgids with every form translated
        path = po_path(area, "ja")
        if path.exists():
            with path.open("rb") as f:
                for message in read_po(f):
                    forms = message.string if isinstance(message.string, tuple) else (message.string,)
                    if message.id and all(forms) and not message.fuzzy:  # every plural form too
                        translated.add(message.id if isinstance(message.id, str) else message.id[0])
        for message in extract(area):
            key = message.id if isinstance(message.id, str) else message.id[0]
            if key and key not in translated:
                missing.setdefault(area, []).append(key)
    return missing
