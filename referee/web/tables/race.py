"""``GET /t/<id>/race.svg``: the race chart of a table (issue 32, race_chart.py) alone, for any link of
the table, as the table page shows it."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, request

from referee.rules.base import RuleError
from referee.rules.numbers import LARGEST
from referee.store.moments import check_moment, state_at
from referee.store.tables import current
from referee.web.site.i18n import explain
from referee.web.tables import service

from .race_chart import race_chart

bp = Blueprint("race", __name__)


@bp.get("/t/<table_id>/race.svg")
def chart(table_id: str) -> Response:
    """The race chart alone, as on the table page (any link of the table: it shows only the public);
    ``?at=K``: the race as it stood after log line K, as on the moment page ``/t/<id>?at=K``."""
    found = service.find(table_id) or abort(404)
    table, access = found
    rep = current(table)
    if "at" in request.args:
        try:
            rep = state_at(table, check_moment(request.args["at"], rep.last_seq))
        except RuleError as err:
            return Response(explain(err), status=422, mimetype="text/plain")
    return Response(race_chart(rep, access).svg(), mimetype="image/svg+xml")


def openapi_paths() -> dict[str, Any]:
    """The chart's operation for /api/openapi.json."""
    return {
        "/t/{table_id}/race.svg": {
            "get": {
                "summary": "The race chart of a table (any link of it): running totals per deal, hand or round, as on the table page",
                "description": "With ?at=K, the race as it stood after log line K, as on the moment page /t/{table_id}?at=K.",
                "parameters": [
                    {"name": "table_id", "in": "path", "required": True, "schema": {"type": "string"}},
                    {
                        "name": "at",
                        "in": "query",
                        "required": False,
                        "schema": {"type": "integer", "minimum": 0, "maximum": LARGEST},
                        "description": "a moment: the race as it stood after log line K (0: before anything was "
                        "recorded, up to the table's last log line); beyond the last line, or not a whole number, 422",
                    },
                ],
                "responses": {
                    "200": {
                        "description": "an SVG image (role img, its title and a one-sentence summary), in the request's language",
                        "content": {"image/svg+xml": {"schema": {"type": "string"}}},
                    },
                    "404": {"description": "no such table"},
                    "422": {
                        "description": "no such moment: a sentence saying which moments the table has, in the request's language",
                        "content": {"text/plain": {"schema": {"type": "string"}}},
                    },
                },
            }
        }
    }
