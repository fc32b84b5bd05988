"""``tables.current_of``: a game's own page reads its table typed by that game's detail, and only a table
of that game (a page of one game's folder handed another game's table is a programming error)."""

import pytest

from referee.games import game
from referee.store import tables


def test_current_of_is_current_for_a_table_of_that_game_and_refuses_another(app):
    with app.app_context():
        pad = tables.create_table("score-pad", ["Aki", "Ben"], {}).table
        tables.append(pad, "event", {"type": "round", "points": [3, 1]})
        assert tables.current_of(pad, game("score-pad")) is tables.current(pad)
        with pytest.raises(ValueError, match="not bingo"):
            tables.current_of(pad, game("bingo"))
