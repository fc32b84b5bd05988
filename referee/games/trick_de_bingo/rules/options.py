"""Trick de Bingo's table options (docs/rules/README.md §8) and the condition rules they set."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules.base import Option, _

from ..conditions import Rules

OPTIONS = (
    Option(
        "placeBlindBeforeLooking",
        False,
        _("A blind card is placed before it is looked at (T-Δ1)."),
        label=_("Place the blind card before looking at it"),
    ),
    Option(
        "counterClockwiseTricks",
        False,
        _("Tricks are played to the right, against the drafting order (T-Δ2)."),
        label=_("Tricks go to the right"),
    ),
    Option(
        "onlyOneBonus",
        False,
        _("A first line on trick 13 scores First Bingo only, not also Last Bingo (T-Δ3)."),
        label=_("A line on trick 13: First Bingo only"),
    ),
    Option(
        "manualClaims",
        False,
        _("Players claim their achievements; unclaimed ones are lost at the next trick (T-Δ4)."),
        label=_("Players claim their own achievements"),
        common=True,
    ),
    Option(
        "aceLowForNumberConditions",
        False,
        _("An Ace counts 1 in rank comparisons and sums (T-Δ5)."),
        label=_("An Ace counts as 1"),
    ),
    Option(
        "strictExtremes",
        False,
        _("Lowest/highest in a trick must be strictly so; ties do not count (T-Δ6)."),
        label=_("Lowest and highest must be strict"),
    ),
    Option(
        "rounds",
        4,
        _("Number of rounds: 4 (each player deals once), or 1 or 2 (T4)."),
        choices=(1, 2, 4),
        label=_("Number of rounds"),
        common=True,
    ),
)


def condition_rules(options: Mapping[str, Any]) -> Rules:
    """How conditions read cards at this table: Ace low (T-Δ5) and strict extremes (T-Δ6)."""
    return Rules(
        ace_low=bool(options["aceLowForNumberConditions"]), strict_extremes=bool(options["strictExtremes"])
    )
