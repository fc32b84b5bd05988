"""Random legal Ninety-Nine deals for 2, 3 and 4 players, played from full knowledge of a shuffled
deal (Hypothesis), with an independent little referee in this file to cross-check the module.

Invariants: tricks sum to 9 (10 with 4 players, N30); a 3-player deal scores at most 99 (N16); the
trump follows the successes (N8, N25, N31); the score sheet matches N12-N14 and N27-N29; totals are
the finished games plus the current one plus the rubber bonus (N17); and the revoke checker (N10)
finds exactly the revokes injected into otherwise legal play.
"""

from __future__ import annotations

import dataclasses
import json
import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_ninety_nine_support import new, play, view

from referee.games.ninety_nine.rules.state import GameResult
from referee.rules.cards import SUITS, Card

VALUE = {"C": 3, "H": 2, "S": 1, "D": 0}
NEXT_TRUMP = {0: "D", 1: "S", 2: "H", 3: "C", 4: None}


def shuffled_hands(rnd: random.Random, players: int) -> list[list[Card]]:
    low = 2 if players == 4 else 6
    pack = [Card(r, s) for s in SUITS for r in range(low, 15)]
    rnd.shuffle(pack)
    seats = 3 if players == 2 else players
    size = len(pack) // seats  # N2, N21, N30: 12 each, 13 with 4 players
    return [pack[i * size : (i + 1) * size] for i in range(seats)]


def winner_pos(cards: list[Card], trump: str | None) -> int:
    trumps = [i for i, c in enumerate(cards) if c.suit == trump]
    pool = trumps or [i for i, c in enumerate(cards) if c.suit == cards[0].suit]
    return max(pool, key=lambda i: cards[i].rank)


def deal_events(rnd, players, dealer, trump, first, revoke_rate):
    """One deal as raw events, with the expected trick counts, bids and injected revokes."""
    hands = shuffled_hands(rnd, players)
    seats = len(hands)
    bids = []
    for hand in hands:
        chosen = rnd.sample(hand, 3)
        bids.append(chosen)
        for c in chosen:
            hand.remove(c)
    deal = {"type": "deal", "dealer": dealer} if first else {"type": "deal"}
    raws: list[dict] = [deal]
    premiums = []
    if players == 2:
        premiums = [(s, "declare") for s in (0, 1) if rnd.random() < 0.3]
    elif rnd.random() < 0.4:
        premiums = [(rnd.randrange(players), rnd.choice(["declare", "reveal"]))]
    raws += [{"type": "premium", "seat": s, "kind": k} for s, k in premiums]
    sealed = [rnd.random() < 0.5 for _ in range(seats)]
    raws += [
        {"type": "bid", "seat": s, "cards": [str(c) for c in bids[s]]} for s in range(seats) if sealed[s]
    ]
    if players == 2:
        leader, controller = 1 - dealer, 1 - dealer
    else:
        leader, controller = (dealer + 1) % players, None
    won = [0] * seats
    revokes: dict[tuple[int, int], int | None] = {}  # (trick event, seat) -> the trick that proves it
    played: list[tuple[int, tuple[int, ...], list[Card]]] = []
    for n in range(len(hands[0])):
        if players == 2:
            order = (2, 1 - controller, controller) if leader == 2 else (leader, 1 - leader, 2)
        else:
            order = tuple((leader + i) % players for i in range(players))
        cards: list[Card] = []
        for seat in order:
            hand = hands[seat]
            follow = [c for c in hand if cards and c.suit == cards[0].suit]
            other = [c for c in hand if c not in follow]
            if follow and other and rnd.random() < revoke_rate:
                card = rnd.choice(other)  # a revoke (N10)
                revokes[(len(raws), seat)] = None
            else:
                card = rnd.choice(follow or hand)
            hand.remove(card)
            cards.append(card)
        raws.append({"type": "trick", "cards": [str(c) for c in cards]})
        played.append((len(raws) - 1, order, cards))
        w = order[winner_pos(cards, trump)]
        won[w] += 1
        if players == 2:
            controller = controller if w == 2 else w  # N26
        leader = w
        del n
    raws += [
        {"type": "bid", "seat": s, "cards": [str(c) for c in bids[s]]} for s in range(seats) if not sealed[s]
    ]
    values = [sum(VALUE[c.suit] for c in b) for b in bids]
    for index, seat in revokes:  # the first later trick in which the revoker plays the suit led
        led = next(cards[0].suit for i, _o, cards in played if i == index)
        revokes[(index, seat)] = next(
            i for i, order, cards in played if i > index and cards[order.index(seat)].suit == led
        )
    return raws, won, values, premiums, revokes


def expected_scores(players, won, bids, premiums, bonus40=False):
    """N12-N14, N27-N29, N32 restated independently."""
    live = 2 if players == 2 else players
    ok = [won[s] == bids[s] for s in range(len(won))]
    if players == 2:
        ok[2] = won[2] <= bids[2]  # N28
    k = sum(ok)
    each = (5 - k) * 10 if (players == 4 and bonus40) else (4 - k) * 10
    score = [won[s] + (each if ok[s] else 0) for s in range(live)]
    if players == 2:
        failed = [s for s, _k in premiums if not ok[s]]
        for s, _k in premiums:
            if ok[s]:
                score[s] += 30
        if len(failed) == 1:
            score[1 - failed[0]] += 30
    else:
        for s, kind in premiums:
            value = 60 if kind == "reveal" else 30
            for o in range(live):
                if (o == s and ok[s]) or (o != s and not ok[s]):
                    score[o] += value
    return score, NEXT_TRUMP[k]


def run(seed: int, players: int, revoke_rate: float, deals: int):
    rnd = random.Random(seed)
    state = new(players)
    dealer = rnd.randrange(players)
    trump = None  # N8: the first deal is at no trump
    games = 0
    for i in range(deals):
        if view(state).finished:
            break
        if i:
            dealer = view(state).detail["next_dealer"]
            if len(view(state).detail["games"]) > games:
                trump = None  # a new game (N17)
            games = len(view(state).detail["games"])
        raws, won, bids, premiums, revokes = deal_events(rnd, players, dealer, trump, i == 0, revoke_rate)
        base = state.events
        before = len(view(state).breaches)
        state = play(state, *raws)
        v = view(state)
        row = v.detail["sheet"][-1]
        assert row["trump"] == trump and row["dealer"] == dealer
        assert sum(row["tricks"]) == (10 if players == 4 else 9)  # N30
        assert row["tricks"] == won and row["bids"] == bids
        score, trump = expected_scores(players, won, bids, premiums)
        assert row["scores"] == score
        assert row["next_trump"] == trump
        if players == 3:
            assert max(row["scores"]) <= 99  # N16
        found = {(b.event - base, b.seat): b.detected_at - base for b in v.breaches[before:]}
        assert found == revokes  # N10: exactly the injected revokes, each proved by its first follow
        assert all(b.rule == "N10" for b in v.breaches)
        json.dumps(v.detail)
        finished_games = [sum(g["final"][s] for g in v.detail["games"]) for s in range(players)]
        assert list(v.totals) == [
            f + c + r
            for f, c, r in zip(finished_games, v.detail["game_scores"], v.detail["rubber_bonus"], strict=True)
        ]
    return state


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_random_legal_deals_score_by_the_rules_and_show_no_breach(seed, players):
    run(seed, players, 0.0, 6)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_the_revoke_checker_finds_exactly_the_injected_revokes(seed, players):
    run(seed, players, 0.15, 3)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_three_player_rubbers_end_with_a_three_game_winner(seed):
    v = view(run(seed, 3, 0.0, 1000))
    assert v.finished  # a rubber always ends: some player wins 3 games (N17)
    (winner,) = v.winners
    assert v.detail["games_won"][winner] == 3
    games = len(v.detail["games"])
    assert v.detail["rubber_bonus"][winner] == 100 * (8 - games)
    assert all(g["winner"] == max(range(3), key=lambda s: g["scores"][s]) for g in v.detail["games"])


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_n18_random_wiki_rubbers_ending_in_a_tie_on_top_are_finished_with_shared_winners(seed, players):
    """N18 (wikiGameBonus): a rubber whose earlier games (one line of random finals) and current game
    scores (each under 100) are chosen so that, after one random legal deal, a player who made the bid
    reaches 100, earns the game bonus for the third time, and shares the highest match total with one
    or more others. The match is over, exactly those on top share the win, and no deal follows."""
    rnd = random.Random(seed)
    live = 2 if players == 2 else players
    state = new(players, wikiGameBonus=True)
    raws, won, bids, premiums, _revokes = deal_events(rnd, players, 0, None, True, 0.0)
    scores, _trump = expected_scores(players, won, bids, premiums)
    made = [s for s in range(live) if won[s] == bids[s] and scores[s] > 0]
    assume(made)
    hero = rnd.choice(made)
    game = [rnd.randrange(100 - scores[s], 100) if s == hero else rnd.randrange(100) for s in range(live)]
    final = [
        game[s] + scores[s] + (100 if game[s] + scores[s] >= 100 and won[s] == bids[s] else 0)
        for s in range(live)
    ]
    top = 600 + rnd.randrange(300)
    partners = set(rnd.sample([s for s in range(live) if s != hero], rnd.randint(1, live - 1)))
    past = [
        top - final[s] if s == hero or s in partners else rnd.randrange(top - final[s]) for s in range(live)
    ]
    earlier = GameResult(1, 0, tuple(past), (0,) * live, None)
    bonuses = [2 if s == hero else rnd.randint(0, 2) for s in range(live)]
    state = dataclasses.replace(
        state, games=(earlier,), game=2, game_scores=tuple(game), game_bonuses=tuple(bonuses)
    )
    state = play(state, *raws)
    v = view(state)
    assert v.detail["game_bonuses"][hero] == 3
    assert v.finished and v.winners == tuple(sorted({hero} | partners))
    assert [v.totals[s] == top for s in range(live)] == [s in v.winners for s in range(live)]
    assert v.detail["next"] == []


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]), cut=st.integers(1, 12))
def test_a_revoke_is_reported_once_as_soon_as_a_later_card_of_the_suit_is_played(seed, players, cut):
    """N10 after the fact, on a record that stops mid-deal: each injected revoke is reported once, at
    its trick, for its seat (the dummy is seat 2), exactly when the revoker has played a card of the
    suit led in a later trick of the record, with ``detected_at`` = that trick; nothing else."""
    rnd = random.Random(seed)
    dealer = rnd.randrange(players)
    raws, _won, _bids, _premiums, revokes = deal_events(rnd, players, dealer, None, True, 0.2)
    tricks = [i for i, raw in enumerate(raws) if raw["type"] == "trick"]
    end = tricks[min(cut, len(tricks)) - 1] + 1
    state = play(new(players), *raws[:end])
    got = sorted((b.event, b.seat, b.detected_at) for b in view(state).breaches)
    assert got == sorted((e, seat, at) for (e, seat), at in revokes.items() if at is not None and at < end)
    assert all(b.rule == "N10" for b in view(state).breaches)
