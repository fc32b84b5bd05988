"""A replay's states built in place and frozen once, instead of copied at every event.

The rules make a new frozen state for every event (``replace``), which a live table needs: the state
before an entry is kept (the snapshot cache, a refused entry leaves it as it was). A replay needs none
of its in-between states: it hands each one to the next event and to the history's sentence, then
drops it. So the store's replay runs inside :func:`drafting`, and there the rules' :func:`update`,
:func:`grown` and :func:`writable` change what the replay itself made rather than copying it again:

- ``update(obj, **changes)`` is ``replace``; in a draft, the first update of an object copies it and
  the draft owns the copy, later updates of that copy write into it (a hand updated at every turn is
  copied once per replay, not once per turn);
- ``grown(items, item)`` is ``items + (item,)``; in a draft it is the draft's own list, appended to in
  place (the score pad's 1,000 rounds are no longer copied 1,000 times), made a tuple again when the
  draft ends;
- ``writable(mapping)`` is a copy of the mapping to change; in a draft, the draft's own copy, changed
  in place from then on (a bead board is copied once per hand, not at every placement).

Outside a draft all three copy, so ``apply`` keeps its contract: events in, new frozen states out,
the old ones untouched. Inside one, the caller keeps the ``replace`` discipline (it writes back every
object it changed, up to the state, with ``update``: that is how a ``derived`` value that read a
changed field is dropped) and reads nothing of an object after updating it. A list made by ``grown``
is only ever written back to a field with ``update`` (the end of the draft turns the owned objects'
lists into tuples), and a sentence of the history copies what it shows, never a draft's list or dict.
An event refused in a draft may leave the draft half-changed: the replay stops at it (ReplayError)
and the draft is dropped.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, TypeVar

from .frozen import _replace, write_in_place

__all__ = ["drafting", "grown", "update", "writable"]

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


class _Draft:
    """What one replay made and may still change in place, by ``id`` (holding each object, so an id
    is never that of another object made after this one was dropped)."""

    __slots__ = ("owned",)

    def __init__(self) -> None:
        self.owned: dict[int, Any] = {}

    def freeze(self) -> None:
        """Every list ``grown`` made, a tuple again in the field that holds it."""
        owned = self.owned
        for obj in list(owned.values()):
            if type(obj) is list or type(obj) is dict:
                continue
            lists = {k: tuple(v) for k, v in vars(obj).items() if type(v) is list and id(v) in owned}
            if lists:
                write_in_place(obj, lists)
        owned.clear()


_DRAFT: ContextVar[_Draft | None] = ContextVar("referee_draft", default=None)


@contextmanager
def drafting() -> Iterator[None]:
    """Within the block, :func:`update`, :func:`grown` and :func:`writable` change what they made
    in place; at its end (not after an exception: that draft is dropped) every state made in it is
    frozen for good."""
    draft = _Draft()
    token = _DRAFT.set(draft)
    try:
        yield
    finally:
        _DRAFT.reset(token)
    draft.freeze()


def _update(obj: T, /, **changes: Any) -> T:
    draft = _DRAFT.get()
    if draft is None:
        return _replace(obj, **changes)
    if id(obj) in draft.owned and write_in_place(obj, changes):
        return obj
    new = _replace(obj, **changes)
    draft.owned[id(new)] = new
    return new


if TYPE_CHECKING:
    # To the type checker ``update`` is ``dataclasses.replace``, as ``replace`` is (field names and
    # types checked by its dataclasses plugin).
    from dataclasses import replace as update
else:
    update = _update


def grown(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """``items + (item,)``; in a draft, the draft's list with ``item`` appended (a tuple once the
    draft ends; until then it reads as one: indexing, slicing, ``len``, iteration, ``in``)."""
    draft = _DRAFT.get()
    if draft is None:
        return items + (item,)
    if id(items) in draft.owned:
        items.append(item)  # type: ignore[attr-defined]
        return items
    made = [*items, item]
    draft.owned[id(made)] = made
    return made  # type: ignore[return-value]


def writable(mapping: Mapping[K, V]) -> dict[K, V]:
    """A dict of ``mapping`` to change: a copy, or in a draft the draft's own copy, itself from then on."""
    draft = _DRAFT.get()
    if draft is None:
        return dict(mapping)
    if id(mapping) in draft.owned:
        return mapping  # type: ignore[return-value]
    made = dict(mapping)
    draft.owned[id(made)] = made
    return made
