"""Clients that cost a server without asking much: half-sent requests and answers read slowly.

A phone that loses signal in the middle of a request, or a hostile client, leaves a connection that
sent part of a request and waits; a phone on a weak signal reads a big answer slowly. Served straight
by gunicorn's gthread worker, each holds a thread; what they must cost is a connection. Used by
``tests/club/test_serve.py`` and ``benchmarks/slow_clients.py``.
"""

from __future__ import annotations

import http.client
import json
import socket
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import NamedTuple

BIG_ANSWER = "/static/vendor/htmx-2.0.11.min.js"  # 52 kB, cheap to make: the cost is in the sending
PIPELINED = 20  # requests a slow reader sends at once (about 1 MB of answers it does not read)
PARTIAL_REQUESTS = (
    b"GET /healthz HTTP/1.1\r\nHost: referee\r\nUser-Agent: half-sent",  # headers not finished
    b"POST /api/v1/tables HTTP/1.1\r\nHost: referee\r\nContent-Type: application/json\r\n"
    b'Content-Length: 60\r\n\r\n{"game": "score-pad", ',  # body not finished
)


def _connect(port: int, rcvbuf: int | None = None) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(30)
    sock.connect(("127.0.0.1", port))
    return sock


@contextmanager
def unfinished_and_slow_clients(port: int, partial: int = 200, slow: int = 200) -> Iterator[None]:
    """Hold ``partial`` connections that sent part of a request and ``slow`` connections that asked for
    about 1 MB each and read none of it, until the block ends."""
    with ExitStack() as held:
        for i in range(partial):
            sock = held.enter_context(_connect(port))
            sock.sendall(PARTIAL_REQUESTS[i % len(PARTIAL_REQUESTS)])
        for _ in range(slow):
            sock = held.enter_context(_connect(port, rcvbuf=4096))
            sock.sendall(f"GET {BIG_ANSWER} HTTP/1.1\r\nHost: referee\r\n\r\n".encode() * PIPELINED)
        settle(port)
        yield


def settle(port: int, within_s: float = 60) -> None:
    """Wait (up to ``within_s``) until the server is idle again: the slow readers' first answers, which
    it starts making at once (200 x 52 kB, real work), are made, and the health check answers three
    times in a row within 0.25 s. A server whose threads the clients hold never gets there; the
    requests measured next then show it."""
    deadline, quick = time.monotonic() + within_s, 0
    while quick < 3 and time.monotonic() < deadline:
        try:
            health = call(port, "GET", "/healthz", timeout=1)
            quick = quick + 1 if health.status == 200 and health.seconds < 0.25 else 0
        except OSError:
            quick = 0
        time.sleep(0.1)


class Answer(NamedTuple):
    status: int
    body: object
    seconds: float
    etag: str


def call(port: int, method: str, path: str, body: object = None, headers: dict[str, str] | None = None,
         timeout: float = 120) -> Answer:  # fmt: skip
    """One request on a fresh connection, and how long it took."""
    start = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        data = None if body is None else json.dumps(body).encode()
        hdrs = {"Content-Type": "application/json"} if data else {}
        conn.request(method, path, body=data, headers=hdrs | (headers or {}))
        resp = conn.getresponse()
        raw = resp.read()
        decoded = json.loads(raw) if "json" in (resp.getheader("Content-Type") or "") and raw else raw
        etag = (resp.getheader("ETag") or "").strip('"')
        return Answer(resp.status, decoded, time.monotonic() - start, etag)
    finally:
        conn.close()


@dataclass
class Table:
    """A score-pad table to write to, and the version its phones last saw."""

    id: str
    auth: dict[str, str]
    version: str = ""

    @classmethod
    def new(cls, port: int) -> Table:
        made = call(port, "POST", "/api/v1/tables", {"game": "score-pad", "players": ["Aki", "Ben"]})
        assert made.status == 201 and isinstance(made.body, dict), made
        table = cls(made.body["id"], {"Authorization": f"Bearer {made.body['scorer_token']}"})
        table.version = call(port, "GET", f"/t/{table.id}/live?since=").etag
        return table


def club_requests(port: int, table: Table, timeout: float = 120) -> dict[str, tuple[int, float]]:
    """What a club night needs answered, each's status and seconds: the health check, an entry, the
    poll of a phone that then sees it (the table's new fragment), and its next poll (nothing new)."""
    entry = call(port, "POST", f"/api/v1/tables/{table.id}/events", {"type": "round", "points": [3, 1]},
                 table.auth, timeout=timeout)  # fmt: skip
    timings = {"entry": (entry.status, entry.seconds)}
    seen = call(port, "GET", f"/t/{table.id}/live?since={table.version}", timeout=timeout)
    timings["poll, new entry"] = (seen.status, seen.seconds)
    table.version = seen.etag
    again = call(port, "GET", f"/t/{table.id}/live?since={table.version}", timeout=timeout)
    timings["poll, nothing new"] = (again.status, again.seconds)
    health = call(port, "GET", "/healthz", timeout=timeout)
    timings["healthz"] = (health.status, health.seconds)
    return timings
