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
``next_steps`` (what may be recorded next), ``words`` (the history in sentences).

``View.totals`` are the match game points, captures included; ``finished`` when a player has 7.
A played-out deal with no claim is shown settled as the record would end there (B37, B40).

``detail`` is :class:`view.Detail`, a TypedDict whose comments say what each key holds (its parts:
``settlement.SeatPoints``/``ClaimDetail``, ``next_steps.Next``); ``redact`` drops the running card points
during a deal unless ``showRunningPoints`` is on (B35).
"""

from __future__ import annotations

from referee.rules.base import Game, Stats, _

from .events import EVENTS, Claim, Close, Deal, Declare, Show, Trick
from .options import OPTIONS
from .play import apply, start
from .race import race
from .state import State
from .stats import BingoStats, player_stats
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
    steps=((frozenset({"trick"}), "trick"), (frozenset({"deal"}), "deal")),
    stats=Stats(
        BingoStats,
        lambda state, view, seat: player_stats(view, seat),
        about={"claims": "claims made", "failed": "claims that failed"},
    ),
    race=race,
)

__all__ = ["GAME", "Claim", "Close", "Deal", "Declare", "Show", "State", "Trick"]
