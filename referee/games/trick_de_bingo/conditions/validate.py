"""Check custom condition data before a table uses it: the shape of §4.3's language, nothing else.

``validate(condition)`` returns the condition as plain JSON data (lists, dicts) or raises a
``MalformedEvent`` (code ``bad_condition``) naming the path of the first problem, e.g.
``when.all[1].card.suit``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules.base import MalformedEvent, _
from referee.rules.cards import SUITS, Card

from .language import WHO

MAX_NODES = 64
MAX_DEPTH = 8


def _bad(where: str, value: Any) -> MalformedEvent:
    return MalformedEvent(
        "bad_condition", _("In the condition, %(where)s cannot be %(value)s."), where=where, value=value
    )


def _missing(where: str) -> MalformedEvent:
    return MalformedEvent("bad_condition", _("In the condition, %(where)s is missing."), where=where)


def _int(v: Any, lo: int, hi: int, where: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise _bad(where, v)
    return v


def _bool(v: Any, where: str) -> bool:
    if not isinstance(v, bool):
        raise _bad(where, v)
    return v


def _choice(v: Any, choices: tuple[Any, ...], where: str) -> Any:
    if v not in choices:
        raise _bad(where, v)
    return v


def _keys(d: Any, allowed: tuple[str, ...], where: str) -> Mapping[str, Any]:
    if not isinstance(d, Mapping):
        raise _bad(where, d)
    for k in d:
        if k not in allowed:
            raise MalformedEvent(
                "bad_condition",
                _("In the condition, %(where)s has no field %(field)s."),
                where=where,
                field=k,
            )
    return d


class _Counter:
    def __init__(self) -> None:
        self.nodes = 0

    def tick(self, depth: int) -> None:
        self.nodes += 1
        if self.nodes > MAX_NODES or depth > MAX_DEPTH:
            raise MalformedEvent(
                "bad_condition", _("The condition is too large (at most %(n)s tests)."), n=MAX_NODES
            )


def _card_filter(f: Any, where: str) -> dict[str, Any]:
    f = _keys(f, ("of", "suit", "rank", "min", "max", "parity", "court", "card", "follows"), where)
    if not any(k != "of" for k in f):
        raise _missing(f"{where}.suit")
    out: dict[str, Any] = {}
    for k, v in f.items():
        at = f"{where}.{k}"
        match k:
            case "of":
                out[k] = _choice(v, WHO, at)
            case "suit":
                out[k] = _choice(v, SUITS, at)
            case "rank" | "min" | "max":
                out[k] = _int(v, 2, 14, at)
            case "parity":
                out[k] = _choice(v, ("even", "odd"), at)
            case "court" | "follows":
                out[k] = _bool(v, at)
            case "card":
                try:
                    card = Card.parse(v)
                except MalformedEvent:
                    raise _bad(at, v) from None
                if card.is_joker:
                    raise _bad(at, v)
                out[k] = str(card)
    return out


def _pred(p: Any, where: str, counter: _Counter, depth: int) -> dict[str, Any]:
    counter.tick(depth)
    if not isinstance(p, Mapping) or len(p) != 1:
        raise MalformedEvent(
            "bad_condition",
            _('In the condition, %(where)s must be one test such as {"outcome": "win"}.'),
            where=where,
        )
    ((key, arg),) = p.items()
    at = f"{where}.{key}"
    match key:
        case "all" | "any":
            if not isinstance(arg, list | tuple) or (key == "any" and not arg):
                raise _bad(at, arg)
            return {key: [_pred(q, f"{at}[{i}]", counter, depth + 1) for i, q in enumerate(arg)]}
        case "not":
            return {key: _pred(arg, at, counter, depth + 1)}
        case "outcome":
            return {key: _choice(arg, ("win", "lose"), at)}
        case "led" | "pair":
            return {key: _bool(arg, at)}
        case "position":
            return {key: _int(arg, 1, 4, at)}
        case "trick":
            return {key: _int(arg, 1, 13, at)}
        case "suits":
            return {key: _int(arg, 1, 4, at)}
        case "card":
            return {key: _card_filter(arg, at)}
        case "rank":
            arg = _keys(arg, ("of", "op", "than", "plus"), at)
            if "op" not in arg or "than" not in arg:
                raise _missing(f"{at}.{'op' if 'op' not in arg else 'than'}")
            out = {
                "of": _choice(arg.get("of", "you"), WHO, f"{at}.of"),
                "op": _choice(arg["op"], ("lt", "eq", "gt"), f"{at}.op"),
            }
            out["than"] = _choice(arg["than"], WHO, f"{at}.than")
            if "plus" in arg:
                out["plus"] = _int(arg["plus"], -13, 13, f"{at}.plus")
            return {key: out}
        case "extreme":
            if isinstance(arg, str):
                return {key: _choice(arg, ("lowest", "highest"), at)}
            arg = _keys(arg, ("which", "of"), at)
            if "which" not in arg:
                raise _missing(f"{at}.which")
            spec = {"which": _choice(arg["which"], ("lowest", "highest"), f"{at}.which")}
            spec["of"] = _choice(arg.get("of", "you"), WHO, f"{at}.of")
            return {key: spec}
        case "sum":
            arg = _keys(arg, ("min", "max"), at)
            if not arg:
                raise _missing(f"{at}.max")
            return {key: {k: _int(v, 0, 56, f"{at}.{k}") for k, v in arg.items()}}
    raise MalformedEvent("bad_condition", _("In the condition, %(where)s is not a known test."), where=at)


def validate(condition: Any) -> dict[str, Any]:
    """The condition as clean data, or MalformedEvent saying which part is wrong."""
    if not isinstance(condition, Mapping):
        raise _bad("the condition", condition)
    kind = condition.get("kind")
    counter = _Counter()
    fields = {
        "trick": ("kind", "when"),
        "run": ("kind", "when", "length", "same"),
        "count": ("kind", "when", "at_least", "at_most", "at_trick", "distinct", "same"),
    }
    if kind not in fields:
        raise MalformedEvent(
            "bad_condition", _("A condition's kind must be trick, run or count, not %(value)s."), value=kind
        )
    _keys(condition, fields[kind], "the condition")
    out: dict[str, Any] = {"kind": kind}
    if kind == "trick" and "when" not in condition:
        raise _missing("when")
    out["when"] = _pred(condition.get("when", {"all": []}), "when", counter, 1)
    if kind == "run":
        if "length" not in condition:
            raise _missing("length")
        out["length"] = _int(condition["length"], 2, 13, "length")
        if "same" in condition:
            out["same"] = _choice(condition["same"], ("rank", "suit"), "same")
    if kind == "count":
        if "distinct" in condition and "same" in condition:
            raise _bad("same", condition["same"])
        for k in ("distinct", "same"):
            if k in condition:
                out[k] = _choice(condition[k], ("rank", "suit"), k)
        if "at_trick" in condition:
            out["at_trick"] = _int(condition["at_trick"], 1, 13, "at_trick")
        elif "at_most" in condition:
            raise _missing("at_trick")
        if "at_least" not in condition and "at_most" not in condition:
            raise _missing("at_least")
        for k in ("at_least", "at_most"):
            if k in condition:
                out[k] = _int(condition[k], 0 if k == "at_most" or "at_trick" in out else 1, 13, k)
    return out
