"""Render a condition's text in English and Japanese from its data (used for custom cards).

The catalog keeps the digest's hand-written wording; a custom card without its own text is shown
with these renderings. They are mechanical but exact: one clause per test, joined with "and" / "、".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules.cards import Card

_SUIT_EN = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
_SUIT_JA = {"S": "スペード", "H": "ハート", "D": "ダイヤ", "C": "クラブ"}
_RANK_EN = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
_RANK_JA = {11: "J", 12: "Q", 13: "K", 14: "A"}
_ORD_EN = {1: "first", 2: "second", 3: "third", 4: "fourth"}
_WHOSE_EN = {
    "you": "your",
    "left": "your left-hand neighbour's",
    "right": "your right-hand neighbour's",
    "opposite": "the opposite player's",
    "leader": "the led",
    "winner": "the winning",
}
_WHO_JA = {
    "you": "自分の",
    "left": "左隣の",
    "right": "右隣の",
    "opposite": "向かいの人の",
    "leader": "リードされた",
    "winner": "勝った",
}


def _rank_en(rank: int) -> str:
    name = _RANK_EN.get(rank, str(rank))
    return ("an " if name[0] in "A8" else "a ") + name


def _card_en(f: Mapping[str, Any]) -> str:
    parts = []
    for key, v in f.items():
        match key:
            case "suit":
                parts.append(f"a {_SUIT_EN[v]}")
            case "rank":
                parts.append(_rank_en(v))
            case "min" | "max":
                if key == "min" or "min" not in f:
                    parts.append(f"ranked {f.get('min', 2)}-{f.get('max', 14)}")
            case "parity":
                parts.append(f"an {v} number card")
            case "court":
                parts.append("a court card (J, Q, K)" if v else "not a court card")
            case "card":
                c = Card.parse(v)
                parts.append(f"the {_RANK_EN.get(c.rank, str(c.rank))} of {_SUIT_EN[c.suit]}s")
            case "follows":
                parts.append("of the suit led" if v else "not of the suit led")
    return f"{_WHOSE_EN[f.get('of', 'you')]} card is " + " and ".join(parts)


def _card_ja(f: Mapping[str, Any]) -> str:
    parts = []
    for key, v in f.items():
        match key:
            case "suit":
                parts.append(_SUIT_JA[v])
            case "rank":
                parts.append(_RANK_JA.get(v, str(v)))
            case "min" | "max":
                if key == "min" or "min" not in f:
                    parts.append(f"{f.get('min', 2)}〜{f.get('max', 14)}")
            case "parity":
                parts.append("偶数の数札" if v == "even" else "奇数の数札")
            case "court":
                parts.append("絵札" if v else "絵札以外")
            case "card":
                c = Card.parse(v)
                parts.append(f"{_SUIT_JA[c.suit]}の{_RANK_JA.get(c.rank, str(c.rank))}")
            case "follows":
                parts.append("リードと同じスート" if v else "リードと違うスート")
    return f"{_WHO_JA[f.get('of', 'you')]}カードが" + "かつ".join(parts)


_OP_EN = {"lt": "lower than", "eq": "the same as", "gt": "higher than"}
_OP_JA = {"lt": "より小さい", "eq": "と同じ", "gt": "より大きい"}


def pred_en(p: Mapping[str, Any]) -> str:
    ((key, arg),) = p.items()
    match key:
        case "all":
            return " and ".join(pred_en(q) for q in arg) if arg else "any trick"
        case "any":
            return "either " + " or ".join(f"({pred_en(q)})" for q in arg)
        case "not":
            return f"not ({pred_en(arg)})"
        case "outcome":
            return "you win the trick" if arg == "win" else "you lose the trick"
        case "led":
            return "you lead" if arg else "you do not lead"
        case "position":
            return f"you play {_ORD_EN[arg]}"
        case "trick":
            return f"it is trick {arg}"
        case "card":
            return _card_en(arg)
        case "rank":
            mine, theirs = _WHOSE_EN[arg.get("of", "you")], _WHOSE_EN[arg["than"]]
            plus = arg.get("plus", 0)
            if arg["op"] == "eq" and plus:
                side = "above" if plus > 0 else "below"
                return f"{mine} rank is exactly {abs(plus)} {side} {theirs} rank"
            shift = f" {'+' if plus > 0 else '−'} {abs(plus)}" if plus else ""
            return f"{mine} rank is {_OP_EN[arg['op']]} {theirs} rank{shift}"
        case "extreme":
            spec = arg if isinstance(arg, Mapping) else {"which": arg}
            return f"{_WHOSE_EN[spec.get('of', 'you')]} card is the {spec['which']} rank in the trick"
        case "suits":
            return "all four cards are one suit" if arg == 1 else f"the trick holds {arg} different suits"
        case "pair":
            return (
                "the trick holds two cards of one rank" if arg else "the trick holds no two cards of one rank"
            )
        case "sum":
            return "the four ranks add up to " + _bounds_en(arg.get("min"), arg.get("max"))
    raise ValueError(key)


def pred_ja(p: Mapping[str, Any]) -> str:
    ((key, arg),) = p.items()
    match key:
        case "all":
            return "、".join(pred_ja(q) for q in arg) if arg else "どのトリックでも"
        case "any":
            return "または".join(f"「{pred_ja(q)}」" for q in arg)
        case "not":
            return f"「{pred_ja(arg)}」ではない"
        case "outcome":
            return "トリックに勝つ" if arg == "win" else "トリックに負ける"
        case "led":
            return "リードする" if arg else "リードしない"
        case "position":
            return f"{arg}番手に出す"
        case "trick":
            return f"第{arg}トリック"
        case "card":
            return _card_ja(arg)
        case "rank":
            mine, theirs = _WHO_JA[arg.get("of", "you")], _WHO_JA[arg["than"]]
            plus = arg.get("plus", 0)
            if arg["op"] == "eq" and plus:
                side = "上" if plus > 0 else "下"
                return f"{mine}数字が{theirs}カードよりちょうど{abs(plus)}つ{side}"
            shift = f"{'+' if plus > 0 else '−'}{abs(plus)}" if plus else ""
            return f"{mine}数字が{theirs}カード{shift}{_OP_JA[arg['op']]}"
        case "extreme":
            spec = arg if isinstance(arg, Mapping) else {"which": arg}
            word = "最小値" if spec["which"] == "lowest" else "最大値"
            return f"{_WHO_JA[spec.get('of', 'you')]}カードがトリックの{word}"
        case "suits":
            return "4枚とも同じスート" if arg == 1 else f"トリックのスートが{arg}種類"
        case "pair":
            return "同じ数字が2枚以上ある" if arg else "同じ数字がない"
        case "sum":
            return "4枚の合計が" + _bounds_ja(arg.get("min"), arg.get("max"))
    raise ValueError(key)


def _bounds_en(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f"{lo}-{hi}"
    return f"at least {lo}" if lo is not None else f"at most {hi}"


def _bounds_ja(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f"{lo}〜{hi}"
    return f"{lo}以上" if lo is not None else f"{hi}以下"


_WHAT_EN = {"rank": "rank", "suit": "suit"}
_WHAT_JA = {"rank": "数字", "suit": "スート"}


def render_en(c: Mapping[str, Any]) -> str:
    """The condition as an English sentence."""
    when = pred_en(c.get("when", {"all": []}))
    match c["kind"]:
        case "trick":
            return f"In one trick: {when}."
        case "run":
            same = f", with your card of the same {_WHAT_EN[c['same']]} each time" if c.get("same") else ""
            return f"In {c['length']} consecutive tricks: {when}{same}."
    n = c.get("at_least")
    if "distinct" in c:
        what = f"different {_WHAT_EN[c['distinct']]}s"
        if "at_trick" in c:
            bound = _bounds_en(n, c.get("at_most"))
            return f"When trick {c['at_trick']} ends: your cards in tricks where {when} show {bound} {what}."
        return f"Over the round: your cards in tricks where {when} show {n} or more {what}."
    if "same" in c:
        what = f"of your cards in tricks where {when} share one {_WHAT_EN[c['same']]}"
        if "at_trick" in c:
            return f"When trick {c['at_trick']} ends: {_bounds_en(n, c.get('at_most'))} {what}."
        return f"Over the round: {n} or more {what}."
    if "at_trick" in c:
        return f"When trick {c['at_trick']} ends: {_bounds_en(n, c.get('at_most'))} tricks where {when}."
    return f"Over the round: {n} or more tricks where {when}."


def render_ja(c: Mapping[str, Any]) -> str:
    """The condition as a Japanese sentence."""
    when = pred_ja(c.get("when", {"all": []}))
    match c["kind"]:
        case "trick":
            return f"1つのトリックで: {when}"
        case "run":
            same = f"(毎回同じ{_WHAT_JA[c['same']]})" if c.get("same") else ""
            return f"連続する{c['length']}トリックで: {when}{same}"
    if "distinct" in c:
        measure = f"「{when}」トリックで出した自分のカードの{_WHAT_JA[c['distinct']]}が"
        unit = "種類"
    elif "same" in c:
        measure = f"「{when}」トリックで出した自分のカードのうち同じ{_WHAT_JA[c['same']]}が"
        unit = "枚"
    else:
        measure, unit = f"「{when}」トリックが", "回"
    if "at_trick" in c:
        lo, hi = c.get("at_least"), c.get("at_most")
        bound = (
            f"{lo}〜{hi}{unit}"
            if lo is not None and hi is not None
            else _bounds_ja(lo, hi).replace("以", f"{unit}以")
        )
        return f"第{c['at_trick']}トリック終了時点で: {measure}{bound}"
    return f"ラウンド通算で: {measure}{c['at_least']}{unit}以上"
