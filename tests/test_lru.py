"""The one least-recently-used map of the house (referee/lru.py): every cache a process keeps by count
is it, not a copy of its dozen lines (``duplicates`` found two: a club's ladders, the live fragments)."""

from __future__ import annotations

from referee.lru import Lru
from referee.store.club_ratings import ClubLadders
from referee.web.updates.cache import FragmentCache


def test_the_entry_read_longest_ago_goes_first() -> None:
    kept: Lru[str, int] = Lru(keep=2)
    kept.put("a", 1)
    kept.put("b", 2)
    assert kept.get("a") == 1  # read: "b" is now the one read longest ago
    kept.put("c", 3)
    assert (kept.get("a"), kept.get("b"), kept.get("c")) == (1, None, 3)
    kept.put("a", 4)  # put again: replaced, not added
    kept.put("d", 5)
    assert (kept.get("a"), kept.get("c"), kept.get("d")) == (4, None, 5)
    kept.clear()
    assert kept.get("a") is None


def test_the_process_caches_kept_by_count_are_that_map() -> None:
    for cache in (ClubLadders(keep=3), FragmentCache(keep=3)):
        assert isinstance(cache, Lru) and cache.keep == 3
