"""Trick de Bingo conditions are compiled into closures once (conditions/language.py, issue 29: every
card is checked after every trick): a compiled condition answers exactly as the interpreter reads the
data, for every catalog condition and for malformed ones, whose error comes when it is reached."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from referee.games.trick_de_bingo.conditions import CATALOG, Rules, TrickRecord, holds
from referee.games.trick_de_bingo.conditions.language import _interpret
from referee.rules.cards import deck

PREDICATES = [card.condition.get("when", {"all": []}) for card in CATALOG]
MALFORMED = [
    {"outcome": "win", "led": True},  # two keys: refused when reached
    {"any": [{"outcome": "win"}, {"colour": "red"}]},  # unknown atom after one that may decide
    {"card": {"suit": "H", "shade": 2}},  # unknown filter key
    {"card": {"of": "nobody", "suit": "H"}},  # unknown seat word
    {"not": {"all": [{"trick": 3}, {"card": {"card": "ZZ"}}]}},  # a bad card, reached only on trick 3
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
    order = tuple((leader + (-i if ccw else i)) % 4 for i in range(4))
    by_seat = [cards[0]] * 4
    for s, c in zip(order, cards[:4], strict=True):
        by_seat[s] = c
    led = by_seat[leader].suit
    winner = max(order, key=lambda s: (by_seat[s].suit == led, by_seat[s].rank))
    trick = TrickRecord(number, leader, order, tuple(by_seat), winner)
    rules = Rules(ace_low=ccw, strict_extremes=strict)
    assert _answer(holds, pred, seat, trick, rules) == _answer(_interpret, pred, seat, trick, rules)
