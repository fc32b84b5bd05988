"""One object per value, for the small values the rules compare at every event: tiles and cards.

A class made with ``metaclass=OnePerValue`` gives, for every call ``Cls(...)``, the one object that
has those field values (made at the first such call, kept for the process): two equal tiles or cards
are then the same object, so the class keeps ``object``'s equality and hash, which are identity and
run in C, rather than a Python ``__eq__``/``__hash__`` that a hand, a trick or a set look-up calls
many times per event. Every way to make one goes through that call: ``Cls(...)``, a dataclasses or
:func:`~referee.rules.frozen.replace` copy (it calls the class), ``copy`` and ``pickle`` (``__reduce__``).

Sets of such values iterate in an order that depends on where the objects lie in memory: nothing may
read a result from a set's order (sort it first), as with any set of text already.
"""

from __future__ import annotations

import dataclasses
from typing import Any

_ONE: dict[tuple[Any, ...], Any] = {}
"""Every value made so far, by its class and field values (a few dozen tiles and cards)."""


class OnePerValue(type):
    """The metaclass of a frozen dataclass whose instances are one per value (see the module)."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        # Made first: its __post_init__ may put the fields in order (a tile's higher number first).
        made = super().__call__(*args, **kwargs)
        key = (cls, *(getattr(made, f.name) for f in dataclasses.fields(made)))
        return _ONE.setdefault(key, made)


def reduce_one(obj: Any) -> tuple[type, tuple[Any, ...]]:
    """``__reduce__`` of a :class:`OnePerValue` class: copied or unpickled through the class, so
    the copy is the one object of that value."""
    return type(obj), tuple(getattr(obj, f.name) for f in dataclasses.fields(obj))
