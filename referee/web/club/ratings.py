"""A club player's ratings, recent tables with their rating change and head-to-head records (issue 32)
as the API and the player's page give them: read from the club's ladder as its tables now stand
(store/club_ratings.py), opponents named by their roster index (the players' pages' address)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, TypedDict

from babel.lists import format_list
from flask import Blueprint, Response, abort
from flask_babel import get_locale, gettext

from printables.race import plot, svg
from referee.games import GAMES
from referee.rules.names import name_key
from referee.rules.race import Race
from referee.store.club_ratings import club_ladder, night_names
from referee.store.clubs import get_club, player_at, roster_names
from referee.store.models import Club
from referee.store.ratings import Change, Rating, Record
from referee.web.site.i18n import say
from referee.web.tables.race_chart import image_address

bp = Blueprint("club_ratings", __name__)
RECENT = 10  # tables in a player's "recent tables"


@dataclass(frozen=True)
class Mine:
    """One player's part of the club's ladder."""

    ratings: dict[str, Rating]  # by game
    records: dict[tuple[str, str], Record]  # by (opponent's name key, game)
    recent: list[Change]  # the last RECENT tables, newest first
    index: dict[str, int]  # the roster's index by name key


def _mine(club: Club, name: str) -> Mine:
    ladder = club_ladder(club)
    key = name_key(name)
    return Mine(
        {game: r for (game, who), r in ladder.ratings.items() if who == key},
        ladder.records.get(key, {}),
        ladder.changes.get(key, [])[: -RECENT - 1 : -1],
        {name_key(n): i for i, n in enumerate(roster_names(club))},
    )


def _opponents(change: Change) -> list[str]:
    """The name keys of the players on the other sides of the table."""
    table, mine = change.table, change.table.side_of(change.player)
    return [table.players[seat] for i, side in enumerate(table.sides) if i != mine for seat in side]


class RatingPoint(TypedDict):
    session: str
    rating: float


class GameRating(TypedDict):
    rating: float
    mu: float
    sigma: float
    provisional: bool
    games: int
    history: list[RatingPoint]


class RecentTable(TypedDict):
    table: Annotated[str, {"description": "the table's id (its public link /t/<id>)"}]
    session: str
    number: int
    game: str
    opponents: Annotated[list[int], {"description": "roster indexes"}]
    place: Annotated[int, {"description": "the player's side's place, 1 for the best (equal places share)"}]
    sides: Annotated[int, {"description": "how many sides (players, or partnerships) the table had"}]
    ratingBefore: float
    rating: Annotated[float, {"description": "the rating in that game after the table"}]
    change: float


class HeadToHead(TypedDict):
    opponent: int
    game: str
    won: int
    lost: int
    drawn: int


class PlayerRatings(TypedDict):
    """What ``player_ratings`` adds to a club player's answer (issue 32)."""

    ratings: Annotated[
        dict[str, GameRating],
        {"description": "per game: the OpenSkill rating (mu - 3 sigma shown as rating), provisional under 10 tables"},
    ]
    recentTables: Annotated[
        list[RecentTable],
        {"description": f"the player's last {RECENT} finished tables, newest first, with what each did to their rating in its game"},
    ]
    headToHead: Annotated[
        list[HeadToHead],
        {"description": "per opponent (roster index) and game: tables won, lost and drawn against them"},
    ]


def player_ratings(club: Club, name: str) -> PlayerRatings:
    """``ratings`` (per game), ``recentTables`` (the last tables, newest first, with the rating change)
    and ``headToHead`` (per opponent and game) of the player ``name``."""
    mine = _mine(club, name)
    records_of, index = mine.records, mine.index
    games: dict[str, GameRating] = {
        game: {
            "rating": round(r.rating, 2),
            "mu": round(r.mu, 4),
            "sigma": round(r.sigma, 4),
            "provisional": r.provisional,
            "games": r.games,
            "history": [{"session": session, "rating": round(v, 2)} for session, v in r.history],
        }
        for game, r in mine.ratings.items()
    }
    recent: list[RecentTable] = [
        {
            "table": c.table.table,
            "session": c.table.session,
            "number": c.table.number,
            "game": c.table.game,
            "opponents": [index[o] for o in _opponents(c) if o in index],
            "place": c.place,
            "sides": len(c.table.sides),
            "ratingBefore": round(c.before, 2),
            "rating": round(c.after, 2),
            "change": round(c.change, 2),
        }
        for c in mine.recent
    ]
    records: list[HeadToHead] = [
        {"opponent": index[opponent], "game": game, "won": rec.won, "lost": rec.lost, "drawn": rec.drawn}
        for (opponent, game), rec in records_of.items()
        if opponent in index
    ]
    records.sort(key=lambda r: (r["opponent"], r["game"]))
    return {"ratings": games, "recentTables": recent, "headToHead": records}


@dataclass(frozen=True)
class Matchup:
    opponent: str
    game: str  # its name, in the reader's language
    record: Record

    @property
    def balance(self) -> int:
        return self.record.won - self.record.lost


@dataclass(frozen=True)
class Recent:
    """A line of the player's recent tables, in the reader's language."""

    table: str  # its id
    where: str  # the night and the table's number
    outcome: str
    change: Change


def _recent(changes: list[Change], named: dict[str, str]) -> list[Recent]:
    nights = night_names({c.table.session for c in changes})
    out = []
    for c in changes:
        game = say(GAMES[c.table.game].name)
        opponents = format_list([named.get(o, o) for o in _opponents(c)], locale=get_locale())
        sides, place = len(c.table.sides), c.place
        if sides > 2:
            outcome = gettext("%(game)s against %(opponents)s: place %(place)s of %(sides)s.", game=game, opponents=opponents, place=place, sides=sides)
        elif place == 1 and c.table.ranks[0] == c.table.ranks[1]:
            outcome = gettext("%(game)s against %(opponents)s: drawn.", game=game, opponents=opponents)
        elif place == 1:
            outcome = gettext("%(game)s against %(opponents)s: won.", game=game, opponents=opponents)
        else:
            outcome = gettext("%(game)s against %(opponents)s: lost.", game=game, opponents=opponents)
        where = gettext("%(night)s, table %(number)s", night=nights.get(c.table.session, ""), number=c.table.number)
        out.append(Recent(c.table.table, where, outcome, c))
    return out


def page_ratings(club: Club, name: str) -> dict[str, Any]:
    """What the player's page shows: per game the rating, the recent tables with their rating change,
    and the records against every opponent with the best and the worst match-up (the most and the
    fewest wins over losses)."""
    mine = _mine(club, name)
    records_of, index = mine.records, mine.index
    roster = roster_names(club)
    matchups = sorted(
        (Matchup(roster[index[opp]], say(GAMES[game].name), rec) for (opp, game), rec in records_of.items() if opp in index),
        key=lambda m: (m.opponent, m.game),
    )
    best = max(matchups, key=lambda m: m.balance, default=None)
    worst = min(matchups, key=lambda m: m.balance, default=None)
    return {
        "ratings": [(game, say(GAMES[game].name), r, rating_image(name, game, r)) for game, r in mine.ratings.items()],
        "recent": _recent(mine.recent, {key: roster[i] for key, i in index.items()}),
        "matchups": matchups,
        "best": best if best is not None and best.balance > 0 else None,
        "worst": worst if worst is not None and worst.balance < 0 else None,
    }


def rating_svg(name: str, game: str, rating: Rating) -> str:
    """The player's rating in one game after each club night they played it, with each night's change
    as a bar (the race chart's drawing, one line)."""
    figures = [0, *(round(v) for _, v in rating.history)]  # a newcomer's mu - 3 sigma is 0
    race = Race("round", ((0,),), tuple((b - a,) for a, b in zip(figures, figures[1:], strict=False)), (0,))
    title = gettext("%(player)s's rating in %(game)s after each club night", player=name, game=say(GAMES[game].name))
    summary = gettext("Rating %(rating)s after %(n)s club nights.", rating=figures[-1], n=len(rating.history))
    return svg(plot(race, (name,)), title, summary, (gettext("Target"),))


def rating_image(name: str, game: str, rating: Rating) -> str:
    """``rating_svg`` as a ``data:`` address for the player's page: drawn in the page's own (heavy) read
    from the ladder it already holds, so no image request of the page reads the ladder again."""
    return image_address(rating_svg(name, game, rating))


@bp.get("/club/<club_id>/players/<int:index>/rating-<game>.svg")
def rating_chart(club_id: str, index: int, game: str) -> Response:
    """The rating chart alone (``rating_svg``); a heavy read, as the player's page is (web/site/heavy.py)."""
    club = get_club(club_id)
    name = player_at(club, index) if club is not None else None
    if club is None or name is None or game not in GAMES:
        abort(404)
    rating = _mine(club, name).ratings.get(game)
    if rating is None:
        abort(404)
    return Response(rating_svg(name, game, rating), mimetype="image/svg+xml")
