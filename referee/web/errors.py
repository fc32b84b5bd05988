"""Refusals that happen before a view runs, answered in the reader's language.

A body over ``MAX_CONTENT_LENGTH`` (or a form over ``MAX_FORM_MEMORY_SIZE``) is refused by Werkzeug
with 413 while the request is read, possibly before any view (the CSRF check reads the form first):
the API gets its JSON error, a page a short page that says what the limit is.
"""

from __future__ import annotations

from flask import Flask, current_app, jsonify, render_template, request
from flask_babel import gettext
from werkzeug.exceptions import RequestEntityTooLarge


def too_large_message() -> str:
    limit = current_app.config.get("MAX_CONTENT_LENGTH") or 0
    return gettext("The request is too large: at most %(mb)s MB.", mb=max(1, round(limit / 1024 / 1024)))


def too_large(_exc: RequestEntityTooLarge):
    message = too_large_message()
    if request.path.startswith("/api/"):
        return jsonify(error={"code": "too_large", "message": message}), 413
    return render_template("error.html", message=message), 413


def init_app(app: Flask) -> None:
    app.register_error_handler(RequestEntityTooLarge, too_large)
