"""Template helpers: translation of rules messages, tile/card rendering, security headers."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence

from flask import Flask, Response, request, url_for
from flask_babel import get_locale, gettext

from printables.registry import printables_for
from referee.games import GAMES, package
from referee.rules import spoken
from referee.rules.numbers import shown_number
from referee.web.tables import words

from .i18n import no_honorific_for_stand_ins, say
from .pages import option_values, picked

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
)
# Sent with every answer (also the live polls answered before Flask, see live_gate.py).
SECURITY_HEADERS = (
    ("Content-Security-Policy", CSP),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),  # Origin stays real on our posts
    ("X-Frame-Options", "DENY"),
)


def game_asset(game_id: str, suffix: str) -> str:
    """The address of a game's own style sheet (``css``) or script (``js``), kept in its folder's static/."""
    pkg = package(game_id)
    return url_for(f"{pkg}.static", filename=f"{pkg}.{suffix}")


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(
        say=say, games=GAMES, printables_for=printables_for, get_locale=get_locale, new_idem=new_idem
    )
    app.jinja_env.globals.update(event_words=words.event_words, breach_words=words.breach_words)
    app.jinja_env.globals.update(entry_line=words.entry_line)
    app.jinja_env.globals["say_line"] = words.say_line
    app.jinja_env.globals["breach_sentence"] = words.breach_sentence
    app.jinja_env.filters["why"] = words.why
    app.jinja_env.filters.update(unwhy=words.unwhy, why_note=words.why_note, whole_tiles=words.whole_tiles)
    app.jinja_env.filters["no_honorific_for_stand_ins"] = no_honorific_for_stand_ins
    app.jinja_env.globals.update(option_values=option_values, picked_option=picked)
    app.jinja_env.filters["seat_names"] = lambda seats, players: gettext(", ").join(players[i] for i in seats)
    app.jinja_env.filters["sentence_names"] = sentence_names
    app.jinja_env.filters["template_dir"] = package
    app.jinja_env.globals["game_asset"] = game_asset
    # accessible names a screen reader says right: "six-four", "queen of hearts" (issue 33)
    app.jinja_env.filters["spoken_tile"] = lambda tile: spoken.tile(tile, gettext)
    app.jinja_env.filters["spoken_card"] = lambda card: spoken.card(card, gettext)
    app.jinja_env.filters["spoken_score"] = spoken_score
    app.jinja_env.globals["totals_by_side"] = totals_by_side
    app.jinja_env.filters["spoken_text"] = words.spoken_text
    # every number a page shows: −5 with the minus sign, +5 for a gain (issue 27)
    app.jinja_env.filters["number"] = shown_value
    app.jinja_env.filters["signed"] = lambda n: shown_value(n, sign=True)

    @app.after_request
    def headers(resp: Response) -> Response:
        for name, value in SECURITY_HEADERS:
            resp.headers.setdefault(name, value)
        if request.path.startswith("/t/") or request.path.startswith("/api/"):
            resp.headers.setdefault("Cache-Control", "no-store")
        resp.vary.add("HX-Request")
        resp.vary.add("Cookie")
        return resp


def new_idem() -> str:
    """A fresh idempotency key for one rendered form: a double tap sends it twice, records once."""
    return secrets.token_urlsafe(12)


def sentence_names(seats: Sequence[int], players: Sequence[str]) -> str:
    """The players of ``seats`` named in a sentence, each as a sentence names one player: Japanese
    gives every name its さん ("Akiさん、Benさん"), never only the last one after the list."""
    return gettext(", ").join(gettext("%(name)s", name=players[i]) for i in seats)


def totals_by_side(view: object) -> list[list[int]]:
    """The seats shown as one total: a partnership's (a four-player Five Up's sides, ``detail["sides"]``) when
    its players share their total, so the bar reads "Ann & Cy 11 · Ben & Dee 11" as the players do
    (newplayer11 #12: four boxes of 11 with no sign of who partners whom); else each seat alone."""
    totals = list(getattr(view, "totals", ()))
    detail = getattr(view, "detail", None)
    sides = detail.get("sides") if isinstance(detail, Mapping) else None
    if sides and 1 < len(sides) < len(totals) and all(len({totals[s] for s in side}) == 1 for side in sides):
        return [list(side) for side in sides]
    return [[seat] for seat in range(len(totals))]


def spoken_score(totals: Sequence[int]) -> str:
    """Two sides' totals as a screen reader says them ("66 to 40")."""
    mine, theirs = totals
    return spoken.score(mine, theirs, gettext)


def shown_value(value: object, *, sign: bool = False) -> str:
    """A value of a view as a page shows it: a number as a player writes it (``shown_number``), and
    anything else as it is (a game may hide a seat's number from the others as "?")."""
    if isinstance(value, int) and not isinstance(value, bool):
        return shown_number(value, sign=sign)
    return str(value)
