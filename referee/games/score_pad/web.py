"""The score pad's part of the web: its templates (a round is the table page's generic form)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint

bp = Blueprint(
    "score_pad", __name__, template_folder="templates", static_folder="static", static_url_path="/static/games/score_pad"
)


def is_turn_of(detail: Mapping[str, Any], seat: int) -> bool:
    """A score pad has no turns: every round's scores are entered at once."""
    return False


def stat_sentences(stats: object) -> list[str]:
    """Nothing: the score pad keeps no club numbers (its descriptor has no ``stats``)."""
    return []
