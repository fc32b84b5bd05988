"""The web layer: Flask only. It turns requests into events and renders states; no rules here."""

from __future__ import annotations

from flask import Flask

from referee.games import GAMES, part

from . import (
    access,
    api,
    club_ratings,
    dispute,
    errors,
    health,
    heavy,
    limits,
    live,
    offline,
    pages,
    photos,
    printing,
    quick_checks,
    race,
    sharing,
    table,
    templating,
    trust,
    urls,
)
from . import director as director_web  # club nights: the director's screen (issue 17)
from .clubs import bp as clubs_pages_bp  # clubs and players' pages (issue 17)
from .clubs_api import bp as clubs_api_bp  # clubs over the API (issue 17)
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
    clubs_api_bp,
    clubs_pages_bp,
    printing.bp,
    quick_checks.bp,  # /check and the check API (issue 15)
    photos.bp,  # tiles read from a photo (issue 31)
    dispute.bp,  # the dispute report PDF
    offline.bp,  # /sw.js and the manifest (issue 16)
    race.bp,  # the race chart alone (issue 32)
    club_ratings.bp,  # a club player's rating chart (issue 32)
)


def register(app: Flask) -> None:
    urls.init_app(app)  # before the blueprints: their <int:...> segments take ASCII digits only
    trust.init_app(app)  # proxy, Secure cookies, same-origin posts
    templating.init_app(app)
    errors.init_app(app)
    access.init_app(app)  # the device cookie that holds this phone's tables
    live.init_app(app)
    race.init_app(app)  # race_chart for the templates
    heavy.init_app(app)  # at most HEAVY_AT_ONCE PDFs, records and club pages at a time per worker
    # each game's pages, from GAMES as it stands when the app is made (not when this module was imported)
    for blueprint in (*BLUEPRINTS, *(part(g, "web").bp for g in GAMES)):
        app.register_blueprint(blueprint)
    limits.init_app(app)  # last: it limits every POST endpoint registered above
