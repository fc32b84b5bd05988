"""referee: a table-side referee and score keeper for games played with real dominoes and cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask
from sqlalchemy import event
from sqlalchemy.engine import Engine

ROOT = Path(__file__).resolve().parent.parent


def create_app(overrides: dict[str, Any] | None = None) -> Flask:
    """The app, configured from the environment (REFEREE_*) and then ``overrides``."""
    from . import cli, config
    from .extensions import babel, csrf, db, htmx, migrate
    from .web import register
    from .web.i18n import compile_catalogs, select_locale, translation_directories

    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.config.update(config.from_environment(app.instance_path))
    app.config.update(overrides or {})
    config.check(app.config)

    compile_catalogs()
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = ";".join(translation_directories())
    db.init_app(app)
    migrate.init_app(app, db, directory=str(ROOT / "migrations"))
    babel.init_app(app, locale_selector=select_locale)
    csrf.init_app(app)
    htmx.init_app(app)
    register(app)
    cli.init_app(app)
    return app


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection, _record) -> None:
    """SQLite: WAL for concurrent readers, FULL sync so an acknowledged write survives a crash."""
    if type(dbapi_connection).__module__.startswith("sqlite3"):
        cur = dbapi_connection.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=FULL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=5000")
        cur.close()
