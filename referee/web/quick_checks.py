"""Quick checks without a recorded game: ``/check`` (tap tiles) and ``POST /api/v1/checks/bingo-claim``.

The rules answer (referee/rules/bingo/quick_check.py settles the told deal with the deal scoring);
this module only reads the request, puts the breakdown into the reader's language and renders it.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, render_template, request
from flask_babel import gettext
from werkzeug.datastructures import MultiDict

from ..extensions import csrf
from ..rules.base import RuleError, _
from ..rules.bingo.quick_check import SCORING_OPTIONS, ClaimCheck, check_claim, name_seats
from .i18n import explain, say
from .state import error_json

bp = Blueprint("quick_check", __name__)


def seat_names() -> tuple[str, str]:
    return gettext("Player 1"), gettext("Player 2")


def lines_in_words(result: ClaimCheck, names: tuple[str, ...]) -> list[str]:
    """The breakdown in the request's language, players by name, declaration names translated."""
    out = []
    for msg, params in name_seats(result.lines, names):
        if "name" in params:
            params = {**params, "name": gettext(params["name"])}
        out.append(say(msg, params))
    return out


@bp.post("/api/v1/checks/bingo-claim")
@csrf.exempt
def bingo_claim_api() -> Response:
    body = request.get_json(silent=True)
    if body is None:
        resp = jsonify(error_json(RuleError("bad_json", _("The request body must be JSON."))))
        resp.status_code = 400
        return resp
    try:
        result = check_claim(body)
    except RuleError as err:
        resp = jsonify(error_json(err))
        resp.status_code = 422
        return resp
    return jsonify(
        points=list(result.points),
        correct=result.correct,
        winner=result.winner,
        gamePoints=result.game_points,
        lines=lines_in_words(result, seat_names()),
    )


def claim_from_form(form: MultiDict[str, str]) -> dict[str, Any]:
    """The API's request from the check page's form (tile pickers post lists of tiles)."""
    declared: list[list[list[str]]] = [[], []]
    for seat in (0, 1):
        for group in ("a", "b"):
            doubles = form.getlist(f"decl{seat}{group}")
            if doubles:
                declared[seat].append(doubles)
    closed = None
    if form.get("closed_by") in ("0", "1"):
        closed = {
            "by": int(form["closed_by"]),
            "opponentPoints": form.get("close_points", type=int) or 0,
            "opponentHadTrick": form.get("close_trick") == "yes",
        }
    last = form.get("last")
    return {
        "trump": form.get("trump", type=int),
        "claimer": form.get("claimer", type=int),
        "won": [form.getlist("won0"), form.getlist("won1")],
        "declarations": declared,
        "lastTrick": int(last) if last in ("0", "1") else None,
        "closed": closed,
        "options": {name: form.get(name) == "true" for name in SCORING_OPTIONS},
    }


@bp.route("/check", methods=["GET", "POST"])
def page() -> tuple[str, int]:
    """The check page: the Bingo claim by tapping tiles; the answer under the form."""
    result, error, status = None, None, 200
    form = request.form if request.method == "POST" else MultiDict()
    if request.method == "POST":
        try:
            checked = check_claim(claim_from_form(request.form))
        except RuleError as err:
            error, status = explain(err), 422
        else:
            result = {"check": checked, "lines": lines_in_words(checked, seat_names())}
    return render_template(
        "quick_check/page.html", form=form, result=result, error=error, names=seat_names()
    ), status
