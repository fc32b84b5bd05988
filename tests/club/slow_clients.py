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
            status, _, seconds = call(port, "GET", "/healthz", timeout=1)
            quick = quick + 1 if status == 200 and seconds < 0.25 else 0
        except OSError:
            quick = 0
        time.sleep(0.1)


def call(port: int, method: str, path: str, body: object = None, headers: dict[str, str] | None = None,
         timeout: float = 120) -> tuple[int, object, float]:  # fmt: skip
    """One request on a fresh connection: status, decoded body, seconds it took."""
    start = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        data = None if body is None else json.dumps(body).encode()
        hdrs = {"Content-Type": "application/json"} if data else {}
        conn.request(method, path, body=data, headers=hdrs | (headers or {}))
        resp = conn.getresponse()
        raw = resp.read()
        decoded = json.loads(raw) if "json" in (resp.getheader("Content-Type") or "") and raw else raw
        return resp.status, decoded, time.monotonic() - start
    finally:
        conn.close()


def table_for_entries(port: int) -> tuple[str, dict[str, str], int]:
    """A score-pad table to write to: its id, the scorer's Authorization header, its version."""
    status, made, _ = call(port, "POST", "/api/v1/tables", {"game": "score-pad", "players": ["Aki", "Ben"]})
    assert status == 201, made
    assert isinstance(made, dict)
    status, state, _ = call(port, "GET", f"/api/v1/tables/{made['id']}")
    assert status == 200 and isinstance(state, dict), state
    return made["id"], {"Authorization": f"Bearer {made['scorer_token']}"}, int(state["seq"])


def healthz_poll_entry(port: int, table: tuple[str, dict[str, str], int]) -> dict[str, tuple[int, float]]:
    """What a club night needs answered: the health check, a phone's poll, an entry (status, seconds)."""
    table_id, auth, seq = table
    timings = {}
    for name, method, path, body, headers in (
        ("healthz", "GET", "/healthz", None, None),
        ("poll", "GET", f"/t/{table_id}/live?since={seq}", None, None),
        ("entry", "POST", f"/api/v1/tables/{table_id}/events", {"type": "round", "points": [3, 1]}, auth),
    ):
        status, _, seconds = call(port, method, path, body, headers)
        timings[name] = (status, seconds)
    return timings
