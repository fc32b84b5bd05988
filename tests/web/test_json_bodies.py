"""Every JSON body is read by one reader (``referee/web/json_api/bodies.py``), at every operation of the API
(issue 28): JSON 100,000 deep, ``NaN``/``Infinity`` (not JSON, and PostgreSQL's jsonb refuses
them), text that is not JSON or not UTF-8, a body sent as another type: each a 400 with its code
and a sentence, never a 500 and never accepted. ``POST /api/v1/checks/bingo-claim`` answered 500
to the first and accepted the second. The operations come from ``/api/openapi.json``, so a new one
is in this table from the day it is documented.
"""

from __future__ import annotations

import pytest

from referee.web.json_api.openapi import openapi_document
from tests.web.tables import new_table
from tests.web.test_hostile_bodies import counts

DEEP = 100_000
HOSTILE = {
    "arrays 100,000 deep": ("[" * DEEP + "]" * DEEP, "json_too_deep"),
    "objects 100,000 deep": ('{"a":' * DEEP + "1" + "}" * DEEP, "json_too_deep"),
    "NaN": ('{"trump": NaN, "game": NaN, "name": NaN}', "bad_json"),
    "Infinity": ('{"trump": Infinity}', "bad_json"),
    "-Infinity": ("[-Infinity]", "bad_json"),
    "cut short": ('{"game": "score-pad", ', "bad_json"),
    "not UTF-8": (b'{"name": "\xff"}', "bad_json"),
    "empty": ("", "bad_json"),
}


def _takes_json(operation: dict) -> bool:
    """Whether the operation's body is JSON: a photo (``image/jpeg``, ``image/png``) is read as bytes."""
    content = operation.get("requestBody", {}).get("content")
    return content is None or "application/json" in content


POSTS = sorted(path for path, ops in openapi_document()["paths"].items() if "post" in ops and _takes_json(ops["post"]))


@pytest.fixture
def owned(client):
    """A table, a session and a club with their tokens, for the operations under them."""
    table = new_table(client, players=("A", "B"))
    session = client.post("/api/v1/sessions", json={"name": "S", "players": ["A", "B"]}).get_json()
    club = client.post("/api/v1/clubs", json={"name": "C", "players": ["A"]}).get_json()
    return {
        "{table_id}": (table["id"], table["scorer_token"]),
        "{session_id}": (session["id"], session["director_token"]),
        "{club_id}": (club["id"], club["director_token"]),
    }


def _address(path: str, owned) -> tuple[str, dict[str, str]]:
    headers = {}
    for name, (found, token) in owned.items():
        if name in path:
            path, headers = path.replace(name, found), {"Authorization": f"Bearer {token}"}
    return path, headers


def test_every_post_operation_of_the_api_is_in_this_table():
    assert "/api/v1/checks/bingo-claim" in POSTS and len(POSTS) >= 9
    assert "/api/v1/photos/tiles" not in POSTS  # its body is an image (tests/web/test_photo_api.py)


@pytest.mark.parametrize("path", POSTS)
def test_a_hostile_body_is_a_400_with_its_reason_at_every_operation(app, client, owned, path):
    address, headers = _address(path, owned)
    before, answers = counts(app), {}
    for name, (data, _code) in HOSTILE.items():
        resp = client.post(address, data=data, headers={**headers, "Content-Type": "application/json"})
        error = resp.get_json()["error"] if resp.is_json else {}
        answers[name] = (resp.status_code, error.get("code"), bool(error.get("message")))
    assert answers == {name: (400, code, True) for name, (_data, code) in HOSTILE.items()}
    assert counts(app) == before


@pytest.mark.parametrize("path", POSTS)
def test_json_sent_as_another_type_is_a_400_that_says_so(app, client, owned, path):
    address, headers = _address(path, owned)
    resp = client.post(address, data='{"name": "S"}', headers={**headers, "Content-Type": "text/plain"})
    assert resp.status_code == 400
    assert resp.get_json()["error"] == {"code": "bad_json", "message": "The request body must be JSON."}
    ja = client.post(address, data="{", headers={**headers, "Content-Type": "application/json", "Accept-Language": "ja"})
    assert ja.get_json()["error"]["message"] != "The request body must be JSON."  # in the reader's language
