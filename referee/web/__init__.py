"""The web layer: Flask only. It turns requests into events and renders states; no rules here."""

from __future__ import annotations

from flask import Flask

from . import api, errors, health, limits, live, pages, printing, sharing, table, templating
from . import bead_game as bead_game_web
from . import bingo as bingo_web
from . import director as director_web  # club nights: the director's screen (issue 17)
from . import five_up as five_up_web
from . import trick_de_bingo as trick_de_bingo_web
from .sessions import bp as sessions_bp  # club nights: the sessions API (issue 17)

BLUEPRINTS = (
    health.bp,  # /healthz, no database
    live.bp,
    sharing.bp,
    pages.bp,
    table.bp,
    api.bp,
    sessions_bp,
    director_web.bp,
    printing.bp,
    bingo_web.bp,
    five_up_web.bp,
    trick_de_bingo_web.bp,
    bead_game_web.bp,
)


def register(app: Flask) -> None:
    templating.init_app(app)
    errors.init_app(app)
    live.init_app(app)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    limits.init_app(app)  # last: it limits every POST endpoint registered above
