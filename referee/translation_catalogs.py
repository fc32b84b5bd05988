"""Translation catalogues per area: ``core``, two shared areas and one per game, so parallel work
never edits one file.

A game's catalogue lives in its folder (``referee/games/<game>/translations/``) and holds the messages
of the folder's files: a game brings its own Japanese, and adding one edits no list here. The shared
areas (``core``'s and ``SHARED_AREAS``') live under ``referee/translations/<area>/``.

``update()`` extracts every marked message (``_``, ``gettext``, templates' ``_``) from the area's
files into the area's ``ja/LC_MESSAGES/messages.po``, keeping translations; ``untranslated()`` lists
what still lacks Japanese. Run via ``flask --app wsgi i18n update|check``.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from referee.games import GAMES, package

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = ROOT / "referee" / "translations"
LOCALES = ("ja",)
SHARED_AREAS = {
    "club": ("session", "director", "club"),  # club nights (issue 17): sessions, the director's screen
    "disputes": ("moment", "dispute", "quick_check"),  # issue 15: time travel, report, /check (a game's too)
}
"""Areas that are no game's, by a word in a file's path (within its game's folder, for a game's file)."""
KEYWORDS = {"_": None, "gettext": None, "lazy_gettext": None, "ngettext": (1, 2), "counted": (1, 2)}


def game_folders() -> dict[str, Path]:
    """Each game's area (its package name) and folder, wherever its package lies."""
    folders = {}
    for game_id in GAMES:
        area = package(game_id)
        folders[area] = Path(importlib.import_module(f"referee.games.{area}").__path__[0]).resolve()
    return folders


def areas() -> tuple[str, ...]:
    return ("core", *SHARED_AREAS, *game_folders())


def area_of(path: Path, folders: dict[str, Path] | None = None) -> str:
    """A shared area whose word is in the file's path, else the game whose folder holds it, else ``core``.
    ``folders``: ``game_folders()``, when the caller has them already."""
    path = path.resolve()
    found = ((a, f) for a, f in (folders or game_folders()).items() if path.is_relative_to(f))
    area, inside = next(found, ("core", ROOT))
    rel = path.relative_to(inside).as_posix()
    return next((shared for shared, words in SHARED_AREAS.items() if any(w in rel for w in words)), area)


def source_files(folders: dict[str, Path] | None = None) -> list[Path]:
    files = {
        *ROOT.glob("referee/**/*.py"),
        *ROOT.glob("printables/**/*.py"),
        *ROOT.glob("templates/**/*.html"),
        *(f for folder in (folders or game_folders()).values() for f in (*folder.rglob("*.py"), *folder.rglob("*.html"))),
    }
    return sorted(f for f in files if "translations" not in f.parts)


def directories() -> list[Path]:
    """The folders whose ``<locale>/LC_MESSAGES/messages.po`` the app reads, one per area that has one."""
    found = [CATALOGS / area for area in ("core", *SHARED_AREAS)]
    found += [folder / "translations" for folder in game_folders().values()]
    return [d for d in found if d.is_dir()]


def extract(area: str) -> Catalog:
    catalog = Catalog(locale=None, project="referee")
    folders = game_folders()
    for path in source_files(folders):
        if area_of(path, folders) != area:
            continue
        method = "jinja2" if path.suffix == ".html" else "python"
        options = {"extensions": "jinja2.ext.do"} if method == "jinja2" else {}
        for lineno, message, comments, _context in extract_from_file(method, path, KEYWORDS, options=options):
            catalog.add(
                message, locations=[(_shown(path), lineno)], auto_comments=comments
            )
    return catalog


def _shown(path: Path) -> str:
    """A file as a catalogue's location line names it: from the repository's root."""
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.as_posix()


def po_path(area: str, locale: str) -> Path:
    folder = game_folders().get(area)
    return (folder / "translations" if folder else CATALOGS / area) / locale / "LC_MESSAGES" / "messages.po"


def update() -> list[Path]:
    """Bring every area's catalogue up to date with the source; returns the files written."""
    written = []
    for area in areas():
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
    return {area: missing for area in areas() if (missing := untranslated_in(area))}


def untranslated_in(area: str) -> list[str]:
    """The msgids of one area's source with no (or a fuzzy) Japanese translation: one area's extraction
    only, so a check per area does not extract every area each time."""
    translated: set[str] = set()  # msgids with every form translated
    path = po_path(area, "ja")
    if path.exists():
        with path.open("rb") as f:
            for message in read_po(f):
                forms = message.string if isinstance(message.string, tuple) else (message.string,)
                if message.id and all(forms) and not message.fuzzy:  # every plural form too
                    translated.add(message.id if isinstance(message.id, str) else message.id[0])
    keys = (message.id if isinstance(message.id, str) else message.id[0] for message in extract(area))
    return [key for key in keys if key and key not in translated]
