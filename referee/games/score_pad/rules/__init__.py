"""The score pad (game id ``score-pad``): players, points per round, running totals. The simplest game,
for any game played at the table that the app has no rules for.

Events: ``round`` with one whole number per seat (docs/record-format.md, score-pad). It never finishes.

Modules: ``events``, ``state``, ``play`` (``start``, ``apply``), ``view`` (``Detail``), ``words``.
"""

from __future__ import annotations

from referee.rules.base import Game, _

from .events import EVENTS
from .play import apply, start
from .race import race
from .view import view
from .words import narrate

GAME = Game(
    id="score-pad",
    name=_("Score pad"),
    min_players=2,
    max_players=8,
    options=(),
    events=EVENTS,
    start=start,
    apply=apply,
    view=view,
    narrate=narrate,
    steps=((frozenset({"round"}), "round"),),
    race=race,
)
