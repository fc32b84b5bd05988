"""Reading a JSON request body (the API) or an uploaded record (the import page) without surprises.

Python's parser raises RecursionError on deeply nested input and reads ``NaN``/``Infinity``, which
are not JSON and which PostgreSQL's jsonb refuses: they become a MalformedEvent (400) that says what is
wrong, like any other text that is not JSON (``NOT_JSON`` codes).
"""

from __future__ import annotations

from typing import Any

from flask import request

from referee.rules.base import MalformedEvent, _
from referee.rules.forms import parse_json

NOT_JSON = frozenset({"bad_json", "json_too_deep"})


def json_body() -> Any:
    """The request's JSON body (Content-Type application/json), or MalformedEvent("bad_json")."""
    if not request.is_json:
        raise MalformedEvent("bad_json", _("The request body must be JSON."))
    return parse_json(request.get_data(cache=True))


def json_object() -> dict[str, Any]:
    """The request's JSON body, which must be an object (a new table, a new session)."""
    body = json_body()
    if not isinstance(body, dict):
        raise MalformedEvent("bad_json", _("The request body must be a JSON object."))
    return body


def confirm_corrections(body: dict[str, Any]) -> bool:
    """A new table's ``confirm_corrections`` (absent: off), read strictly as every field is: true or
    false, not "yes" or 1, and before the table is made, so a refused body makes no table."""
    confirm = body.get("confirm_corrections", False)
    if not isinstance(confirm, bool):
        raise MalformedEvent("bad_option", _("confirm_corrections is true or false."))
    return confirm
