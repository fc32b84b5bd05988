"""What every acceptance test does: import a record through the API, then read the state back, or
check that the record is refused at the expected event."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

RECORDS = Path(__file__).parent / "records"


def load(game: str, name: str) -> dict:
    """``records/<game>-<name>.json``."""
    return json.loads((RECORDS / f"{game}-{name}.json").read_text(encoding="utf-8"))


def state_after_import(client, record: dict) -> dict:
    """POST the record to /api/v1/records (it must be accepted), then GET the table's state."""
    created = client.post("/api/v1/records", json=record)
    assert created.status_code == 201, created.get_json()
    state = client.get(f"/api/v1/tables/{created.get_json()['id']}")
    assert state.status_code == 200
    return state.get_json()


def refused_at(client, record: dict) -> int:
    """POST the record (it must be refused with 422) and return the index of the event named."""
    resp = client.post("/api/v1/records", json=record)
    assert resp.status_code == 422, resp.get_json()
    return resp.get_json()["error"].get("event")



def accepted_record_test(game: str, accepted: dict):
    """``test_accepted_record[name]`` for ``game``: ``records/<game>-<name>.json`` imports, and the table's
    totals, finished flag and winners are ``accepted[name]`` = (totals, finished, winners[, game_points]),
    all worked out by hand (game points checked when given and not None). A module binds it to its own
    name: ``test_accepted_record = accepted_record_test("bingo", ACCEPTED)``."""

    @pytest.mark.parametrize("name", sorted(accepted))
    def test_accepted_record(client, name):
        totals, finished, winners, *game_points = accepted[name]
        state = state_after_import(client, load(game, name))
        assert state["game"] == game
        assert (state["totals"], state["finished"], state["winners"]) == (totals, finished, winners)
        if game_points and game_points[0] is not None:
            assert state["game_points"] == game_points[0]

    return test_accepted_record


def refused_record_test(game: str, refused: dict, *, prefix: str = ""):
    """``test_refused_record[name]`` for ``game``: ``records/<game>-<prefix><name>.json`` is refused with
    422 naming event ``refused[name]`` (None: refused before any event)."""

    @pytest.mark.parametrize("name", sorted(refused))
    def test_refused_record(client, name):
        assert refused_at(client, load(game, prefix + name)) == refused[name]

    return test_refused_record
