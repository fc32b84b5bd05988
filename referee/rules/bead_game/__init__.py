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

``View.detail`` keys:
- ``phase``: ``"hand"`` (a new hand is due), ``"play"``, ``"end"`` (play stopped: record the tiles
  left) or ``"finished"``; ``next``: the event types legal now.
- ``hand`` (1-based number of the current or last hand, 0 before any), ``hands_to_play``,
  ``hand_size`` (D5), ``leader``, ``to_move`` (seat or null), ``status`` ({msg, params}: what happens
  next), ``tiles_in_hand`` (per seat, current hand), ``passes_in_row``, ``final_round`` (null, or
  {out, turns_left} after a player went out, D20).
- ``board``: the current hand's cells, each {cell: [r, c], value, tile ("5-4"), tile_id (0 and 1 are
  the starter), turn (0 for the starter), seat (null for the starter)}; ``bounds``: {top, bottom,
  left, right} of the occupied cells (null before a hand); ``unseen``: {tile: copies not on the table}.
- ``sheet``: one row per turn over all hands: {hand, turn, event (record index), seat, kind ("place"
  or "pass"), score, text ("3 x 1 x 1 x 2 = 6"), factors}; a placement adds tile (as placed, first
  cell's number first), tile_id, cells, values, double, numbers (the factors multiplied), counted (the
  lines that counted, as {msg, params}); each factor is {role ("axis"/"cross"), line {direction, index,
  cells, values}, length, counted, factor, why ({msg, params})}.
- ``hands``: per hand {number, leader, starter [{tile, cells}], placed, scores (placement points per
  seat), end (null, "out" or "blocked"), left (tiles per seat, after the end), penalty_items
  ([[{tile, points}]]), penalties (per seat), totals (per seat, this hand)}.
- ``totals``: the same as ``View.totals``.
"""

from __future__ import annotations

from ..base import Game, _
from .events import EVENTS
from .options import OPTIONS
from .play import apply, start
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
)
