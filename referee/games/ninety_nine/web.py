"""Ninety-Nine helpers for the templates: what each card adds to a bid, so the bid picker can show
the bid being built ("2 of 3 · bid 5"). The values come from the rules (N3, N33)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import Blueprint
from flask_babel import gettext, ngettext

from referee.games.ninety_nine.rules.pack import bid_value
from referee.games.ninety_nine.rules.stats import NinetyNineStats
from referee.rules.cards import Card
from referee.web.correction_form import Correction

bp = Blueprint(
    "ninety_nine", __name__, template_folder="templates", static_folder="static", static_url_path="/static/games/ninety_nine"
)


@bp.app_template_global("nn_bid_values")
def nn_bid_values(cards: list[str], turnup: str | None) -> dict[str, int]:
    """Each card (record spelling) -> what it adds to a bid when the deal's turn-up is ``turnup``."""
    up = Card.parse(turnup) if turnup else None
    return {c: bid_value((Card.parse(c),), up) for c in cards}


def stat_sentences(s: NinetyNineStats) -> list[str]:
    """What stands out in a player's numbers at this game, for their club page (tiles as they write them)."""
    if not s.deals:
        return []
    return [
        ngettext(
            "Bids made: %(pct)s%% (%(made)s of %(num)s deal).",
            "Bids made: %(pct)s%% (%(made)s of %(num)s deals).",
            s.deals,
            pct=s.percent,
            made=s.made,
        )
    ]


def is_turn_of(detail: Mapping[str, Any], seat: int) -> bool:
    """Whether ``seat``'s phone says "Your turn": its bid is still to be sealed while the deal takes bids.
    The seats bid together, not in turn, until the deal is scored; the tricks are entered whole from the
    scorer's phone, so no turn is said for them."""
    status = detail.get("bid_status") or []
    return "bid" in (detail.get("next") or []) and seat < len(status) and status[seat] == "missing"


def seat_names(players: Sequence[str]) -> list[str]:
    """The names of the seats that play, in seat order: the players', and with two players the dummy's
    (seat 2, N26)."""
    return [*players, gettext("Dummy")] if len(players) == 2 else list(players)


CORRECTION = Correction(
    surfaces={
        "trick": "ninety_nine/_trick.html",
        "bid": "ninety_nine/_bid.html",
        "deal": "ninety_nine/_deal.html",
        "premium": "ninety_nine/_premium.html",
    }
)
"""Tricks, bids, deals and premiums are corrected on their entry surfaces."""
