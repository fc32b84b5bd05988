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


class _Plain:
    """How ``replace`` copies one plain dataclass, worked out once per class: its field names, and
    for each field the ``derived`` values a change of it makes stale (every value that reads it,
    and every value not declared with what it reads), so a copy is one dict copy and a few deletions
    rather than a walk over every ``derived`` of the class at every copy."""

    __slots__ = ("names", "stale")

    def __init__(self, names: list[str], reads: dict[str, frozenset[str] | None]) -> None:
        self.names = frozenset(names)
        self.stale: dict[str, tuple[str, ...]] = {
            field: tuple(name for name, read in reads.items() if read is None or field in read)
            for field in names
        }


_PLAIN: dict[type, _Plain | None] = {}
"""Per dataclass: how to copy it, when a copy of its ``__dict__`` is a faithful replace, else None."""


def _plain_fields(cls: type) -> _Plain | None:
    if hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        return None
    if type(cls).__call__ is not type.__call__:
        return None  # a metaclass makes it (one object per value: referee/rules/interned.py)
    if not dataclasses.is_dataclass(cls):
        return None
    names = [f.name for f in dataclasses.fields(cls) if f.init]
    if len(names) != len(dataclasses.fields(cls)):
        return None  # a field __init__ computes
    if list(inspect.signature(cls).parameters) != names:
        return None  # an InitVar
    reads = {name: value.reads for name in dir(cls) if isinstance(value := getattr(cls, name), derived)}
    return _Plain(names, reads)


def _replace(obj: T, /, **changes: Any) -> T:
    """``dataclasses.replace(obj, **changes)``, as fast as a dict copy for a plain frozen dataclass.

    A value :class:`derived` keeps for ``obj`` is not copied: it is computed anew for the copy,
    unless it was declared with the fields it reads (``derived.reading``) and none of them changes.

    An unknown field name is a TypeError, as in ``dataclasses.replace``."""
    cls = type(obj)
    try:
        plain = _PLAIN[cls]
    except KeyError:
        plain = _PLAIN[cls] = _plain_fields(cls)
    if plain is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    held = vars(obj)
    fields = {**held, **changes}
    if len(held) != len(plain.names):  # values ``derived`` keeps: true of the copy only if what they read is
        _drop_stale(cls, plain, fields, changes)
    elif len(fields) != len(held):  # a change that is no field (the count says so without a set check)
        _check_names(cls, plain.names, changes)
    new = object.__new__(cls)
    object.__setattr__(new, "__dict__", fields)
    return new


def _drop_stale(cls: type, plain: _Plain, fields: dict[str, Any], changes: dict[str, Any]) -> None:
    """Delete from ``fields`` the ``derived`` values that read a field in ``changes``."""
    stale = plain.stale
    for field in changes:
        try:
            names = stale[field]
        except KeyError:
            _check_names(cls, plain.names, changes)  # raises: no such field
            raise
        for name in names:
            if name in fields:
                del fields[name]


def write_in_place(obj: object, changes: dict[str, Any]) -> bool:
    """Write ``changes`` into ``obj`` itself, as :func:`replace` writes them into its copy (the
    :class:`derived` values that read a changed field dropped); False, and ``obj`` untouched, for a
    class whose ``__init__`` does more than store its fields. Only for an object nobody else holds:
    referee/rules/drafts.py is its one caller."""
    try:  # _plain in line: a replay writes in place at every event
        plain = _PLAIN[type(obj)]
    except KeyError:
        plain = _plain(type(obj))
    if plain is None:
        return False
    held = vars(obj)
    count = len(held)
    if not plain.names.issuperset(changes):
        _check_names(type(obj), plain.names, changes)
    held.update(changes)
    if count != len(plain.names):  # values ``derived`` keeps: still true only if what they read is unchanged
        _drop_stale(type(obj), plain, held, changes)
    return True


def _plain(cls: type) -> _Plain | None:
    try:
        return _PLAIN[cls]
    except KeyError:
        plain = _PLAIN[cls] = _plain_fields(cls)
        return plain


def is_plain(cls: type) -> bool:
    """Whether ``cls(**fields)`` only stores its fields, so :func:`made` may build it."""
    return _plain(cls) is not None


def made(cls: type[T], fields: dict[str, Any]) -> T:
    """``cls(**fields)`` for a class that :func:`is_plain`, given every field in field order (the
    dict becomes the object's, so the caller hands it over): the frozen ``__init__`` sets each field
    through ``object.__setattr__``, which costs more than the decoding that reads an event."""
    new = object.__new__(cls)
    object.__setattr__(new, "__dict__", fields)
    return new


def quick(cls: type[T]) -> type[T]:
    """``@quick`` over ``@dataclass(frozen=True)``: the same ``__init__`` (same parameters, same
    defaults, same object made), storing the fields in one step rather than one ``object.__setattr__``
    each, for the records a replay makes at every event (a trick, a play, a placed tile, a history
    line). Only for a class :func:`is_plain`."""
    if not is_plain(cls):
        raise TypeError(f"{cls.__name__} is no plain frozen dataclass")
    env: dict[str, Any] = {"_set": object.__setattr__, "_FACTORY": _FACTORY}
    params, items = [], []
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        value = f.name
        if f.default_factory is not dataclasses.MISSING:  # as dataclasses does: a marker, then a call
            env[f"_f_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_FACTORY")
            value = f"_f_{f.name}() if {f.name} is _FACTORY else {f.name}"
        elif f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            env[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}")
        items.append(f"{f.name!r}: {value}")
    exec(f"def __init__(self, {', '.join(params)}):\n    _set(self, '__dict__', {{{', '.join(items)}}})", env)
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


class _Factory:
    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()
"""A ``default_factory`` field's default in a ``quick`` __init__ (dataclasses uses such a marker too)."""


def _check_names(cls: type, names: frozenset[str], changes: dict[str, Any]) -> None:
    if not names.issuperset(changes):
        unknown = sorted(set(changes) - names)[0]
        raise TypeError(f"{cls.__name__} has no field {unknown!r}")


def keep(obj: T, /, **values: Any) -> T:
    """``obj``, just made by ``replace``, given the values of its ``derived`` attributes by its maker:
    a value carried forward from the object before (a deal's played tiles and one more trick's two)
    rather than rebuilt from every field. Only for an object nobody else holds yet, and only with the
    very value the derived function would compute (tests compare the two)."""
    cls, held = type(obj), vars(obj)
    for name, value in values.items():
        if not isinstance(getattr(cls, name, None), derived):
            raise TypeError(f"{cls.__name__}.{name} is no derived value")
        held[name] = value
    return obj


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
