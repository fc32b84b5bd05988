"""The per-process cache of table snapshots, bounded by memory as well as by count.

A snapshot is a table's replayed state; keeping it spares a replay on the next read. A table near the
event limit holds a few megabytes, a fresh one a few kilobytes, so a count alone bounds nothing: the
cache keeps an estimate of each snapshot's bytes and evicts the least recently used tables until the
total is under ``max_bytes``. A snapshot bigger than the whole budget is simply not kept.

The estimate is a real measurement (``deep_size``: the objects reachable from the snapshot, as
``sys.getsizeof`` counts them, within a few per cent of tracemalloc's figure) taken when a table
first enters the cache and again whenever its event count has doubled since; in between it is scaled
by the event count, so a write costs no walk over its table.
"""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

from .replay import Replayed

LEAVES = (str, bytes, int, float, complex, bool, type(None))


def deep_size(root: Any, skip: Iterable[Any] = ()) -> int:
    """Bytes of the objects reachable from ``root`` (each counted once), not following ``skip``,
    types or functions (shared by every table).

    An object is walked by what it holds (a dict's items, a container's members, an instance's
    attributes and slots), never by calling its methods: a mapping made when read (a bead score
    sheet's row, ``referee.rules.made_when_read``) would make every value at ``items()``, so a
    measure for the cache made a whole table's worth of rows (issue 29). What such a mapping has not
    made yet is not counted: it is made by a later read and counted at the next measure."""
    seen = {id(s) for s in skip}
    stack, total = [root], 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type) or callable(obj):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        if isinstance(obj, LEAVES):
            continue
        if isinstance(obj, dict):
            for key, value in obj.items():
                stack.append(key)
                stack.append(value)
        elif isinstance(obj, list | tuple | set | frozenset):
            stack.extend(obj)
        elif hasattr(obj, "__dict__") or hasattr(obj, "__slots__"):
            stack.extend(_held(obj))
        elif hasattr(obj, "keys") and hasattr(obj, "items"):  # a mapping holding no attributes (mappingproxy)
            for key, value in obj.items():
                stack.append(key)
                stack.append(value)
    return total


def _held(obj: Any) -> list[Any]:
    """An instance's attributes: its ``__dict__`` values and every slot set along its classes."""
    held = list(vars(obj).values()) if hasattr(obj, "__dict__") else []
    for cls in type(obj).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in ("__dict__", "__weakref__") and hasattr(obj, name):
                held.append(getattr(obj, name))
    return held


def _events(rep: Replayed) -> int:
    return len(rep.effective) + len(rep.undone)


class SnapshotCache:
    """Least recently used snapshots, at most ``max_tables`` of them and about ``max_bytes`` in all."""

    def __init__(self, max_tables: int, max_bytes: int) -> None:
        self.max_tables = max_tables
        self.max_bytes = max_bytes
        self._items: OrderedDict[str, tuple[Replayed, int]] = OrderedDict()
        self._measured: dict[str, tuple[int, int]] = {}  # table -> (events, bytes) at the last measure
        self._total = 0
        self._lock = threading.Lock()

    def get(self, table_id: str) -> Replayed | None:
        with self._lock:
            item = self._items.get(table_id)
            if item is None:
                return None
            self._items.move_to_end(table_id)
            return item[0]

    def put(self, table_id: str, rep: Replayed) -> None:
        size = self._estimate(table_id, rep)
        with self._lock:
            old = self._items.pop(table_id, None)
            if old is not None:
                self._total -= old[1]
            if size > self.max_bytes:
                self._measured.pop(table_id, None)
                return
            self._items[table_id] = (rep, size)
            self._total += size
            while len(self._items) > self.max_tables or self._total > self.max_bytes:
                gone, (_rep, gone_size) = self._items.popitem(last=False)
                self._measured.pop(gone, None)
                self._total -= gone_size

    def _estimate(self, table_id: str, rep: Replayed) -> int:
        events = _events(rep)
        with self._lock:
            measured = self._measured.get(table_id)
        if measured is not None and measured[0] <= events < 2 * measured[0]:
            return measured[1] * events // measured[0]
        size = deep_size(rep, skip=(rep.game,))
        with self._lock:
            self._measured[table_id] = (max(events, 1), size)
        return size

    @property
    def total_bytes(self) -> int:
        return self._total

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._measured.clear()
            self._total = 0
