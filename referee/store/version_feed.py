"""Table versions kept in each worker process and kept right by PostgreSQL LISTEN/NOTIFY (issue 20).

A live poll asks whether its table's version (``sharing.version``) changed; most of the time it has
not, and on PostgreSQL even the one indexed read that answers it is a network round trip and work in
a backend. So each worker process keeps the versions it has read (``VersionCache``), and every row
written to a table a version reads (a log line appended, a correction proposed, claimed, decided or
put back) makes PostgreSQL itself call ``pg_notify(CHANNEL, table_id)``: a trigger on each of the
``WATCHED`` tables (``TRIGGER_SQL``, created with the schema and by the migration), so no writer can
forget it, not even one outside the app, and a write costs no extra round trip for it. PostgreSQL
delivers a notification only when, and once, its transaction commits, in commit order, to every
listening connection: one ``Listener`` thread per worker process, on its own connection, drops that
table's kept version, and the next poll reads the database again.

Never stale beyond the listener's lag (the notification's trip from PostgreSQL to the listener,
milliseconds on one machine, well under the second a change may take to reach a follower): a version
read from the database is kept only if no notification for its table (nor a loss of the listener)
arrived between the moment the read began and its end (``ticket``), so a read that raced a commit is
never kept after the drop. A writer drops the versions in its own process after its commit
(``after_commit``), so a phone that wrote and polls the same worker never waits for the round trip.
If the listener's connection is lost, the cache is emptied and kept empty (every poll reads the
database) until a new connection listens again; only then is it filled again, so a commit missed
while nobody listened is read from the database, not from the cache.

Only live polls read this cache. Pages, writes and the API read the database, so a page loaded on
another app server shows a write made on this one at once (issue 17); only the 204 a poll answers
may lag by the notification's delay. SQLite has no notifications across processes: it keeps the
direct read (``live_versions``), and ``cache_for`` gives it no cache.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import Connection, Engine, event
from sqlalchemy.orm import Session

CHANNEL = "referee_versions"
WATCHED = ("events", "pending_corrections")  # the tables ``sharing.version`` reads, by table_id
TRIGGER_SQL = (
    "CREATE OR REPLACE FUNCTION referee_notify_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
    f" PERFORM pg_notify('{CHANNEL}', CASE WHEN TG_OP = 'DELETE' THEN OLD.table_id ELSE NEW.table_id END);"
    " RETURN NULL; END $$",
    *(
        "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'referee_notify_version'"
        f" AND tgrelid = '{table}'::regclass) THEN CREATE TRIGGER referee_notify_version"
        f" AFTER INSERT OR UPDATE OR DELETE ON {table} FOR EACH ROW"
        " EXECUTE FUNCTION referee_notify_version(); END IF; END $$"
        for table in WATCHED
    ),
)  # PostgreSQL's statements: the function, then its trigger on each watched table (once)
KEEP = 4096  # table versions per process (a club night has a few hundred tables at most)
HEARTBEAT_S = 5.0  # a listener whose connection died silently finds out within this
RETRY_S = 1.0  # between attempts to listen again after a loss
_CHANGED = "referee_changed_tables"  # session.info: the tables this transaction changes
_ENGINE = "referee_changed_engine"  # session.info: the engine it changes them on

log = logging.getLogger(__name__)

Ticket = int


class VersionCache:
    """The versions this process has read, for the tables nobody has changed since; thread-safe.

    ``live`` is False while no listener is known to listen: then nothing is kept or answered."""

    def __init__(self, keep: int = KEEP) -> None:
        self.keep = keep
        self.live = False
        self._versions: OrderedDict[str, str] = OrderedDict()
        self._dropped: OrderedDict[str, int] = OrderedDict()  # table -> stamp of its last drop
        self._floor = 0  # drops forgotten (and every clear) count as made at this stamp
        self._stamp = 0
        self.changed = threading.Condition()  # notified on every drop and clear (tests wait on it)

    def get(self, table_id: str) -> str | None:
        with self.changed:
            version = self._versions.get(table_id) if self.live else None
            if version is not None:
                self._versions.move_to_end(table_id)
            return version

    def ticket(self) -> Ticket:
        """Taken before reading the database: ``put`` keeps that read only if nothing dropped since."""
        with self.changed:
            return self._stamp

    def put(self, table_id: str, version: str, ticket: Ticket) -> None:
        with self.changed:
            if not self.live or self._dropped.get(table_id, self._floor) > ticket or self._floor > ticket:
                return  # the table changed (or the listener was lost) while it was read
            self._versions[table_id] = version
            self._versions.move_to_end(table_id)
            if len(self._versions) > self.keep:
                self._versions.popitem(last=False)

    def drop(self, table_ids: Iterable[str]) -> None:
        """These tables changed: forget their versions, and refuse reads that began before now."""
        with self.changed:
            self._stamp += 1
            for table_id in table_ids:
                self._versions.pop(table_id, None)
                self._dropped[table_id] = self._stamp
                self._dropped.move_to_end(table_id)
            while len(self._dropped) > self.keep:
                _table, stamp = self._dropped.popitem(last=False)
                self._floor = max(self._floor, stamp)
            self.changed.notify_all()

    def clear(self, live: bool) -> None:
        """Forget everything; ``live`` says whether a listener listens from now on."""
        with self.changed:
            self._stamp += 1
            self._floor = self._stamp
            self._versions.clear()
            self._dropped.clear()
            self.live = live
            self.changed.notify_all()


class Listener(threading.Thread):
    """Listens on its own connection for ``CHANNEL`` and drops the versions notified; on any error
    empties the cache (``live`` off), and listens again on a new connection."""

    def __init__(self, connect: Callable[[], Any], cache: VersionCache) -> None:
        super().__init__(name="referee-version-listener", daemon=True)
        self.connect = connect
        self.cache = cache
        self.connection: Any = None  # the psycopg connection listening now (tests cut it)
        self.stopping = threading.Event()

    def run(self) -> None:
        while not self.stopping.is_set():
            try:
                self.listen()
            except Exception:  # noqa: BLE001 - whatever broke, the cache must not be trusted
                if self.cache.live:  # said once per loss, not at every attempt to listen again
                    log.warning(
                        "version listener lost its connection; polls read the database", exc_info=True
                    )
            self.cache.clear(live=False)
            with contextlib.suppress(Exception):
                if self.connection is not None:
                    self.connection.close()
            self.connection = None
            self.stopping.wait(RETRY_S)

    def listen(self) -> None:
        conn = self.connection = self.connect()
        conn.execute(f"LISTEN {CHANNEL}")
        self.cache.clear(live=True)  # only after LISTEN: every later commit is notified
        while not self.stopping.is_set():
            for note in conn.notifies(timeout=HEARTBEAT_S):
                self.cache.drop([note.payload])
            conn.execute("SELECT 1")  # a connection that died without a word fails here


_caches: dict[tuple[int, str], tuple[VersionCache, Listener]] = {}
_registry_lock = threading.Lock()


def _key(engine: Engine) -> tuple[int, str]:
    return os.getpid(), engine.url.render_as_string(hide_password=True)  # a forked worker starts afresh


def cache_for(engine: Engine) -> VersionCache | None:
    """This process's cache of ``engine``'s database with its listener started, or None where the
    database cannot notify other processes (SQLite)."""
    if engine.dialect.name != "postgresql":
        return None
    key = _key(engine)
    with _registry_lock:
        if key not in _caches:
            cache = VersionCache()
            listener = Listener(lambda: _listening_connection(engine), cache)
            _caches[key] = cache, listener
            listener.start()
        return _caches[key][0]


def listener_of(engine: Engine) -> Listener | None:
    """The thread keeping ``engine``'s cache right in this process (for tests)."""
    found = _caches.get(_key(engine))
    return found[1] if found else None


def _listening_connection(engine: Engine) -> Any:
    pooled = engine.raw_connection()  # made as the engine makes them, then this thread's own
    conn = pooled.dbapi_connection
    assert conn is not None  # a connection just checked out holds one
    pooled.detach()
    engine.dialect.set_isolation_level(conn, "AUTOCOMMIT")  # LISTEN takes effect at once
    return conn


def mark_changed(session: Session, table_id: str) -> None:
    """This transaction changes what ``table_id``'s version reads in a way the session does not see
    as a changed object (a Core ``UPDATE``): forget it here on commit like the objects' tables."""
    session.info.setdefault(_CHANGED, set()).add(table_id)


def _watched(objects: Iterable[object]) -> set[str]:
    return {
        table_id
        for obj in objects
        if getattr(obj, "__tablename__", None) in WATCHED
        and isinstance(table_id := getattr(obj, "table_id", None), str)
    }


def _pending(session: Session) -> set[str]:
    return _watched([*session.new, *session.dirty, *session.deleted])


@event.listens_for(Session, "after_flush")
def _collect(session: Session, _context: Any) -> None:
    changed = _pending(session)
    if changed:
        session.info.setdefault(_CHANGED, set()).update(changed)


def create_triggers(_target: Any, connection: Connection, **_kw: Any) -> None:
    """With the schema (``MetaData`` ``after_create``): PostgreSQL's notifying trigger, if not there yet."""
    if connection.dialect.name == "postgresql":
        for statement in TRIGGER_SQL:
            connection.exec_driver_sql(statement)


@event.listens_for(Session, "before_commit")
def _note_engine(session: Session) -> None:
    """Which tables this commit changes, and on which engine, for ``_drop_here`` after it (the other
    processes learn it from the trigger's notification)."""
    changed = session.info.get(_CHANGED, set()) | _pending(session)  # not flushed yet: the commit flushes
    if not changed:
        return
    session.info[_CHANGED] = changed
    session.info[_ENGINE] = session.connection().engine


@event.listens_for(Session, "after_commit")
def _drop_here(session: Session) -> None:
    """The writer's own process forgets at once, without waiting for its listener."""
    changed, engine = session.info.pop(_CHANGED, None), session.info.pop(_ENGINE, None)
    if not changed or engine is None:
        return
    found = _caches.get(_key(engine))
    if found is not None:
        found[0].drop(changed)


@event.listens_for(Session, "after_rollback")
def _forget(session: Session) -> None:
    session.info.pop(_CHANGED, None)
    session.info.pop(_ENGINE, None)
