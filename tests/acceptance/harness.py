"""What every acceptance test does: import a record through the API, then read the state back, or
check that the record is refused at the expected event."""

from __future__ import annotations

import json
from pathlib import Path

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
