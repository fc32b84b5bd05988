"""The Flask app factory: the only place where the web, the store and the extensions meet.

It lives apart from ``referee/__init__.py`` so that importing the pure core (``referee.rules``) or
``printables`` never loads Flask or SQLAlchemy.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask
from flask.json.provider import DefaultJSONProvider

ROOT = Path(__file__).resolve().parent.parent


class JSONProvider(DefaultJSONProvider):
    """Flask's JSON, which also writes a read-only mapping as an object: a view may hold one that makes
    its values when read (``referee.rules.made_when_read``: a game's score sheet row or flip whose detail
    only the API reads), so a page pays only for what it shows and the API still writes every key."""

    @staticmethod
    def default(o: Any) -> Any:
        if isinstance(o, Mapping):
            return dict(o)
        return DefaultJSONProvider.default(o)


def create_app(overrides: dict[str, Any] | None = None) -> Flask:
    """The app, configured from the environment (REFEREE_*) and then ``overrides``."""
    from referee.web.site.i18n import compile_catalogs, select_locale, translation_directories

    from . import cli, config
    from .extensions import babel, csrf, db, htmx
    from .store.pool_health import ping_after_idle
    from .web import register

    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    app.json = JSONProvider(app)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.config.update(config.from_environment(app.instance_path))
    app.config.update(overrides or {})
    config.check(app.config)

    compile_catalogs()
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = ";".join(translation_directories())
    db.init_app(app)
    with app.app_context():
        for engine in db.engines.values():
            ping_after_idle(engine)
    babel.init_app(app, locale_selector=select_locale)
    csrf.init_app(app)
    htmx.init_app(app)
    register(app)
    cli.init_app(app, migrations=ROOT / "migrations")
    return app
