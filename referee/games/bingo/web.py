"""Bingo's web pieces: the declaration table for the declare form (numbers from the rules module)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import Blueprint
from flask_babel import gettext, ngettext

from referee.games.bingo.rules.stats import BingoStats
from referee.games.bingo.rules.values import BINGO, DECLARATION_NAMES, DOUBLES, declaration_points
from referee.web.correction_form import Correction

bp = Blueprint(
    "bingo", __name__, template_folder="templates", static_folder="static", static_url_path="/static/games/bingo"
)


@bp.app_template_global("bingo_declarations")
def bingo_declarations() -> list[dict[str, Any]]:
    """One row per number of doubles shown (B27): name msgid, points, points with [0-0] among them."""
    plain = [d for d in DOUBLES if d != BINGO]
    rows = []
    for n in sorted(DECLARATION_NAMES):
        rows.append(
            {
                "n": n,
                "name": DECLARATION_NAMES[n],
                "points": declaration_points(plain[:n]) if n <= len(plain) else None,
                "with_bingo": declaration_points([BINGO, *plain[: n - 1]]),
            }
        )
    return rows


def stat_sentences(s: BingoStats) -> list[str]:
    """What stands out in a player's numbers at this game, for their club page (tiles as they write them)."""
    if not s.claims:
        return [gettext("No claim made.")]
    return [
        ngettext(
            "%(num)s claim made; %(failed)s failed.",
            "%(num)s claims made; %(failed)s failed.",
            s.claims,
            failed=s.failed,
        )
    ]


def is_turn_of(detail: Mapping[str, Any], seat: int) -> bool:
    """Whether ``seat``'s phone says "Your turn": the seat on lead while a deal is played."""
    return detail.get("turn") == seat


def seat_names(players: Sequence[str]) -> list[str]:
    """The names of the seats that play, in seat order: the players'."""
    return list(players)


CORRECTION = Correction(
    surfaces={
        "trick": "bingo/_trick.html",
        "declare": "bingo/_declare.html",
        "deal": "bingo/_deal.html",
        "claim": "bingo/_claim.html",
        "close": "bingo/_claim.html",
        "show": "bingo/_show.html",
    }
)
"""Every Bingo entry is corrected on its entry surface (a close on the claim's)."""
