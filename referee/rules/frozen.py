"""``replace`` for the rules' frozen states, without ``dataclasses.replace``'s per-call cost.

Every event makes new states by replacing a few fields of the old ones, several times per event, so
replay time was a quarter spent in ``dataclasses.replace``: it walks every field, checks it, and
runs the frozen ``__init__``, which sets each field through ``object.__setattr__``. A state class
with no ``__post_init__``, no ``InitVar`` and no ``init=False`` field has nothing for ``__init__``
to do but store the values, so its copy is its ``__dict__`` with the changes written over it: the
same object ``dataclasses.replace`` would build. So states may keep values derived from their
fields in ``functools.cached_property`` (computed once per state, never copied). Any other dataclass goes to ``dataclasses.replace``.
"""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any, TypeVar

T = TypeVar("T")

_PLAIN: dict[type, frozenset[str] | None] = {}
"""Per dataclass: its field names when a copy of its ``__dict__`` is a faithful replace, else None."""


def _plain_fields(cls: type) -> frozenset[str] | None:
    if hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        return None
    if not dataclasses.is_dataclass(cls):
        return None
    names = [f.name for f in dataclasses.fields(cls) if f.init]
    if len(names) != len(dataclasses.fields(cls)):
        return None  # a field __init__ computes
    if list(inspect.signature(cls).parameters) != names:
        return None  # an InitVar
    return frozenset(names)


def replace(obj: T, /, **changes: Any) -> T:
    """``dataclasses.replace(obj, **changes)``, as fast as a dict copy for a plain frozen dataclass.

    A ``functools.cached_property`` value of ``obj`` is not copied: it is computed anew for the copy.

    An unknown field name is a TypeError, as in ``dataclasses.replace``."""
    cls = type(obj)
    try:
        names = _PLAIN[cls]
    except KeyError:
        names = _PLAIN[cls] = _plain_fields(cls)
    if names is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    if not names.issuperset(changes):
        unknown = sorted(set(changes) - names)[0]
        raise TypeError(f"{cls.__name__} has no field {unknown!r}")
    held = vars(obj)
    if len(held) != len(names):  # values a cached_property keeps: they belong to obj, not to the copy
        held = {name: held[name] for name in names}
    new = object.__new__(cls)
    vars(new).update(held, **changes)
    return new
