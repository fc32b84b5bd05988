"""Ratings per game for a club's players (issue 32), and their records against each other.

Derived, never stored as the truth: a rating is worked out from the club's finished tables (their
results, which history.py reads from the logs) in the order the club nights were played, so an undo or a
correction at a table changes it at once and working it out again always gives the same figures.

OpenSkill's Plackett-Luce model (``openskill``, MIT) rates 2-player, many-player and partnership tables
alike: each table ranks its sides, winners first, then by total (a game's partnerships are its
descriptor's ``sides``). The figure shown is the conservative ``mu - 3 sigma``; it is
"provisional" until a player has ``PROVISIONAL_GAMES`` tables of the game. A club night a player misses
widens their uncertainty by ``IDLE_SIGMA`` (up to a newcomer's), so a rating that has not been tested
for a while moves more when it is.

Pure: tables in, ratings out (the club's reading of its results, and the copy each process keeps of a
club's ladder, are club_ratings.py's).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

from openskill.models import PlackettLuce

from referee.games import game

START_MU, START_SIGMA = 25.0, 25.0 / 3
MODEL = PlackettLuce(mu=START_MU, sigma=START_SIGMA, beta=2 * START_SIGMA)
"""``beta``, how much one table's result may stray from the players' skill, is four times the library's
default: at tables of dealt tiles and cards luck weighs heavily, and a model that believes one table too
much over-rates the lucky (on the synthetic club of tests/store/test_ratings.py it predicted winners worse
than a coin flip)."""
PROVISIONAL_GAMES = 10
IDLE_SIGMA = 0.5  # added (in quadrature) for every club night missed


@dataclass(frozen=True)
class Played:
    """One finished table of a club night: who sat where and how they finished."""

    session: str
    game: str
    players: tuple[str, ...]  # name keys, by seat
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    table: str = ""  # the game table's id (its public link), and its number on the night
    number: int = 0

    @cached_property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats that share a result, the game's partnerships (its descriptor's ``sides``): worked
        out once per table, as a ladder reads them many times."""
        return game(self.game).sides_at(len(self.players))

    @cached_property
    def ranks(self) -> tuple[int, ...]:
        """Per side, 0 for the best: the winners first, then the higher total; equal places share."""
        keys = [(not any(s in self.winners for s in side), -self.totals[side[0]]) for side in self.sides]
        return tuple(sorted(set(keys)).index(key) for key in keys)

    def side_of(self, player: str) -> int:
        """The index in ``sides`` of the side ``player`` (a name key) sat on."""
        seat = self.players.index(player)
        return next(i for i, side in enumerate(self.sides) if seat in side)


@dataclass
class Rating:
    """A player's rating in one game, and its history: the figure after each club night played."""

    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0
    last_night: int = -1
    history: list[tuple[str, float]] = field(default_factory=list)

    @property
    def rating(self) -> float:
        """The figure shown: ``mu - 3 sigma``, which the player is very likely above."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


@dataclass(frozen=True)
class Record:
    """One player's tables against one opponent in one game (partners are not opponents)."""

    won: int = 0
    lost: int = 0
    drawn: int = 0


NO_RECORD = Record()


@dataclass(frozen=True)
class Change:
    """What one table did to one player's rating in its game: the figure shown before and after."""

    table: Played
    player: str
    before: float
    after: float

    @property
    def change(self) -> float:
        return self.after - self.before

    @property
    def place(self) -> int:
        """The player's side's place at the table, 1 for the best (equal places share)."""
        return self.table.ranks[self.table.side_of(self.player)] + 1


Before = tuple[float, float, int, int, int] | None
"""A rating as a table found it (mu, sigma, games, last night, nights in its history); None: the table
was the player's first of the game."""


class Ladder:
    """Ratings, each table's change to them and the records between players, as tables are added one
    by one in the order played (oldest night first).

    Each table added keeps its players' ratings as it found them (``steps``), so ``until`` can take the
    ladder back to the start of an earlier night without working anything out: a change on a club
    night costs the tables from that night on, not the club's."""

    def __init__(self, tables: Iterable[Played] = ()) -> None:
        self.ratings: dict[tuple[str, str], Rating] = {}  # (game, player name key) -> rating
        self.nights: dict[str, int] = {}
        self.changes: dict[str, list[Change]] = {}  # player -> every table's change, oldest first
        self.records: dict[str, dict[tuple[str, str], Record]] = {}  # player -> (opponent, game) -> record
        self.steps: list[tuple[Played, tuple[Before, ...]]] = []  # each table added and its seats' ratings before it
        for table in tables:
            self.add(table)

    def copy(self) -> Ladder:
        """A ladder to add more tables to, leaving this one as it stands."""
        out = Ladder()
        out.ratings = {key: replace(r, history=list(r.history)) for key, r in self.ratings.items()}
        out.nights = dict(self.nights)
        out.changes = {player: list(changes) for player, changes in self.changes.items()}
        out.records = {player: dict(records) for player, records in self.records.items()}
        out.steps = list(self.steps)
        return out

    def until(self, start: int) -> Ladder:
        """A copy of this ladder as it stood with its first ``start`` tables only, this one left as it
        stands. ``start`` is where a club night begins (its history keeps one figure per night)."""
        out = self.copy()
        if start < len(out.steps):
            night = out.nights[out.steps[start][0].session]
            out.nights = {session: n for session, n in out.nights.items() if n < night}
        while len(out.steps) > start:
            table, before = out.steps.pop()
            for name, was in zip(table.players, before, strict=True):
                key = (table.game, name)
                if was is None:
                    del out.ratings[key]
                else:
                    r = out.ratings[key]
                    r.mu, r.sigma, r.games, r.last_night = was[:4]
                    del r.history[was[4] :]
                out.changes[name].pop()
                if not out.changes[name]:
                    del out.changes[name]
            out._meet(table, -1)
        return out

    def add(self, table: Played) -> None:
        night = self.nights.setdefault(table.session, len(self.nights))
        self.steps.append(
            (
                table,
                tuple(
                    (r.mu, r.sigma, r.games, r.last_night, len(r.history))
                    if (r := self.ratings.get((table.game, name))) is not None
                    else None
                    for name in table.players
                ),
            )
        )
        seats = [self.ratings.setdefault((table.game, name), Rating()) for name in table.players]
        before = [r.rating for r in seats]
        for r in seats:
            if r.last_night >= 0 and night - r.last_night > 1:  # nights missed since the last one played
                r.sigma = min(START_SIGMA, math.sqrt(r.sigma**2 + (night - r.last_night - 1) * IDLE_SIGMA**2))
        teams = [[MODEL.create_rating([seats[s].mu, seats[s].sigma]) for s in side] for side in table.sides]
        rated = MODEL.rate(teams, ranks=[float(r) for r in table.ranks])
        for side, team in zip(table.sides, rated, strict=True):
            for seat, new in zip(side, team, strict=True):
                r = seats[seat]
                r.mu, r.sigma, r.games, r.last_night = new.mu, new.sigma, r.games + 1, night
                if r.history and r.history[-1][0] == table.session:
                    r.history[-1] = (table.session, r.rating)
                else:
                    r.history.append((table.session, r.rating))
        for name, was, r in zip(table.players, before, seats, strict=True):
            self.changes.setdefault(name, []).append(Change(table, name, was, r.rating))
        self._meet(table)

    def _meet(self, table: Played, sign: int = 1) -> None:
        """Add the table to each player's record against each opponent (partners are not opponents);
        ``sign`` -1 takes it off again (a record and a player's records left empty go)."""
        sides, ranks = table.sides, table.ranks
        for mine, side in enumerate(sides):
            for player in (table.players[s] for s in side):
                records = self.records.setdefault(player, {})
                for other, their in enumerate(sides):
                    if other == mine:
                        continue
                    better, worse = ranks[mine] < ranks[other], ranks[mine] > ranks[other]
                    drawn = not better and not worse
                    for seat in their:
                        key = (table.players[seat], table.game)
                        was = records.get(key, NO_RECORD)
                        now = Record(was.won + sign * better, was.lost + sign * worse, was.drawn + sign * drawn)
                        if now == NO_RECORD:
                            records.pop(key, None)
                        else:
                            records[key] = now
                if not records:
                    del self.records[player]


def ratings(tables: Iterable[Played]) -> dict[tuple[str, str], Rating]:
    """(game, player) -> rating after every table, taken in the order given (oldest night first)."""
    return Ladder(tables).ratings


def win_chance(a: Rating, b: Rating) -> float:
    """The model's chance that ``a`` beats ``b`` at a 2-player table."""
    chances: Sequence[float] = MODEL.predict_win(
        [[MODEL.create_rating([a.mu, a.sigma])], [MODEL.create_rating([b.mu, b.sigma])]]
    )
    return float(chances[0])
