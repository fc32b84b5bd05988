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

``view(state).detail`` is :class:`view.Detail`, a TypedDict whose comments say what each key holds
(the layout's parts, ``layout.PlacedTile``/``OpenEnd``, beside the layout code).

Modules: ``options`` (options and the resolved ``Rules``), ``events``, ``state``, ``play`` (start,
apply, hands and turns), ``layout`` (the layout graph and its count), ``ending`` (the target, calls
and muggins), ``scoring``, ``checks`` (breaches proved later), ``quick_check``, ``view``, ``words``.

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
  per seat for its number of tiles, and for all hands together. At four players the partner of the one
  who went out is not asked (F25 ignores their tiles): their pips are entered as 0, any number a record
  gives them scores nothing, and the view shows them as not counted (``pips`` None for that seat).
"""

from __future__ import annotations

from referee.rules.base import Game, Stats, _

from .events import EVENTS, Call, Draw, End, Hand, Pass, Play
from .options import OPTIONS
from .play import apply, start
from .race import race
from .rule_words import RULE_WORDS
from .scoring import sides
from .state import State
from .stats import FiveUpStats, player_stats
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
    rule_words=tuple(RULE_WORDS.items()),
    steps=((frozenset({"play"}), "play"), (frozenset({"hand"}), "hand")),
    stats=Stats(
        FiveUpStats,
        lambda state, view, seat: player_stats(state, seat, view),
        about={
            "hands": "finished hands",
            "points": "the side's points in them",
            "average": "points per hand",
            "largest": "the largest count scored, and the tile that made it",
        },
    ),
    sides=sides,
    race=race,
)

__all__ = ["GAME", "Call", "Draw", "End", "Hand", "Pass", "Play", "State", "apply", "start", "view"]
