"""One heavy table must not stall another table (issues 13 and 28, bounded cost), run on demand:
`.venv/bin/python benchmarks/isolation.py [--db sqlite,postgresql] [--light 150] [--only 5,6,7]
[--heavy-at-once 2]`.

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
  they wait their turn); the light phone goes on until the last of them is answered;
- issue 28's heavy reads, 32 clients at once, each until it has its answer (after a 503 it waits
  the ``Retry-After`` and asks again, as a person clicking again would): dispute reports of the heavy
  table (each a different 500-entry range, so none is served from the report cache); its exports and
  time travel (the JSON record on the page and the API, the filled score sheet PDF, the table at a
  moment, page and API); the club pages of a club with one session of 20 score pads of 5,000 rounds
  (a player's page and its API twin, the standings CSV and PDF, the table cards PDF).

Printed: the light requests' p50 / p95 / p99 / max and their excess over the baseline, and how long
the heavy requests themselves took, with their statuses (503: refused at once, every place taken;
see referee/web/site/heavy.py). ``--heavy-at-once`` sets the server's REFEREE_HEAVY_AT_ONCE (a large
number: no bound, the code before issue 28). Figures only, no assertion.
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
BURST = 32  # issue 28: heavy reads asked at the same moment
CLUB_TABLES = 20
RETRY_AFTER_S = 2.0


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


def heavy_read(server: Gunicorn, path: str, results_of_tries: list | None = None) -> tuple[int, float]:
    """One client's heavy read until it is answered: after a 503 it waits ``Retry-After`` and asks
    again. Answers the final status and the time to it, retries included."""
    start = time.perf_counter()
    while True:
        status, _ = server.request("GET", path, timeout=600)
        if results_of_tries is not None:
            results_of_tries.append(status)
        if status != 503:
            return status, time.perf_counter() - start
        time.sleep(RETRY_AFTER_S)


def reports(server: Gunicorn, heavy: dict, n: int, tries: list) -> tuple[int, float]:
    k = n // 1000 + n % 1000  # each client its own range: none comes from the report cache
    first = 1 + (k * 137) % (HEAVY_ROUNDS - 500)
    return heavy_read(server, f"/t/{heavy['id']}/print/report.pdf?from={first}&to={first + 499}", tries)


def exports(server: Gunicorn, heavy: dict, n: int, tries: list) -> tuple[int, float]:
    k = n // 1000 + n % 1000
    t, at = heavy["id"], 1 + (k * 131) % HEAVY_ROUNDS
    paths = (
        f"/t/{t}/record.json",
        f"/api/v1/tables/{t}/record",
        f"/t/{t}/print/score-sheet.pdf",
        f"/t/{t}?at={at}",
        f"/api/v1/tables/{t}?at={at}",
    )
    return heavy_read(server, paths[k % len(paths)], tries)


def club_pages(server: Gunicorn, club: dict, n: int, tries: list) -> tuple[int, float]:
    k = n // 1000 + n % 1000
    c, s, token = club["id"], club["session"], club["session_token"]
    paths = (
        f"/club/{c}/players/{k % 4}",
        f"/api/v1/clubs/{c}/players/{k % 4}",
        f"/s/{s}/standings.csv?token={token}",
        f"/s/{s}/standings.pdf?token={token}",
        f"/s/{s}/cards.pdf?token={token}",
    )
    return heavy_read(server, paths[k % len(paths)], tries)


def make_club(server: Gunicorn) -> dict:
    """A club with one session of CLUB_TABLES score pads of MAX_LOG_LINES rounds each."""
    players = ["Aki", "Ben", "Chie", "Dai"]
    status, club = server.request("POST", "/api/v1/clubs", {"name": "Isolation club", "players": players})
    assert status == 201, club
    director = {"Authorization": f"Bearer {club['director_token']}"}
    status, night = server.request(
        "POST", f"/api/v1/clubs/{club['id']}/sessions", {"name": "Night", "players": players}, director
    )
    assert status == 201, night
    session_auth = {"Authorization": f"Bearer {night['director_token']}"}
    record = pad_record(MAX_LOG_LINES)
    for _ in range(CLUB_TABLES):
        status, made = server.request(
            "POST", f"/api/v1/sessions/{night['id']}/records", {**record, "players": players}, session_auth, timeout=300
        )
        assert status == 201, made
    return {"id": club["id"], "session": night["id"], "session_token": night["director_token"]}


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


def report(
    label: str, light: list[float], base: list[float], heavy: list[tuple[int, float]], tries: list | None = None
) -> None:
    extra = (pct(light, 95) - pct(base, 95)) * MS
    extra99 = (pct(light, 99) - pct(base, 99)) * MS
    line = (
        f"{label:<34} light n={len(light):4d}  p50 {pct(light, 50) * MS:7.1f}  p95 {pct(light, 95) * MS:7.1f}"
        f"  p99 {pct(light, 99) * MS:7.1f}  max {max(light, default=0) * MS:7.1f} ms"
        f"  (p95 +{extra:6.1f}, p99 +{extra99:6.1f} ms over baseline)"
    )
    if heavy:
        codes = sorted({s for s, _ in heavy})
        took = [t for _, t in heavy]
        line += f"\n{'':<34} heavy n={len(took):4d}  median {statistics.median(took) * MS:7.1f} ms  max {max(took) * MS:7.1f} ms  status {codes}"
    if tries:
        counted = {code: tries.count(code) for code in sorted(set(tries))}
        line += f"  (every try: {counted})"
    print(line, flush=True)


def run(db_name: str, url: str, n_light: int, tmp: Path, only: set[int], heavy_at_once: str) -> None:
    server = Gunicorn(migrated(url), tmp / f"gunicorn-{db_name}.log")
    if heavy_at_once:
        server.env["REFEREE_HEAVY_AT_ONCE"] = heavy_at_once
    server.start()
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
        bound = heavy_at_once or "2 (default)"
        print(f"\n== {db_name}: heavy table {HEAVY_ROUNDS} rounds, gunicorn 2 workers x 8 threads, {bound} heavy reads at once ==")
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
        reads = (
            (5, f"{BURST} reports at once", reports, False),
            (6, f"{BURST} exports/time travel at once", exports, False),
            (7, f"{BURST} club pages at once", club_pages, True),
        )
        for index, label, read, on_club in reads:
            if only and index not in only:
                continue
            target = make_club(server) if on_club else big_table()
            tries: list[int] = []
            light_times, heavy_times = scenario(
                server, light, n_light, lambda n, target=target, read=read, tries=tries: read(server, target, n, tries), BURST
            )
            report(label, light_times, base, heavy_times, tries)
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", default="sqlite,postgresql")
    parser.add_argument("--light", type=int, default=100, help="light GET+POST pairs per scenario")
    parser.add_argument("--only", default="", help="scenario numbers to run, e.g. 1,3 (default: all)")
    parser.add_argument("--heavy-at-once", default="", help="the server's REFEREE_HEAVY_AT_ONCE (default 2)")
    args = parser.parse_args()
    only = {int(n) for n in args.only.split(",") if n}
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        for name in args.db.split(","):
            if name == "sqlite":
                run("sqlite", f"sqlite:///{tmp / 'isolation.sqlite3'}", args.light, tmp, only, args.heavy_at_once)
            elif name == "postgresql":
                if postgres_bin() is None:
                    print("PostgreSQL is not installed: skipped")
                    continue
                cluster_iter = start_postgres(durable=True)
                cluster = next(cluster_iter)
                try:
                    run("postgresql", cluster.create_database("isolation"), args.light, tmp, only, args.heavy_at_once)
                finally:
                    next(cluster_iter, None)


if __name__ == "__main__":
    main()
