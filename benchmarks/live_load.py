"""Following a whole club live (issue 20), run on demand:

    .venv/bin/python benchmarks/live_load.py [--seconds 60] [--warmup 10] [--tables 100] [--phones 4]
        [--entries 20] [--db sqlite,postgresql]

For each database: README's club server (gunicorn.conf.py, 2 workers x 8 threads, rate limits off) on a
loopback port, ``--tables`` score-pad tables, and on the same machine one asyncio load generator that
plays ``--phones`` phones per table exactly as ``static/js/app.js`` does: one kept-alive connection per
phone, ``GET /t/<id>/live?since=V`` with ``HX-Request: true`` 0.7 s after the previous answer, taking the
new version from a 200's ``data-version``. Score-pad rounds are posted through the API (bearer token, no
If-Match) at ``--entries`` a second in total, and 4 clients fetch ``/healthz`` every 0.5 s as the
baseline. ``--entries 0`` is the idle club. After ``--warmup`` s, it measures for ``--seconds`` s and
prints one table: entry / poll / healthz p95, the ratio of each to healthz, errors, refusals (409/428 of
the API writes), the follow delay (entry committed -> a phone of that table holds it), and each worker's
CPU share (of one core) over the window. Every loop is bounded in time; traffic goes to 127.0.0.1 only.
The machine may be shared: compare the ratios to /healthz, not the milliseconds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.load import pct  # noqa: E402
from tests.club.conftest import Gunicorn, migrated  # noqa: E402
from tests.conftest import postgres_bin, start_postgres  # noqa: E402

POLL_S = 0.7  # app.js: every data-poll ms (live.POLL_MS) after the previous answer
VERSION = re.compile(rb'data-version="([^"]+)"')
TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def workers_of(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [int(pid) for pid in children]


def connections_of(port: int) -> dict[int, int]:
    """Established connections to the server per worker pid (from ss), as they are now."""
    out = subprocess.run(
        ["ss", "-tnpH", "state", "established", f"( sport = :{port} )"], capture_output=True, text=True
    ).stdout
    counts: dict[int, int] = {}
    for pid in re.findall(r"pid=(\d+)", out):
        counts[int(pid)] = counts.get(int(pid), 0) + 1
    return counts


def database_cpu(postmaster: int | None) -> dict[int, float]:
    """CPU seconds used so far by each process of our throwaway PostgreSQL (postmaster, backends)."""
    if postmaster is None:
        return {}
    used = {}
    for pid in [postmaster, *workers_of(postmaster)]:
        with contextlib.suppress(OSError):
            used[pid] = cpu_seconds(pid)
    return used


class Conn:
    """One kept-alive HTTP/1.1 connection, as a phone's browser holds it."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, headers: dict[str, str], body: bytes = b""):
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        head += "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        head += f"Content-Length: {len(body)}\r\n\r\n"
        try:
            self.writer.write(head.encode() + body)
            status_line = await self.reader.readline()
            status = int(status_line.split()[1])
            length, close = 0, False
            while (line := await self.reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode("latin-1").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
                elif name.lower() == "connection" and "close" in value.lower():
                    close = True
            data = await self.reader.readexactly(length) if length else b""
        except (OSError, IndexError, ValueError, asyncio.IncompleteReadError):
            self.close()
            raise
        if close:
            self.close()
        return status, data

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Figures:
    def __init__(self) -> None:
        self.measuring = False
        self.times: dict[str, list[float]] = {"entry": [], "poll": [], "poll 204": [], "healthz": []}
        self.errors: list[str] = []
        self.refusals = 0
        self.follow: list[float] = []
        self.connections: dict[int, int] = {}  # kept-alive phones per worker, halfway through

    def add(self, key: str, seconds: float) -> None:
        if self.measuring:
            self.times[key].append(seconds)

    def error(self, what: str) -> None:
        if self.measuring:
            self.errors.append(what)


async def phone(port: int, table_id: str, fig: Figures, stop_at: float, committed: dict) -> None:
    conn, since = Conn(port), ""
    await asyncio.sleep(random.uniform(0, POLL_S))
    while time.monotonic() < stop_at:
        start = time.perf_counter()
        try:
            status, body = await conn.request(
                "GET", f"/t/{table_id}/live?since={since}", {"HX-Request": "true"}
            )
        except (OSError, ValueError, IndexError, asyncio.IncompleteReadError) as exc:
            fig.error(type(exc).__name__)
        else:
            took = time.perf_counter() - start
            fig.add("poll", took)
            if status == 204:
                fig.add("poll 204", took)
            elif status == 200 and (m := VERSION.search(body)):
                since = m.group(1).decode()
                seen = committed.get((table_id, since.split(".")[0]))
                if seen is not None and fig.measuring:
                    fig.follow.append(time.monotonic() - seen)
            else:
                fig.error(str(status))
        await asyncio.sleep(POLL_S)
    conn.close()


async def scorer(
    port: int, tables: list[tuple[str, str]], rate: float, fig: Figures, stop_at: float, committed: dict
) -> None:
    """Entries spread over the tables at ``rate`` a second, each on a fresh connection (a phone's POST)."""
    if rate <= 0:
        return
    counts = {t: 0 for t, _ in tables}
    next_at = time.monotonic()
    pending: set[asyncio.Task] = set()

    async def one(table_id: str, token: str, n: int) -> None:
        conn = Conn(port)
        body = json.dumps({"type": "round", "points": [n, 1]}).encode()
        start = time.perf_counter()
        try:
            status, data = await conn.request(
                "POST", f"/api/v1/tables/{table_id}/events",
                {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}, body,
            )  # fmt: skip
        except (OSError, ValueError, IndexError, asyncio.IncompleteReadError) as exc:
            fig.error(f"entry {type(exc).__name__}")
            return
        finally:
            conn.close()
        fig.add("entry", time.perf_counter() - start)
        if status == 201:
            committed[(table_id, str(json.loads(data).get("seq", "")))] = time.monotonic()
        elif status in (409, 428):
            fig.refusals += fig.measuring
        else:
            fig.error(f"entry {status}")

    while time.monotonic() < stop_at:
        table_id, token = random.choice(tables)
        counts[table_id] += 1
        task = asyncio.create_task(one(table_id, token, counts[table_id]))
        pending.add(task)
        task.add_done_callback(pending.discard)
        next_at += random.expovariate(rate)
        await asyncio.sleep(max(0.0, next_at - time.monotonic()))
    if pending:
        await asyncio.wait(pending, timeout=30)


async def health(port: int, fig: Figures, stop_at: float) -> None:
    conn = Conn(port)
    await asyncio.sleep(random.uniform(0, 0.5))
    while time.monotonic() < stop_at:
        start = time.perf_counter()
        try:
            await conn.request("GET", "/healthz", {})
            fig.add("healthz", time.perf_counter() - start)
        except (OSError, ValueError, IndexError, asyncio.IncompleteReadError) as exc:
            fig.error(f"healthz {type(exc).__name__}")
        await asyncio.sleep(0.5)
    conn.close()


async def one_at_a_time(port: int, table_id: str, n: int) -> dict[str, float]:
    """Median cost of one request with nothing else in flight: a 204 poll against /healthz."""
    conn = Conn(port)
    _, body = await conn.request("GET", f"/t/{table_id}/live?since=none", {"HX-Request": "true"})
    since = VERSION.search(body).group(1).decode()
    paths = {"poll 204": f"/t/{table_id}/live?since={since}", "healthz": "/healthz"}
    times: dict[str, list[float]] = {k: [] for k in paths}
    for _ in range(n):
        for key, path in paths.items():
            start = time.perf_counter()
            await conn.request("GET", path, {"HX-Request": "true"})
            times[key].append(time.perf_counter() - start)
    conn.close()
    return {k: pct(v, 50) for k, v in times.items()}


async def drive(
    server: Gunicorn, tables: list[tuple[str, str]], args, postmaster: int | None
) -> tuple[Figures, dict[int, float], float]:
    fig, committed = Figures(), {}
    stop_at = time.monotonic() + args.warmup + args.seconds
    tasks = [phone(server.port, t, fig, stop_at, committed) for t, _ in tables for _ in range(args.phones)]
    tasks += [health(server.port, fig, stop_at) for _ in range(4)]
    tasks.append(scorer(server.port, tables, args.entries, fig, stop_at, committed))

    async def window() -> tuple[dict[int, float], float]:
        await asyncio.sleep(args.warmup)
        workers = workers_of(server.proc.pid)
        before = {pid: cpu_seconds(pid) for pid in workers}
        me, db_before = time.process_time(), database_cpu(postmaster)
        fig.measuring, t0 = True, time.monotonic()
        await asyncio.sleep(args.seconds / 2)
        fig.connections = connections_of(server.port)
        await asyncio.sleep(args.seconds / 2)
        fig.measuring = False
        wall = time.monotonic() - t0
        shares = {pid: (cpu_seconds(pid) - before[pid]) / wall for pid in workers}
        db_after = database_cpu(postmaster)
        shares[0] = sum(db_after[p] - db_before[p] for p in db_after if p in db_before) / wall
        return shares, (time.process_time() - me) / wall

    results = await asyncio.gather(window(), *tasks)
    shares, own = results[0]
    return fig, shares, own


def run(db_name: str, url: str, args, tmp: Path, postmaster: int | None = None) -> None:
    server = Gunicorn(migrated(url), tmp / f"gunicorn-{db_name}.log").start()
    try:
        tables = []
        for _ in range(args.tables):
            status, body = server.request(
                "POST", "/api/v1/tables", {"game": "score-pad", "players": ["Aki", "Ben"]}
            )
            assert status == 201, body
            tables.append((body["id"], body["scorer_token"]))
        alone = asyncio.run(one_at_a_time(server.port, tables[0][0], 300))
        fig, shares, own = asyncio.run(drive(server, tables, args, postmaster))
    finally:
        server.stop()
    ms, base = 1000, pct(fig.times["healthz"], 95)
    load = f"{args.tables} tables x {args.phones} phones, {args.entries:g} entries/s"
    print(f"\n== {db_name}: {load}, {args.seconds:g} s after {args.warmup:g} s warm-up ==")
    print(
        f"one at a time (median of 300): poll 204 {alone['poll 204'] * ms:.2f} ms, /healthz "
        f"{alone['healthz'] * ms:.2f} ms, ratio {alone['poll 204'] / alone['healthz']:.1f}x"
    )
    print(f"{'what':<10} {'n':>7} {'p50 ms':>8} {'p95 ms':>8} {'p95/healthz':>12}")
    for key, values in fig.times.items():
        p95 = pct(values, 95)
        print(f"{key:<10} {len(values):7d} {pct(values, 50) * ms:8.1f} {p95 * ms:8.1f} {p95 / base:12.1f}")
    if fig.follow:
        print(
            f"follow delay (entry -> phone holds it): p50 {pct(fig.follow, 50) * ms:.0f} ms, p95 {pct(fig.follow, 95) * ms:.0f} ms"
        )
    print(f"errors {len(fig.errors)} {sorted(set(fig.errors))[:5]}, refusals {fig.refusals}")
    rate = sum(len(fig.times[k]) for k in ("entry", "poll", "healthz")) / args.seconds
    print(f"requests/s {rate:.0f}; load generator {own:.0%} of a core; load average {os.getloadavg()[0]:.1f}")
    database = shares.pop(0)
    for pid, share in shares.items():
        held = fig.connections.get(pid, 0)
        print(f"worker {pid}: {share:.0%} of a core, {held} connections open halfway")
    print(f"server total: {sum(shares.values()):.0%} of a core; PostgreSQL: {database:.0%} of a core")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--warmup", type=float, default=10)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--phones", type=int, default=4)
    parser.add_argument("--entries", type=float, default=20)
    parser.add_argument("--db", default="sqlite,postgresql")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="referee-live.") as tmp:
        tmp_path = Path(tmp)
        for db_name in args.db.split(","):
            if db_name == "sqlite":
                run("sqlite", f"sqlite:///{tmp_path / 'live.sqlite3'}", args, tmp_path)
            elif postgres_bin() is None:
                print("\n== postgresql: skipped (PostgreSQL binaries not installed) ==")
            else:
                cluster_gen = start_postgres(durable=True)
                cluster = next(cluster_gen)
                try:
                    pm = int(Path(cluster.tmp, "data", "postmaster.pid").read_text().split()[0])
                    run("postgresql", cluster.create_database("referee_live"), args, tmp_path, pm)
                finally:
                    cluster_gen.close()


if __name__ == "__main__":
    main()
