"""The web layer's one way to a table (referee/web/service.py): views hand templates what they show."""

import re

from referee.store.sharing import read_version


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
