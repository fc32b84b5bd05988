"""Every record the project holds (the golden records and the acceptance records, scored by an independent
implementation) imported whole opens on every page a player reaches from it: the table page with its history
and race chart, for the viewer and the scorer, the moment of its last entry, and the chart itself. Never a
500: a Five Up game that F-Δ6 (``immediateWinAt61``) ended during a hand's play has no end points for that
hand, and its race chart failed on it (the table page answered 500)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

TESTS = Path(__file__).parents[1]
# an acceptance record named ``<game>-x-<name>`` is one the import must refuse (tests/acceptance/harness.py)
ACCEPTED = [p for p in sorted((TESTS / "acceptance" / "records").glob("*.json")) if "-x-" not in p.stem]
RECORDS = sorted((TESTS / "records").glob("*.json")) + ACCEPTED

pytestmark = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)  # pages, not the store


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_an_imported_record_opens_on_every_page(client, path):
    record = json.loads(path.read_text(encoding="utf-8"))
    made = client.post("/api/v1/records", json=record)
    assert made.status_code == 201, made.get_json()
    table = made.get_json()
    last = client.get(f"/api/v1/tables/{table['id']}").get_json()["seq"]
    for url in (
        f"/t/{table['id']}",
        f"/t/{table['id']}/join/{table['scorer_token']}",
        f"/t/{table['id']}?at={last}",
        f"/t/{table['id']}/race.svg",
    ):
        assert client.get(url, follow_redirects=True).status_code == 200, url
