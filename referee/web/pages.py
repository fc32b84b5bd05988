"""Pages outside a table: the game list, starting a table, importing a record, the language switch."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, abort, current_app, make_response, redirect, render_template, request, url_for
from flask_babel import gettext

from ..rules import game as find_game
from ..rules.base import Game, Option, RuleError
from ..store.record import RecordError, parse_record
from ..store.sharing import set_confirm_corrections
from ..store.tables import create_table, import_record
from .access import remember_links
from .i18n import COOKIE, explain

bp = Blueprint("pages", __name__)


@bp.get("/")
def home():
    return render_template("home.html")


@bp.route("/new/<game_id>", methods=["GET", "POST"])
def new_table(game_id: str):
    try:
        game = find_game(game_id)
    except RuleError:
        abort(404)
    error = None
    if request.method == "POST":
        players = [p for p in request.form.getlist("players") if p.strip()]
        options = option_values(game, request.form)
        try:
            created = create_table(game.id, players, options)
        except RuleError as err:
            error = explain(err)
        else:
            remember_links(created.table.id, created.scorer_token, created.seat_tokens)
            if request.form.get("confirm_corrections"):
                set_confirm_corrections(created.table, True)
            return redirect(url_for("table.show", table_id=created.table.id))
    status = 422 if error else 200
    return render_template("new_table.html", game=game, error=error, form=request.form), status


def option_values(game: Game, form: Mapping[str, Any] | None) -> dict[str, Any]:
    """Each option's value as the new-table form gives it (the defaults before it is posted).

    A yes/no option is off unless ticked; options of a group come from the group's radio button
    (``handSize=handSize5All``), or, as before, from their own ids."""
    values: dict[str, Any] = {}
    for opt in game.options:
        if not form:
            values[opt.id] = opt.default
        elif opt.group is not None and opt.group.id in form:
            values[opt.id] = form.get(opt.group.id) == opt.id
        elif opt.choices is None:
            values[opt.id] = str(form.get(opt.id, "false")).lower() in ("true", "on", "1", "yes")
        else:
            values[opt.id] = form.get(opt.id, opt.default)
    return values


def picked(values: Mapping[str, Any], members: list[Option]) -> str | None:
    """The id of the group member that is on, if any."""
    return next((opt.id for opt in members if values.get(opt.id) is True), None)


@bp.route("/import", methods=["GET", "POST"])
def import_page():
    error = None
    if request.method == "POST":
        upload = request.files.get("record")
        text = (
            upload.read().decode("utf-8", "replace")
            if upload and upload.filename
            else request.form.get("text", "")
        )
        try:
            raw = json.loads(text)
        except ValueError:
            error = gettext("This file is not JSON: a record is a .json file exported from referee.")
        else:
            try:
                created = import_record(parse_record(raw))
            except RecordError as err:
                error = explain(err)
                if err.index is not None:
                    error = gettext("Event %(n)s: %(message)s", n=err.index + 1, message=error)
            else:
                remember_links(created.table.id, created.scorer_token, created.seat_tokens)
                return redirect(url_for("table.show", table_id=created.table.id))
    return render_template("import.html", error=error), 422 if error else 200


@bp.get("/lang/<code>")
def set_language(code: str):
    if code not in current_app.config["LANGUAGES"]:
        abort(404)
    target = request.args.get("next", "/")
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/"):
        target = "/"
    resp = make_response(redirect(target))
    resp.set_cookie(COOKIE, code, max_age=365 * 24 * 3600, samesite="Lax")
    return resp
