"""The score pad's part of the web: its templates (a round is the table page's generic form)."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint(
    "score_pad", __name__, template_folder="templates", static_folder="static", static_url_path="/static/games/score_pad"
)
