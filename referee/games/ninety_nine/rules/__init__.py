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

Modules: ``options`` (and the ``Rules`` they resolve to), ``events``, ``state``, ``pack`` (packs, bid
values, trick winners), ``play`` (``start``, ``apply``), ``premiums``, ``known`` (cards already seen,
revokes), ``sealed`` (sealed bids), ``scoring``, ``view`` (``detail`` is :class:`view.Detail`, a
TypedDict whose comments say what each key holds; ``redact`` hides other seats' sealed bids),
``words``, and the quick checks ``quick_check`` and ``deal_quick_check``.
"""

from __future__ import annotations

from referee.rules.base import Game, Stats, _

from .events import EVENTS
from .options import OPTIONS
from .play import apply, start
from .race import race
from .rule_words import RULE_WORDS
from .sealed import hidden_errors
from .stats import NinetyNineStats, player_stats
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
    seat_events=frozenset({"bid", "premium"}),
    private_events=frozenset({"bid"}),
    contested_events=frozenset({"premium"}),
    hidden_errors=hidden_errors,
    narrate=narrate,
    rule_words=tuple(RULE_WORDS.items()),
    steps=((frozenset({"trick"}), "trick"), (frozenset({"deal"}), "deal")),
    stats=Stats(
        NinetyNineStats,
        lambda state, view, seat: player_stats(view, seat),
        about={"deals": "complete deals", "made": "bids made", "percent": "bids made, %"},
    ),
    race=race,
)
