"""The score pad's part of the web: its templates (a round is the table page's generic form)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint
from flask_babel import gettext, lazy_gettext, ngettext

from referee.rules.numbers import shown_number
from referee.web.tables.correction_form import Correction
from referee.web.tables.game_defaults import (
    as_recorded,
    nothing_settled,
    one_part,
    seats_are_players,
    settles_nothing,
)
from referee.web.tables.quick_checks import QuickCheck

from .rules.play import LIMIT
from .rules.stats import ScorePadStats

bp = Blueprint(
    "score_pad", __name__, template_folder="templates", static_folder="static", static_url_path="/static/games/score_pad"
)


USUAL_FLOOR = 1000
"""A round's points up to this ask no question whatever came before: one round of the games kept on a pad
rarely passes it, and a first round of a game that scores thousands asks once."""


@bp.app_template_global()
def pad_unusual(detail: Mapping[str, Any]) -> tuple[int, int]:
    """The points, either way, beyond which Record round asks for a second tap, and the most a round may
    give (LIMIT: beyond it the answer refuses, no question first). A number beyond ten times the largest
    yet is a thumb's slip more often than a round (np13 #8: +99999 for Cat was taken without a word)."""
    largest = max((abs(p) for points in detail["rounds"] for p in points), default=0)
    return max(USUAL_FLOOR, 10 * largest), LIMIT


def is_turn_of(detail: Mapping[str, Any], seat: int) -> bool:
    """A score pad has no turns: every round's scores are entered at once."""
    return False


def stat_sentences(s: ScorePadStats) -> list[str]:
    """What stands out in a player's numbers at finished pads, for their club page: rounds and the best."""
    played = ngettext("%(num)s round played.", "%(num)s rounds played.", s.rounds)
    if s.best_round is None:
        return [played]
    return [played, gettext("Best round: %(points)s points.", points=shown_number(s.best_round))]


seat_names = seats_are_players


CORRECTION = Correction(titles={"round": lazy_gettext("Fix round %(no)s")})
"""A round is corrected field by field; a round is its scores, so its heading says "Fix round 3"."""


report_lines = nothing_settled


settles = settles_nothing  # the game finds no rule break after the fact


value_words = as_recorded


history_parts = one_part


QUICK_CHECKS: tuple[QuickCheck[Any], ...] = ()
"""No question of this game's for /check."""
