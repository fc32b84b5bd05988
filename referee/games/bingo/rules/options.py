"""Bingo table options (docs/rules/README.md §8): the variants B-Δ2..B-Δ10 and B35's running points.

Each is a yes/no switch that ``play``, ``scoring`` and ``view`` read from the state's options by id."""

from __future__ import annotations

from referee.rules.base import Option, _

OPTIONS = (
    Option(
        "threeIfNonClaimerTrickless",
        False,
        _("A failed claim gives 3 only when the non-claimer has no trick (B-Δ2)."),
        label=_("Failed claim: 3 only if the other player has no trick"),
    ),
    Option(
        "thresholdCardPointsOnly",
        False,
        _("The opponent's 30-point threshold ignores declarations (B-Δ3)."),
        label=_("The 30-point threshold counts card points only"),
    ),
    Option(
        "alternateLead",
        False,
        # the help says what the label does not: what it replaces (np13 #15: it repeated the label)
        _("The players take turns to lead a deal, instead of the last deal's winner leading (B-Δ4)."),
        label=_("Alternate the lead each deal"),
        common=True,
    ),
    Option(
        "indicatorToWinner",
        False,
        _("The winner of trick 7 takes the trump indicator (B-Δ5)."),
        label=_("The winner of trick 7 takes the indicator"),
    ),
    Option(
        "pipTotalTricks",
        False,
        _("Legacy: a plain trick goes to the higher pip total, ties to the leader (B-Δ6)."),
        label=_("Old rule: plain tricks by pip total"),
    ),
    Option(
        "followWithoutHeading",
        False,
        _("Phase 2: follow suit, else trump or bingo, with no duty to beat (B-Δ7)."),
        label=_("Phase 2: follow suit without having to beat"),
    ),
    Option(
        "closeBeforeFirstTrick",
        False,
        _("The first leader may close before the first trick (B-Δ8)."),
        label=_("Closing allowed before the first trick"),
    ),
    Option(
        "declareAllHeld",
        False,
        _("A declaration must show every undeclared double held (B-Δ10)."),
        label=_("A declaration shows every double held"),
    ),
    Option(
        "showRunningPoints",
        False,
        _("The rules keep card points hidden, as players may not count them; this shows them as the deal goes (B35)."),
        label=_("Show card points during a deal"),
        common=True,
    ),
)
