"""Trick de Bingo (トリックdeビンゴ, by domi): 4 players draft condition cards onto 3x3 sheets, then
play 13 no-trump tricks; met conditions flip cards, flipped lines are bingos (docs/rules/trick-de-bingo.md).

Rules implemented: T1-T22 (T12 as the app's own trick record), condition semantics §4.3 (in
``referee.games.trick_de_bingo.conditions``), the catalog §4.5 (``conditions.CATALOG``, TB-01..TB-50), and the options of
README §8: ``placeBlindBeforeLooking`` (T-Δ1, shown as a procedure note), ``counterClockwiseTricks``
(T-Δ2), ``onlyOneBonus`` (T-Δ3), ``manualClaims`` (T-Δ4, T19), ``aceLowForNumberConditions`` (T-Δ5),
``strictExtremes`` (T-Δ6), ``rounds`` 1 | 2 | 4 (T4).

Events (docs/record-format.md): ``round`` {dealer?}, ``pick`` {seat, card, cell}, ``trick`` {cards},
``claim`` {seat, card} (manualClaims only). App event ``card`` {id, condition, bp?, vp?, en?, ja?}:
a custom condition card for this table. ``condition`` is the condition as JSON text in the language
of ``referee.games.trick_de_bingo.conditions`` (e.g. ``"{\\"kind\\": \\"trick\\", \\"when\\": {\\"outcome\\": \\"win\\"}}"``);
``id`` is 1-16 letters, digits, ``-`` or ``_`` and must not be a catalog id or an id already
defined; texts default to renderings of the condition. The card can then be picked like any other.

Automatic mode (default) flips every card at the earliest trick on which its condition is achieved.
With ``manualClaims`` only claimed cards flip: a claim must be made after the trick that achieves
it and before the next trick (or the next round); a wrong claim is refused saying why; unclaimed
achievements are listed as ``claimable`` and, once the next trick starts, as ``missed``. After the
last trick of the last round the table is finished, but claims for that trick are still accepted.

Modules: ``options`` (and the condition rules they set), ``events``, ``state`` (and the round score,
T20), ``custom`` (custom cards), ``play`` (``start``, ``apply``), ``view`` (``detail`` is
:class:`view.Detail`, a TypedDict whose comments say what each key holds), ``words``; the condition
language and the catalog are ``referee.games.trick_de_bingo.conditions``.
"""

from __future__ import annotations

from referee.rules.base import Game, Stats, _

from .events import EVENTS
from .options import OPTIONS
from .play import apply, start
from .race import race
from .stats import TrickDeBingoStats, player_stats
from .view import view
from .words import narrate

GAME = Game(
    id="trick-de-bingo",
    name=_("Trick de Bingo"),
    min_players=4,
    max_players=4,
    options=OPTIONS,
    events=EVENTS,
    start=start,
    apply=apply,
    view=view,
    seat_events=frozenset({"pick", "claim"}),
    narrate=narrate,
    steps=((frozenset({"trick"}), "trick"), (frozenset({"round"}), "round")),
    stats=Stats(
        TrickDeBingoStats,
        lambda state, view, seat: player_stats(view, seat),
        about={"rounds": "rounds played", "bingos": "bingo lines"},
    ),
    race=race,
)
