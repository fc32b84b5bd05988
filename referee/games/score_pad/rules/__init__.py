"""The score pad (game id ``score-pad``): players, points per round, running totals. The simplest game,
for any game played at the table that the app has no rules for.

Events: ``round`` with one whole number per seat (docs/record-format.md, score-pad). It never finishes,
unless the table agreed a total to play to (option ``target``): then the highest total wins.

Modules: ``events``, ``options``, ``state``, ``play`` (``start``, ``apply``), ``view`` (``Detail``), ``words``,
``stats`` (a finished pad's club numbers).
"""

from __future__ import annotations

from referee.rules.base import Game, Stats, _

from .events import EVENTS
from .options import OPTIONS
from .play import apply, start
from .race import race
from .stats import ScorePadStats, player_stats
from .view import view
from .words import narrate

GAME = Game(
    id="score-pad",
    name=_("Score pad"),
    min_players=2,
    max_players=8,
    options=OPTIONS,
    events=EVENTS,
    start=start,
    apply=apply,
    view=view,
    narrate=narrate,
    steps=((frozenset({"round"}), "round"),),
    stats=Stats(
        ScorePadStats,
        lambda state, view, seat: player_stats(state, seat),
        about={"rounds": "rounds played", "best_round": "most points in one round"},
    ),
    race=race,
)
