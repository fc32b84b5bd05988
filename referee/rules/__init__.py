"""The games referee knows, found by their record-format id. Pure rules: no Flask, SQL or I/O."""

from __future__ import annotations

from typing import Any

from . import bead_game, bingo, five_up, ninety_nine, score_pad, trick_de_bingo
from .base import Game, MalformedEvent, _
from .events import shown

GAMES: dict[str, Game[Any, Any]] = {g.GAME.id: g.GAME for g in (score_pad, ninety_nine, bingo, five_up, trick_de_bingo, bead_game)}


def game(game_id: object) -> Game[Any, Any]:
    """The game with this id, or a MalformedEvent listing the games there are."""
    if isinstance(game_id, str) and game_id in GAMES:
        return GAMES[game_id]
    raise MalformedEvent(
        "unknown_game", _("Unknown game %(game)s; choose one of: %(games)s."), game=shown(game_id), games=", ".join(GAMES)
    )
