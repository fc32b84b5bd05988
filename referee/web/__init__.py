"""The web layer: Flask only. It turns requests into events and renders states; no rules here."""

from __future__ import annotations

from flask import Blueprint, Flask

from referee.games import GAMES, part
from referee.web.club import director as director_web  # club nights: the director's screen (issue 17)
from referee.web.club import ratings as club_ratings
from referee.web.club.api import bp as clubs_api_bp  # clubs over the API (issue 17)
from referee.web.club.pages import bp as clubs_pages_bp  # clubs and players' pages (issue 17)
from referee.web.club.sessions import bp as sessions_bp  # club nights: the sessions API (issue 17)
from referee.web.json_api import openapi, photos
from referee.web.json_api import tables as api
from referee.web.site import errors, health, heavy, limits, offline, pages, refusals, templating, trust, urls
from referee.web.tables import access, dispute, printing, quick_checks, race, sharing
from referee.web.tables import pages as table
from referee.web.updates import pages as live


def blueprints() -> tuple[Blueprint, ...]:
    """Every blueprint, each game's pages among them, read when an app is made: a game in ``GAMES`` by
    then has its pages, even where this package was imported before it was added."""
    return (
        health.bp,  # /healthz, no database
        live.bp,
        sharing.bp,
        pages.bp,
        table.bp,
        api.bp,
        openapi.bp,  # /api/openapi.json
        sessions_bp,
        director_web.bp,
        clubs_api_bp,
        clubs_pages_bp,
        printing.bp,
        *(part(g, "web").bp for g in GAMES),  # each game's pages
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
    refusals.init_app(app)  # a refusal reaches the app's own pages as a 200 that names it (issue 27)
    access.init_app(app)  # the device cookie that holds this phone's tables
    live.init_app(app)
    heavy.init_app(app)  # at most HEAVY_AT_ONCE PDFs, records and club pages at a time per worker
    for blueprint in blueprints():
        app.register_blueprint(blueprint)
    limits.init_app(app)  # last: it limits every POST endpoint registered above
