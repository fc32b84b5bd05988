"""Heavy reads served by a process of their own, so that they never hold the worker's GIL.

A gthread worker is one Python process: a thread computing a PDF for seconds holds the GIL most of
that time, and every other thread of the worker (another table's entry, a poll) waits up to a switch
interval each time it wants it back, dozens of times per request. Bounding how many heavy reads run at
once (``heavy.py``) bounds the threads they take, not that wait.

So each worker hands its heavy reads (``heavy.is_heavy``) to one child process of its own, started with
the worker (``spawn``: a fresh interpreter, not a fork of a threaded worker) with its own app,
database connections and GIL, and a lower CPU priority (nice 10): on a busy machine the workers'
entries and polls come first. The worker's thread only waits for the answer, without the GIL. At most
``HEAVY_AT_ONCE`` heavy reads per worker are handed over or waiting; one more is answered 503 by the
worker itself (``heavy.busy``). Only GETs without a body are handed over; a child that died is
replaced on the next heavy read.

The child is started when the worker starts (``start_child``, from gunicorn.conf.py), not on the first
heavy read: a fresh interpreter importing the app takes seconds on a busy machine, and the first player
of the evening to look back at a table ("As it stood then") waited those seconds. Each worker then
holds its child's memory for its whole life, whether or not a heavy read comes.

Installed by ``wsgi.py`` (the app gunicorn serves), not by ``create_app``: tests and the development
server answer heavy reads in process, and the child's own app does not hand them on again.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from io import BytesIO
from multiprocessing import active_children, get_context
from typing import Any
from urllib.parse import parse_qs

from flask import Flask
from werkzeug.exceptions import HTTPException

from referee.web.site import heavy

NICE = 10
LOOKS_HEAVY = (".pdf", ".csv", "/record", "/record.json")  # then the URL is matched to be sure
Answer = tuple[str, list[tuple[str, str]], bytes]

_CHILD_APP: Flask | None = None


def _start_child() -> None:
    """In the child: a lower CPU priority, and the app as gunicorn's would be, without hand-over."""
    global _CHILD_APP
    os.nice(NICE)
    # Ctrl-C at the terminal reaches the whole process group; the child is stopped by its worker (the
    # pool's shutdown), and a KeyboardInterrupt here would only print a traceback into the server's output.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from referee.app import create_app

    _CHILD_APP = create_app()


def _ready() -> bool:
    """In the child: nothing; asking it starts the child and makes its app (``_start_child``)."""
    return _CHILD_APP is not None


def _answer(environ: dict[str, Any]) -> Answer:
    """In the child: the app's whole answer to one request."""
    assert _CHILD_APP is not None
    got: list[Any] = []
    written: list[bytes] = []

    def start_response(
        status: str, headers: list[tuple[str, str]], exc_info: object = None, /
    ) -> Callable[[bytes], object]:
        got[:] = [status, headers]
        return written.append  # WSGI's write(), for an app that sends part of its body that way

    environ = {**environ, "wsgi.input": BytesIO(b""), "wsgi.errors": sys.stderr}
    body = _CHILD_APP.wsgi_app(environ, start_response)
    try:
        data = b"".join([*written, *body])
    finally:
        close = getattr(body, "close", None)
        if close is not None:
            close()
    return got[0], list(got[1]), data


class Offload:
    """WSGI middleware of one worker: heavy GETs to the child process, everything else to the app."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.wsgi_app: Callable[..., Iterable[bytes]] = app.wsgi_app
        self.places = threading.BoundedSemaphore(app.config["HEAVY_AT_ONCE"])
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self.handed = 0  # heavy reads answered by the child (for tests and benchmarks)

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if not self._heavy(environ):
            return self.wsgi_app(environ, start_response)
        if not self.places.acquire(blocking=False):
            environ[heavy.BUSY_KEY] = True  # the app answers 503 (heavy.py), in the reader's words
            return self.wsgi_app(environ, start_response)
        try:
            status, headers, data = self._hand_over(environ)
        finally:
            self.places.release()
        self.handed += 1
        start_response(status, headers)
        return [data]

    def _heavy(self, environ: dict[str, Any]) -> bool:
        """A heavy read: a GET without a body whose URL matches a heavy endpoint (as Flask will)."""
        if environ.get("REQUEST_METHOD") != "GET" or environ.get("CONTENT_LENGTH") not in (None, "", "0"):
            return False
        path, query = environ.get("PATH_INFO", ""), environ.get("QUERY_STRING", "")
        if not (path.endswith(LOOKS_HEAVY) or "/players/" in path or "at=" in query):
            return False  # a poll, an entry, a page: no URL matching on the way (a poll costs ~0.2 ms)
        try:
            endpoint, _args = self.app.url_map.bind_to_environ(environ).match()
        except HTTPException:  # no such page, a redirect: the app answers
            return False
        return heavy.heavy_read(str(endpoint), parse_qs(query, keep_blank_values=True))

    def _hand_over(self, environ: dict[str, Any]) -> Answer:
        plain = {k: v for k, v in environ.items() if isinstance(v, str | int | float | bool | tuple)}
        for attempt in (1, 2):
            pool = self._the_pool()
            try:
                return pool.submit(_answer, plain).result()
            except BrokenProcessPool:  # the child died (killed, out of memory): a new one, once
                with self._lock:
                    if self._pool is pool:
                        self._pool = None
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def start_child(self) -> None:
        """Start the child now, in the background (its app is made while the worker takes requests).
        Called from the worker's main thread. The child is spawned with Ctrl-C ignored (a disposition
        a new interpreter keeps): a server stopped by Ctrl-C a moment after it started would otherwise
        print the child's KeyboardInterrupt in the middle of its imports."""
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            self._the_pool().submit(_ready)  # spawns the child at once (spawn context)
        finally:
            signal.signal(signal.SIGINT, previous)

    def stop_child(self) -> None:
        """Stop the child with its worker (gunicorn's ``worker_exit``), without waiting for it: a child
        still importing the app (seconds at nice 10 on a busy machine) reads the pool's "stop" only
        once it is ready, and the worker's exit waited for it past gunicorn's graceful timeout, to be
        killed by the master ("Worker was sent SIGKILL!") when a server was stopped right after it
        started."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is None:
            return
        pool.shutdown(wait=False, cancel_futures=True)
        for child in active_children():
            child.terminate()

    def _the_pool(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(1, mp_context=get_context("spawn"), initializer=_start_child)
            return self._pool
