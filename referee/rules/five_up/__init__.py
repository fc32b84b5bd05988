"""Five Up (IDA rules, Armanino) and Le Quantette (Jean Clou): docs/rules/five-up.md, F1-F36.

Implemented: F1 (2-4 players, partners opposite share a score), F2-F3 (the opening draw as the
optional ``opening`` field of the first ``hand``), F4-F5 and F-Δ2 (who leads), F7-F8 and F-Δ1/F-Δ3
(hand size, boneyard, reserve), F9-F14 (the layout as a graph, every double a spinner: layout.py),
F15-F17 (the count after every placement), F18-F23 (turns, draws, passes, domino and block; breaches
of F18/F21 proved after the fact), F24-F28 (hand scoring, both profiles, F-Δ8), F29-F30 and
F-Δ5/F-Δ6 (the target and tie extensions), F31-F35 (game points, winner +10, skunk, +2 for going
out), F36 and F-Δ7 (Le Quantette sets of 35 and the demi-score). F6 and F22 are etiquette the
referee cannot see.

Events (docs/record-format.md, five-up): ``hand`` (*leader*, *opening*), ``play`` (seat, tile, *on*),
``draw`` (seat, count), ``pass`` (seat), ``end`` (pips), ``call`` (seat, points). ``on`` names the
tile a play joins; on a double it fills a free side first, then an end (F12-F13).

``view(state).detail`` keys:

- ``profile``, ``target`` (61 or 35), ``hand_size``, ``reserve``: the resolved rules.
- ``sides``: the seats of each side (a seat, or a partnership with 4 players); ``scores``: points per
  side in the current game (Le Quantette: the current set).
- ``phase``: ``hand`` (a new hand is due), ``lead``, ``play``, ``end`` (pips are due) or ``over``.
- ``events``: how many events were applied; ``first_leader``: the game's first leader.
- ``hand``: the current (or last) hand: ``number``, ``set``, ``leader``, ``status`` (play, domino,
  blocked, done, abandoned), ``dominoer``, ``turn``, ``held`` (tiles per seat), ``boneyard``,
  ``drawable``, ``passes_in_row``, ``layout`` (per tile: ``tile``, ``seat``, ``on``, ``via`` the joining
  number, ``at`` = end/side/spinner_end, ``slot`` 0/1, ``crosswise``), ``open_ends`` (per open point:
  ``tile``, ``where``, ``number``, ``count`` it adds, ``accepts``), ``open_numbers``, ``count``,
  ``formula`` ("2 + 1 + 4x2 + 5 + 4 = 20"), ``plays`` (per play: ``event``, ``seat``, ``tile``, ``on``,
  ``count``, ``formula``, ``points``, ``why``), ``play_points`` per side, ``pips``, ``end_points`` per
  side, ``domino_bonus``, ``bonus_note`` (F35 with ``dominoBonus2``: the +2 for going out, credited
  at ``end``; None otherwise), ``explanation``.
- ``hands``: every finished hand (number, set, leader, status, dominoer, pips, play_points,
  end_points, domino_bonus, bonus_note, explanation).
- ``legal``: the event types allowed next, and ``seat``, ``numbers``, ``drawable`` during play, or
  ``leader``/``leader_choices``/``leader_required`` before a hand.
- ``extra_hands_left``: hands left in a tie extension (F30), else None.
- ``calls``: every call that differs from the count (``event`` of the play, ``seat``, ``called``,
  ``points``, ``muggins_to``); ``awaiting_call``: the play whose call may still come.
- Le Quantette: ``sets`` (scores, winner side, demi, value, credited) and ``sets_won`` per seat.
- Once over: ``next_first_leader`` (F5: the seats of the lowest side); IDA also ``game_points`` per
  seat (F31-F34) and ``winner_bonus`` (F33).

Messages in detail are ``{"msg": msgid, "params": {...}}``. A double's count (twice its number, once)
is given on its first free side in ``open_ends``; its second free side adds 0.

Decisions where the digest is silent ([P]):

- Two options of one F-Δ group (hand size, reserve) are refused together; ``muggins`` needs
  ``calledScore``; ``skunkDouble`` wins over ``skunk10``.
- Le Quantette keeps Clou's reserve unless a reserve option is chosen; its target is 35 (always "or
  more"); winner +10 and game points are IDA only; a set tie is extended like F30; the next set is led
  per F5 (the set's lowest side; a partnership names which partner leads); the match winner has the
  most set wins (a demi-score set counts 2, F-Δ7), then the most points.
- ``immediateWinAt61`` ends the game after any play that reaches the target; the hand in progress is
  abandoned (no ``end``). During a tie extension only hand ends count.
- A call belongs to the caller's latest play and must come before any other event; a missing call
  counts as 0. Muggins moves only points called too low, to the next seat in turn (or its team).
- F35's +2 for going out is credited at the hand's ``end`` (with the pips), not at the last play.
- Breaches (F18-F21, ``checks``): one per offending turn, at its first ``draw`` (a turn that drew
  and then passed included) or at a ``pass`` that drew nothing; under F19 only tiles drawn in later
  turns excuse a later-played tile that fitted when the turn began.
- ``end`` pips are refused when no choice of the tiles still out (not on the table) could give them:
  per seat for its number of tiles, and for all hands together.
"""

from __future__ import annotations

from ..base import Game, _
from .events import EVENTS, Call, Draw, End, Hand, Pass, Play
from .options import OPTIONS
from .play import apply, start
from .state import State
from .view import view
from .words import narrate

GAME = Game(
    id="five-up",
    name=_("Five Up"),
    min_players=2,
    max_players=4,
    options=OPTIONS,
    events=EVENTS,
    start=start,
    apply=apply,
    view=view,
    narrate=narrate,
)

__all__ = ["GAME", "Call", "Draw", "End", "Hand", "Pass", "Play", "State", "apply", "start", "view"]
