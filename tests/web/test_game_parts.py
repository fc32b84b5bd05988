"""The table pages reach a game's own parts through its folder (referee.games.WEB_HOOKS, ``<game>/_head.html``),
never through a list of games: each game gets its parts, and no other game gets them."""

from __future__ import annotations

import pytest
from tables import new_table

from referee.games import GAMES

PLAYERS = {"bingo": ("Aki", "Ben"), "ninety-nine": ("Aki", "Ben"), "trick-de-bingo": ("Aki", "Ben", "Chie", "Dai")}


@pytest.mark.parametrize("game_id", GAMES)
def test_only_tables_whose_tiles_a_photo_can_read_load_the_photo_reader(client, game_id: str):
    """Bingo's trick piles and Five Up's hands are read from a photo; no other table loads the reader."""
    table = new_table(client, game_id, PLAYERS.get(game_id, ("Aki", "Ben")))
    page = client.get(f"/t/{table['id']}").get_data(as_text=True)
    assert ("js/photo.js" in page) == (game_id in ("bingo", "five-up"))

