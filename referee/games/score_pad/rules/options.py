"""The score pad's one table option (docs/rules/README.md §8): an agreed total that ends the pad."""

from __future__ import annotations

from referee.rules.base import Option, _

OPTIONS = (
    Option(
        "target",
        0,
        _("The pad ends after the round in which a player reaches this total; the highest total wins. "
          "0: no end, players stop when they like."),
        choices=(50, 100, 200, 500),  # usual totals, suggested by the form
        bounds=(1, 1_000_000),
        label=_("Play to"),
        choice_words=((0, _("No end (play as long as you like)")),),
        common=True,
    ),
)
