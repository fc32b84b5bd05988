"""One render per change: live fragments kept by (table, version, kind of reader, language).

A table's live fragment changes only when its version does (referee.store.sharing.version), so the
fragment for one version, one kind of reader and one language is the same page for every phone that
asks: it is rendered once per worker and then served from here. It is never stale, because the key
holds the version a poll has just read from the database (shared by every worker and app server),
and an entry is stored under the version the fragment itself declares (its ``data-version``), never
under the one asked for.

Only renders that are the same for everyone who may ask are kept: the public view (anyone holding the
table id) and the big screen. A seat's and the scorer's fragments carry that phone's own CSRF token
and idempotency keys, and the scorer's the links it holds: they are rendered for each request, and a
render that touched per-phone material (a CSRF token) is never kept, whoever asked for it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from flask import g

from referee.lru import Lru

KEEP = 1024  # fragments per worker: a version or two of each kind at a few hundred tables
_VERSION = re.compile(r'data-version="([^"]+)"')

Key = tuple[str, str, str, str]  # table id, version, kind of reader, language


class FragmentCache(Lru[Key, str]):
    """A small LRU of rendered fragments, safe across a worker's threads."""

    def __init__(self, keep: int = KEEP) -> None:
        super().__init__(keep)
        self.renders = 0  # how many times a fragment was rendered (for tests and benchmarks)

    def fragment(
        self, table_id: str, version: str, kind: str, language: str, render: Callable[[], str]
    ) -> str:
        """The fragment at ``version`` from here, or ``render()``'s, kept if everyone may share it."""
        html = self.get((table_id, version, kind, language))
        if html is not None:
            return html
        html = render()
        self.renders += 1
        declared = _VERSION.search(html)
        if declared and not _per_phone():
            self.put((table_id, declared.group(1), kind, language), html)
        return html


def _per_phone() -> bool:
    """Did this render put a CSRF token (tied to the phone's session) into the page?"""
    return g.get("csrf_token") is not None
