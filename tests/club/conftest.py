"""gunicorn (gunicorn.conf.py + wsgi:app) started on a free port, as a club server would run it."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from referee.extensions import db
from tests.conftest import free_port, make_app, start_postgres

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = str(Path(sys.executable).with_name("gunicorn"))
STARTUP_GUARD_S = 300  # fails a gunicorn that never answers; not a speed check
REQUEST_GUARD_S = 120  # fails a request that hangs; a loaded machine may take seconds to answer


class PortInUse(RuntimeError):
    """The port ``free_port`` proposed was bound by another process before gunicorn could bind it."""


class Gunicorn:
    """One gunicorn master (in its own process group, so a SIGKILL takes the workers too)."""

    def __init__(
        self,
        database_url: str,
        log: Path,
        workers: int = 2,
        threads: int = 8,
        extra_args: tuple[str, ...] = (),
    ) -> None:
        self.extra_args = list(extra_args)
        self.port = free_port()
        self.env = {
            **os.environ,
            "REFEREE_BIND": f"127.0.0.1:{self.port}",
            "REFEREE_DATABASE_URL": database_url,
            "REFEREE_ENV": "production",
            "REFEREE_SECRET_KEY": "club-test-secret-not-for-use",
            "REFEREE_RATELIMIT_ENABLED": "false",
            "REFEREE_WORKERS": str(workers),
            "REFEREE_THREADS": str(threads),
        }
        self.log = log
        self.proc: subprocess.Popen | None = None

    def start(self) -> Gunicorn:
        """Start and wait until it answers. ``free_port`` only proposes a port: when another process on
        the machine (a parallel test run) binds it first, this gunicorn is killed and started again on
        another port, rather than waiting for ever or probing someone else's server."""
        for _ in range(3):
            try:
                return self._start()
            except PortInUse:
                self.port = free_port()
                self.env["REFEREE_BIND"] = f"127.0.0.1:{self.port}"
        raise RuntimeError(f"gunicorn found no free port: {self.log.read_text()[-2000:]}")

    def _start(self) -> Gunicorn:
        seen = self.log.stat().st_size if self.log.exists() else 0
        out = open(self.log, "ab")  # noqa: SIM115 - the child keeps it
        self.proc = subprocess.Popen(
            [GUNICORN, "-c", "gunicorn.conf.py", *self.extra_args, "wsgi:app"], cwd=ROOT, env=self.env,
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        out.close()

        def port_taken() -> bool:  # refused at start (gunicorn.conf.py), or a bind lost after that check
            said = self.log.read_bytes()[seen:]
            return b"Another server is already listening" in said or b"Connection in use" in said

        # Wait until it answers, however loaded the machine; between probes, wait on the process itself
        # so that a gunicorn that dies is reported at once. The deadline only guards against a hang.
        deadline = time.monotonic() + STARTUP_GUARD_S
        while time.monotonic() < deadline:
            try:
                answered = self.request("GET", "/healthz", timeout=5)[0] == 200  # a probe: retried
            except OSError:
                answered = False
            if port_taken():  # the answer, if any, was not ours
                self.kill()
                raise PortInUse(self.port)
            if answered:
                return self
            try:
                self.proc.wait(timeout=0.1)
            except subprocess.TimeoutExpired:
                continue
            raise RuntimeError(f"gunicorn exited: {self.log.read_text()[-2000:]}")
        raise RuntimeError(f"gunicorn did not answer: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL the master and every worker at once: no graceful anything."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        """Quick shutdown, then SIGKILL after 5 s: only cleanup, no test reads how it stopped. Idle it
        takes under a second; on a loaded machine a worker sometimes never exits on SIGQUIT and the
        master waits its whole graceful_timeout (20 s, the full suite's slowest teardowns)."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGQUIT)  # quick shutdown
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.kill()

    def request(self, method: str, path: str, body=None, headers=None, timeout: float = REQUEST_GUARD_S):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            data = json.dumps(body).encode() if body is not None and not isinstance(body, bytes) else body
            hdrs = (
                {"Content-Type": "application/json", **(headers or {})}
                if data is not None
                else dict(headers or {})
            )
            conn.request(method, path, body=data, headers=hdrs)
            resp = conn.getresponse()
            raw = resp.read()
            ctype = resp.getheader("Content-Type", "")
            return resp.status, (json.loads(raw) if "json" in ctype and raw else raw)
        finally:
            conn.close()


def migrated(database_url: str) -> str:
    """The schema in place (create_all, as the app fixture does; test_migrations covers alembic)."""
    app = make_app(database_url)
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    return database_url


@pytest.fixture(scope="session")
def durable_postgres():
    """A cluster of its own with PostgreSQL's default durability (fsync on), for the crash tests: one per
    test process, not one per file (four files ask for it); each test gets a database of its own in it
    (``club_database``), and no test stops or crashes the cluster itself, only gunicorn."""
    yield from start_postgres(durable=True)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def club_database(request, tmp_path) -> str:
    if request.param == "sqlite":
        return migrated(f"sqlite:///{tmp_path / 'club.sqlite3'}")
    cluster = request.getfixturevalue("durable_postgres")
    return migrated(
        cluster.create_database(f"club_{request.node.name[-40:]}".replace("[", "_").replace("]", ""))
    )


@pytest.fixture
def gunicorn(club_database, tmp_path):
    server = Gunicorn(club_database, tmp_path / "gunicorn.log").start()
    yield server
    server.stop()
