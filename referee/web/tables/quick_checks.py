"""Quick checks without a recorded game: ``/check``, a question settled by tapping what lies on the table.

Each game brings its own checks (its ``web.QUICK_CHECKS``, each a :class:`QuickCheck`: how its form is
read into its question, how its game's rules answer that, and the template that asks and answers); this
page lists them, a loop over the games, and runs the one whose form was sent. A check may also be an API
operation of its game's (``openapi``: its part of /api/openapi.json); its form is then read into the
API's request body, so the page and the API ask the rules the same question.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from flask import Blueprint, request
from flask_babel import LazyString
from werkzeug.datastructures import MultiDict

from referee.games import GAMES, part
from referee.rules.base import MalformedEvent, RuleError, _
from referee.rules.forms import FormData
from referee.rules.numbers import LARGEST, whole_number
from referee.web.page import render_page
from referee.web.site.i18n import explain

from . import service

bp = Blueprint("quick_check", __name__)


Q = TypeVar("Q")
"""A check's question: what its form asks its game's rules (its API's request body, when it has an API)."""


@dataclass(frozen=True)
class QuickCheck(Generic[Q]):
    """One question of the check page. ``id`` is its form's ``check`` value and its section's id; ``tab`` the name of its tab;
    ``read(form)`` is the question its form posted (a RuleError says why it cannot be read, a box
    holding no number); ``answer(question)`` is what its template shows as ``result`` (a RuleError says
    why not); ``template`` asks and answers it (it calls ``check`` of quick_check/_macros.html); ``place`` orders
    the page (smallest first); ``slots`` is how many repeated inputs its form has; ``head`` a template
    for the page's head, if it needs one; ``openapi(error)`` its API operations, if it has any."""

    id: str
    tab: LazyString  # its tab's label on the page (one check is shown at a time)
    read: Callable[[FormData], Q]
    answer: Callable[[Q], dict[str, Any]]
    template: str
    place: int
    slots: int = 0
    head: str | None = None
    openapi: Callable[[dict[str, Any]], dict[str, Any]] | None = None


@dataclass(frozen=True)
class CheckPage:
    """The check page: every check, the form sent (empty at first) and which check it asked
    (``kind``), and that check's answer or why there is none."""

    checks: list[QuickCheck[Any]]
    form: MultiDict[str, str]
    kind: str | None
    result: Any
    error: str | None


def quick_checks() -> list[QuickCheck[Any]]:
    """Every game's checks, in the page's order."""
    found: list[QuickCheck[Any]] = [c for game_id in GAMES for c in part(game_id, "web").QUICK_CHECKS]
    return sorted(found, key=lambda c: c.place)


def number(form: FormData, name: str) -> int | None:
    """A number box of a check form: None when left empty, its value when it holds ASCII digits,
    else a RuleError that says so (never a guess)."""
    raw = form.get(name, "").strip()
    if not raw:
        return None
    found = whole_number(raw)
    if found is None:
        message = _("%(value)s is not a number: use the digits 0 to 9.")
        raise MalformedEvent("not_a_number", message, value=raw[:20])
    return found


@bp.route("/check", methods=["GET", "POST"])
def page() -> tuple[str, int]:
    """The check page: one form per question; the answer shows above the form that asked."""
    checks = quick_checks()
    result, error, status, kind = None, None, 200, None
    form = service.sent() if request.method == "POST" else MultiDict()
    if request.method == "POST":
        asked = {c.id: c for c in checks}.get(form.get("check", ""), checks[0])
        kind = asked.id
        try:
            result = asked.answer(asked.read(form))
        except RuleError as err:
            error, status = explain(err), 422
    return render_page("quick_check/page.html", CheckPage(checks, form, kind, result, error)), status


def openapi_paths(error: dict[str, Any]) -> dict[str, Any]:
    """The checks' operations for /api/openapi.json."""
    return {path: operation for c in quick_checks() if c.openapi for path, operation in c.openapi(error).items()}


MOMENT_PARAMETER = {
    "name": "at",
    "in": "query",
    "required": False,
    "schema": {"type": "integer", "minimum": 0, "maximum": LARGEST},
    "description": "time travel: the state exactly as the table answered when its seq was this (0..seq), "
    "with the same redaction for the caller's role; 422 outside 0..seq",
}
