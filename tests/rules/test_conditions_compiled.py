"""Trick de Bingo conditions are compiled into closures once (conditions/language.py, issue 29: every
card is checked after every trick): a compiled condition answers exactly as the interpreter reads the
data, for every catalog condition and for malformed ones, whose error comes when it is reached."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from referee.games.trick_de_bingo.conditions import CATALOG, Rules, TrickRecord, achieved, achiever, holds
from referee.games.trick_de_bingo.conditions.language import _interpret
from referee.rules.cards import deck

PREDICATES = [card.condition.get("when", {"all": []}) for card in CATALOG]
MALFORMED = [
    {"outcome": "win", "led": True},  # two keys: refused when reached
    {"any": [{"outcome": "win"}, {"colour": "red"}]},  # unknown atom after one that may decide
    {"card": {"suit": "H", "shade": 2}},  # unknown filter key
    {"card": {"of": "nobody", "suit": "H"}},  # unknown seat word
    {"not": {"all": [{"trick": 3}, {"card": {"card": "ZZ"}}]}},  # a bad card, reached only on trick 3
    {"rank": {"of": "nobody", "than": "left", "op": "lt"}},  # unknown seat word, then a good one
    {"rank": {"than": "left", "op": "above"}},  # unknown comparison
    {"extreme": {"which": "lowest", "of": "behind"}},  # unknown seat word
]


def _answer(read, pred, seat, trick, rules):
    """What ``read`` says, or the error it raises (a malformed condition fails when it is reached)."""
    try:
        return ("holds", read(pred, seat, trick, rules))
    except (KeyError, ValueError) as err:
        return (type(err).__name__, str(err))


@given(
    st.sampled_from(PREDICATES + MALFORMED),
    st.permutations(deck()),
    st.integers(0, 3),
    st.integers(0, 3),
    st.integers(1, 13),
    st.booleans(),
    st.booleans(),
)
def test_a_compiled_condition_answers_as_the_interpreter_reads_it(
    pred, cards, leader, seat, number, ccw, strict
):
    trick = _trick(number, cards[:4], leader, ccw)
    rules = Rules(ace_low=ccw, strict_extremes=strict)
    assert _answer(holds, pred, seat, trick, rules) == _answer(_interpret, pred, seat, trick, rules)


def _trick(number, cards, leader, ccw):
    """Trick ``number``: ``cards`` in play order from ``leader``, won by the highest of the led suit."""
    order = tuple((leader + (-i if ccw else i)) % 4 for i in range(4))
    by_seat = [cards[0]] * 4
    for s, c in zip(order, cards, strict=True):
        by_seat[s] = c
    led = by_seat[leader].suit
    winner = max(order, key=lambda s: (by_seat[s].suit == led, by_seat[s].rank))
    return TrickRecord(number, leader, order, tuple(by_seat), winner)


@given(
    st.sampled_from(CATALOG),
    st.permutations(deck()),
    st.lists(st.integers(0, 3), min_size=13, max_size=13),
    st.integers(0, 3),
    st.integers(0, 13),
    st.booleans(),
    st.booleans(),
)
def test_a_cards_check_read_once_answers_as_achieved_after_every_trick(
    card, cards, leaders, seat, k, ccw, strict
):
    """A table checks each drafted card with ``achiever`` (its condition read once, T13): the same
    proof, or none, as ``achieved`` reading the condition afresh, on every round so far."""
    tricks = [_trick(n + 1, cards[4 * n : 4 * n + 4], leaders[n], ccw) for n in range(k)]
    rules = Rules(ace_low=ccw, strict_extremes=strict)
    check = achiever(card.condition, rules)
    for n in range(k + 1):
        assert check(seat, tricks[:n]) == achieved(card.condition, seat, tricks[:n], rules)
