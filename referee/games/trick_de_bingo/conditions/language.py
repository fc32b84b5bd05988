"""The Trick de Bingo condition language: one evaluator for conditions written as plain data.

A condition is a JSON-able dict (docs/rules/trick-de-bingo.md §4.3). It always speaks about the sheet's owner,
"you" (T15). Three kinds:

``{"kind": "trick", "when": P}``
    achieved on trick k when the predicate P holds for trick k.
``{"kind": "run", "length": n, "when": P, "same": "rank" | "suit"}``  (``same`` optional)
    achieved on trick k when P holds for each of the n consecutive tricks k-n+1..k, and (with
    ``same``) your cards in them share a rank or a suit. "Achieved on the trick that completes it."
``{"kind": "count", "when": P, "at_least": n}``  (optionally ``"distinct"`` or ``"same"``: ``"rank"`` |
    ``"suit"``; or ``"at_most": n`` with ``"at_trick": t``)
    a count over the round so far: the number of tricks where P holds (or how many different
    ranks/suits your cards in them show, or the most of one rank/suit among them) first reaches n on
    trick k. With ``at_trick`` it is decided once, when trick t ends.

A predicate P is ``{"all": [P, ...]}``, ``{"any": [P, ...]}``, ``{"not": P}`` or one atom:

=================================================  ==============================================
``{"outcome": "win" | "lose"}``                    you win / lose the trick
``{"led": true | false}``                          you led it (or not)
``{"position": 1..4}``                             you played 1st..4th in it
``{"trick": 1..13}``                               it is trick number n
``{"card": F}``                                    a card matches the filter F (below)
``{"rank": {"of": W, "op": "lt"|"eq"|"gt",         rank(of) compared with rank(than) + plus
  "than": W, "plus": n}}``
``{"extreme": {"which": "lowest" | "highest",     no other card of the trick is lower / higher
  "of": W}}`` (or just ``"lowest"``: yours)
                                                   (ties count unless ``strictExtremes``, T-Δ6)
``{"suits": n}``                                   the trick holds exactly n different suits
``{"pair": true}``                                 the trick holds two or more cards of one rank
``{"sum": {"max": n, "min": n}}``                  the four ranks add up to within these bounds
=================================================  ==============================================

W ("who") is ``you`` (default), ``left`` (seat+1), ``right`` (seat-1), ``opposite`` (seat+2),
``leader`` (the card led) or ``winner``. A card filter F is a dict with ``of`` (W) and any of
``suit`` (S H D C), ``rank`` (2..14), ``min``/``max`` (a rank range), ``parity`` (``even``/``odd``:
number cards 2-10 only), ``court`` (J, Q, K), ``card`` (one card, e.g. ``"QS"``) and ``follows``
(the card is / is not of the led suit).

Rank values are 2..10, J 11, Q 12, K 13, A 14 (§4.3). With ``aceLowForNumberConditions`` (T-Δ5) an
ace counts 1 in rank comparisons, extremes and sums; a card's own rank (``rank``, ``min``/``max``)
and the trick's winner (T2) are unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any, TypedDict, TypeVar

from referee.rules.cards import Card
from referee.rules.frozen import quick

WHO = ("you", "left", "right", "opposite", "leader", "winner")


@quick
@dataclass(frozen=True)
class TrickRecord:
    """One played trick as the conditions see it (§4.3): L_k, c_k(seat), W_k and the play order."""

    number: int
    leader: int
    order: tuple[int, ...]
    cards: tuple[Card, ...]  # indexed by seat
    winner: int

    @property
    def led(self) -> Card:
        return self.cards[self.leader]

    def position(self, seat: int) -> int:
        return self.order.index(seat) + 1


@dataclass(frozen=True)
class Rules:
    """The table options that change what a condition means (T-Δ5, T-Δ6)."""

    ace_low: bool = False
    strict_extremes: bool = False


class ProofDetail(TypedDict):
    """A :class:`Proof` in a view's detail."""

    trick: int  # the trick that completed the condition
    tricks: list[int]  # every trick the proof uses
    cards: list[str]  # the owner's cards in them, like "10H"


@quick
@dataclass(frozen=True)
class Proof:
    """Why a condition is achieved: the trick that completed it, the tricks used, your cards in them."""

    trick: int
    tricks: tuple[int, ...]
    cards: tuple[Card, ...]

    def as_json(self) -> ProofDetail:
        return {"trick": self.trick, "tricks": list(self.tricks), "cards": list(map(str, self.cards))}


def value(card: Card, rules: Rules) -> int:
    """A card's number for comparisons and sums (§4.3, T-Δ5)."""
    return 1 if rules.ace_low and card.rank == 14 else card.rank


def whose(who: str, seat: int, trick: TrickRecord) -> int:
    match who:
        case "you":
            return seat
        case "left":
            return (seat + 1) % 4
        case "right":
            return (seat - 1) % 4
        case "opposite":
            return (seat + 2) % 4
        case "leader":
            return trick.leader
        case "winner":
            return trick.winner
    raise ValueError(who)


_FILTERS: dict[str, Callable[[Any, Card, TrickRecord], bool]] = {
    "suit": lambda v, card, trick: card.suit == v,
    "rank": lambda v, card, trick: card.rank == v,
    "min": lambda v, card, trick: card.rank >= v,
    "max": lambda v, card, trick: card.rank <= v,
    "parity": lambda v, card, trick: 2 <= card.rank <= 10 and card.rank % 2 == (0 if v == "even" else 1),
    "court": lambda v, card, trick: (11 <= card.rank <= 13) == v,
    "card": lambda v, card, trick: str(card) == str(Card.parse(v)),
    "follows": lambda v, card, trick: (card.suit == trick.led.suit) == v,
}
"""The checks of a card filter F (module docstring), by key: ``check(value, card, trick)``."""


def _filter_check(key: str, value: Any) -> tuple[Callable[[Any, Card, TrickRecord], bool], Any]:
    """A filter's check and its value, read once: a ``card`` filter's card is parsed here rather than
    at every trick (a value that is no card stays with the check that refuses it, when it is reached)."""
    if key == "card":
        try:
            text = str(Card.parse(value))
        except ValueError:
            return _FILTERS[key], value
        return _same_card, text
    return _FILTERS[key], value


def _same_card(text: str, card: Card, trick: TrickRecord) -> bool:
    return str(card) == text


def card_matches(f: Mapping[str, Any], card: Card, trick: TrickRecord) -> bool:
    """The card filter F of the module docstring."""
    return all(_FILTERS[k](v, card, trick) for k, v in f.items() if k != "of")


def _compare(op: str, a: int, b: int) -> bool:
    return {"lt": a < b, "eq": a == b, "gt": a > b}[op]


Predicate = Callable[[int, TrickRecord, Rules], bool]
"""A compiled predicate: ``(seat, trick, rules) -> holds``."""

_COMPILED: dict[int, tuple[Mapping[str, Any], Predicate]] = {}
"""Compiled predicates by the id of their dict (kept alive here, so the id stays its own)."""
COMPILED_MAX = 4096
"""Cards of every table share the catalog's conditions; custom cards add a few each: a bound, not a tuning."""


def holds(pred: Mapping[str, Any], seat: int, trick: TrickRecord, rules: Rules) -> bool:
    """Whether predicate ``pred`` holds for ``seat`` ("you") in ``trick``.

    Every card is checked after every trick, so a predicate is compiled once into closures (its
    common atoms; the rest, and anything malformed, is read by ``_interpret`` when it is reached)."""
    return _compiled(pred)(seat, trick, rules)


def _compiled(pred: Mapping[str, Any]) -> Predicate:
    return _by_identity(_COMPILED, pred, _compile)


V = TypeVar("V")


def _by_identity(kept: dict[int, tuple[Mapping[str, Any], V]], data: Mapping[str, Any], make: Callable[[Any], V]) -> V:
    """``make(data)``, made once per dict ``data`` and kept in ``kept`` by its id (with the dict, so
    the id stays its own), up to COMPILED_MAX dicts."""
    hit = kept.get(id(data))
    if hit is None or hit[0] is not data:
        if len(kept) >= COMPILED_MAX:
            kept.clear()
        hit = kept[id(data)] = (data, make(data))
    return hit[1]


def _compile(pred: Any) -> Predicate:
    """``pred`` as a closure that gives what ``_interpret`` gives, errors included."""
    if not isinstance(pred, Mapping) or len(pred) != 1:
        return partial(_interpret, pred)
    ((key, arg),) = pred.items()
    if key in ("all", "any") and isinstance(arg, list | tuple):
        parts = tuple(_compile(p) for p in arg)
        wanted = bool(key == "any")  # the answer of the first part that gives it, else the other

        def some_or_every(seat: int, trick: TrickRecord, rules: Rules) -> bool:
            for part in parts:
                if part(seat, trick, rules) == wanted:
                    return wanted
            return not wanted

        return some_or_every
    match key:
        case "not":
            inner = _compile(arg)
            return lambda seat, trick, rules: not inner(seat, trick, rules)
        case "outcome":
            win = arg == "win"
            return lambda seat, trick, rules: (trick.winner == seat) == win
        case "led":
            return lambda seat, trick, rules: bool((trick.leader == seat) == arg)
        case "position":
            return lambda seat, trick, rules: bool(trick.position(seat) == arg)
        case "trick":
            return lambda seat, trick, rules: bool(trick.number == arg)
        case "card" if isinstance(arg, Mapping) and all(k == "of" or k in _FILTERS for k in arg):
            who = arg.get("of", "you")
            checks = tuple(_filter_check(k, v) for k, v in arg.items() if k != "of")

            def card(seat: int, trick: TrickRecord, rules: Rules) -> bool:
                played = trick.cards[seat if who == "you" else whose(who, seat, trick)]
                for check, v in checks:  # noqa: SIM110 (all() would make a generator at every check)
                    if not check(v, played, trick):
                        return False
                return True

            return card
        case "suits":
            return lambda seat, trick, rules: bool(len({c.suit for c in trick.cards}) == arg)
        case "pair":
            return lambda seat, trick, rules: bool((len({c.rank for c in trick.cards}) < 4) == arg)
        case "rank" if isinstance(arg, Mapping) and "than" in arg and "op" in arg:
            of, than, op, plus = arg.get("of", "you"), arg["than"], arg["op"], arg.get("plus", 0)
            return lambda seat, trick, rules: _rank(
                whose(of, seat, trick), whose(than, seat, trick), op, plus, trick, rules
            )
        case "extreme" if not isinstance(arg, Mapping) or "which" in arg:
            spec = arg if isinstance(arg, Mapping) else {"which": arg}
            who, which = spec.get("of", "you"), spec["which"]
            return lambda seat, trick, rules: _extreme(whose(who, seat, trick), which, trick, rules)
        case "sum" if isinstance(arg, Mapping):
            least, most = arg.get("min", 0), arg.get("max", 10**6)
            return lambda seat, trick, rules: _sum(least, most, trick, rules)
    return partial(_interpret, pred)


def _interpret(pred: Mapping[str, Any], seat: int, trick: TrickRecord, rules: Rules) -> bool:
    """``pred`` read as the module docstring defines it."""
    ((key, arg),) = pred.items()
    match key:
        case "all":
            return all(holds(p, seat, trick, rules) for p in arg)
        case "any":
            return any(holds(p, seat, trick, rules) for p in arg)
        case "not":
            return not holds(arg, seat, trick, rules)
        case "outcome":
            return bool((trick.winner == seat) == (arg == "win"))
        case "led":
            return bool((trick.leader == seat) == arg)
        case "position":
            return bool(trick.position(seat) == arg)
        case "trick":
            return bool(trick.number == arg)
        case "card":
            return card_matches(arg, trick.cards[whose(arg.get("of", "you"), seat, trick)], trick)
        case "rank":
            mine = whose(arg.get("of", "you"), seat, trick)
            return _rank(mine, whose(arg["than"], seat, trick), arg["op"], arg.get("plus", 0), trick, rules)
        case "extreme":
            spec = arg if isinstance(arg, Mapping) else {"which": arg}
            return _extreme(whose(spec.get("of", "you"), seat, trick), spec["which"], trick, rules)
        case "suits":
            return bool(len({c.suit for c in trick.cards}) == arg)
        case "pair":
            return bool((len({c.rank for c in trick.cards}) < 4) == arg)
        case "sum":
            return _sum(arg.get("min", 0), arg.get("max", 10**6), trick, rules)
    raise ValueError(key)


def _rank(mine: int, theirs: int, op: str, plus: int, trick: TrickRecord, rules: Rules) -> bool:
    """The ``rank`` atom: the card of seat ``mine`` compared with seat ``theirs``'s plus ``plus``."""
    return _compare(op, value(trick.cards[mine], rules), value(trick.cards[theirs], rules) + plus)


def _extreme(who: int, which: str, trick: TrickRecord, rules: Rules) -> bool:
    """The ``extreme`` atom: no other card of the trick is lower (``lowest``) / higher than ``who``'s."""
    own = value(trick.cards[who], rules)
    others = [value(c, rules) for s, c in enumerate(trick.cards) if s != who]
    if which == "lowest":
        return own < min(others) if rules.strict_extremes else own <= min(others)
    return own > max(others) if rules.strict_extremes else own >= max(others)


def _sum(least: int, most: int, trick: TrickRecord, rules: Rules) -> bool:
    """The ``sum`` atom: the four cards' numbers add up to within these bounds."""
    total = sum(value(c, rules) for c in trick.cards)
    return bool(least <= total <= most)


ALWAYS: Mapping[str, Any] = {"all": []}
"""The predicate of a condition without ``when``: one object, so it is compiled once."""


def _key(card: Card, what: str) -> Any:
    return card.rank if what == "rank" else card.suit


def achieved(
    condition: Mapping[str, Any], seat: int, tricks: Sequence[TrickRecord], rules: Rules = Rules()
) -> Proof | None:
    """The proof that ``condition`` is achieved ON the last trick of ``tricks`` (trick k), or None.

    ``tricks`` are the round's tricks 1..k in order (§4.3). A card flips at the earliest trick
    for which this gives a proof (T14, T-Δ4).
    """
    return _achieved(condition, _compiled(condition.get("when", ALWAYS)), rules, seat, tricks)


Achiever = Callable[[int, Sequence[TrickRecord]], "Proof | None"]
"""A condition's :func:`achieved` under a table's rules: ``(seat, tricks) -> proof or None``."""


def achiever(condition: Mapping[str, Any], rules: Rules = Rules()) -> Achiever:
    """:func:`achieved` for this condition and these rules, with the condition read once: a table
    checks every card of every sheet after every trick (T13), the same card 13 times a round."""
    when = _compiled(condition.get("when", ALWAYS))
    kind = condition.get("kind")
    if kind == "trick":  # most cards: no need to read the kind at every check
        return partial(_on_last_trick, when, rules)
    if kind == "run" and "length" in condition:
        return partial(_in_a_run, when, rules, condition["length"], condition.get("same"))
    return partial(_achieved, condition, when, rules)


def trick_predicate(condition: Mapping[str, Any]) -> Predicate | None:
    """A ``trick`` condition's compiled predicate (achieved on trick k when it holds for trick k, the
    proof being trick k and your card in it), None for any other kind: a table asks it of most of
    its cards after every trick (T13), so these skip :func:`achiever`'s call and its proof's checks."""
    return _compiled(condition.get("when", ALWAYS)) if condition.get("kind") == "trick" else None


Fact = tuple[str, object]
"""What a trick is for one seat: ``("won", bool)``, ``("led", bool)``, ``("trick", number)``."""

_GATES: dict[str, Callable[[Any], Fact]] = {
    "outcome": lambda arg: ("won", arg == "win"),
    "led": lambda arg: ("led", arg),
    "trick": lambda arg: ("trick", arg),
}
"""The atoms a trick's facts decide, as the fact each one asks for (the same comparison as the atom's)."""


def trick_gate(condition: Mapping[str, Any]) -> frozenset[Fact]:
    """Facts that every trick on which ``condition`` is achieved has for the card's owner, so that a
    table checks a card after a trick only when the trick has them for its seat (``trick_facts``,
    T13): most cards need you to win or to lead the trick, which one seat in four does.

    Only the atoms the check reads first are taken (the predicate's, or the first parts of its
    ``all``): the check of a card skipped would have stopped at one of them, never reaching a part
    that might fail. A ``trick`` card and a ``count`` without ``at_trick`` read their predicate on
    the last trick first; a ``count`` with it is decided on that trick only; a ``run`` reads earlier
    tricks too, so only a predicate made of these atoms alone gates it."""
    kind, when = condition.get("kind"), condition.get("when", ALWAYS)
    if kind == "count" and "at_trick" in condition:
        return _gate([{"trick": condition["at_trick"]}])
    parts = when["all"] if isinstance(when, Mapping) and len(when) == 1 and "all" in when else [when]
    if kind in ("trick", "count") or (kind == "run" and len(_gate(parts)) == len(parts)):
        return _gate(parts)
    return frozenset()


def _gate(parts: Any) -> frozenset[Fact]:
    """The facts asked by the leading parts that are ``outcome``, ``led`` or ``trick`` atoms."""
    facts = []
    for part in parts if isinstance(parts, list | tuple) else ():
        if not (isinstance(part, Mapping) and len(part) == 1):
            break
        ((key, arg),) = part.items()
        if key not in _GATES or not isinstance(arg, str | int):  # a value that can stand in a set
            break
        facts.append(_GATES[key](arg))
    return frozenset(facts)


Check = tuple[Predicate | None, Achiever, frozenset[Fact]]
"""A card's check under a table's rules (``card_check``): the predicate of a ``trick`` condition,
its achiever, and the facts a trick must have for the card's owner to achieve it (``trick_gate``)."""

_CHECKS: dict[Rules, dict[int, tuple[Mapping[str, Any], Check]]] = {}
"""Checks by rules, then by the id of their condition (kept alive here, as ``_COMPILED`` does)."""


def card_check(condition: Mapping[str, Any], rules: Rules) -> Check:
    """``trick_predicate``, ``achiever`` and ``trick_gate`` of a condition, made once per condition
    and rules: every replay of a table checks its drafted cards anew."""
    return _by_identity(
        _CHECKS.setdefault(rules, {}),
        condition,
        lambda c: (trick_predicate(c), achiever(c, rules), trick_gate(c)),
    )


@lru_cache(maxsize=256)
def trick_facts(number: int, leader: int, winner: int) -> tuple[frozenset[Fact], ...]:
    """Each seat's facts of a trick (``trick_gate``): whether it won the trick, whether it led it,
    and the trick's number."""
    return tuple(frozenset({("won", s == winner), ("led", s == leader), ("trick", number)}) for s in range(4))


def _achieved(
    condition: Mapping[str, Any], when: Predicate, rules: Rules, seat: int, tricks: Sequence[TrickRecord]
) -> Proof | None:
    """:func:`achieved`, with the condition's predicate compiled."""
    if not tricks:
        return None
    k = len(tricks)
    last = tricks[-1]
    match condition["kind"]:
        case "trick":
            return _on_last_trick(when, rules, seat, tricks)
        case "run":
            return _in_a_run(when, rules, condition["length"], condition.get("same"), seat, tricks)
        case "count":
            at_trick = condition.get("at_trick")
            if at_trick is not None and k != at_trick:
                return None  # decided when trick t ends, not before or after
            if at_trick is None and not when(seat, last, rules):
                return None  # the count did not move on trick k, so it did not reach n on it
            hits = [t for t in tricks if when(seat, t, rules)]
            measure = _measure(condition, seat, hits)
            if at_trick is None:
                before = _measure(condition, seat, hits[:-1] if hits and hits[-1] is last else hits)
                if not (measure >= condition["at_least"] > before):
                    return None
            elif not (condition.get("at_least", 0) <= measure <= condition.get("at_most", 99)):
                return None
            used = _witness(condition, seat, hits)
            return Proof(k, tuple(t.number for t in used), tuple(t.cards[seat] for t in used))
    raise ValueError(condition["kind"])


def _on_last_trick(when: Predicate, rules: Rules, seat: int, tricks: Sequence[TrickRecord]) -> Proof | None:
    """A ``trick`` condition: achieved on trick k when its predicate holds for trick k."""
    if not tricks:
        return None
    last = tricks[-1]
    if when(seat, last, rules):
        k = len(tricks)
        return Proof(k, (k,), (last.cards[seat],))
    return None


def _in_a_run(
    when: Predicate, rules: Rules, n: int, same: str | None, seat: int, tricks: Sequence[TrickRecord]
) -> Proof | None:
    """A ``run`` condition: achieved on trick k when its predicate holds for each of the ``n`` tricks
    k-n+1..k and, with ``same``, your cards in them share a rank or a suit."""
    k = len(tricks)
    if not tricks or k < n:
        return None
    run = tricks[k - n :]
    for t in run:  # noqa: SIM110 (all() would make a generator at every check)
        if not when(seat, t, rules):
            return None
    if same and len({_key(t.cards[seat], same) for t in run}) != 1:
        return None
    return Proof(k, tuple(t.number for t in run), tuple(t.cards[seat] for t in run))


def _measure(condition: Mapping[str, Any], seat: int, hits: Sequence[TrickRecord]) -> int:
    if "distinct" in condition:
        return len({_key(t.cards[seat], condition["distinct"]) for t in hits})
    if "same" in condition:
        counts: dict[Any, int] = {}
        for t in hits:
            key = _key(t.cards[seat], condition["same"])
            counts[key] = counts.get(key, 0) + 1
        return max(counts.values(), default=0)
    return len(hits)


def _witness(condition: Mapping[str, Any], seat: int, hits: Sequence[TrickRecord]) -> list[TrickRecord]:
    """The tricks that show a count: one per different rank/suit, or those of the commonest one."""
    if "distinct" in condition:
        seen: dict[Any, TrickRecord] = {}
        for t in hits:
            seen.setdefault(_key(t.cards[seat], condition["distinct"]), t)
        return list(seen.values())
    if "same" in condition and hits:
        keys = [_key(t.cards[seat], condition["same"]) for t in hits]
        best = max(keys, key=keys.count)
        return [t for t, key in zip(hits, keys, strict=True) if key == best]
    return list(hits)


def first_achieved(
    condition: Mapping[str, Any], seat: int, tricks: Sequence[TrickRecord], rules: Rules = Rules()
) -> Proof | None:
    """The proof at the earliest trick of ``tricks`` on which the condition is achieved, or None."""
    for k in range(1, len(tricks) + 1):
        proof = achieved(condition, seat, tricks[:k], rules)
        if proof:
            return proof
    return None


_KIND_LABELS = {"trick": "trick", "run": "multi", "count": "cumul"}


def kind_label(condition: Mapping[str, Any]) -> str:
    """The catalog's type column (§4.5): ``trick``, ``multi`` or ``cumul``."""
    return _KIND_LABELS[condition["kind"]]
