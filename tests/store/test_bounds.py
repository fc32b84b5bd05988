"""Bounded cost: a table holds at most MAX_LOG_LINES log lines (a longer record is refused before it is
replayed), and the snapshot cache stays within its memory budget whatever tables come and go."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.extensions import db
from referee.games import GAMES
from referee.store.bounds import MAX_LOG_LINES
from referee.store.models import GameTable
from referee.store.record import parse_record
from referee.store.replay import LogEntry, replay
from referee.store.snapshots import SnapshotCache, deep_size

PAD = GAMES["score-pad"]


def pad_record(events: int) -> dict:
    return {
        "format": "referee-record",
        "version": 1,
        "game": "score-pad",
        "players": ["Aki", "Ben"],
        "events": [{"type": "round", "points": [i % 5, 1]} for i in range(events)],
    }


def pad_state(events: int):
    log = [LogEntry(i, "event", {"type": "round", "points": [i % 7, 3]}) for i in range(1, events + 1)]
    return replay(PAD, ("Aki", "Ben"), PAD.resolve_options({}), log)


def test_the_documented_limit_is_far_above_a_real_game():
    assert MAX_LOG_LINES == 5000


def test_a_full_table_refuses_the_next_entry_and_stays_as_it_was(app, client):
    made = client.post("/api/v1/records", json=pad_record(MAX_LOG_LINES)).get_json()
    auth = {"Authorization": f"Bearer {made['scorer_token']}"}
    url = f"/api/v1/tables/{made['id']}"
    for line in ({"type": "round", "points": [1, 1]}, {"type": "undo"}):
        resp = client.post(f"{url}/events", json=line, headers=auth)
        assert resp.status_code == 422
        error = resp.get_json()["error"]
        assert error["code"] == "table_full" and "at most 5000 entries" in error["message"]
    assert client.get(url).get_json()["seq"] == MAX_LOG_LINES
    with app.app_context():
        assert db.session.get(GameTable, made["id"]) is not None


def test_a_record_longer_than_a_table_is_refused_whole(app, client):
    resp = client.post("/api/v1/records", json=pad_record(MAX_LOG_LINES + 1))
    assert resp.status_code == 422
    error = resp.get_json()["error"]
    assert error["code"] == "too_many_events" and "this record has 5001" in error["message"]
    page = client.post(
        "/import", data={"text": __import__("json").dumps(pad_record(MAX_LOG_LINES + 1))},
        headers={"Accept-Language": "ja"},
    )  # fmt: skip
    assert page.status_code == 422 and "この記録には5001件あります" in page.get_data(as_text=True)
    with app.app_context():
        assert db.session.query(GameTable).count() == 0


def test_the_cache_keeps_a_small_table_over_a_big_one_when_memory_is_short():
    small, big = pad_state(10), pad_state(2000)
    budget = deep_size(big, skip=(big.game,)) // 2
    cache = SnapshotCache(max_tables=512, max_bytes=budget)
    cache.put("small", small)
    cache.put("big", big)  # alone over the budget: not kept, and nothing else is evicted for it
    assert cache.get("big") is None and cache.get("small") is small
    assert cache.total_bytes <= budget


def test_the_least_recently_used_table_goes_first():
    states = {name: pad_state(200) for name in "abc"}
    one = deep_size(states["a"], skip=(states["a"].game,))
    cache = SnapshotCache(max_tables=512, max_bytes=one * 2 + one // 2)
    cache.put("a", states["a"])
    cache.put("b", states["b"])
    assert cache.get("a") is not None  # a is now more recent than b
    cache.put("c", states["c"])
    assert cache.get("b") is None and cache.get("a") is not None and cache.get("c") is not None


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 300)), max_size=25), st.integers(1, 4))
def test_the_cache_never_exceeds_its_budget(puts, max_tables):
    budget = 150_000
    cache = SnapshotCache(max_tables=max_tables, max_bytes=budget)
    for table, events in puts:
        cache.put(f"t{table}", pad_state(events))
        assert cache.total_bytes <= budget and len(cache) <= max_tables
    assert cache.total_bytes == sum(size for _rep, size in cache._items.values())


def test_the_size_estimate_follows_the_state():
    sizes = [deep_size(rep, skip=(rep.game,)) for rep in (pad_state(10), pad_state(100), pad_state(1000))]
    assert sizes[0] < sizes[1] < sizes[2]
    assert sizes[2] > 5 * sizes[1]  # it grows with the events, not a fixed guess per table


@pytest.mark.parametrize("events", [1, 100])
def test_growing_a_cached_table_scales_its_estimate_without_walking_it_again(events, monkeypatch):
    cache = SnapshotCache(max_tables=8, max_bytes=10**9)
    cache.put("t", pad_state(events))
    walked = []
    monkeypatch.setattr("referee.store.snapshots.deep_size", lambda *a, **k: walked.append(1) or 1)
    cache.put("t", pad_state(events * 3 // 2))  # within twice the measured count
    assert walked == []


def test_a_correction_with_if_match_while_another_is_being_checked_is_refused_at_once(app, client):
    """The thread is freed at once instead of waiting behind a long replay (gates.py); nothing stored."""
    from referee.store import gates

    made = client.post("/api/v1/records", json=pad_record(20)).get_json()
    auth = {"Authorization": f"Bearer {made['scorer_token']}"}
    url = f"/api/v1/tables/{made['id']}"
    correction = {"type": "correct", "target": 1, "event": {"type": "round", "points": [9, 9]}}
    gate = gates.checking.gate(made["id"])
    with gate.lock:  # another correction of this table is being checked in this process
        busy = client.post(f"{url}/events", json=correction, headers={**auth, "If-Match": '"20"'})
        plain = client.post(f"{url}/events", json={"type": "round", "points": [1, 1]}, headers=auth)
    assert busy.status_code == 409 and busy.get_json()["state"]["seq"] == 20
    assert plain.status_code == 201  # a plain entry is applied to the snapshot: no full replay, no gate
    assert client.post(f"{url}/events", json=correction, headers=auth).status_code == 201
    assert client.get(url).get_json()["totals"][0] == sum(i % 5 for i in range(1, 20)) + 9 + 1


def test_the_per_table_gates_go_away_when_unused():
    import gc

    from referee.store.gates import Gates

    gates = Gates()
    held = gates.gate("t1")
    with held.lock:
        assert gates.gate("t1") is held  # every thread asking meanwhile gets the same lock
    del held
    gc.collect()
    assert len(gates._gates) == 0


def golden_replay(name: str):
    parsed = parse_record(json.loads((Path(__file__).parents[1] / "records" / name).read_text()))
    log = [LogEntry(i, "event", body) for i, body in enumerate(parsed.events, start=1)]
    return replay(parsed.game, parsed.players, parsed.options, log)


def test_measuring_a_snapshot_makes_no_value_made_when_read_and_counts_those_made():
    """The cache's measure walks what a snapshot holds: a bead sheet row's values are made when read
    (issue 29), and the measure is no read (it made every row's factors, ~90,000 instructions each)."""
    rep = golden_replay("bead-game-two-hands.json")
    sheet = rep.view.detail["sheet"]
    unread = deep_size(rep, skip=(rep.game,))
    assert [row._whole for row in sheet] == [None] * len(sheet) and {row._short for row in sheet} == {None}
    dict(sheet[-1])  # one row read whole, as the API writes it: its values are held now, and counted
    assert deep_size(rep, skip=(rep.game,)) > unread + sys.getsizeof(sheet[-1]._whole)
