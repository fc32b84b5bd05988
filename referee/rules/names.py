"""Player names: what a table accepts, the same at every way in (form, API, record).

A name is text, trimmed (spaces and invisible format characters such as a zero-width space at
either end), with at least one visible character (a letter, digit, punctuation mark or symbol), no
control characters, and at most ``MAX_NAME`` characters. Two names at one table may not look the
same: they are compared after NFKC normalisation, case folding and dropping format characters,
so "Aki", "ＡＫＩ" and "Aki\u200b" are one name.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

from .base import Game, MalformedEvent, _

MAX_NAME = 40
_VISIBLE = ("L", "N", "P", "S")  # Unicode general categories a reader can see


def _invisible(ch: str) -> bool:
    return ch.isspace() or unicodedata.category(ch) == "Cf"


def clean_name(raw: Any) -> str:
    """The name as stored, or MalformedEvent("bad_players") saying what is wrong with it."""
    if not isinstance(raw, str):
        raise MalformedEvent("bad_players", _("Every player's name must be text."))
    start, end = 0, len(raw)
    while start < end and _invisible(raw[start]):
        start += 1
    while end > start and _invisible(raw[end - 1]):
        end -= 1
    name = raw[start:end]
    if not name and raw.strip():  # e.g. a zero-width space alone
        raise MalformedEvent("bad_players", _("Every player's name needs a visible character."))
    if not name:
        raise MalformedEvent("bad_players", _("Every player needs a name."))
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in name):
        raise MalformedEvent("bad_players", _("A player's name may not contain control characters."))
    if not any(unicodedata.category(ch)[0] in _VISIBLE for ch in name):
        raise MalformedEvent("bad_players", _("Every player's name needs a visible character."))
    if len(name) > MAX_NAME:
        raise MalformedEvent("bad_players", _("A player's name may have at most 40 characters."))
    return name


def name_key(name: str) -> str:
    """What two names are compared by: NFKC, case-folded, without format characters, spaces collapsed."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return " ".join("".join(ch for ch in folded if unicodedata.category(ch) != "Cf").split())


def clean_names(players: Sequence[Any]) -> tuple[str, ...]:
    """Every name cleaned, and no two alike (see ``name_key``)."""
    names = tuple(clean_name(p) for p in players)
    seen: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if key in seen:
            raise MalformedEvent(
                "bad_players",
                _("%(a)s and %(b)s look like the same name: give each player a different name."),
                a=seen[key],
                b=name,
            )
        seen[key] = name
    return names


def check_players(game: Game[Any, Any], players: Sequence[Any]) -> tuple[str, ...]:
    """The names as stored (``clean_names``), for a count ``game`` takes."""
    names = clean_names(players)
    if not game.min_players <= len(names) <= game.max_players:
        if game.min_players == game.max_players:
            raise MalformedEvent("bad_players", _("This game needs exactly %(n)s players."), n=game.min_players)
        raise MalformedEvent(
            "bad_players",
            _("This game needs %(min)s to %(max)s players."),
            min=game.min_players,
            max=game.max_players,
        )
    return names
