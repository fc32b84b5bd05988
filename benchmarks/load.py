"""Entry latency under load, and worker memory after it (benchmarks 1 and 5), run on demand:

    .venv/bin/python benchmarks/load.py [--seconds 60] [--tables 100] [--interval 2] [--db sqlite,postgresql]

For each database: gunicorn (gunicorn.conf.py, 2 workers x 8 threads) on a free port, 100 score-pad
tables, each posting one event every 2 s from its own client thread (new connection per request, as a
phone would), while a few threads fetch /healthz at the same pace as the baseline. Prints client-seen
and server-side (gunicorn access log, %(D)s) p50/p95/p99, errors, the ratio to /healthz, and the RSS
of each gunicorn worker afterwards. PostgreSQL is a throwaway cluster with default durability (fsync on).
No assertions: figures only.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.loadgen import for_each_database, pct, rss_of_workers, run_together, score_pads  # noqa: E402
from tests.club.conftest import Gunicorn  # noqa: E402


def run(db_name: str, url: str, args, tmp: Path) -> None:
    log = tmp / f"gunicorn-{db_name}.log"
    server = Gunicorn(
        url,
        log,
        extra_args=("--access-logfile", "-", "--access-logformat", "ACCESS %(m)s %(U)s %(s)s %(D)s"),
    ).start()
    try:
        tables = score_pads(server, args.tables)
        entry: list[float] = []
        health: list[float] = []
        errors: list[str] = []
        stop_at = time.monotonic() + args.seconds

        def table_client(table_id: str, token: str) -> None:
            next_at = time.monotonic() + random.uniform(0, args.interval)
            n = 0
            while True:
                time.sleep(max(0.0, next_at - time.monotonic()))
                if time.monotonic() >= stop_at:
                    return
                n += 1
                start = time.perf_counter()
                try:
                    status, _ = server.request(
                        "POST", f"/api/v1/tables/{table_id}/events", {"type": "round", "points": [n, 1]},
                        {"Authorization": f"Bearer {token}"}, timeout=30,
                    )  # fmt: skip
                    if status != 201:
                        errors.append(str(status))
                except OSError as exc:
                    errors.append(type(exc).__name__)
                entry.append(time.perf_counter() - start)
                next_at += args.interval

        def health_client() -> None:
            next_at = time.monotonic() + random.uniform(0, 0.5)
            while True:
                time.sleep(max(0.0, next_at - time.monotonic()))
                if time.monotonic() >= stop_at:
                    return
                start = time.perf_counter()
                with contextlib.suppress(OSError):
                    server.request("GET", "/healthz", timeout=30)
                health.append(time.perf_counter() - start)
                next_at += 0.5

        run_together([(table_client, t) for t in tables] + [(health_client, ())] * 4)
        workers = rss_of_workers(server.proc.pid)
    finally:
        server.stop()

    server_times: dict[str, list[float]] = {"entry": [], "health": []}
    for line in log.read_text(errors="replace").splitlines():
        if line.startswith("ACCESS "):
            _, method, path, _status, micros = line.split()[:5]
            key = (
                "entry"
                if method == "POST" and path.endswith("/events")
                else "health"
                if path == "/healthz"
                else None
            )
            if key:
                server_times[key].append(int(micros) / 1e6)
    ms = 1000
    print(f"\n== {db_name}: {args.tables} tables x 1 event / {args.interval:g} s for {args.seconds:g} s ==")
    for label, values in (("entry, client", entry), ("healthz, client", health)):
        print(
            f"{label:<18} n={len(values):5d}  p50 {pct(values, 50) * ms:7.1f} ms  p95 {pct(values, 95) * ms:7.1f} ms"
            f"  p99 {pct(values, 99) * ms:7.1f} ms  max {max(values, default=0) * ms:7.1f} ms"
        )
    for label, key in (("entry, server", "entry"), ("healthz, server", "health")):
        v = server_times[key]
        print(
            f"{label:<18} n={len(v):5d}  p50 {pct(v, 50) * ms:7.1f} ms  p95 {pct(v, 95) * ms:7.1f} ms"
            f"  p99 {pct(v, 99) * ms:7.1f} ms"
        )
    print(f"errors: {len(errors)} {sorted(set(errors))[:5]}")
    if errors:  # the server's own words for them
        for line in sorted(
            {ln.strip() for ln in log.read_text(errors="replace").splitlines() if "Error:" in ln}
        )[:5]:
            print("   ", line[:200])
    for label, a, b in (
        ("client", entry, health),
        ("server", server_times["entry"], server_times["health"]),
    ):
        if a and b:
            print(
                f"ratio entry/healthz ({label}): p50 {pct(a, 50) / pct(b, 50):.1f}x  p95 {pct(a, 95) / pct(b, 95):.1f}x"
            )
    for pid, rss in workers:
        print(f"worker {pid} RSS after the run: {rss / 1024:.1f} MiB")
    print(
        f"throughput: {len(entry) / args.seconds:.1f} entries/s, mean {statistics.fmean(entry) * ms:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--interval", type=float, default=2)
    parser.add_argument("--db", default="sqlite,postgresql")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="referee-load.") as tmp:
        for_each_database(args.db, Path(tmp), lambda name, url, _pm: run(name, url, args, Path(tmp)))


if __name__ == "__main__":
    main()
