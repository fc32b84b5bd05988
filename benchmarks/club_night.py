"""A club night under load (issue 17, "Performance to measure"), run on demand:

    .venv/bin/python benchmarks/club_night.py [--seconds 30] [--tables 50] [--phones 4] [--interval 1]

gunicorn (gunicorn.conf.py, 2 workers x 8 threads) on a throwaway PostgreSQL (default durability), one
session with ``--tables`` score-pad tables. Each table's scorer posts one event every ``--interval`` s
(50 tables x 1/s = 50 entries/s); ``--phones`` phones per table follow it as the table page does
(``/t/<id>/live?since=V`` every 0.7 s); a director's screen polls ``/s/<id>/live`` the same way and the
full director page is fetched once a second; a few threads fetch /healthz as the trivial baseline.
Prints server-side (gunicorn access log, %(D)s) and client-seen p50/p95 for entries, polls, the director
page and /healthz, the entry/healthz ratio, and each worker's RSS afterwards. No assertions: figures only.
"""

from __future__ import annotations

import argparse
import http.client
import random
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.loadgen import pct, rss_of_workers, run_together  # noqa: E402
from tests.club.conftest import Gunicorn, migrated  # noqa: E402
from tests.conftest import postgres_bin, start_postgres  # noqa: E402

POLL_S = 0.7


def director_cookie(server: Gunicorn, url: str) -> str:
    """Open the director link once; the signed cookie that keeps the token."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        conn.request("GET", url[url.index("/s/") :])
        resp = conn.getresponse()
        resp.read()
        return resp.getheader("Set-Cookie", "").split(";")[0]
    finally:
        conn.close()


def run(url: str, args, tmp: Path) -> None:
    log = tmp / "gunicorn.log"
    server = Gunicorn(
        migrated(url), log,
        extra_args=("--access-logfile", "-", "--access-logformat", "ACCESS %(m)s %(U)s %(s)s %(D)s"),
    ).start()  # fmt: skip
    try:
        status, session = server.request(
            "POST",
            "/api/v1/sessions",
            {"name": "Bench night", "players": [f"P{i}" for i in range(args.tables * 4)]},
        )
        assert status == 201, session
        auth = {"Authorization": f"Bearer {session['director_token']}"}
        tables = []
        for t in range(args.tables):
            status, made = server.request(
                "POST", f"/api/v1/sessions/{session['id']}/tables",
                {"game": "score-pad", "players": [f"P{4 * t + i}" for i in range(4)]}, auth,
            )  # fmt: skip
            assert status == 201, made
            tables.append((made["id"], made["scorer_token"]))
        cookie = {"Cookie": director_cookie(server, session["url"])}
        for n in range(1, 21):  # some history at every table before the quiet measurement
            for table_id, token in tables:
                server.request(
                    "POST", f"/api/v1/tables/{table_id}/events", {"type": "round", "points": [n, 1, 0, 0]},
                    {"Authorization": f"Bearer {token}"},
                )  # fmt: skip
        quiet = []
        for _ in range(20):  # the director page with nothing else running (both workers warm after 2)
            start = time.perf_counter()
            server.request("GET", f"/s/{session['id']}", headers=cookie)
            quiet.append(time.perf_counter() - start)
        seen: dict[str, list[float]] = defaultdict(list)
        errors: list[str] = []
        stop_at = time.monotonic() + args.seconds

        def every(period: float, label: str, call) -> None:
            next_at = time.monotonic() + random.uniform(0, period)
            while True:
                time.sleep(max(0.0, next_at - time.monotonic()))
                if time.monotonic() >= stop_at:
                    return
                start = time.perf_counter()
                try:
                    status = call()
                    if status not in (200, 201, 204):
                        errors.append(f"{label} {status}")
                except OSError as exc:
                    errors.append(f"{label} {type(exc).__name__}")
                seen[label].append(time.perf_counter() - start)
                next_at += period

        def scorer(table_id: str, token: str):
            n = iter(range(1, 10**9))
            return lambda: server.request(
                "POST", f"/api/v1/tables/{table_id}/events", {"type": "round", "points": [next(n), 1, 0, 0]},
                {"Authorization": f"Bearer {token}"}, timeout=30,
            )[0]  # fmt: skip

        def phone(table_id: str):
            since = {"v": ""}

            def poll() -> int:
                status, body = server.request("GET", f"/t/{table_id}/live?since={since['v']}", timeout=30)
                if status == 200 and isinstance(body, bytes) and b'data-version="' in body:
                    since["v"] = body.split(b'data-version="')[1].split(b'"')[0].decode()
                return status

            return poll

        def board_poll():
            since = {"v": ""}

            def poll() -> int:
                status, body = server.request(
                    "GET", f"/s/{session['id']}/live?since={since['v']}", headers=cookie, timeout=30
                )
                if status == 200 and isinstance(body, bytes) and b'data-version="' in body:
                    since["v"] = body.split(b'data-version="')[1].split(b'"')[0].decode()
                return status

            return poll

        jobs = [(args.interval, "entry", scorer(*t)) for t in tables]
        jobs += [(POLL_S, "poll", phone(t[0])) for t in tables for _ in range(args.phones)]
        jobs += [(POLL_S, "director poll", board_poll())]
        jobs += [
            (1.0, "director page", lambda: server.request("GET", f"/s/{session['id']}", headers=cookie)[0])
        ]
        jobs += [(0.5, "healthz", lambda: server.request("GET", "/healthz")[0]) for _ in range(4)]
        under_load_from = log.stat().st_size  # the access log's lines from here on are the loaded run
        run_together([(every, job) for job in jobs])
        workers = rss_of_workers(server.proc.pid)
    finally:
        server.stop()

    server_times: dict[str, list[float]] = defaultdict(list)
    with log.open("rb") as f:
        f.seek(under_load_from)
        loaded = f.read().decode(errors="replace")
    for line in loaded.splitlines():
        if not line.startswith("ACCESS "):
            continue
        _, method, path, _status, micros = line.split()[:5]
        if method == "POST" and path.endswith("/events"):
            key = "entry"
        elif path.startswith("/t/") and path.endswith("/live"):
            key = "poll"
        elif path.startswith("/s/"):
            key = "director poll" if path.endswith("/live") else "director page"
        elif path == "/healthz":
            key = "healthz"
        else:
            continue
        server_times[key].append(int(micros) / 1e6)
    ms = 1000
    print(
        f"\n== postgresql: {args.tables} tables x {args.phones} phones, 1 entry / {args.interval:g} s per table, "
        f"a director screen, {args.seconds:g} s =="
    )
    for label in ("entry", "poll", "director poll", "director page", "healthz"):
        for side, values in (("server", server_times[label]), ("client", seen[label])):
            print(
                f"{label + ', ' + side:<24} n={len(values):6d}  p50 {pct(values, 50) * ms:7.1f} ms"
                f"  p95 {pct(values, 95) * ms:7.1f} ms  p99 {pct(values, 99) * ms:7.1f} ms"
            )
    for side, a, b in (
        ("server", server_times["entry"], server_times["healthz"]),
        ("client", seen["entry"], seen["healthz"]),
    ):
        if a and b:
            print(
                f"ratio entry/healthz ({side}): p50 {pct(a, 50) / pct(b, 50):.1f}x  p95 {pct(a, 95) / pct(b, 95):.1f}x"
            )
    print(
        f"entries/s achieved: {len(seen['entry']) / args.seconds:.1f}; errors: {len(errors)} {sorted(set(errors))[:5]}"
    )
    print(
        f"director page alone ({args.tables} tables x 20 rounds, no load), client: p50 {pct(quiet[2:], 50) * ms:.1f} ms"
        f"  p95 {pct(quiet[2:], 95) * ms:.1f} ms"
    )
    for pid, rss in workers:
        print(f"worker {pid} RSS after the run: {rss / 1024:.1f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--phones", type=int, default=4)
    parser.add_argument("--interval", type=float, default=1)
    args = parser.parse_args()
    if postgres_bin() is None:
        print("PostgreSQL binaries not installed: apt-get install -y postgresql")
        return
    with tempfile.TemporaryDirectory(prefix="referee-club.") as tmp:
        cluster_gen = start_postgres(durable=True)
        cluster = next(cluster_gen)
        try:
            run(cluster.create_database("referee_club"), args, Path(tmp))
        finally:
            cluster_gen.close()


if __name__ == "__main__":
    main()
