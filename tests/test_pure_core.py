"""The core is pure by construction, not by convention: importing the rules and the printables loads
neither Flask nor SQLAlchemy. Run in a fresh interpreter, since this test process has loaded both."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _loaded_after_import(modules: list[str], alone: tuple[str, ...] = ()) -> set[str]:
    """Top-level packages present in ``sys.modules`` after importing ``modules`` and their submodules,
    and the modules ``alone`` without their submodules."""
    code = (
        "import importlib, pkgutil, sys\n"
        f"for name in {alone!r}:\n"
        "    importlib.import_module(name)\n"
        f"for name in {modules!r}:\n"
        "    mod = importlib.import_module(name)\n"
        "    for info in pkgutil.walk_packages(getattr(mod, '__path__', []), name + '.'):\n"
        "        importlib.import_module(info.name)\n"
        "print(' '.join(sorted({m.partition('.')[0] for m in sys.modules})))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_rules_and_printables_load_without_flask_or_sqlalchemy() -> None:
    """Every module of referee.rules, of each game's rules and printables, and printables imports with no
    web or database library loaded; so do the games' list and each game's descriptor."""
    games = sorted(p.name for p in (ROOT / "referee" / "games").iterdir() if (p / "rules").is_dir())
    loaded = _loaded_after_import(
        ["referee.rules", "printables", *(f"referee.games.{g}.rules" for g in games)],
        alone=("referee.games", *(f"referee.games.{g}.printables" for g in games)),
    )
    assert len(games) == 6
    assert not loaded & {"flask", "sqlalchemy", "flask_sqlalchemy", "werkzeug", "alembic"}



# The web's extensions and the libraries only they load: the store needs none of them.
WEB_EXTENSIONS = {"flask_wtf", "wtforms", "flask_htmx", "flask_babel", "babel", "flask_limiter", "flask_migrate"}


def test_the_store_loads_the_database_layer_and_no_web_extension() -> None:
    """Every module of referee.store imports with SQLAlchemy (its database layer) and none of the web's
    Flask extensions: they are made in referee/extensions.py, the database handle in store/database.py."""
    loaded = _loaded_after_import(["referee.store"])
    assert {"sqlalchemy", "flask_sqlalchemy"} <= loaded
    assert not loaded & WEB_EXTENSIONS


# What only a few requests or commands use, loaded when they run: the photo reader (OpenCV, numpy), a
# printed QR code's matrix (numpy), the migrations (Flask-Migrate, alembic and with it mako and pygments).
LOADED_WHEN_USED = {"cv2", "numpy", "flask_migrate", "alembic", "mako", "pygments"}


def test_the_served_app_loads_the_photo_reader_qr_matrices_and_migrations_only_when_used() -> None:
    """Importing ``wsgi`` (gunicorn's app, made by each worker and by its heavy reads' child) loads none
    of them: they cost ~0.4 CPU-s per process, paid four times per gunicorn start and in every test
    process, where most processes never read a photo, print a code or migrate."""
    loaded = _loaded_after_import([], alone=("wsgi",))
    assert {"flask", "referee", "printables"} <= loaded
    assert loaded & LOADED_WHEN_USED == set()
