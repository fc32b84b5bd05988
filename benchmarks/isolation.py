"""One heavy table must not stall another table (issue 13, bounded cost), run on demand:
`.venv/bin/python benchmarks/isolation.py [--db sqlite,postgresql] [--light 150]`.

Against gunicorn as a club runs it (gunicorn.conf.py: 2 gthread workers x 8 threads): a *heavy* table
at the size limit (a score pad imported with MAX_LOG_LINES - 100 rounds) and a *light* table. A light
phone reads and writes its table in a loop (GET state, POST a round) while, in turn:

- nothing else happens (the baseline);
- one heavy request at a time, back to back: a correction of the heavy table's first round (the
  costliest write: the whole log is replayed to check it, and again on the next read);
- one import at a time of a record at the size limit (a full check by replay, then 5,000 rows);
- 16 corrections of the heavy table at once (the issue's probe: 16 phones correcting one big table).

Printed: the light requests' p50 / p95 / max and their excess over the baseline, and how long the
heavy requests themselves took. Figures only, no assertion.
"""

from __future__ import annotations

import argparse
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


def light_loop(server: Gunicorn, table: dict, n: int) -> list[float]:
    """n light request pairs on the light table; each latency in seconds."""
    auth = {"Authorization": f"Bearer {table['scorer_token']}"}
    times = []
    for i in range(n):
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


def heavy_correction(server: Gunicorn, heavy: dict, n: int) -> tuple[int, float]:
    auth = {"Authorization": f"Bearer {heavy['scorer_token']}"}
    body = {"type": "correct", "target": 1, "event": {"type": "round", "points": [n % 9, 3, -2, 0]}}
    start = time.perf_counter()
    status, _ = server.request("POST", f"/api/v1/tables/{heavy['id']}/events", body, auth, timeout=300)
    return status, time.perf_counter() - start


def heavy_import(server: Gunicorn, record: dict) -> tuple[int, float]:
    start = time.perf_counter()
    status, _ = server.request("POST", "/api/v1/records", record, timeout=300)
    return status, time.perf_counter() - start


def scenario(server: Gunicorn, light: dict, n_light: int, heavy_work, concurrent: int) -> tuple[list, list]:
    """Light latencies while ``concurrent`` threads repeat ``heavy_work`` until the light loop ends."""
    done = threading.Event()
    heavy_times: list[float] = []
    statuses: list[int] = []

    def heavy_thread(k: int) -> None:
        i = 0
        while not done.is_set():
            status, took = heavy_work(k * 1000 + i)
            statuses.append(status)
            heavy_times.append(took)
            i += 1

    threads = [threading.Thread(target=heavy_thread, args=(k,)) for k in range(concurrent)]
    for t in threads:
        t.start()
    time.sleep(0.3)  # let the heavy work get going before measuring the light phone
    try:
        light_times = light_loop(server, light, n_light)
    finally:
        done.set()
        for t in threads:
            t.join()
    return light_times, list(zip(statuses, heavy_times, strict=True))


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


def run(db_name: str, url: str, n_light: int, tmp: Path) -> None:
    server = Gunicorn(migrated(url), tmp / f"gunicorn-{db_name}.log").start()
    try:
        status, heavy = server.request(
            "POST", "/api/v1/records", pad_record(MAX_LOG_LINES - 100), timeout=300
        )
        assert status == 201, heavy
        status, light = server.request(
            "POST", "/api/v1/tables", {"game": "score-pad", "players": ["Eri", "Fumi"]}
        )
        assert status == 201, light
        big = pad_record(MAX_LOG_LINES)
        print(f"\n== {db_name}: heavy table {MAX_LOG_LINES - 100} rounds, gunicorn 2 workers x 8 threads ==")
        light_loop(server, light, 10)  # warm both workers
        base = light_loop(server, light, n_light)
        report("baseline (nothing else)", base, base, [])
        for label, work, concurrent in (
            ("1 correction at a time, heavy", lambda i: heavy_correction(server, heavy, i), 1),
            ("1 import at a time (5,000 events)", lambda i: heavy_import(server, big), 1),
            ("16 corrections at once, heavy", lambda i: heavy_correction(server, heavy, i), 16),
        ):
            light_times, heavy_times = scenario(server, light, n_light, work, concurrent)
            report(label, light_times, base, heavy_times)
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", default="sqlite,postgresql")
    parser.add_argument("--light", type=int, default=100, help="light GET+POST pairs per scenario")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        for name in args.db.split(","):
            if name == "sqlite":
                run("sqlite", f"sqlite:///{tmp / 'isolation.sqlite3'}", args.light, tmp)
            elif name == "postgresql":
                if postgres_bin() is None:
                    print("PostgreSQL is not installed: skipped")
                    continue
                cluster_iter = start_postgres(durable=True)
                cluster = next(cluster_iter)
                try:
                    run("postgresql", cluster.create_database("isolation"), args.light, tmp)
                finally:
                    next(cluster_iter, None)


if __name__ == "__main__":
    main()
