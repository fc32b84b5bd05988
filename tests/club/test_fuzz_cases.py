"""Requests the fuzzer (test_fuzz.py) is built to find, pinned down as plain tests."""

from __future__ import annotations

import pytest

from tests.club.test_fuzz import snapshot
from tests.web.tables import new_table


@pytest.mark.parametrize("key", ["k" * 81, "k" * 500])
def test_a_long_idempotency_key_is_refused_not_a_500(client, app, key):
    t = new_table(client, players=("Aki", "Ben"))
    before = snapshot(app)
    r = client.post(
        f"/api/v1/tables/{t['id']}/events",
        json={"type": "round", "points": [1, 2]},
        headers={"Authorization": f"Bearer {t['scorer_token']}", "Idempotency-Key": key},
    )
    assert r.status_code < 500
    if r.status_code >= 400:
        assert snapshot(app) == before


@pytest.mark.parametrize("name", ["A\x00ki", "\x00"])
def test_a_nul_in_a_player_name_is_refused_not_a_500(client, app, name):
    before = snapshot(app)
    r = client.post("/api/v1/tables", json={"game": "score-pad", "players": [name, "Ben"]})
    assert r.status_code < 500
    if r.status_code >= 400:
        assert snapshot(app) == before
    r = client.post("/new/score-pad", data={"players": [name, "Ben"]})
    assert r.status_code < 500


@pytest.mark.parametrize("path", ["/api/v1/tables/a%00b", "/t/a%00b", "/api/v1/tables/a%00b/record"])
def test_a_nul_in_a_table_id_is_a_404(client, path):
    assert client.get(path).status_code == 404


def test_a_nul_or_lone_surrogate_inside_an_event_is_not_a_500(client, app):
    t = new_table(client, players=("Aki", "Ben"))
    auth = {"Authorization": f"Bearer {t['scorer_token']}", "Content-Type": "application/json"}
    for body in (
        b'{"type": "round", "points": [1, 2], "x": "\\u0000"}',
        b'{"type": "\\ud800"}',
        b'{"type": "round", "points": ["\\u0000", 2]}',
    ):
        before = snapshot(app)
        r = client.post(f"/api/v1/tables/{t['id']}/events", data=body, headers=auth)
        assert r.status_code < 500, body
        if r.status_code >= 400:
            assert snapshot(app) == before


def test_a_record_with_nul_in_names_or_options_is_not_a_500(client, app):
    for rec in (
        {
            "format": "referee-record",
            "version": 1,
            "game": "score-pad",
            "players": ["A\x00", "B"],
            "events": [],
        },
        {
            "format": "referee-record",
            "version": 1,
            "game": "score-pad",
            "players": ["A", "B"],
            "options": {"\x00": 1},
            "events": [],
        },
    ):
        before = snapshot(app)
        r = client.post("/api/v1/records", json=rec)
        assert r.status_code < 500
        if r.status_code >= 400:
            assert snapshot(app) == before
