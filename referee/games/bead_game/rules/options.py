"""The bead game's one table option (docs/rules/README.md §8)."""

from __future__ import annotations

from referee.rules.base import Option, _

OPTIONS = (
    Option(
        "singleHand",
        False,
        _("Play a single hand instead of one hand per player, each leading once (D-Δ3)."),
        label=_("Play a single hand"),
        common=True,
    ),
)
