"""The rules' fast ``replace`` and ``@derived`` (referee/rules/frozen.py, issue 29 "replay as fast as a
plain scorer"): ``replace`` builds exactly what ``dataclasses.replace`` builds, refuses an unknown
field the same way, falls back to it where ``__init__`` does more than store values, and never copies
a value ``@derived`` kept; cards and tiles, now one object per value, compare and hash as before."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.games.ninety_nine.rules.pack import OXFORD_TRUMP_PACK
from referee.rules.cards import JOKER, SUITS, Card, card_of, deck
from referee.rules.frozen import derived, is_plain, keep, made, quick, replace, write_in_place
from referee.rules.tiles import Tile, double_set

CALLS: list[str] = []


@dataclass(frozen=True)
class Plain:
    a: int
    b: tuple[int, ...] = ()
    c: dict[str, int] = field(default_factory=dict)

    @derived
    def total(self) -> int:
        CALLS.append("total")
        return self.a + sum(self.b)


@dataclass(frozen=True)
class Computed:
    a: int
    twice: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "twice", 2 * self.a)


@given(st.integers(), st.lists(st.integers(), max_size=4).map(tuple), st.integers(), st.booleans())
def test_replace_builds_what_dataclasses_replace_builds(a, b, new_a, change_b):
    old = Plain(a, b)
    changes = {"a": new_a, **({"b": b + (1,)} if change_b else {})}
    mine, theirs = replace(old, **changes), dataclasses.replace(old, **changes)
    assert mine == theirs and vars(mine) == vars(theirs) and type(mine) is Plain
    assert old == Plain(a, b)  # the original is untouched


@pytest.mark.parametrize(
    ("obj", "changes", "expected"),
    [
        (Tile(5, 2), {"hi": 1}, Tile(2, 1)),  # Tile's __post_init__ puts the higher number first again
        (Computed(3), {"a": 4}, Computed(4)),  # an init=False field is computed anew
    ],
)
def test_replace_runs_init_where_it_does_more_than_store(obj, changes, expected):
    new = replace(obj, **changes)
    assert new == expected == dataclasses.replace(obj, **changes)


def test_an_unknown_field_is_a_type_error_as_in_dataclasses_replace():
    with pytest.raises(TypeError):
        dataclasses.replace(Plain(1), d=2)
    with pytest.raises(TypeError, match="no field 'd'"):
        replace(Plain(1), d=2)


def test_a_derived_value_is_computed_once_per_object_and_never_copied():
    CALLS.clear()
    state = Plain(1, (2, 3))
    assert state.total == 6 and state.total == 6
    assert CALLS == ["total"]
    later = replace(state, b=(10,))
    assert later.total == 11  # not the 6 kept by the state it was made from
    assert CALLS == ["total", "total"]
    assert replace(state, a=2) == Plain(2, (2, 3)) and vars(replace(state, a=2)) == vars(Plain(2, (2, 3)))


CARDS = st.builds(Card, st.integers(0, 14), st.sampled_from((*SUITS, "")))
TILES = st.builds(Tile, st.integers(0, 9), st.integers(0, 9))


@given(CARDS, CARDS)
def test_cards_compare_as_their_rank_and_suit_and_equal_cards_are_one_object(x, y):
    assert (x == y) == ((x.rank, x.suit) == (y.rank, y.suit)) == (x is y)
    assert (x != y) == ((x.rank, x.suit) != (y.rank, y.suit))
    assert (hash(x) == hash(y)) == (x is y)
    assert (x < y) == ((x.rank, x.suit) < (y.rank, y.suit))
    assert (x <= y) == ((x.rank, x.suit) <= (y.rank, y.suit))
    assert x != (x.rank, x.suit)


@given(TILES, TILES)
def test_tiles_compare_as_their_numbers_and_equal_tiles_are_one_object(x, y):
    assert (x == y) == ((x.hi, x.lo) == (y.hi, y.lo)) == (x is y)
    assert (x != y) == ((x.hi, x.lo) != (y.hi, y.lo))
    assert (hash(x) == hash(y)) == (x is y)
    assert Tile.of(x.lo, x.hi) == x
    assert x != (x.hi, x.lo)


def _every_way_to_make(value: Card | Tile) -> list[Card | Tile]:
    """``value`` made again by every way the code has: the class, the shared look-ups, the record's
    spelling, a replace, copy and pickle."""
    if isinstance(value, Card):
        made = [Card(value.rank, value.suit), Card(suit=value.suit, rank=value.rank), card_of(value.rank, value.suit)]
        made.append(replace(Card(2 if value.rank != 2 else 3, value.suit), rank=value.rank))
        if (value.suit in SUITS and value.rank >= 2) or value is JOKER:
            made.append(Card.parse(str(value)))
    else:
        made = [Tile(value.lo, value.hi), Tile(lo=value.lo, hi=value.hi), Tile.of(value.lo, value.hi)]
        made += [replace(Tile(value.hi, 0), lo=value.lo), Tile.parse(f"{value.lo}-{value.hi}", top=9)]
    return made + [dataclasses.replace(value), copy.copy(value), copy.deepcopy(value), pickle.loads(pickle.dumps(value))]


@given(st.one_of(CARDS, TILES))
def test_no_two_equal_cards_or_tiles_exist_however_made(value):
    """Tiles and cards compare by identity (one object per value, referee/rules/interned.py): no way
    of making one gives a second object of the same value, packs and sets included."""
    assert all(again is value for again in _every_way_to_make(value))
    packs = [*deck(), *deck(6), *double_set(), *double_set(9), *OXFORD_TRUMP_PACK, JOKER]
    assert all(other is value for other in packs if _fields(other) == _fields(value))


def _fields(value: Card | Tile) -> tuple[object, ...]:
    return (type(value), *dataclasses.astuple(value))


def test_a_record_and_a_pack_share_one_object_per_card_and_tile():
    assert all(card_of(c.rank, c.suit) is c for c in deck())
    assert Card.parse("10H") is Card.parse("TH") is card_of(10, "H")
    assert all(Tile.of(t.lo, t.hi) is t for t in double_set())
    assert Tile.parse("4-6") is Tile.parse("6-4")


@dataclass(frozen=True)
class Drafted:
    picks: tuple[int, ...]
    tricks: tuple[int, ...] = ()

    @derived.reading("picks")
    def sheet(self) -> tuple[int, ...]:
        CALLS.append("sheet")
        return tuple(sorted(self.picks))


def test_a_derived_value_declared_with_what_it_reads_is_passed_on_while_that_stays():
    CALLS.clear()
    start = Drafted((3, 1, 2))
    made = start.sheet
    later = replace(start, tricks=(7,))  # the picks stay: the sheet is the same, made once
    assert later.sheet is made and CALLS == ["sheet"]
    assert later == Drafted((3, 1, 2), (7,))
    redrafted = replace(later, picks=(5, 4))  # a field it reads changes: made anew
    assert redrafted.sheet == (4, 5) and CALLS == ["sheet", "sheet"]
    assert start.sheet is made  # the original keeps its own


@given(st.lists(st.integers(), max_size=5).map(tuple), st.lists(st.integers(), max_size=3).map(tuple), st.booleans())
def test_a_passed_on_derived_value_is_what_the_copy_would_make(picks, new, change_picks):
    old = Drafted(picks)
    _ = old.sheet
    copy = replace(old, **({"picks": new} if change_picks else {"tricks": new}))
    assert copy.sheet == Drafted(copy.picks, copy.tricks).sheet


@quick
@dataclass(frozen=True)
class Quick:
    a: int
    b: tuple[int, ...] = ()
    c: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Slow:
    a: int
    b: tuple[int, ...] = ()
    c: dict[str, int] = field(default_factory=dict)


@given(st.integers(), st.lists(st.integers(), max_size=3).map(tuple), st.booleans(), st.booleans())
def test_a_quick_init_makes_what_the_dataclass_init_makes(a, b, give_b, give_c):
    kwargs = {**({"b": b} if give_b else {}), **({"c": {"x": a}} if give_c else {})}
    quick_one, slow_one = Quick(a, **kwargs), Slow(a, **kwargs)
    assert vars(quick_one) == vars(slow_one) and list(vars(quick_one)) == list(vars(slow_one))
    assert Quick(a, **kwargs) == quick_one and repr(quick_one) == repr(slow_one).replace("Slow", "Quick")
    assert Quick(a).c is not Quick(a).c  # a default_factory makes a fresh value each time
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick_one.a = 1  # type: ignore[misc]


def test_quick_refuses_a_class_whose_init_does_more_than_store():
    with pytest.raises(TypeError, match="no plain frozen dataclass"):
        quick(Computed)
    with pytest.raises(TypeError, match="Quick.__init__"):
        Quick()  # type: ignore[call-arg]  # the same parameters: a missing one is refused


def test_made_is_the_object_init_makes_from_every_field():
    assert is_plain(Slow) and not is_plain(Computed) and not is_plain(Tile)
    assert made(Slow, {"a": 1, "b": (2,), "c": {}}) == Slow(1, (2,))


def test_keep_hands_a_derived_value_to_a_new_object_and_only_a_derived_one():
    CALLS.clear()
    kept = keep(Plain(1, (2,)), total=3)
    assert kept.total == 3 and CALLS == []  # not computed again
    with pytest.raises(TypeError, match="no derived value"):
        keep(Plain(1), a=2)


@dataclass(frozen=True)
class Sheets:
    picks: tuple[int, ...] = ()
    tricks: tuple[int, ...] = ()
    score: int = 0

    @derived.reading("picks")
    def sheet(self) -> tuple[int, ...]:
        return tuple(sorted(self.picks))

    @derived.reading("picks", "tricks")
    def flipped(self) -> int:
        return len(set(self.picks) & set(self.tricks))

    @derived
    def summary(self) -> tuple[int, int, int]:
        return len(self.picks), len(self.tricks), self.score


READS = {"sheet": {"picks"}, "flipped": {"picks", "tricks"}, "summary": {"picks", "tricks", "score"}}
NUMBERS = st.lists(st.integers(0, 5), max_size=3).map(tuple)


@given(
    st.fixed_dictionaries({}, optional={"picks": NUMBERS, "tricks": NUMBERS, "score": st.integers(0, 9)}),
    st.sets(st.sampled_from(sorted(READS))),
    st.booleans(),
)
def test_a_copy_keeps_exactly_the_derived_values_that_read_no_changed_field(changes, read, in_place):
    """The per-class map from a field to the derived values it makes stale: a copy (``replace``, or a
    draft's ``write_in_place``) keeps a value read before exactly when no field it reads changes (an
    undeclared value reads every field), and every value it then shows is the one it would compute."""
    old = Sheets((1, 2), (2, 3), 4)
    for name in read:
        getattr(old, name)
    if in_place:
        new = old
        assert write_in_place(new, changes)
    else:
        new = replace(old, **changes)
    kept = set(vars(new)) - {"picks", "tricks", "score"}
    assert kept == {name for name in read if READS[name].isdisjoint(changes)}
    fresh = Sheets(new.picks, new.tricks, new.score)
    assert all(getattr(new, name) == getattr(fresh, name) for name in READS)


@pytest.mark.parametrize("in_place", [False, True])
def test_a_copy_of_an_object_holding_derived_values_refuses_an_unknown_field(in_place):
    old = Sheets((1,))
    _ = old.sheet, old.summary
    with pytest.raises(TypeError, match="no field 'cards'"):
        write_in_place(Sheets((1,)), {"cards": 1}) if in_place else replace(old, picks=(), cards=1)
