"""``replace`` for the rules' frozen states, without ``dataclasses.replace``'s per-call cost.

Every event makes new states by replacing a few fields of the old ones, several times per event, so
replay time was a quarter spent in ``dataclasses.replace``: it walks every field, checks it, and
runs the frozen ``__init__``, which sets each field through ``object.__setattr__``. A state class
with no ``__post_init__``, no ``InitVar`` and no ``init=False`` field has nothing for ``__init__``
to do but store the values, so its copy is its ``__dict__`` with the changes written over it: the
same object ``dataclasses.replace`` would build. Any other dataclass goes to ``dataclasses.replace``.

States and values also keep what they derive from their fields with :class:`derived`: computed at
the first read, once per object, not copied to a replaced one unless declared with the fields it
reads (``derived.reading``) and the copy leaves them as they are.

To the type checker ``replace`` is ``dataclasses.replace``, so mypy checks each call's field names
and types as it does for ``dataclasses.replace``.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

T = TypeVar("T")
V = TypeVar("V")
W = TypeVar("W")

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


def _replace(obj: T, /, **changes: Any) -> T:
    """``dataclasses.replace(obj, **changes)``, as fast as a dict copy for a plain frozen dataclass.

    A value :class:`derived` keeps for ``obj`` is not copied: it is computed anew for the copy,
    unless it was declared with the fields it reads (``derived.reading``) and none of them changes.

    An unknown field name is a TypeError, as in ``dataclasses.replace``."""
    cls = type(obj)
    try:
        names = _PLAIN[cls]
    except KeyError:
        names = _PLAIN[cls] = _plain_fields(cls)
    if names is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    held = vars(obj)
    if len(held) != len(names):  # values ``derived`` keeps: true of the copy only if what they read is
        _check_names(cls, names, changes)
        held = {
            name: value
            for name, value in held.items()
            if name in names
            or (reads := getattr(getattr(cls, name, None), "reads", None)) is not None
            and reads.isdisjoint(changes)
        }
    fields = {**held, **changes}
    if len(fields) != len(held):  # a change that is no field (the count says so without a set check)
        _check_names(cls, names, changes)
    new = object.__new__(cls)
    object.__setattr__(new, "__dict__", fields)
    return new


def _check_names(cls: type, names: frozenset[str], changes: dict[str, Any]) -> None:
    if not names.issuperset(changes):
        unknown = sorted(set(changes) - names)[0]
        raise TypeError(f"{cls.__name__} has no field {unknown!r}")


if TYPE_CHECKING:
    # To the type checker ``replace`` is ``dataclasses.replace``, so its dataclasses plugin checks
    # every call's field names and value types against the class, as it did before this module.
    from dataclasses import replace as replace
else:
    replace = _replace


class derived(Generic[V]):  # noqa: N801 (used like @property)
    """``@derived`` is ``functools.cached_property`` without its lock, for pure values of frozen objects.

    The value is computed at the first read and kept in the object's ``__dict__`` (``replace`` does
    not copy it). Python 3.11's ``cached_property`` takes a lock at every first read, which costs
    more than most of these values; two threads computing the same pure value both get it right."""

    def __init__(self, func: Callable[[Any], V], reads: frozenset[str] | None = None) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__
        self.reads = reads
        """The fields the value is made from, when declared: a copy that changes none of them keeps it."""

    @staticmethod
    def reading(*fields: str) -> Callable[[Callable[[Any], W]], derived[W]]:
        """``@derived.reading("picks")``: a derived value made from these fields only (nothing else
        of the object, not even through a property), which ``replace`` then passes on to a copy that
        leaves them as they are: a round's sheets are made once, not again after every trick."""
        return lambda func: derived(func, frozenset(fields))

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> derived[V]: ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> V: ...

    def __get__(self, obj: object | None, owner: type | None = None) -> derived[V] | V:
        if obj is None:
            return self
        value = self.func(obj)
        vars(obj)[self.name] = value
        return value
