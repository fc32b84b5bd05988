"""Refusals that happen before a view runs, answered in the reader's language.

A body over ``MAX_CONTENT_LENGTH`` (or a form over ``MAX_FORM_MEMORY_SIZE``) is refused by Werkzeug
with 413 while the request is read, possibly before any view (the CSRF check reads the form first):
the API gets its JSON error, a page a short page that says what the limit is. A body over nginx's
own limit (``client_max_body_size``, referee/serving.py) never reaches the app: nginx then asks the app
for its answer with the same method and address, no body and the header ``PROXY_REFUSED_BODY``, and
the app answers that request as it answers a body it refused itself (not nginx's English HTML page).

Everything under ``/api/`` answers JSON ``{"error": {"code", "message"}}``, whatever refuses it: an
address no route matches (``/api/v1/clubs/<id>/players/-1``), a method the address does not take
(405, with its ``Allow`` header), as well as the views' own refusals. Pages keep Werkzeug's answers.
"""

from __future__ import annotations

from flask import Flask, Response, current_app, jsonify, request
from flask_babel import gettext
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from referee.rules.base import _
from referee.serving import PROXY_REFUSED_BODY
from referee.web.page import Message, render_page

from .i18n import say

API_REFUSALS = {
    400: ("bad_request", _("The request is malformed.")),
    401: ("unauthorized", _("This needs a token (Authorization: Bearer).")),
    403: ("forbidden", _("This token may not do this.")),
    404: ("not_found", _("There is nothing at this address of the API.")),
    405: ("method_not_allowed", _("This method is not allowed here.")),
    415: ("bad_json", _("The request body must be JSON.")),
}


def too_large_message() -> str:
    limit = current_app.config.get("MAX_CONTENT_LENGTH") or 0
    return gettext("The request is too large: at most %(mb)s MB.", mb=max(1, round(limit / 1024 / 1024)))


def too_large(_exc: RequestEntityTooLarge) -> tuple[Response | str, int]:
    message = too_large_message()
    if request.path.startswith("/api/"):
        return jsonify(error={"code": "too_large", "message": message}), 413
    return render_page("error.html", Message(message)), 413


def api_refusal(exc: HTTPException, message: str | None = None) -> Response:
    """``exc`` as the API answers it: its status and headers (``Allow`` of a 405), a JSON body."""
    status = exc.code or 500
    code, default = API_REFUSALS.get(status, ("error", _("The request is malformed.")))
    if status >= 500:
        code, default = "server_error", _("Something went wrong on the server.")
    resp = jsonify(error={"code": code, "message": message or say(default, {})})
    resp.status_code = status
    for name, value in exc.get_headers():
        if name.lower() != "content-type":
            resp.headers[name] = value
    return resp


def http_error(exc: HTTPException) -> Response | HTTPException:
    """The API's refusals in JSON; a page's stay Werkzeug's (or their own handlers')."""
    return api_refusal(exc) if request.path.startswith("/api/") else exc


def _refused_by_the_proxy() -> None:
    if PROXY_REFUSED_BODY in request.headers:
        raise RequestEntityTooLarge()


def init_app(app: Flask) -> None:
    app.before_request_funcs.setdefault(None, []).insert(0, _refused_by_the_proxy)
    app.register_error_handler(RequestEntityTooLarge, too_large)
    app.register_error_handler(HTTPException, http_error)
