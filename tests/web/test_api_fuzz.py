"""A schema fuzz of every operation of ``/api/openapi.json`` (issue 13): whatever a client sends,
valid by the schema or not, the server answers it without a 5xx.

Schemathesis calls the WSGI app in-process. Derandomised with a bounded number of examples per
operation, so every run tries the same requests in a short time. Event posts are routed to real
tables of every game (the game whose events include the generated type, with the scorer token) so
the fuzz reaches the codec and the rules, not only the 404 of an unknown table; every seventh goes
where schemathesis sent it.
"""

from __future__ import annotations

import os
import zlib

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode

from referee.games import GAMES
from referee.web.json_api.openapi import openapi_document
from tests.conftest import _clean, make_app
from tests.web.tables import new_table

PLAYERS = {"bingo": 2, "five-up": 3, "ninety-nine": 3, "trick-de-bingo": 4, "bead-game": 2, "score-pad": 3}
EXAMPLES = int(os.environ.get("REFEREE_FUZZ_EXAMPLES", "60"))  # more for a deeper local run
SCHEMA = schemathesis.openapi.from_dict(openapi_document())
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]
# Negative (schema-breaking) requests for the operations with a JSON body; a GET's only parameter is a
# string path segment, and a photo's body is any bytes (tests/web/test_photo_api.py sends the bad ones),
# which no value breaks.
RUNS = [(op, GenerationMode.POSITIVE) for op in OPERATIONS] + [
    (op, GenerationMode.NEGATIVE)
    for op in OPERATIONS
    if op.method.upper() == "POST" and "application/json" in op.definition.raw.get("requestBody", {}).get("content", {})
]


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def tables(request, tmp_path_factory):
    """The app with one table of every game (the schema's calls go to it, in-process), on SQLite and
    on PostgreSQL (which refuses text that SQLite keeps, such as NUL)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'fuzz.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres_url")
    app = make_app(url, WTF_CSRF_ENABLED=False)
    client = app.test_client()
    tables = {}
    for game, count in PLAYERS.items():
        tables[game] = new_table(client, game, [f"P{i}" for i in range(count)])
    tables["app"] = app
    yield tables
    if request.param == "postgresql":
        _clean(app)  # the session's PostgreSQL database is shared with the other tests


def _route(case, tables) -> None:
    """Send an event post to a real table whose game knows its type (chosen from the case's own
    bytes, so the choice is as deterministic as the case)."""
    if not case.path.endswith("/events"):
        return
    body = case.body if isinstance(case.body, dict) else {}
    kind = body.get("type")
    games = [g for g in PLAYERS if isinstance(kind, str) and kind in {c.type for c in GAMES[g].events}]
    pick = zlib.crc32(repr(case.body).encode())
    if pick % 7 == 6:
        return
    game = games[pick % len(games)] if games else list(PLAYERS)[pick % len(PLAYERS)]
    case.path_parameters = {"table_id": tables[game]["id"]}
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {tables[game]['scorer_token']}"}


@pytest.mark.parametrize(("operation", "mode"), RUNS, ids=[f"{op.label} {mode.value}" for op, mode in RUNS])
@settings(deadline=None, derandomize=True, max_examples=EXAMPLES, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_no_request_gets_a_server_error(tables, operation, mode, data):
    case = data.draw(operation.as_strategy(generation_mode=mode))
    _route(case, tables)
    response = case.call(app=tables["app"])
    assert response.status_code < 500, (case.method, case.formatted_path, case.body, response.text[:500])
