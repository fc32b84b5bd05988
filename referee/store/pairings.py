"""Who sits where next at a club night (issue 32): Swiss rounds for 2-player games and rotating partners
for 4-player partnership games. Pure: the standings and the rounds so far in, the next round's tables out,
or a :class:`PairingError` saying which rule cannot be kept (never a round that breaks one quietly).

Swiss: players are ranked by score, then by the tie-break (the sum of their opponents' scores, which
rewards having met strong players), then by roster order; each plays the highest-ranked player below them
they have not met yet, so players meet others of the same score where they can. With an odd number the
lowest-ranked player who has not had a bye sits out (at most one bye each). A depth-first search undoes
a choice that would leave someone with nobody new to play.

Partners: tables of four, seats 0 and 2 partners against 1 and 3 (as in Five Up, F1); nobody partners
the same player twice and nobody meets the same opponent more than ``MAX_MEETINGS`` times.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..rules.base import RuleError, _

MAX_MEETINGS = 2


class PairingError(RuleError):
    """A round that cannot keep its rules (422)."""


@dataclass(frozen=True)
class Round:
    tables: tuple[tuple[int, ...], ...]  # seats by roster index, in table-number order
    byes: tuple[int, ...] = ()


def tie_breaks(scores: Mapping[int, float], rounds: Iterable[Round]) -> dict[int, float]:
    """Each player's opponents' scores added up (Buchholz)."""
    out: dict[int, float] = {}
    for rnd in rounds:
        for table in rnd.tables:
            for p in table:
                out[p] = out.get(p, 0.0) + sum(scores.get(q, 0) for q in table if q != p)
    return out


def swiss(players: Sequence[int], scores: Mapping[int, float], rounds: Sequence[Round]) -> Round:
    """The next Swiss round of 2-player tables among ``players``."""
    met = {frozenset(t) for r in rounds for t in r.tables}
    had_bye = {p for r in rounds for p in r.byes}
    breaks = tie_breaks(scores, rounds)
    ranked = sorted(players, key=lambda p: (-scores.get(p, 0), -breaks.get(p, 0), p))
    byes: tuple[int, ...] = ()
    if len(ranked) % 2:
        free = [p for p in reversed(ranked) if p not in had_bye]
        if not free:
            raise PairingError("no_bye", _("Every player has had a bye already: add or remove a player to pair this round."))
        for bye in free:  # the lowest-ranked first; another if the rest cannot be paired
            rest = [p for p in ranked if p != bye]
            tables = _pair(rest, met)
            if tables is not None:
                return Round(tuple(tables), (bye,))
        raise PairingError("rematch", _("Everyone has met everyone they could play: this round cannot be paired without a rematch."))
    tables = _pair(ranked, met)
    if tables is None:
        raise PairingError("rematch", _("Everyone has met everyone they could play: this round cannot be paired without a rematch."))
    return Round(tuple(tables), byes)


def _pair(ranked: list[int], met: set[frozenset[int]]) -> list[tuple[int, int]] | None:
    """Pairs down the ranking, nobody twice against the same opponent; None when impossible."""
    if not ranked:
        return []
    first, rest = ranked[0], ranked[1:]
    for i, other in enumerate(rest):
        if frozenset((first, other)) in met:
            continue
        tail = _pair(rest[:i] + rest[i + 1 :], met)
        if tail is not None:
            return [(first, other), *tail]
    return None


def partners(players: Sequence[int], rounds: Sequence[Round]) -> Round:
    """The next round of 4-player partnership tables: new partners for everyone, opponents met at most
    ``MAX_MEETINGS`` times in all."""
    if len(players) % 4:
        raise PairingError("seats", _("Partnership tables need a multiple of 4 players: %(n)s are here."), n=len(players))
    partnered = {frozenset((t[a], t[a + 2])) for r in rounds for t in r.tables if len(t) == 4 for a in (0, 1)}
    faced: Counter[frozenset[int]] = Counter(
        frozenset((t[a], t[b])) for r in rounds for t in r.tables if len(t) == 4 for a in (0, 2) for b in (1, 3)
    )
    tables = _groups(list(players), partnered, faced)
    if tables is None:
        raise PairingError(
            "partners", _("No seating keeps every partnership new and every opponent met at most twice: start a new game or change the players.")
        )
    return Round(tuple(tables))


def _groups(
    left: list[int], partnered: set[frozenset[int]], faced: Counter[frozenset[int]]
) -> list[tuple[int, int, int, int]] | None:
    """Tables of four (a, c, b, d: a and b partners) by depth-first search over the least-met choices."""
    if not left:
        return []
    a = left[0]
    rest = left[1:]

    def met(x: int, y: int) -> int:
        return faced[frozenset((x, y))]

    for b in sorted((p for p in rest if frozenset((a, p)) not in partnered), key=lambda p: met(a, p)):
        others = [p for p in rest if p != b]
        for i, c in enumerate(others):
            if met(a, c) >= MAX_MEETINGS or met(b, c) >= MAX_MEETINGS:
                continue
            for d in others[i + 1 :]:
                if frozenset((c, d)) in partnered or met(a, d) >= MAX_MEETINGS or met(b, d) >= MAX_MEETINGS:
                    continue
                new = [frozenset((x, y)) for x in (a, b) for y in (c, d)]
                for pair in new:
                    faced[pair] += 1
                tail = _groups([p for p in others if p not in (c, d)], partnered | {frozenset((a, b)), frozenset((c, d))}, faced)
                for pair in new:
                    faced[pair] -= 1
                if tail is not None:
                    return [(a, c, b, d), *tail]
    return None


def numbered(rnd: Round, pinned: Mapping[int, int]) -> dict[int, tuple[int, ...]]:
    """Table number -> seats: a pinned player's table gets its number, the others the free numbers in
    order. Two pinned players at one table with different numbers, or two tables for one number, cannot be."""
    out: dict[int, tuple[int, ...]] = {}
    loose = []
    for table in rnd.tables:
        wanted = {pinned[p] for p in table if p in pinned}
        if len(wanted) > 1 or (wanted and next(iter(wanted)) in out):
            raise PairingError("pinned", _("Two pinned players would need the same table, or one table two numbers: change the pins."))
        if wanted:
            out[wanted.pop()] = table
        else:
            loose.append(table)
    free = (n for n in range(1, len(rnd.tables) + len(out) + 1) if n not in out)
    for table in loose:
        out[next(free)] = table
    return dict(sorted(out.items()))
