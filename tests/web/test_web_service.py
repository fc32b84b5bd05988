"""The web layer's one way to a table (referee/web/tables/service.py): views hand templates what they show."""

import re

from referee.store.sharing import read_version
from tests.web.tables import new_table_by_form


def test_templates_get_the_version_and_the_corrections_from_their_view(app, client):
    """Templates no longer query the store (no ``table_version``/``table_corrections`` globals): the
    page's version and its waiting correction are what the view passed, and they match the store."""
    assert not {"table_version", "table_corrections"} & set(app.jinja_env.globals)
    url = client.post("/new/score-pad", data={"players": ["Aki", "Ben"], "confirm_corrections": "true"}).headers[
        "Location"
    ]
    client.post(f"{url}/events", data={"type": "round", "points": ["1", "1"]})
    client.post(f"{url}/correct/1", data={"type": "round", "points": ["9", "9"]})
    for page in (client.get(url), client.get(url, headers={"HX-Request": "true"}), client.get(f"{url}/screen")):
        html = page.get_data(as_text=True)
        with app.app_context():
            assert re.search(r'data-version="([^"]+)"', html).group(1) == read_version(url.rsplit("/", 1)[1])
    assert "Waiting for a player to confirm" in client.get(url).get_data(as_text=True)


def test_a_game_page_answers_only_at_its_own_game(client):
    """The bead game's and Trick de Bingo's own pages open their table through the service with
    the game named: another game's table is not found there."""
    pad = new_table_by_form(client, "score-pad")
    assert client.post(f"{pad}/bead-game/end", data={}).status_code == 404
    assert client.get(f"{pad}/bead-game/legal?hand=4-4").status_code == 404
    assert client.get(f"{pad}/trick-de-bingo/custom").status_code == 404


def test_the_old_addresses_of_the_game_pages_redirect_to_the_new_ones(client):
    """URLs are named after the game now (``bead-game``, ``trick-de-bingo``); the old ones answer
    with a redirect that keeps the method and the query (308)."""
    bead = new_table_by_form(client, "bead-game")
    old = client.get(f"{bead}/bead/legal?hand=4-4&hand=2-2")
    assert old.status_code == 308 and old.headers["Location"].endswith(f"{bead}/bead-game/legal?hand=4-4&hand=2-2")
    posted = client.post(f"{bead}/bead/end", data={})
    assert posted.status_code == 308 and posted.headers["Location"].endswith(f"{bead}/bead-game/end")
    tdb = new_table_by_form(client, "trick-de-bingo", ("A", "B", "C", "D"))
    moved = client.get(f"{tdb}/tdb/custom?suit=S")
    assert moved.status_code == 308 and moved.headers["Location"].endswith(f"{tdb}/trick-de-bingo/custom?suit=S")
    assert client.get(moved.headers["Location"]).status_code == 200
