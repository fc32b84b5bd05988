"""Bingo (game id ``bingo``): two-player domino trick-taking, McLeod's reconstruction, to 7 game points.

Rules implemented (docs/rules/bingo.md): B1-B3 (players, match to 7), B4-B14 (blank = 7, suits, trumps,
rank, led suit, trick winner, card points, last trick), B15-B23 (deal, indicator, phase 1 and its
draws, the indicator to the loser of trick 7, phase 2), B24-B26 (phase-2 replies, checked after the
fact), B27-B31 (declarations, first-trick declarations, invincible), B32-B37 (claims), B38-B42
(closing and its snapshot), B43-B47 (game-point table, next leader, capture of the trump double,
match end). Variants (README §8): threeIfNonClaimerTrickless (B-Δ2), thresholdCardPointsOnly
(B-Δ3), alternateLead (B-Δ4), indicatorToWinner (B-Δ5), pipTotalTricks (B-Δ6),
followWithoutHeading (B-Δ7), closeBeforeFirstTrick (B-Δ8), declareAllHeld (B-Δ10),
showRunningPoints (B35: ``redact`` drops running card points from the detail during a deal).

Modules: ``options`` (the variants), ``events`` (the event dataclasses), ``values`` (tile logic),
``state`` (dataclasses), ``play`` (start/apply and refusals), ``scoring`` (points and claims),
``checks`` (breaches proved later), ``quick_check`` (a claim checked from the piles), ``view``,
``words`` (the history in sentences).

``View.totals`` are the match game points, captures included; ``finished`` when a player has 7.
A played-out deal with no claim is shown settled as the record would end there (B37, B40).

``detail`` keys (tiles as ``"a-b"``, seats as ints, messages as ``{"msg", "params"}``):

- ``status``: ``no_deal`` | ``playing`` | ``played_out`` | ``settled`` | ``match_over``.
- ``game_points`` (match, = totals), ``target`` (7), ``show_running_points`` (B35: unless true,
  ``redact`` drops ``card_points``/``points_breakdown``, each trick's ``points`` and the close
  snapshot's points while a deal is ``playing``).
- ``deal_no``, ``deal_leader``, ``indicator``, ``indicator_state`` (``face_up`` | ``face_down`` |
  ``taken``), ``indicator_holder``, ``trump`` (0 = blanks), ``blanks_are_trump``, ``bingo_tile``.
- ``phase`` (1 or 2, of the next trick), ``trick_no``, ``total_tricks``, ``lead``/``turn`` (seat on
  lead, None when no trick can come), ``hand_size``.
- ``tiles_used`` (played this deal), ``tiles_out_of_play`` (the untaken indicator),
  ``known_in_hand`` (per seat: declared unplayed doubles, the taken indicator).
- ``tricks_won``, ``card_points`` (per seat: tricks + valid declarations + last trick),
  ``points_breakdown`` (per seat: tricks with points, declarations with ``counts``, last trick, total).
- ``tricks``: per trick ``no, event, phase, leader, lead, reply, winner, points, why, capture``.
- ``declarations``: ``event, seat, doubles, name, points, before_trick, status`` (``valid`` |
  ``pending`` | ``void`` | ``invincible``); ``pending_declaration`` (``seat, doubles``).
- ``close``: ``event, seat, after_trick, opponent_card_points, opponent_declaration_points,
  opponent_points, opponent_tricks`` (B42 snapshot).
- ``claim``: the settlement of the deal: ``kind`` (``claim`` | ``implied_claim`` | ``no_claim`` |
  ``invincible``), ``claimer, claimer_points, opponent_points`` (both itemised as in
  ``points_breakdown``), ``total, target, correct, at_close, row`` (B44), ``winner, game_points,
  reason``; ``implied`` is true when it was settled only because the record ends here. An implied
  claim (B40) also has ``settled_at`` (its last trick's event) and, when it ends the match, ``note``:
  it is settled at the last trick, so a later ``deal`` is refused as after the end (Rules notes).
- ``shows``: tiles shown after a claim.
- ``deals``: the score sheet, one row per deal: ``no, event, leader, indicator, trump,
  tricks_played, declarations, close, claim, result, captures, game_points``.
- ``next``: ``can_deal, next_deal_leader, can_declare, declarable, can_close, can_claim`` (seats),
  ``can_show`` (seats), ``must_lead_one_of, lead_seat, reply_seat``.
- ``result`` (when finished): who won the match.
"""

from __future__ import annotations

from ..base import Game, _
from .events import EVENTS, Claim, Close, Deal, Declare, Show, Trick
from .options import OPTIONS
from .play import apply, start
from .state import State
from .view import redact, view
from .words import narrate

GAME = Game(
    id="bingo",
    name=_("Bingo"),
    min_players=2,
    max_players=2,
    options=OPTIONS,
    events=EVENTS,
    start=start,
    apply=apply,
    view=view,
    redact=redact,
    narrate=narrate,
)

__all__ = ["GAME", "Claim", "Close", "Deal", "Declare", "Show", "State", "Trick"]
