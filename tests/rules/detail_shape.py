"""Does a view's detail, as built at run time, have the shape its ``view.Detail`` TypedDict declares?

mypy checks the code that builds a detail; this checks the values a replay really produces (a key
declared but missing, a key nobody declared, a list where an int was promised), all the way down
through nested TypedDicts, lists, ``tuple[X, ...]``, ``X | None`` and ``Literal``s.
"""

from __future__ import annotations

import types
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints, is_typeddict


def problems(value: Any, hint: Any, where: str = "detail") -> list[str]:
    """Every place where ``value`` does not fit ``hint``, as ``"detail.hand.plays[0].why: ..."``."""
    if hint is Any:
        return []
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a {hint.__name__}"]
        # NotRequired read from the hints: with string annotations __required_keys__ misses it (3.11)
        hints = get_type_hints(hint, include_extras=True)
        out = [f"{where}.{k}: not declared in {hint.__name__}" for k in value if k not in hints]
        for key, sub in hints.items():
            optional = get_origin(sub) is NotRequired
            if key in value:
                out += problems(value[key], get_args(sub)[0] if optional else sub, f"{where}.{key}")
            elif not optional:
                out.append(f"{where}.{key}: missing")
        return out
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        for option in get_args(hint):
            if not problems(value, option, where):
                return []
        return [f"{where}: {value!r} fits none of {hint}"]
    if origin is Literal:
        return [] if value in get_args(hint) else [f"{where}: {value!r} is not one of {get_args(hint)}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__}, not a list"]
        (item,) = get_args(hint)
        return [p for i, v in enumerate(value) for p in problems(v, item, f"{where}[{i}]")]
    if origin is tuple:  # tuple[X, ...]: any length, every item an X
        if not isinstance(value, tuple):
            return [f"{where}: {type(value).__name__}, not a tuple"]
        item = get_args(hint)[0]
        return [p for i, v in enumerate(value) for p in problems(v, item, f"{where}[{i}]")]
    if origin is dict:
        return [] if isinstance(value, dict) else [f"{where}: {type(value).__name__}, not a dict"]
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if hint is int:  # a bool is not a number here
        return (
            []
            if isinstance(value, int) and not isinstance(value, bool)
            else [f"{where}: {value!r} is not an int"]
        )
    if isinstance(hint, type):
        return [] if isinstance(value, hint) else [f"{where}: {value!r} is not a {hint.__name__}"]
    raise TypeError(f"{where}: no check for {hint!r}")
