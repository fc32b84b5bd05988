"""A club player's ratings and head-to-head records (issue 32) as the API and the player's page give
them: worked out from the club's finished tables on each read (store/ratings.py), opponents named by their
roster index (the players' pages' address)."""

from __future__ import annotations

from typing import Any

from ..rules.names import name_key
from ..store.club_ratings import club_played
from ..store.clubs import roster_names
from ..store.models import Club
from ..store.ratings import head_to_head, ratings


def player_ratings(club: Club, name: str) -> dict[str, Any]:
    """``ratings`` (per game) and ``headToHead`` (per opponent and game) of the player ``name``."""
    played = club_played(club)
    key = name_key(name)
    index = {name_key(n): i for i, n in enumerate(roster_names(club))}
    games = {
        game: {
            "rating": round(r.rating, 2),
            "mu": round(r.mu, 4),
            "sigma": round(r.sigma, 4),
            "provisional": r.provisional,
            "games": r.games,
            "history": [{"session": session, "rating": round(v, 2)} for session, v in r.history],
        }
        for (game, who), r in ratings(played).items()
        if who == key
    }
    records = [
        {"opponent": index[opponent], "game": game, "won": rec.won, "lost": rec.lost, "drawn": rec.drawn}
        for (opponent, game), rec in head_to_head(played, key).items()
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
