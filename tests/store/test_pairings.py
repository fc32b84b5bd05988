"""Pairings for a club night (issue 32): Swiss rounds never repeat a match and give nobody a second
bye; partnership rounds never repeat a partnership and let nobody meet an opponent a third time; pins
keep their table numbers; a round that cannot keep these says so."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.store.pairings import MAX_MEETINGS, PairingError, Round, numbered, partners, swiss


def play_swiss(n: int, rounds: int, seed: int) -> list[Round]:
    rnd = random.Random(seed)
    scores: Counter[int] = Counter()
    played: list[Round] = []
    for _ in range(rounds):
        r = swiss(range(n), scores, played)
        for a, b in r.tables:
            scores[rnd.choice((a, b))] += 1
        for p in r.byes:
            scores[p] += 1
        played.append(r)
    return played


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 24), seed=st.integers(0, 10_000), data=st.data())
def test_swiss_rounds_never_repeat_a_match_nor_a_bye(n, seed, data):
    rounds = data.draw(st.integers(1, max(1, min(5, n - 1 - (n % 2 == 0)))))
    played = play_swiss(n, rounds, seed)
    pairs = [frozenset(t) for r in played for t in r.tables]
    assert len(pairs) == len(set(pairs))  # no rematch
    byes = [p for r in played for p in r.byes]
    assert len(byes) == len(set(byes))  # at most one bye each
    for r in played:
        seated = [p for t in r.tables for p in t] + list(r.byes)
        assert sorted(seated) == list(range(n)) and len(r.byes) == n % 2


def test_swiss_pairs_within_score_groups_first():
    scores = {0: 2, 1: 2, 2: 1, 3: 1, 4: 0, 5: 0}
    assert swiss(range(6), scores, []).tables == ((0, 1), (2, 3), (4, 5))
    # 0 and 1 met already: 0 plays the next best it has not met
    assert swiss(range(6), scores, [Round(((0, 1), (2, 3), (4, 5)))]).tables[0] == (0, 2)


def test_64_players_over_6_swiss_rounds_have_no_rematch():
    played = play_swiss(64, 6, 32)
    pairs = [frozenset(t) for r in played for t in r.tables]
    assert len(pairs) == len(set(pairs)) == 6 * 32


def test_a_swiss_round_that_would_need_a_rematch_says_so():
    with pytest.raises(PairingError) as err:
        swiss(range(2), {}, [Round(((0, 1),))])
    assert err.value.code == "rematch"


@settings(max_examples=15, deadline=None)
@given(tables=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_partnership_rounds_keep_partners_new_and_opponents_met_at_most_twice(tables, seed):
    players = list(range(4 * tables))
    random.Random(seed).shuffle(players)
    played: list[Round] = []
    for _ in range(min(5, 4 * tables - 1) if tables > 2 else 3):
        played.append(partners(players, played))
    partnerships = [frozenset((t[a], t[a + 2])) for r in played for t in r.tables for a in (0, 1)]
    assert len(partnerships) == len(set(partnerships))
    met = Counter(frozenset((t[a], t[b])) for r in played for t in r.tables for a in (0, 2) for b in (1, 3))
    assert max(met.values()) <= MAX_MEETINGS
    for r in played:
        assert sorted(p for t in r.tables for p in t) == sorted(players)


def test_16_players_at_4_tables_over_5_rounds():
    played: list[Round] = []
    for _ in range(5):
        played.append(partners(range(16), played))
    partnerships = [frozenset((t[a], t[a + 2])) for r in played for t in r.tables for a in (0, 1)]
    assert len(partnerships) == len(set(partnerships)) == 40


def test_a_partnership_round_that_cannot_keep_its_rules_says_so():
    played = [partners(range(4), [])]
    played.append(partners(range(4), played))
    played.append(partners(range(4), played))  # 3 rounds: every pair has partnered once
    with pytest.raises(PairingError):
        partners(range(4), played)
    with pytest.raises(PairingError):
        partners(range(6), [])


def test_pinned_players_keep_their_table_numbers():
    r = Round(((0, 1), (2, 3), (4, 5)))
    assert numbered(r, {4: 1}) == {1: (4, 5), 2: (0, 1), 3: (2, 3)}
    with pytest.raises(PairingError):
        numbered(r, {0: 1, 1: 2})
