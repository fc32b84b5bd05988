"""Ninety-Nine (David Parlett), game id ``ninety-nine``: docs/rules/ninety-nine.md N1-N34.

Implemented: the packs and deals for 2 (with the dummy as seat 2), 3 and 4 players (N1, N2, N21,
N30); bid cards and their code (N3, N4, N22); premium bids with R15 priority or the seed's asking
order (N5-N7, N23, N-Δ2) and a revealer naming the leader (N-Δ3); the trump of each deal (N8, N25,
N31, N-Δ1, Classic turn-up N33, Oxford Whist trump pack N34); follow suit and trick winners (N9-N11,
N26 for the 2-player order); deal scoring (N12-N16, N27-N29, N32, N-Δ4); game, rubber and match
ends (N17-N20, N-Δ5, N34). Revokes (N10) are found after the fact from the rebuilt hands (rules
README §6.3) and reported as breaches; a revealed hand (``premium.hand``) is checked at once. A card
that sits in a sealed bid is never refused while the bid is sealed (that would open it): it is
reported as an N3 breach when the bids open, and a record is refused at it (sealed.py).

Events (docs/record-format.md): ``deal`` (*dealer*, *turnup*), ``premium`` (seat, kind, plus this app's
optional *hand* and *leader*, see events.py), ``trick`` (cards), ``bid`` (seat, cards), ``tricks``
(counts). ``totals`` are rubber totals: finished games with their bonuses, the current game and
the rubber bonus.

``detail`` keys:
- ``game``, ``deal``: the game number and the deal number within it; ``dealer``, ``next_dealer``.
- ``trump`` (S/H/D/C or None for no trump), ``trump_text``, ``turnup`` (Classic, Oxford Whist).
- ``phase``: not started | bidding | premiums | play | awaiting bids | complete.
- ``next``: the event types that may come next.
- ``hands`` (3 with the dummy), ``dummy`` (2 or None), ``tricks_per_deal``.
- ``leader``, ``to_play`` (seats of the next trick in play order), ``dummy_controller`` (2 players:
  who plays the dummy's card next trick, N26).
- ``pack`` (the cards in play this deal, for a picker), ``played`` (cards played this deal).
- ``bid_status``: per hand missing | sealed | shown; ``private_events``: [event index, seat] of the
  sealed bids (the web layer shows those events only to their seat; ``redact`` drops the rest).
- ``bids``: per hand None or {cards, value};
  PRIVATE until the deal is complete: the web layer shows an entry only to its own seat.
- ``premiums``: [{seat, kind, points, bid}] standing premium bids (bid value once entered).
- ``revealed``: [{seat, cards}] the cards a revealer still holds face up.
- ``tricks``: this deal's tricks [{event, cards, seats, led, winner, controller, why}], ``why`` a
  message {msg, params}; ``won``: tricks won per hand so far.
- ``sheet``: one row per complete deal {game, deal, dealer, trump, trump_text, bids, tricks, success,
  successes, bonus, premium, scores, running (game totals), lines (per player: [{msg, params,
  points}]), next_trump}.
- ``game_scores`` (this game), ``games`` [{number, first_dealer, scores, bonus, final, winner}],
  ``games_won``, ``game_bonuses`` (wikiGameBonus counts), ``rubber_bonus``, ``deals_left`` (Oxford).
- ``target``: the agreed total of ``fixedTarget`` (N19; any whole number 1..10,000), or None.
"""

from __future__ import annotations

from ..base import Game, _
from .events import EVENTS
from .options import OPTIONS
from .play import apply, start
from .sealed import hidden_errors
from .view import redact, view
from .words import narrate

GAME = Game(
    id="ninety-nine",
    name=_("Ninety-Nine"),
    min_players=2,
    max_players=4,
    options=OPTIONS,
    events=EVENTS,
    start=start,
    apply=apply,
    view=view,
    redact=redact,
    seat_events=frozenset({"bid"}),
    hidden_errors=hidden_errors,
    narrate=narrate,
)
