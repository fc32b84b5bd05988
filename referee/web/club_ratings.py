"""A club player's ratings and head-to-head records (issue 32) as the API and the player's page give
them: worked out from the club's finished tables on each read (store/ratings.py), opponents named by their
roster index (the players' pages' address)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, Response, abort
from flask_babel import gettext

from printables.race import plot, svg

from ..rules import GAMES
from ..rules.names import name_key
from ..rules.race import Race
from ..store.club_ratings import club_played
from ..store.clubs import get_club, player_at, roster_names
from ..store.models import Club
from ..store.ratings import Rating, Record, head_to_head, ratings
from .i18n import say

bp = Blueprint("club_ratings", __name__)


def _mine(club: Club, name: str) -> tuple[dict[str, Rating], dict[tuple[str, str], Record], dict[str, int]]:
    """The player's ratings by game, records by (opponent key, game), and the roster's index by key."""
    played = club_played(club)
    key = name_key(name)
    index = {name_key(n): i for i, n in enumerate(roster_names(club))}
    mine = {game: r for (game, who), r in ratings(played).items() if who == key}
    return mine, head_to_head(played, key), index


def player_ratings(club: Club, name: str) -> dict[str, Any]:
    """``ratings`` (per game) and ``headToHead`` (per opponent and game) of the player ``name``."""
    mine, records_of, index = _mine(club, name)
    games = {
        game: {
            "rating": round(r.rating, 2),
            "mu": round(r.mu, 4),
            "sigma": round(r.sigma, 4),
            "provisional": r.provisional,
            "games": r.games,
            "history": [{"session": session, "rating": round(v, 2)} for session, v in r.history],
        }
        for game, r in mine.items()
    }
    records = [
        {"opponent": index[opponent], "game": game, "won": rec.won, "lost": rec.lost, "drawn": rec.drawn}
        for (opponent, game), rec in records_of.items()
        if opponent in index
    ]
    records.sort(key=lambda r: (r["opponent"], r["game"]))
    return {"ratings": games, "headToHead": records}


def openapi_properties() -> dict[str, Any]:
    """The fields ``player_ratings`` adds to a player's answer, for /api/openapi.json."""
    number, integer = {"type": "number"}, {"type": "integer"}
    return {
        "ratings": {
            "type": "object",
            "description": "per game: the OpenSkill rating (mu - 3 sigma shown as rating), provisional under 10 tables",
            "additionalProperties": {
                "type": "object",
                "properties": {
                    "rating": number,
                    "mu": number,
                    "sigma": number,
                    "provisional": {"type": "boolean"},
                    "games": integer,
                    "history": {
                        "type": "array",
                        "items": {"type": "object", "properties": {"session": {"type": "string"}, "rating": number}},
                    },
                },
                "required": ["rating", "mu", "sigma", "provisional", "games", "history"],
            },
        },
        "headToHead": {
            "type": "array",
            "description": "per opponent (roster index) and game: tables won, lost and drawn against them",
            "items": {
                "type": "object",
                "properties": {"opponent": integer, "game": {"type": "string"}, "won": integer, "lost": integer, "drawn": integer},
                "required": ["opponent", "game", "won", "lost", "drawn"],
            },
        },
    }


@dataclass(frozen=True)
class Matchup:
    opponent: str
    game: str  # its name, in the reader's language
    record: Record

    @property
    def balance(self) -> int:
        return self.record.won - self.record.lost


def page_ratings(club: Club, name: str) -> dict[str, Any]:
    """What the player's page shows: per game the rating, and the records against every opponent with
    the best and the worst match-up (the most and the fewest wins over losses)."""
    mine, records_of, index = _mine(club, name)
    roster = roster_names(club)
    matchups = sorted(
        (Matchup(roster[index[opp]], say(GAMES[game].name), rec) for (opp, game), rec in records_of.items() if opp in index),
        key=lambda m: (m.opponent, m.game),
    )
    best = max(matchups, key=lambda m: m.balance, default=None)
    worst = min(matchups, key=lambda m: m.balance, default=None)
    return {
        "ratings": [(game, say(GAMES[game].name), r) for game, r in mine.items()],
        "matchups": matchups,
        "best": best if best is not None and best.balance > 0 else None,
        "worst": worst if worst is not None and worst.balance < 0 else None,
    }


@bp.get("/club/<club_id>/players/<int:index>/rating-<game>.svg")
def rating_chart(club_id: str, index: int, game: str) -> Response:
    """The player's rating in one game after each club night they played it, with each night's change
    as a bar (the race chart's drawing, one line)."""
    club = get_club(club_id)
    name = player_at(club, index) if club is not None else None
    if club is None or name is None or game not in GAMES:
        abort(404)
    rating = _mine(club, name)[0].get(game)
    if rating is None:
        abort(404)
    figures = [0, *(round(v) for _, v in rating.history)]  # a newcomer's mu - 3 sigma is 0
    race = Race("round", ((0,),), tuple((b - a,) for a, b in zip(figures, figures[1:], strict=False)), (0,))
    title = gettext("%(player)s's rating in %(game)s after each club night", player=name, game=say(GAMES[game].name))
    summary = gettext("Rating %(rating)s after %(n)s club nights.", rating=figures[-1], n=len(rating.history))
    return Response(svg(plot(race, (name,)), title, summary, (gettext("Target"),)), mimetype="image/svg+xml")
