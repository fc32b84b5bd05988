"""The games referee knows: one folder each under ``referee/games/``, one line each in ``GAMES``.

A game's folder holds its pure rules, its web pages, its printables and its templates; the rest of
the house finds a game only through its descriptor here, by its record-format id. Importing this
package loads the rules only (no Flask, SQL or I/O).

The web floor asks each game's ``web`` module (``part(game_id, "web")``) for the names in ``WEB_HOOKS``;
every game's module has every one, binding the default of ``referee.web.tables.game_defaults`` where the game
has nothing of its own to say:

- ``bp``: its blueprint (pages, templates under ``templates/<package>/``, ``static/``);
- ``stat_sentences(stats)``: what stands out in a player's club numbers at this game;
- ``is_turn_of(detail, seat)``: whether that seat's phone says "Your turn";
- ``seat_names(players)``: the names of the seats that play (a dummy's too, where a game has one);
- ``CORRECTION``: how its entries are corrected (``referee.web.tables.correction_form.Correction``: the entry
  surfaces, how their forms are read, headings, the labels of its own fields, which fields spend tiles
  or cards, which lists are in play order, which entries are sealed, the tiles' numbers);
- ``report_lines(now, was, players)``: what an entry settled, for the dispute report (from the views
  after and before it);
- ``settles(detail, entry_type)``: the part (``"deal"``, ``"hand"``) an entry of that type settles, so its
  answer lists every rule break of it (``referee.web.tables.answer_breaches``), or None;
- ``value_words(text)``: a text field of an entry as the dispute report prints it (a card as A♠);
- ``history_parts(group, players)``: a deal's (hand's, round's) group of the history cut into named parts
  (``referee.web.tables.history_groups.HistoryGroup``), or the group alone;
- ``QUICK_CHECKS``: its questions for ``/check`` (``referee.web.tables.quick_checks.QuickCheck``: how the form
  is read into its question and how the rules answer it, the template that asks and answers, its place on
  the page, its API operation if any).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from referee.rules.base import Game, MalformedEvent, _
from referee.rules.events import shown

from . import bead_game, bingo, five_up, ninety_nine, score_pad, trick_de_bingo

GAMES: dict[str, Game[Any, Any]] = {
    g.GAME.id: g.GAME for g in (score_pad, ninety_nine, bingo, five_up, trick_de_bingo, bead_game)
}

WEB_HOOKS = ("bp", "stat_sentences", "is_turn_of", "seat_names", "CORRECTION", "report_lines", "settles", "value_words", "QUICK_CHECKS", "history_parts")
"""What every game's ``web`` module holds (see above); tests/test_game_folders.py holds every game to it."""


def package(game_id: str) -> str:
    """The folder (and Python package) of a game: its record-format id with ``-`` as ``_``."""
    return game_id.replace("-", "_")


def part(game_id: str, name: str) -> ModuleType:
    """A part of a game's folder by name (``web``, ``printables``): the floor finds a game's pages and
    papers here, so no module outside the folder imports it by name. Loads only what is asked for."""
    return importlib.import_module(f"{__name__}.{package(game_id)}.{name}")


def game(game_id: object) -> Game[Any, Any]:
    """The game with this id, or a MalformedEvent listing the games there are."""
    if isinstance(game_id, str) and game_id in GAMES:
        return GAMES[game_id]
    raise MalformedEvent(
        "unknown_game", _("Unknown game %(game)s; choose one of: %(games)s."), game=shown(game_id), games=", ".join(GAMES)
    )
