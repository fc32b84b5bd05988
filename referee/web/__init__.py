"""The web layer: Flask only. It turns requests into events and renders states; no rules here."""

from __future__ import annotations

from flask import Flask

from . import api, pages, printing, table, templating


def register(app: Flask) -> None:
    templating.init_app(app)
    app.register_blueprint(pages.bp)
    app.register_blueprint(table.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(printing.bp)
