"""Tables as the web tests open and feed them through the JSON API (docs/record-format.md): one way to
create a table, post an event with a token, read the state, and check that a refused event changed
nothing, so that every game's web tests exercise the same path."""

from __future__ import annotations

from typing import Any


def new_table(
    client, game: str = "score-pad", players=("Aki", "Ben", "Chie"), options=None, *, scorer: bool = False, **fields
) -> dict[str, Any]:
    """POST /api/v1/tables (it must answer 201); ``scorer=True`` makes this client the scorer's phone;
    ``fields`` are the body's other fields (``confirm_corrections=True``). Every test opens its tables here."""
    resp = client.post("/api/v1/tables", json=table_body(game, players, options, **fields))
    assert resp.status_code == 201, resp.get_json()
    table = resp.get_json()
    if scorer:
        with client.session_transaction() as session:
            session["tokens"] = {f"{table['id']}:scorer": table["scorer_token"]}
    return table


def new_table_by_form(client, game: str = "score-pad", players=("Aki", "Ben"), **fields) -> str:
    """The new-table page's form, as a phone sends it (it must redirect): the table page's path. This
    phone then keeps the table (its device cookie), as "Your tables" lists it. ``fields`` are the
    form's other fields (``confirm_corrections="true"``)."""
    resp = client.post(f"/new/{game}", data={"players": list(players), **fields})
    assert resp.status_code == 302
    return resp.headers["Location"]


def table_body(game: str, players, options=None, **fields) -> dict[str, Any]:
    """What ``POST /api/v1/tables`` is sent."""
    return {"game": game, "players": list(players), "options": options or {}, **fields}


def new_served_table(server, game: str = "score-pad", players=("Aki", "Ben")) -> dict[str, Any]:
    """``new_table`` on an app served by gunicorn (tests/club's ``Gunicorn``: ``request`` answers the
    status and the body)."""
    status, made = server.request("POST", "/api/v1/tables", table_body(game, players))
    assert status == 201, made
    return made


def bearer(token: str) -> dict[str, str]:
    """The header that writes (or reads) as the holder of ``token``."""
    return {"Authorization": f"Bearer {token}"}


def post(client, table, event, token=None, **headers):
    """POST an event as the scorer (or as the holder of ``token``)."""
    auth = bearer(token or table["scorer_token"])
    return client.post(f"/api/v1/tables/{table['id']}/events", json=event, headers={**auth, **headers})


def state(client, table, token=None) -> dict[str, Any]:
    """GET the table's state, as a viewer (or as the holder of ``token``)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.get(f"/api/v1/tables/{table['id']}", headers=headers).get_json()


def assert_refused_unchanged(client, table, event, message: str) -> None:
    """The event is refused with 422 and a reason containing ``message``, and the table is as it was."""
    before = state(client, table)
    resp = post(client, table, event)
    assert resp.status_code == 422, resp.get_json()
    assert message in resp.get_json()["error"]["message"]
    after = state(client, table)
    assert (after["seq"], after["detail"]) == (before["seq"], before["detail"])


def score_pad_record(*events) -> dict[str, Any]:
    """A score-pad record for A and B (docs/record-format.md), to import through the API or the page."""
    return {"format": "referee-record", "version": 1, "game": "score-pad", "players": ["A", "B"],
            "options": {}, "events": list(events)}  # fmt: skip
