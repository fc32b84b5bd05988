"""Fixtures shared by every test: an app on a fresh database (SQLite and a throwaway PostgreSQL),
its client, and for browser tests one live server and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from sqlalchemy import event
from werkzeug.serving import make_server

from referee.app import create_app
from referee.extensions import db

# No test depends on the clock: Hypothesis' per-example deadline and its too-slow health check time
# each example, so a loaded machine would fail them; both are off everywhere. CI replays the same
# examples every run (a red CI blocks landing); local runs keep exploring new ones.
_UNTIMED: dict[str, Any] = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("local", **_UNTIMED)
settings.register_profile("ci", derandomize=True, print_blob=True, **_UNTIMED)
settings.load_profile("ci" if os.environ.get("CI") else "local")

REQUIRE_ALL = any(
    os.environ.get(name, "").lower() not in ("", "0", "false", "no") for name in ("CI", "REFEREE_REQUIRE_ALL")
)
"""In CI (or with REFEREE_REQUIRE_ALL=1) a test that cannot run is a failure: a green run must mean every
test ran, not that the machine lacked Chromium, PostgreSQL, poppler, zbar or the Japanese font (the test
command installs them all), nor that a parametrisation came out empty."""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if not (REQUIRE_ALL and report.skipped) or hasattr(report, "wasxfail"):
        return
    reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
    report.outcome = "failed"
    report.longrepr = f"{reason}\n(CI / REFEREE_REQUIRE_ALL=1: every test must run, not skip)"


LONG_FIRST = ("tests/browser/", "tests/club/")
"""Where a test takes seconds, not milliseconds: a browser walk, a served clone or gunicorn."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Those folders' files first, the longest kinds of test before the short ones, so that the test
    command's two workers (``--dist loadfile --no-loadscope-reorder``: each file whole on one worker, in
    this order) end together on short files. pytest-xdist's own order (most tests first) left these
    files of few long tests to the end, where one worker walked a browser while the other waited."""
    def rank(item: pytest.Item) -> int:
        return next((i for i, folder in enumerate(LONG_FIRST) if item.nodeid.startswith(folder)), len(LONG_FIRST))

    items.sort(key=rank)  # stable: each file's tests stay together and in their order


CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class CompiledTemplates(BytecodeCache):
    """Every template compiled once per test process instead of once per test: each test gets an app
    of its own, hence a Jinja environment of its own, and recompiling the same templates in each of them
    was about half of a page-rendering test's time (44 s of 83 s over tests/web/test_bingo_web.py,
    test_pages.py and test_undo_redo_correct.py under cProfile). Jinja's bytecode cache keys a template
    by its name and file and checks its source's checksum on every load, so an edited or different
    source is compiled afresh. Every test's app comes from ``create_app``, so all of them compile a
    template alike (the same extensions and autoescaping)."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if (code := self.code.get(bucket.key)) is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


COMPILED_TEMPLATES = CompiledTemplates()


def make_app(database_url: str, schema: bool = True, **config):
    """The app for a test; ``schema=False`` when the database has its tables already (every
    ``database_url``: the SQLite copy and the session's PostgreSQL database), where ``create_all``
    would only ask for each of them again (15 queries on PostgreSQL, per test). Its templates come
    compiled from the process's earlier tests (``CompiledTemplates``)."""
    app = create_app(
        {"SQLALCHEMY_DATABASE_URI": database_url, "TESTING": True, "RATELIMIT_ENABLED": False, **config}
    )
    app.jinja_env.bytecode_cache = COMPILED_TEMPLATES
    if schema:
        with app.app_context():
            db.create_all()
    return app


# --- a throwaway PostgreSQL cluster -------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def postgres_bin() -> str | None:
    """The newest Debian PostgreSQL bin directory, or None when PostgreSQL is not installed."""
    bins = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]))
    return bins[-1] if bins and os.path.exists(os.path.join(bins[-1], "initdb")) else None


def _as_postgres(*cmd: str) -> None:
    prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    subprocess.run(prefix + list(cmd), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


@dataclass
class PostgresCluster:
    """A PostgreSQL server in a temporary directory on 127.0.0.1:<port>, trust auth, user postgres."""

    port: int
    tmp: str

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        import psycopg

        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", autocommit=True
        ) as c:
            c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            c.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


def _pg_start(pgbin: str, data: str, tmp: str, options: str) -> int:
    """Start the server on a free port and return it. ``free_port`` only proposes a port: another test
    run on the machine may bind it first, and then the server is started again on another one."""
    log = os.path.join(tmp, "server.log")
    for _ in range(5):
        port, seen = free_port(), os.path.getsize(log) if os.path.exists(log) else 0
        try:
            _as_postgres(
                f"{pgbin}/pg_ctl", "-D", data, "-l", log, "-w", "-t", "60", "-o", f"{options} -p {port}", "start"
            )
            return port
        except subprocess.CalledProcessError:
            with open(log, encoding="utf-8", errors="replace") as f:
                f.seek(seen)
                if "could not bind" not in f.read():
                    raise
    raise RuntimeError(f"PostgreSQL found no free port to listen on (see {log})")


INITDB_NO_SYNC = "--no-sync"
"""initdb without its final fsync of every file it wrote (~1,000): the cluster lives in a temporary folder
for one test run and no test pulls the power, so nothing needs them on the platter. The server then runs
with fsync on or off as ``durable`` says (a crash test SIGKILLs the server, not the machine). 4.2-4.6 s ->
1.6-2.9 s of wall per initdb at load 13-18 (the CPU the same, ~0.6-1.0 s); one cluster per test process
and one per club test file that crashes PostgreSQL."""


def start_postgres(durable: bool) -> Iterator[PostgresCluster]:
    """Start a cluster; ``durable=False`` turns fsync off (fine for tests that never crash the server)."""
    pgbin = postgres_bin()
    if pgbin is None:
        pytest.skip("PostgreSQL binaries not installed (apt-get install -y postgresql)")
    tmp = tempfile.mkdtemp(prefix="pgtest.")
    if os.geteuid() == 0:
        shutil.chown(tmp, "postgres", "postgres")
    data = os.path.join(tmp, "data")
    fast = "" if durable else " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    _as_postgres(
        f"{pgbin}/initdb", "-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8",
        INITDB_NO_SYNC,
    )  # fmt: skip
    port = _pg_start(pgbin, data, tmp, f"-c listen_addresses=127.0.0.1 -k {tmp} -c max_connections=200{fast}")
    try:
        yield PostgresCluster(port, tmp)
    finally:
        _as_postgres(f"{pgbin}/pg_ctl", "-D", data, "-m", "fast", "-w", "stop")
        shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresCluster]:
    """The session's throwaway PostgreSQL (fsync off: no test here crashes the database server)."""
    yield from start_postgres(durable=False)


@pytest.fixture(scope="session")
def postgres_url(postgres: PostgresCluster) -> str:
    """One database for the ``app`` fixture, its tables made once; each test gets it emptied (see
    ``_clean``)."""
    url = postgres.create_database("referee_test")
    close_app(make_app(url), url)
    return url


def _clean(app) -> None:
    """Empty every table and restart every sequence (PostgreSQL), as ``TRUNCATE ... RESTART IDENTITY``
    would: DELETE, children first, of the few rows a test writes took ~40 ms where TRUNCATE (new files
    for all 15 tables) took ~240 ms on the loaded machine, once per PostgreSQL test. All of it goes as
    one script, one round trip: a statement each took 206 ms against 53 ms at load 25 (each round trip
    waits for the server's process to be scheduled)."""
    with app.app_context():
        db.session.remove()  # an open transaction would hold locks the DELETEs wait for
        with db.engine.begin() as conn:
            quoted = conn.dialect.identifier_preparer.format_table
            deletes = "".join(f"DELETE FROM {quoted(table)};" for table in reversed(db.metadata.sorted_tables))
            conn.exec_driver_sql(deletes + "SELECT setval(seqrelid, seqstart, false) FROM pg_sequence")
        db.engine.dispose()


MEMORY_DISK = "/dev/shm"
"""A file system in memory (tmpfs) on Linux, where an fsync has nothing to wait for."""


@pytest.fixture(scope="session")
def sqlite_folder(tmp_path_factory) -> Iterator[Path]:
    """Where the tests' SQLite databases live: a folder in memory (``MEMORY_DISK``) where the machine has
    one, else the session's temporary folder. The store commits SQLite with ``synchronous=FULL`` in WAL
    mode (``referee/store/pragmas.py``), so every commit waits for an fsync of the disk: 9.6-10.8 ms per
    commit in /tmp on this machine at load 24, 0.04-0.06 ms in /dev/shm (300 commits each); a golden
    record's replay in ``test_moments.py`` commits once per entry. The SQL, the pragmas and the store's
    code are the same; only the disk under them is not, and no test here pulls the power."""
    if os.path.isdir(MEMORY_DISK) and os.access(MEMORY_DISK, os.W_OK):
        folder = Path(tempfile.mkdtemp(prefix="referee-tests.", dir=MEMORY_DISK))
        try:
            yield folder
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    else:
        yield tmp_path_factory.mktemp("sqlite")


@pytest.fixture(scope="session")
def sqlite_schema(sqlite_folder: Path) -> str:
    """An SQLite file with the schema made once (by ``make_app``, as every test's app makes it): a copy
    of it is a fresh, empty database for a fraction of ``create_all``'s cost (about 90 ms per test)."""
    path = sqlite_folder / "schema.sqlite3"
    close_app(make_app(f"sqlite:///{path}"), f"sqlite:///{path}")
    return str(path)


@contextmanager
def fresh_sqlite(request: pytest.FixtureRequest) -> Iterator[str]:
    """A fresh, empty SQLite database for one test: a copy of the schema's file in ``sqlite_folder``
    (deleted after the test with its WAL files: memory, not disk). Also for a file's own ``app`` fixture
    on SQLite only: the copy costs a fraction of making the tables (``sqlite_schema``)."""
    folder = Path(tempfile.mkdtemp(dir=request.getfixturevalue("sqlite_folder")))
    try:
        shutil.copyfile(request.getfixturevalue("sqlite_schema"), folder / "test.sqlite3")
        yield f"sqlite:///{folder / 'test.sqlite3'}"
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database_url(request) -> Iterator[str]:
    """A fresh, empty database: ``fresh_sqlite``, or the session's PostgreSQL database."""
    if request.param == "postgresql":
        yield request.getfixturevalue("postgres_url")
        return
    with fresh_sqlite(request) as url:
        yield url


def close_app(app, database_url: str) -> None:
    """After a test: empty PostgreSQL's tables for the next one, and let go of every connection."""
    if database_url.startswith("postgresql"):
        _clean(app)
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.hookimpl(tryfirst=True)  # before pytest reads the parametrize marks
def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test marked ``storeless`` runs on SQLite only: it reads and writes no table, so PostgreSQL (other
    SQL, the same Python) would repeat it for nothing. The ``app`` fixture holds it to that promise."""
    if metafunc.definition.get_closest_marker("storeless") and "database_url" in metafunc.fixturenames:
        metafunc.definition.add_marker(pytest.mark.parametrize("database_url", ["sqlite"], indirect=True))


@contextmanager
def no_sql(app) -> Iterator[None]:
    """Fail if the app runs any SQL statement inside: a test that does belongs on both databases."""
    statements: list[str] = []

    def seen(conn, cursor, statement, *args) -> None:
        statements.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", seen)
    try:
        yield
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    if statements:
        pytest.fail(f"a storeless test ran {len(statements)} SQL statements, the first: {statements[0]}")


@pytest.fixture
def app(request, database_url):
    app = make_app(database_url, schema=False, WTF_CSRF_ENABLED=False)
    try:
        with no_sql(app) if request.node.get_closest_marker("storeless") else nullcontext():
            yield app
    finally:
        close_app(app, database_url)


@pytest.fixture
def client(app):
    return app.test_client()


@contextmanager
def serve(wsgi_app, ssl_context=None) -> Iterator[str]:
    """Serve a WSGI app on a free loopback port in a thread (each request in its own thread, as a
    real server answers several phones); yields the base URL. The port is the kernel's pick (port 0),
    so parallel runs never collide."""
    server = make_server("127.0.0.1", 0, wsgi_app, threaded=True, ssl_context=ssl_context)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"{'https' if ssl_context else 'http'}://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def live_server(sqlite_folder):
    """The app on a free loopback port, with CSRF on, as a phone would meet it (its database in
    ``sqlite_folder``)."""
    path = sqlite_folder / "live.sqlite3"
    with serve(make_app(f"sqlite:///{path}")) as url:
        yield url


@pytest.fixture(scope="session")
def base_url(live_server):
    return live_server


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not shutil.which(CHROMIUM):
        pytest.skip(f"{CHROMIUM} not installed (apt-get install -y chromium)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """A phone: 390x844, touch, Chrome's mobile mode."""
    return {
        **browser_context_args,
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
        "locale": "en-GB",
    }
