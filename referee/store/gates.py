"""Per-table locks within one process, so that one big table's full replays cannot take every thread.

A full replay (a server's first read of a table, an undo, a correction) of a table at the size limit
costs a few hundred milliseconds of CPU. Without a gate, sixteen phones (or one script) correcting the
same big table at once hold all of a server's threads for seconds, and every other table waits:

- reads of one table wait for the one replay already under way and then use its snapshot
  (``replaying``: at most one full read replay per table per process);
- undos and corrections of one table are checked one at a time (``checking``): one made on a page
  or with ``If-Match`` while another is being checked is answered at once as stale (both are based on
  the same last line), so its thread is free again in milliseconds; one without waits its turn.

Locks are made on demand and dropped when no thread holds or waits for them.
"""

from __future__ import annotations

import threading
import weakref


class _Gate:
    __slots__ = ("lock", "__weakref__")

    def __init__(self) -> None:
        self.lock = threading.Lock()


class Gates:
    """One lock per table id, alive while someone uses it."""

    def __init__(self) -> None:
        self._gates: weakref.WeakValueDictionary[str, _Gate] = weakref.WeakValueDictionary()
        self._guard = threading.Lock()

    def gate(self, table_id: str) -> _Gate:
        with self._guard:
            gate = self._gates.get(table_id)
            if gate is None:
                gate = self._gates[table_id] = _Gate()
            return gate


replaying = Gates()
checking = Gates()
