"""One heavy table must not stall another table (issue 13, bounded cost), run on demand:
`.venv/bin/python benchmarks/isolation.py [--db sqlite,postgresql] [--light 150]`.

Against gunicorn as a club runs it (gunicorn.conf.py: 2 gthread workers x 8 threads): a *heavy* table
near the size limit (a score pad imported with MAX_LOG_LINES - 500 rounds, fresh for each scenario) and a *light* table. A light
phone reads and writes its table in a loop (GET state, POST a round) while, in turn:

- nothing else happens (the baseline);
- one heavy request at a time, back to back: a correction of the heavy table's first round (the
  costliest write: the whole log is replayed to check it, and again on the next read);
- one import at a time of a record at the size limit (a full check by replay, then 5,000 rows);
- 16 corrections of the heavy table sent at the same moment (the issue's probe: 16 phones correcting
  one big table), based on the seq they last saw (as pages and If-Match clients are: those that lose
  are stale and refused at once, see referee/store/gates.py), and again without If-Match (serialised:
  they wait their turn); the light phone goes on until the last of them is answered.

Printed: the light requests' p50 / p95 / max and their excess over the baseline, and how long the
heavy requests themselves took. Figures only, no assertion.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.store.bounds import MAX_LOG_LINES  # noqa: E402
from tests.club.conftest import Gunicorn, migrated  # noqa: E402
from tests.conftest import postgres_bin, start_postgres  # noqa: E402

MS = 1000
HEAVY_ROUNDS = MAX_LOG_LINES - 500  # room for the corrections a scenario stores


def pct(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def pad_record(rounds: int) -> dict:
    return {
        "format": "referee-record",
        "version": 1,
        "game": "score-pad",
        "players": ["Aki", "Ben", "Chie", "Dai"],
        "events": [{"type": "round", "points": [i % 7, 3, -2, i % 3]} for i in range(rounds)],
    }


def light_loop(server: Gunicorn, table: dict, n: int = 0, until=None) -> list[float]:
    """n light request pairs on the light table (or, with ``until``, as many as fit before it says
    stop); each latency in seconds."""
    auth = {"Authorization": f"Bearer {table['scorer_token']}"}
    times: list[float] = []
    for i in itertools.count():
        if (until is None and i >= n) or (until is not None and until()):
            break
        start = time.perf_counter()
        status, _ = server.request("GET", f"/api/v1/tables/{table['id']}", timeout=300)
        times.append(time.perf_counter() - start)
        assert status == 200, status
        start = time.perf_counter()
        status, _ = server.request(
            "POST", f"/api/v1/tables/{table['id']}/events", {"type": "round", "points": [i, 1]}, auth,
            timeout=300,
        )  # fmt: skip
        times.append(time.perf_counter() - start)
        assert status == 201, status
    return times


def heavy_correction(server: Gunicorn, heavy: dict, n: int, if_match: bool = False) -> tuple[int, float]:
    """A correction of the heavy table's first round; with ``if_match``, based on the last seq seen
    (as a page is), so one that loses to a concurrent correction is stale."""
    auth = {"Authorization": f"Bearer {heavy['scorer_token']}"}
    if if_match:
        auth["If-Match"] = f'"{heavy["seq"]}"'
    body = {"type": "correct", "target": 1, "event": {"type": "round", "points": [n % 9, 3, -2, 0]}}
    start = time.perf_counter()
    status, answer = server.request("POST", f"/api/v1/tables/{heavy['id']}/events", body, auth, timeout=300)
    took = time.perf_counter() - start
    if isinstance(answer, dict):
        heavy["seq"] = max(heavy["seq"], answer.get("seq") or answer.get("state", {}).get("seq") or 0)
    return status, took


def heavy_import(server: Gunicorn, record: dict) -> tuple[int, float]:
    start = time.perf_counter()
    status, _ = server.request("POST", "/api/v1/records", record, timeout=300)
    return status, time.perf_counter() - start


def scenario(server: Gunicorn, light: dict, n_light: int, heavy_work, concurrent: int) -> tuple[list, list]:
    """Light latencies while heavy work goes on. One thread (``concurrent`` 1) repeats ``heavy_work``
    back to back until ``n_light`` light pairs are done; several send one request each, all at the
    same moment (a burst), and the light phone goes on until the last of them is answered."""
    done = threading.Event()
    results: list[tuple[int, float]] = []
    start_together = threading.Barrier(concurrent)

    def heavy_thread(k: int) -> None:
        start_together.wait()
        for i in itertools.count():
            if done.is_set() or (concurrent > 1 and i == 1):
                return
            results.append(heavy_work(k * 1000 + i))

    threads = [threading.Thread(target=heavy_thread, args=(k,)) for k in range(concurrent)]
    for t in threads:
        t.start()
    time.sleep(0.1)  # the heavy work is under way before the light phone is measured
    try:
        if concurrent == 1:
            light_times = light_loop(server, light, n_light)
        else:
            light_times = light_loop(server, light, until=lambda: not any(t.is_alive() for t in threads))
    finally:
        done.set()
        for t in threads:
            t.join()
    return light_times, results


def report(label: str, light: list[float], base: list[float], heavy: list[tuple[int, float]]) -> None:
    extra = (pct(light, 95) - pct(base, 95)) * MS
    line = (
        f"{label:<34} light n={len(light):4d}  p50 {pct(light, 50) * MS:7.1f}  p95 {pct(light, 95) * MS:7.1f}"
        f"  max {max(light, default=0) * MS:7.1f} ms  (p95 +{extra:6.1f} ms over baseline)"
    )
    if heavy:
        codes = sorted({s for s, _ in heavy})
        took = [t for _, t in heavy]
        line += f"\n{'':<34} heavy n={len(took):4d}  median {statistics.median(took) * MS:7.1f} ms  max {max(took) * MS:7.1f} ms  status {codes}"
    print(line, flush=True)


def run(db_name: str, url: str, n_light: int, tmp: Path, only: set[int]) -> None:
    server = Gunicorn(migrated(url), tmp / f"gunicorn-{db_name}.log").start()
    try:

        def big_table() -> dict:
            """A fresh heavy table for each scenario, so that none fills up to the limit."""
            status, heavy = server.request("POST", "/api/v1/records", pad_record(HEAVY_ROUNDS), timeout=300)
            assert status == 201, heavy
            heavy["seq"] = HEAVY_ROUNDS
            server.request("GET", f"/api/v1/tables/{heavy['id']}", timeout=300)  # one worker's snapshot
            return heavy

        status, light = server.request(
            "POST", "/api/v1/tables", {"game": "score-pad", "players": ["Eri", "Fumi"]}
        )
        assert status == 201, light
        big = pad_record(MAX_LOG_LINES)
        print(f"\n== {db_name}: heavy table {HEAVY_ROUNDS} rounds, gunicorn 2 workers x 8 threads ==")
        light_loop(server, light, 10)  # warm both workers
        base = light_loop(server, light, n_light)
        report("baseline (nothing else)", base, base, [])
        scenarios = (
            ("1 correction at a time, heavy", lambda h, i: heavy_correction(server, h, i), 1),
            ("1 import at a time (5,000 events)", lambda h, i: heavy_import(server, big), 1),
            ("16 corrections at once (If-Match)", lambda h, i: heavy_correction(server, h, i, True), 16),
            ("16 corrections at once (no If-Match)", lambda h, i: heavy_correction(server, h, i), 16),
        )
        for index, (label, work, concurrent) in enumerate(scenarios, start=1):
            if only and index not in only:
                continue
            heavy = big_table()
            light_times, heavy_times = scenario(
                server, light, n_light, functools.partial(work, heavy), concurrent
            )
            report(label, light_times, base, heavy_times)
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", default="sqlite,postgresql")
    parser.add_argument("--light", type=int, default=100, help="light GET+POST pairs per scenario")
    parser.add_argument("--only", default="", help="scenario numbers to run, e.g. 1,3 (default: all)")
    args = parser.parse_args()
    only = {int(n) for n in args.only.split(",") if n}
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        for name in args.db.split(","):
            if name == "sqlite":
                run("sqlite", f"sqlite:///{tmp / 'isolation.sqlite3'}", args.light, tmp, only)
            elif name == "postgresql":
                if postgres_bin() is None:
                    print("PostgreSQL is not installed: skipped")
                    continue
                cluster_iter = start_postgres(durable=True)
                cluster = next(cluster_iter)
                try:
                    run("postgresql", cluster.create_database("isolation"), args.light, tmp, only)
                finally:
                    next(cluster_iter, None)


if __name__ == "__main__":
    main()
