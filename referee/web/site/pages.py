"""Pages outside a table: the game list, starting a table, importing a record, the language switch."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, abort, current_app, make_response, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import format_timedelta, gettext
from werkzeug.datastructures import MultiDict

from referee.games import game as find_game
from referee.rules.base import Game, Option, RuleError
from referee.rules.forms import form_option, parse_json
from referee.store import devices
from referee.store.record import ParsedRecord, RecordError, parse_record
from referee.store.sharing import set_confirm_corrections
from referee.store.tables import create_table, current, get_table, import_record
from referee.web.page import render_page
from referee.web.tables.access import device_secret, remember_links
from referee.web.tables.presenting import TableLine

from .i18n import COOKIE, explain

bp = Blueprint("pages", __name__)

HOME_TABLES = 30  # listed on the home page; the rest behind "show all"


@dataclass(frozen=True)
class HeldTable:
    """A table this phone holds, on the home page: its id, where it stands now, how long ago it was last played."""

    id: str
    line: TableLine
    ago: str


@dataclass(frozen=True)
class HomePage:
    """The games to start and the tables this phone holds (``hidden`` more behind "show all")."""

    held: tuple[HeldTable, ...]
    hidden: int


@dataclass(frozen=True)
class NewTablePage:
    """A game's new-table form: the refusal of the last try and what it sent (empty at first)."""

    game: Game[Any, Any]
    error: str | None
    form: MultiDict[str, str]


@dataclass(frozen=True)
class ImportPage:
    """The import form: the refusal of the record pasted, and that record, kept to be mended."""

    error: str | None
    pasted: str

@bp.get("/")
def home() -> str:
    """The games to start, and first the tables this phone created or joined (newest activity first)."""
    secret = device_secret()
    held = devices.held_tables(secret) if secret else []
    shown = held if request.args.get("all") else held[:HOME_TABLES]
    now = datetime.now(UTC).replace(tzinfo=None)
    tables = tuple(
        HeldTable(h.table.id, TableLine.of(current(h.table)), format_timedelta(h.last_activity - now, add_direction=True))
        for h in shown
    )
    return render_page("home.html", HomePage(tables, len(held) - len(shown)))

@bp.post("/forget/<table_id>")
def forget_table(table_id: str) -> ResponseReturnValue:
    """This phone stops holding the table's links (the table itself and other phones are untouched)."""
    secret = device_secret()
    if secret and get_table(table_id) is not None:
        devices.forget(secret, table_id)
    return redirect(url_for("pages.home"))

@bp.route("/new/<game_id>", methods=["GET", "POST"])
def new_table(game_id: str) -> ResponseReturnValue:
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
    return render_page("new_table.html", NewTablePage(game, error, request.form)), status


def option_values(game: Game[Any, Any], form: Mapping[str, Any] | None) -> dict[str, Any]:
    """Each option's value as the new-table form gives it (the defaults before it is posted).

    A yes/no option is off unless ticked; options of a group come from the group's radio button
    (``handSize=handSize5All``), or, as before, from their own ids."""
    values: dict[str, Any] = {}
    for opt in game.options:
        if not form:
            values[opt.id] = opt.default
        elif opt.group is not None and opt.group.id in form:
            values[opt.id] = form.get(opt.group.id) == opt.id
        else:  # an unticked checkbox is not posted: off
            values[opt.id] = form_option(opt, form.get(opt.id, "false" if opt.is_switch else opt.default))
    return values


def picked(values: Mapping[str, Any], members: list[Option]) -> str | None:
    """The id of the group member that is on, if any."""
    return next((opt.id for opt in members if values.get(opt.id) is True), None)


@bp.route("/import", methods=["GET", "POST"])
def import_page() -> ResponseReturnValue:
    error, pasted = None, ""
    if request.method == "POST":
        parsed, error, pasted = posted_record()
        if parsed is not None:
            created = import_record(parsed)
            remember_links(created.table.id, created.scorer_token, created.seat_tokens)
            return redirect(url_for("table.show", table_id=created.table.id))
    return render_page("import.html", ImportPage(error, pasted)), 422 if error else 200


def posted_record() -> tuple[ParsedRecord | None, str | None, str]:
    """The record a form sends (its file, else its pasted text), checked whole by ``parse_record``:
    ``(record, None, pasted)``, or ``(None, why not in the reader's words, pasted)`` so the page shows
    the pasted text again to mend. The import page and the director's screen read records this way."""
    pasted = request.form.get("text", "")
    upload = request.files.get("record")
    text = upload.read().decode("utf-8", "replace") if upload and upload.filename else pasted
    if not text.strip():
        return None, gettext("Choose a record file or paste a record."), pasted
    try:
        raw = parse_json(text)
    except RuleError as err:
        if err.code == "json_too_deep":
            return None, explain(err), pasted
        return None, gettext("This file is not JSON: a record is a .json file exported from referee."), pasted
    try:
        return parse_record(raw), None, pasted
    except RecordError as err:
        error = explain(err)
        if err.index is not None:
            error = gettext("Entry %(n)s: %(message)s", n=err.index + 1, message=error)
        return None, error, pasted

@bp.get("/lang/<code>")
def set_language(code: str) -> ResponseReturnValue:
    if code not in current_app.config["LANGUAGES"]:
        abort(404)
    target = request.args.get("next", "/")
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/"):
        target = "/"
    resp = make_response(redirect(target))
    resp.set_cookie(COOKIE, code, max_age=365 * 24 * 3600, samesite="Lax", secure=request.is_secure)
    return resp
