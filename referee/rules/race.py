"""The race of a table as numbers: each side's points per deal, hand or round and its running total.

Read from a game's ``View.detail`` (the public one a reader may see), so a chart shows no more than the
table page does. Pure: the chart drawn from it (printables/race.py) and its summary sentence need no
replay of their own, and every game gives the same shape:

- ``sides``: the seats of each line (Five Up partners share one, F1; every other game a seat each);
- ``points``: one row per scored deal/hand/round, the points each side scored in it;
- ``start``: each side's total before the first (Trick de Bingo's chip, T3);
- ``target``: the total that wins, when the game has one (Bingo 7, Five Up 61, Ninety-Nine 100);
- ``counts``: Five Up, the count after each play of the hand in play or last played (F15).

The running totals add up to the table's ``View.totals`` once every step is in: bonuses that come with
a game's end (Five Up's +10, F33; Ninety-Nine's game and rubber bonuses, N17) are counted in the deal
that earned them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .base import Game, _
from .race_shape import Count, Race, Unit

__all__ = ["NOTHING_YET", "STEP_WORDS", "TITLES", "Count", "Race", "Summary", "Unit", "race", "summary"]

STEP_WORDS: dict[Unit, str] = {
    "deal": _("deal %(n)s"),
    "hand": _("hand %(n)s"),
    "round": _("round %(n)s"),
}
"""A step as the summary and the chart's table name it; translated when shown."""

TITLES: dict[Unit, str] = {
    "deal": _("The race: running totals after each deal"),
    "hand": _("The race: running totals after each hand"),
    "round": _("The race: running totals after each round"),
}

NOTHING_YET: dict[Unit, str] = {
    "deal": _("No deal has been scored yet."),
    "hand": _("No hand has been scored yet."),
    "round": _("No round has been scored yet."),
}


@dataclass(frozen=True)
class Summary:
    """The race in one sentence: ``message`` with ``params``, and the step (``step`` with its number
    ``n``) it is as of, which the reader's language words first and hands in as ``%(step)s``."""

    message: str
    params: Mapping[str, Any]
    step: str = ""
    n: int = 0


def summary(race: Race, players: tuple[str, ...]) -> Summary:
    """Who leads and by how much after the last step; partners and tied leaders are named together
    (a tuple param, joined in the reader's language)."""
    if not race.points:
        return Summary(NOTHING_YET[race.unit], {})
    last = race.running[-1]
    names = race.names(players)
    best = max(last)
    leaders = tuple(names[i] for i, total in enumerate(last) if total == best)
    step, n = STEP_WORDS[race.unit], len(race.points)
    if len(leaders) > 1:
        if race.live:
            return Summary(_("%(names)s are level on %(points)s during %(step)s."), {"names": leaders, "points": best}, step, n)
        return Summary(_("%(names)s are level on %(points)s after %(step)s."), {"names": leaders, "points": best}, step, n)
    margin = best - max(total for i, total in enumerate(last) if names[i] != leaders[0])
    if race.finished:
        message = _("%(name)s won by %(points)s after %(step)s.")
    elif race.live:
        message = _("%(name)s leads by %(points)s during %(step)s.")
    else:
        message = _("%(name)s leads by %(points)s after %(step)s.")
    return Summary(message, {"name": leaders[0], "points": margin}, step, n)


def race(game: Game[Any, Any], detail: Mapping[str, Any], totals: tuple[int, ...], finished: bool = False) -> Race:
    """The race of a table of ``game`` from its view ``detail`` and ``totals``.

    The steps are the deals (hands, rounds) the game's own ``race`` reads as scored; points a table
    has but no scored step holds are the step in play (``live``: a capture, a placement, a play), or,
    once the game is over, a bonus for its end (Five Up's +10 to the winner, F33), counted in the last
    step."""
    players = len(totals)
    if game.race is None:
        race = Race("round", tuple((s,) for s in range(players)), (), (0,) * players, None, finished)
    else:
        race = game.race(detail, players, finished)
    if not _all_known(totals, race):  # a figure this reader may not see: no race to draw, none guessed
        return Race(race.unit, race.sides, (), tuple(0 for _ in race.sides), race.target, finished)
    gap = tuple(totals[seats[0]] - total for seats, total in zip(race.sides, race.running[-1] if race.points else race.start, strict=True))
    if not any(gap):
        return race
    if finished and race.points:
        last = tuple(p + g for p, g in zip(race.points[-1], gap, strict=True))
        return replace(race, points=(*race.points[:-1], last), sums=None)
    return replace(race, points=(*race.points, gap), live=True, sums=None)


def _all_known(totals: tuple[int, ...], race: Race) -> bool:
    """Whether every figure the race is drawn from is a number: a view redacted for this reader (a
    private game's hidden scores) has placeholders instead, and the chart must not reveal or guess them."""
    figures = (*totals, *race.start, *(p for step in race.points for p in step))
    return all(isinstance(f, int) for f in figures)
