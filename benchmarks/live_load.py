"""Following a whole club live (issue 20), run on demand:

    .venv/bin/python benchmarks/live_load.py [--seconds 60] [--warmup 10]
        [--scenarios 100x4+20,50x4+50,100x4+0] [--db sqlite,postgresql]

A scenario ``TxP+E`` is T score-pad tables with P phones each and E entries a second (``+0``: the idle
club; ``TxPs+E``: each phone opens a seat link of its table first, as at a club whose table cards
carry one QR code per seat, so its fragment is its own). For each database and scenario: README's club server (gunicorn.conf.py, 2 workers x 8 threads,
rate limits off) on a loopback port, freshly started, and on the same machine one asyncio load
generator that plays the phones exactly as ``static/js/app.js`` does: one kept-alive connection per
phone, ``GET /t/<id>/live?since=V`` with ``HX-Request: true`` 0.7 s after the previous answer, taking
the new version from a 200's ``data-version``. Score-pad rounds are posted through the API (bearer
token, no If-Match) at E a second in all, each on a new connection, and 4 clients fetch ``/healthz``
every 0.5 s as the baseline. After ``--warmup`` s it measures for ``--seconds`` s: entry / poll /
healthz p95, errors, refusals (409/428 of the API writes), the follow delay (entry committed -> a
phone of that table holds it), and each worker's CPU share of one core over the window (from
/proc, so other work on a shared machine does not count), PostgreSQL's too. Each run prints its
details, then one table sums them all up with the load average (the machine may be shared: compare
the ratios to /healthz in the same run, and the CPU shares, more than the milliseconds).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.loadgen import (  # noqa: E402
    CONN_ERRORS,
    Conn,
    connections_of,
    cookies_from,
    cpu_seconds,
    database_cpu,
    for_each_database,
    pct,
    score_pads,
    used_since,
    workers_of,
)
from tests.club.conftest import Gunicorn  # noqa: E402

POLL_S = 0.7  # app.js: every data-poll ms (live.POLL_MS) after the previous answer
VERSION = re.compile(rb'data-version="([^"]+)"')


@dataclass(frozen=True)
class Scenario:
    """``TxP+E``: T tables, P phones each, E entries a second; ``TxPs+E``: the phones are the tables'
    seats (each opened its seat link, as at a club whose table cards carry a QR code per seat), whose
    fragments are their own; otherwise they are viewers, who share one."""

    tables: int
    phones: int
    entries: float
    seats: bool = False

    @classmethod
    def parse(cls, text: str) -> Scenario:
        size, _, rate = text.partition("+")
        tables, _, phones = size.partition("x")
        return cls(int(tables), int(phones.rstrip("s")), float(rate or 0), phones.endswith("s"))

    @property
    def players(self) -> int:
        """Players per table: one per phone when the phones are seats."""
        return max(2, self.phones) if self.seats else 2

    def __str__(self) -> str:
        return f"{self.tables}x{self.phones}{'s' if self.seats else ''}+{self.entries:g}/s"


@dataclass
class Figures:
    measuring: bool = False
    times: dict[str, list[float]] = field(
        default_factory=lambda: {"entry": [], "poll": [], "poll 204": [], "healthz": []}
    )
    errors: list[str] = field(default_factory=list)
    refusals: int = 0
    follow: list[float] = field(default_factory=list)
    connections: dict[int, int] = field(default_factory=dict)  # kept-alive phones per worker, halfway
    shares: dict[int, float] = field(default_factory=dict)  # worker pid -> share of one core
    database: float = 0.0  # PostgreSQL's share of one core
    generator: float = 0.0  # the load generator's own share
    load: float = 0.0  # the machine's 1-minute load average at the end

    def add(self, key: str, seconds: float) -> None:
        if self.measuring:
            self.times[key].append(seconds)

    def error(self, what: str) -> None:
        if self.measuring:
            self.errors.append(what)


async def phone(
    port: int, table_id: str, fig: Figures, stop_at: float, committed: dict, seat_token: str | None = None
) -> None:
    conn, since, jar = Conn(port), "", {}
    headers = {"HX-Request": "true"}
    await asyncio.sleep(random.uniform(0, POLL_S))
    if seat_token is not None:  # the seat link: its cookies make every poll this seat's
        _, _, got = await conn.request("GET", f"/t/{table_id}/join/{seat_token}", {})
        headers["Cookie"] = cookies_from(got, jar)
    while time.monotonic() < stop_at:
        start = time.perf_counter()
        try:
            status, body, got = await conn.request("GET", f"/t/{table_id}/live?since={since}", headers)
        except CONN_ERRORS as exc:
            fig.error(type(exc).__name__)
        else:
            if jar:
                headers["Cookie"] = cookies_from(got, jar)
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
    port: int,
    tables: list[tuple[str, str]],
    rate: float,
    fig: Figures,
    stop_at: float,
    committed: dict,
    players: int = 2,
) -> None:
    """Entries spread over the tables at ``rate`` a second, each on a fresh connection (a phone's POST)."""
    if rate <= 0:
        return
    counts = {t: 0 for t, _ in tables}
    next_at = time.monotonic()
    pending: set[asyncio.Task] = set()

    async def one(table_id: str, token: str, n: int) -> None:
        conn = Conn(port)
        body = json.dumps({"type": "round", "points": [n] + [1] * (players - 1)}).encode()
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        start = time.perf_counter()
        try:
            status, data, _ = await conn.request("POST", f"/api/v1/tables/{table_id}/events", headers, body)
        except CONN_ERRORS as exc:
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
        except CONN_ERRORS as exc:
            fig.error(f"healthz {type(exc).__name__}")
        await asyncio.sleep(0.5)
    conn.close()


async def drive(
    server: Gunicorn, tables: list[tuple[str, str]], seats: dict, sc: Scenario, args, postmaster: int | None
) -> Figures:
    fig, committed = Figures(), {}
    stop_at = time.monotonic() + args.warmup + args.seconds
    tasks = [
        phone(server.port, t, fig, stop_at, committed, seats[t][i % len(seats[t])] if sc.seats else None)
        for t, _ in tables
        for i in range(sc.phones)
    ]
    tasks += [health(server.port, fig, stop_at) for _ in range(4)]
    tasks.append(scorer(server.port, tables, sc.entries, fig, stop_at, committed, sc.players))

    async def window() -> None:
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
        fig.shares = {pid: (cpu_seconds(pid) - before[pid]) / wall for pid in workers}
        fig.database = used_since(db_before, database_cpu(postmaster)) / wall
        fig.generator = (time.process_time() - me) / wall
        fig.load = os.getloadavg()[0]

    await asyncio.gather(window(), *tasks)
    return fig


def run(db_name: str, url: str, postmaster: int | None, sc: Scenario, args, tmp: Path) -> Figures:
    server = Gunicorn(url, tmp / f"gunicorn-{db_name}.log").start()
    try:
        seats: dict[str, list[str]] = {}
        tables = score_pads(server, sc.tables, sc.players, seats)
        fig = asyncio.run(drive(server, tables, seats, sc, args, postmaster))
    finally:
        server.stop()
    ms, base = 1000, pct(fig.times["healthz"], 95)
    print(f"\n== {db_name}: {sc}, {args.seconds:g} s after {args.warmup:g} s warm-up ==")
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
    print(f"requests/s {rate:.0f}; load generator {fig.generator:.0%} of a core; load average {fig.load:.1f}")
    for pid, share in fig.shares.items():
        print(f"worker {pid}: {share:.0%} of a core, {fig.connections.get(pid, 0)} connections open halfway")
    print(f"server total: {sum(fig.shares.values()):.0%} of a core; PostgreSQL: {fig.database:.0%} of a core")
    return fig


def summary(results: list[tuple[str, Scenario, Figures]]) -> None:
    """One table of every run: what the issue's targets are stated in."""
    print("\n== summary (p95 in ms; CPU as a share of one core over the window) ==")
    head = (
        "db",
        "scenario",
        "entry",
        "poll",
        "healthz",
        "entry/hz",
        "follow",
        "errors",
        "409s",
        "workers CPU",
        "server",
        "PG",
        "load",
    )
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for db_name, sc, fig in results:
        p95 = {k: pct(v, 95) * 1000 for k, v in fig.times.items()}
        ratio = p95["entry"] / p95["healthz"] if fig.times["entry"] else float("nan")
        workers = " + ".join(f"{s:.0%}" for s in fig.shares.values())
        cells = (
            db_name, str(sc), f"{p95['entry']:.1f}", f"{p95['poll']:.1f}", f"{p95['healthz']:.1f}",
            f"{ratio:.1f}x", f"{pct(fig.follow, 95) * 1000:.0f}" if fig.follow else "-", str(len(fig.errors)),
            str(fig.refusals), workers, f"{sum(fig.shares.values()):.0%}",
            f"{fig.database:.0%}" if db_name == "postgresql" else "-", f"{fig.load:.1f}",
        )  # fmt: skip
        print("| " + " | ".join(cells) + " |")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--warmup", type=float, default=10)
    parser.add_argument("--scenarios", default="100x4+20,50x4+50,100x4+0")
    parser.add_argument("--db", default="sqlite,postgresql")
    args = parser.parse_args()
    scenarios = [Scenario.parse(s) for s in args.scenarios.split(",")]
    results: list[tuple[str, Scenario, Figures]] = []

    def each(db_name: str, url: str, postmaster: int | None) -> None:
        for sc in scenarios:
            results.append((db_name, sc, run(db_name, url, postmaster, sc, args, Path(tmp))))

    with tempfile.TemporaryDirectory(prefix="referee-live.") as tmp:
        for_each_database(args.db, Path(tmp), each)
    summary(results)


if __name__ == "__main__":
    main()
