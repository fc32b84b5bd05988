"""What the load benchmarks share: percentiles, the CPU and memory of a gunicorn's workers and of a
throwaway PostgreSQL read from /proc, a kept-alive HTTP/1.1 connection for asyncio load generators,
score-pad tables to load, and the loop over the databases a run asks for (``--db sqlite,postgresql``).

CPU is read as seconds the processes consumed (``/proc/<pid>/stat`` utime + stime), not as wall time:
the machine is shared, and what a request costs the server is what it takes from the cores.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.club.conftest import Gunicorn, migrated  # noqa: E402
from tests.conftest import postgres_bin, start_postgres  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")
CONN_ERRORS = (OSError, ValueError, IndexError, asyncio.IncompleteReadError)


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, round(p / 100 * (len(s) - 1)))]


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds the process has used so far (all its threads)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def workers_of(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [int(pid) for pid in children]


def rss_of_workers(master_pid: int) -> list[tuple[int, int]]:
    """(pid, RSS in KiB) of each worker of a gunicorn master."""
    out = subprocess.run(["ps", "--ppid", str(master_pid), "-o", "pid=,rss="], capture_output=True, text=True)
    return [tuple(map(int, line.split())) for line in out.stdout.splitlines() if line.strip()]


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


def used_since(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds used between two ``database_cpu`` readings (processes alive at both)."""
    return sum(after[p] - before[p] for p in after if p in before)


class Conn:
    """One kept-alive HTTP/1.1 connection, as a phone's browser holds it."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, headers: dict[str, str], body: bytes = b""):
        """(status, body, headers with lower-case names; repeated ones joined by newlines). A kept-alive
        connection the server closed meanwhile (gunicorn's ``keepalive``) is opened again, as a browser does."""
        if self.writer is not None:
            try:
                return await self._send(method, path, headers, body)
            except CONN_ERRORS:
                self.close()
        return await self._send(method, path, headers, body)

    async def _send(self, method: str, path: str, headers: dict[str, str], body: bytes):
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
            got: dict[str, str] = {}
            while (line := await self.reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode("latin-1").partition(":")
                name = name.strip().lower()
                got[name] = f"{got[name]}\n{value.strip()}" if name in got else value.strip()
            length = int(got.get("content-length", 0))
            data = await self.reader.readexactly(length) if length else b""
        except CONN_ERRORS:
            self.close()
            raise
        if "close" in got.get("connection", "").lower():
            self.close()
        return status, data, got

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def run_together(calls: list[tuple[Callable[..., object], tuple]]) -> None:
    """Each ``(function, args)`` in a thread of its own, all at once; returns when every one has."""
    threads = [threading.Thread(target=f, args=a) for f, a in calls]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def score_pads(
    server: Gunicorn, n: int, players: int = 2, seat_tokens: dict[str, list[str]] | None = None
) -> list[tuple[str, str]]:
    """``n`` new score-pad tables: (id, scorer token) each; each table's seat tokens go into
    ``seat_tokens`` (by table id) when it is given."""
    tables = []
    names = ["Aki", "Ben", "Chie", "Dan", "Eri", "Fumi"][:players]
    for _ in range(n):
        status, body = server.request("POST", "/api/v1/tables", {"game": "score-pad", "players": names})
        assert status == 201, body
        tables.append((body["id"], body["scorer_token"]))
        if seat_tokens is not None:
            seat_tokens[body["id"]] = body["seat_tokens"]
    return tables


def cookies_from(headers: dict[str, str], jar: dict[str, str]) -> str:
    """The ``Cookie`` header after taking in a response's ``Set-Cookie`` lines, as a browser would."""
    for line in headers.get("set-cookie", "").splitlines():
        name, _, value = line.split(";")[0].partition("=")
        jar[name.strip()] = value
    return "; ".join(f"{k}={v}" for k, v in jar.items())


def for_each_database(names: str, tmp: Path, run: Callable[[str, str, int | None], None]) -> None:
    """``run(name, database url, postmaster pid or None)`` on a fresh SQLite file and/or a throwaway
    PostgreSQL with default durability (fsync on), as ``--db sqlite,postgresql`` asks."""
    for name in names.split(","):
        if name == "sqlite":
            run("sqlite", migrated(f"sqlite:///{tmp / f'bench-{os.getpid()}.sqlite3'}"), None)
        elif postgres_bin() is None:
            print("\n== postgresql: skipped (PostgreSQL binaries not installed) ==")
        else:
            cluster_gen = start_postgres(durable=True)
            cluster = next(cluster_gen)
            try:
                postmaster = int(Path(cluster.tmp, "data", "postmaster.pid").read_text().split()[0])
                run("postgresql", migrated(cluster.create_database("referee_bench")), postmaster)
            finally:
                cluster_gen.close()
