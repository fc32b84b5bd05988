"""Sid Sackson's Domino Bead Game (game id ``bead-game``), rules D1-D22 of docs/rules/bead-game.md.

Implemented: the 30-tile set, each design twice, numbers 1..5 only (D1); 2-4 players (D2); the first
leader given by the first ``hand`` event, with :func:`first_leader` for the draw (D3); the lead passing
to the left each hand (D4); hand sizes 14/9/7 (D5); the starter as a 2x2 square of parallel tiles as
they lie (D6); placement on two adjacent empty cells (D7-D8) with edge contact (D9), every line through
the new halves a pattern (D10-D13); the score as the product of three line factors and x2 for a double
(D14-D17); turns clockwise from the leader, one tile each (D18); passes and :func:`legal_placements` for
the "cannot play?" helper (D19); the end of a hand one round after a player goes out, or after a full
round of passes (D20); penalties -25 / -5 per tile left (D21); totals over one hand per player, or one
hand with ``singleHand`` (D22, D-Δ3). Passing is always allowed (D19: nobody has to demand a play), so
the game has no after-the-fact breaches.

Modules: ``grid`` (lines, patterns, scores), ``options``, ``events``, ``state``, ``play`` (``start``,
``apply``, :func:`first_leader`, :func:`legal_placements`), ``quick_check``, ``view``, ``words``.

``View.detail`` is :class:`view.Detail`, a TypedDict whose comments say what each key holds (its
parts ``grid.PlacementDetail``/``FactorDetail``/``LineDetail`` are also what the "cannot play?"
helper answers).
"""

from __future__ import annotations

from referee.rules.base import Game, Stats, _

from .events import EVENTS
from .options import OPTIONS
from .play import apply, start
from .race import race
from .stats import BeadGameStats, player_stats
from .view import view
from .words import narrate

GAME = Game(
    id="bead-game",
    name=_("Domino Bead Game"),
    min_players=2,
    max_players=4,
    options=OPTIONS,
    events=EVENTS,
    start=start,
    apply=apply,
    view=view,
    narrate=narrate,
    steps=((frozenset({"place"}), "placement"), (frozenset({"hand"}), "hand")),
    stats=Stats(
        BeadGameStats,
        lambda state, view, seat: player_stats(view, seat),
        about={"placements": "tiles placed", "best": "the best placement: score, tile, the product written out"},
    ),
    race=race,
)
