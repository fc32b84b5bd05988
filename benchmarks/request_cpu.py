"""What one request costs the server in CPU, one at a time (issue 20), run on demand:

    .venv/bin/python benchmarks/request_cpu.py [--n 2000] [--entries 60] [--db sqlite,postgresql]

README's club server (gunicorn.conf.py) with one worker, so that every request lands on the worker
measured, and rate limits off. On one kept-alive connection it sends, one after the other, ``--n``
requests of each cheap kind (``/healthz``, a 204 poll, a 304 poll, a poll answered from the fragment
cache) and ``--entries`` score-pad rounds through the API (bearer token, no If-Match) and through the
scorer's page (htmx form post with its CSRF token, as the phone sends it). For each it prints the CPU
milliseconds the worker used per request (``/proc/<pid>/stat``, so other work on a shared machine does
not count) and PostgreSQL's processes' (its backends'), the ratio to ``/healthz``, and the wall median.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.loadgen import (  # noqa: E402
    Conn,
    cpu_seconds,
    database_cpu,
    for_each_database,
    pct,
    score_pads,
    used_since,
    workers_of,
)
from tests.club.conftest import Gunicorn  # noqa: E402

VERSION = re.compile(rb'data-version="([^"]+)"')
CSRF = re.compile(rb'name="csrf_token" value="([^"]+)"')
BASED_ON = re.compile(rb'name="based_on" value="(\d+)"')
HTMX = {"HX-Request": "true"}


async def measure(worker: int, postmaster: int | None, n: int, expected: int, send) -> dict[str, float]:
    """CPU ms per request of the worker and of PostgreSQL, and the wall median, over ``n`` calls."""
    walls = []
    cpu, db = cpu_seconds(worker), database_cpu(postmaster)
    for i in range(n):
        start = time.perf_counter()
        status = await send(i)
        walls.append(time.perf_counter() - start)
        assert status == expected, (status, expected)
    return {
        "worker": (cpu_seconds(worker) - cpu) / n * 1000,
        "db": used_since(db, database_cpu(postmaster)) / n * 1000,
        "wall": pct(walls, 50) * 1000,
    }


async def costs(server: Gunicorn, worker: int, postmaster: int | None, args) -> dict[str, dict[str, float]]:
    (table, _), (entry_table, token), (html_table, html_token) = score_pads(server, 3)
    conn, scorer = Conn(server.port), Conn(server.port)
    live = f"/t/{table}/live"
    _, body, headers = await conn.request("GET", f"{live}?since=none", HTMX)
    now, etag = VERSION.search(body).group(1).decode(), headers["etag"]

    async def get(path: str, extra: dict[str, str] | None = None) -> int:
        return (await conn.request("GET", path, {**HTMX, **(extra or {})}))[0]

    async def api_entry(i: int) -> int:
        body = f'{{"type": "round", "points": [{i}, 1]}}'.encode()
        auth = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        return (await conn.request("POST", f"/api/v1/tables/{entry_table}/events", auth, body))[0]

    # The scorer's phone: its link sets the device cookie, the page holds the CSRF token and based_on.
    _, _, got = await scorer.request("GET", f"/t/{html_table}/join/{html_token}", {})
    jar = dict(c.split(";")[0].split("=", 1) for c in got["set-cookie"].splitlines())
    _, page, got = await scorer.request(
        "GET", f"/t/{html_table}", {"Cookie": "; ".join(f"{k}={v}" for k, v in jar.items())}
    )
    jar |= dict(c.split(";")[0].split("=", 1) for c in got.get("set-cookie", "").splitlines())
    cookies = {"Cookie": "; ".join(f"{k}={v}" for k, v in jar.items())}
    form = {"csrf": CSRF.search(page).group(1).decode(), "based_on": BASED_ON.search(page).group(1).decode()}

    async def html_entry(i: int) -> int:
        fields = {"csrf_token": form["csrf"], "type": "round", "based_on": form["based_on"]}
        body = urlencode([*fields.items(), ("idem", f"bench-{i}"), ("points", i), ("points", 1)]).encode()
        head = {
            **HTMX,
            **cookies,
            "Content-Type": "application/x-www-form-urlencoded",
            "Sec-Fetch-Site": "same-origin",
        }
        status, answer, _ = await scorer.request("POST", f"/t/{html_table}/events", head, body)
        form["based_on"] = BASED_ON.search(answer).group(1).decode()
        return status

    kinds = {
        "healthz": (args.n, 200, lambda i: get("/healthz")),
        "poll 204": (args.n, 204, lambda i: get(f"{live}?since={now}")),
        "poll 304": (args.n, 304, lambda i: get(live, {"If-None-Match": etag})),
        "poll 200 (kept fragment)": (args.n, 200, lambda i: get(f"{live}?since=old")),
        "entry, API": (args.entries, 201, api_entry),
        "entry, page (htmx)": (args.entries, 200, html_entry),
    }
    for _n, _status, send in kinds.values():  # warm every path (imports, templates, caches) first
        for i in range(20):
            await send(i - 20)
    out = {name: await measure(worker, postmaster, *kind) for name, kind in kinds.items()}
    conn.close()
    scorer.close()
    return out


def run(db_name: str, url: str, postmaster: int | None, args, tmp: Path) -> None:
    server = Gunicorn(url, tmp / f"gunicorn-{db_name}.log", workers=1).start()
    try:
        (worker,) = workers_of(server.proc.pid)
        figures = asyncio.run(costs(server, worker, postmaster, args))
    finally:
        server.stop()
    base = figures["healthz"]["worker"]
    print(f"\n== {db_name}: one worker, one request at a time; load average {os.getloadavg()[0]:.1f} ==")
    print(
        f"{'request':<26} {'worker CPU ms':>14} {'x healthz':>10} {'PostgreSQL CPU ms':>18} {'wall p50 ms':>12}"
    )
    for name, f in figures.items():
        db = f"{f['db']:.2f}" if postmaster else "-"
        print(f"{name:<26} {f['worker']:14.2f} {f['worker'] / base:10.1f} {db:>18} {f['wall']:12.2f}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--entries", type=int, default=60)
    parser.add_argument("--db", default="sqlite,postgresql")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="referee-cpu.") as tmp:
        for_each_database(args.db, Path(tmp), lambda name, url, pm: run(name, url, pm, args, Path(tmp)))


if __name__ == "__main__":
    main()
