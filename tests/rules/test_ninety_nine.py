"""Ninety-Nine: the digest's worked examples (N-E1..N-E8), scoring, trumps, games and options."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from test_ninety_nine_support import bid_cards, new, play, quick_deal, replay, view

from referee.games import GAMES
from referee.games.ninety_nine.rules import GAME
from referee.games.ninety_nine.rules.pack import bid_value
from referee.games.ninety_nine.rules.state import GameResult
from referee.rules.base import GameOver
from referee.rules.cards import Card
from tests.rule_ids import rule_ids


def deal_with(players, bids, counts, premiums=(), dealer=0, **options):
    raws = quick_deal(bids, counts, dealer=dealer, low=2 if players == 4 else 6)
    raws[1:1] = [{"type": "premium", "seat": s, "kind": k} for s, k in premiums]
    return replay(players, raws, **options)


# N-E1 .. N-E7: one complete deal each. N12 trick points, N13 success bonus, N14 premiums,
# N27-N29 two players with the dummy (seat 2), N30-N32 four players and N-Δ4.
EXAMPLES = [
    # id, players, options, premiums, bids, tricks, scores, next trump
    ("N-E1 revealer makes 9 of 9: 99 (N16)", 3, {}, [(0, "reveal")], [9, 1, 2], [9, 0, 0], [99, 0, 0], "S"),
    ("N-E3 no premium, one success", 3, {}, [], [3, 4, 2], [3, 5, 1], [33, 5, 1], "S"),
    ("N-E4 successful declare", 3, {}, [(0, "declare")], [2, 4, 1], [2, 4, 3], [52, 24, 3], "H"),
    (
        "N-E5 failed reveal pays each other player",
        3,
        {},
        [(0, "reveal")],
        [5, 2, 3],
        [4, 2, 3],
        [4, 82, 83],
        "H",
    ),
    (
        "N-E6 two players, the dummy under its bid succeeds (N28)",
        2,
        {},
        [],
        [3, 4, 5],
        [3, 2, 4],
        [23, 2],
        "H",
    ),
    (
        "N-E6 B declares 4 and fails: A takes 30 (N29)",
        2,
        {},
        [(1, "declare")],
        [3, 4, 5],
        [3, 2, 4],
        [53, 2],
        "H",
    ),
    ("N-E7 four players, seed formula (N32)", 4, {}, [], [3, 2, 4, 0], [3, 2, 5, 0], [13, 12, 5, 10], "C"),
    (
        "N-E7 four players with bonus4p_40_30_20_10 (N-Δ4)",
        4,
        {"bonus4p_40_30_20_10": True},
        [],
        [3, 2, 4, 0],
        [3, 2, 5, 0],
        [23, 22, 5, 20],
        "C",
    ),
    (
        "N-E7 all four succeed: no bonus, next deal no trump (N31)",
        4,
        {},
        [],
        [3, 2, 5, 0],
        [3, 2, 5, 0],
        [3, 2, 5, 0],
        None,
    ),
]


@pytest.mark.parametrize(
    ("players", "options", "premiums", "bids", "counts", "scores", "trump"),
    [e[1:] for e in EXAMPLES],
    ids=[e[0] for e in EXAMPLES],
)
def test_worked_examples_score_each_deal_exactly(players, options, premiums, bids, counts, scores, trump):
    # N4: success means exactly the bid
    v = view(deal_with(players, bids, counts, premiums, **options))
    row = v.detail["sheet"][0]
    assert row["scores"] == scores
    assert list(v.totals) == scores
    assert row["next_trump"] == trump
    assert row["trump"] is None  # N8: deal 1 of a game is at no trump
    # every line of the breakdown adds up to the score
    assert [sum(line["points"] for line in lines) for lines in row["lines"]] == scores


@pytest.mark.parametrize(
    ("cards", "value"),
    [
        (["AC", "6D", "7D"], 3),  # N-E2: ♣ + ♦ + ♦ = 3
        (["AC", "KC", "QC"], 9),  # N3: the highest bid
        (["6D", "7D", "8D"], 0),
        (["9H", "9S", "9D"], 3),
    ],
    ids=[
        "N-E2 club diamond diamond is 3",
        "three clubs bid 9",
        "three diamonds bid 0",
        "ranks do not matter",
    ],
)
def test_bid_is_the_sum_of_suit_values_n3(cards, value):
    assert bid_value(tuple(Card.parse(c) for c in cards), None) == value


@pytest.mark.parametrize(
    ("games_before", "rubber"),
    [(4, 300), (2, 500), (6, 100)],
    ids=["N-E8 third win in game 5: +300", "three straight wins: +500", "longest rubber of 7: +100"],
)
def test_n_e8_game_end_bonus_and_rubber(games_before, rubber):
    # N-E8: before the deal A 52, B 63, C 98; the N-E4 deal (52, 24, 3) ends the game at 104, 87, 101.
    state = new(3)
    past = tuple(GameResult(i + 1, i % 3, (0, 0, 0), (0, 0, 0), None) for i in range(games_before))
    wins = {4: (2, 1, 1), 2: (2, 0, 0), 6: (2, 2, 2)}[games_before]
    state = replace(state, game_scores=(52, 63, 98), games=past, games_won=wins, game=games_before + 1)
    raws = quick_deal([2, 4, 1], [2, 4, 3], dealer=0)
    raws.insert(1, {"type": "premium", "seat": 0, "kind": "declare"})
    v = view(play(state, *raws))
    game = v.detail["games"][-1]
    assert game["scores"] == [104, 87, 101]
    assert game["final"] == [204, 87, 201]  # N17: the winner and everyone at 100+ add 100
    assert game["winner"] == 0
    assert v.finished and v.winners == (0,)
    assert v.detail["rubber_bonus"] == [rubber, 0, 0]
    assert list(v.totals) == [204 + rubber, 87, 201]


def test_n_e8_game_end_without_rubber_starts_a_new_game_n17():
    # before: 52, 63, 98. Seat 0 bid 1 took 3 (3); seat 1 declared 2 and took 2 (2 + 20 + 30 = 52);
    # seat 2 bid 4 took 4 (4 + 20 = 24) -> 55, 115, 122: seat 2 wins, seats 1 and 2 add 100.
    state = replace(new(3), game_scores=(52, 63, 98))
    raws = quick_deal([1, 2, 4], [3, 2, 4], dealer=1)
    raws.insert(1, {"type": "premium", "seat": 1, "kind": "declare"})
    state = play(state, *raws)
    v = view(state)
    assert v.detail["games"][0]["scores"] == [55, 115, 122]
    assert v.detail["games"][0]["winner"] == 2
    assert v.detail["games"][0]["final"] == [55, 215, 222]
    assert v.detail["games_won"] == [0, 0, 1]
    assert v.detail["game"] == 2 and v.detail["game_scores"] == [0, 0, 0]
    assert not v.finished
    # N17: game 2 is first dealt by the player left of game 1's first dealer (seat 1), at no trump (N8)
    assert v.detail["next_dealer"] == 2
    state = play(state, {"type": "deal"})
    assert view(state).detail["trump"] is None and view(state).detail["dealer"] == 2


def test_trump_follows_the_number_of_successes_and_the_deal_passes_left_n8_n2():
    state = new(3)
    seen = []
    plan = [([3, 4, 2], [3, 5, 1]), ([0, 0, 0], [3, 3, 3]), ([3, 3, 3], [3, 3, 3]), ([4, 3, 2], [4, 3, 2])]
    for i, (bids, counts) in enumerate(plan):
        state = play(state, *quick_deal(bids, counts, dealer=0 if i == 0 else None))
        v = view(state)
        seen.append((v.detail["dealer"], v.detail["trump"]))
    # deal 1 NT; 1 success -> ♠; 0 -> ♦; 3 -> ♣ (N8)
    assert seen == [(0, None), (1, "S"), (2, "D"), (0, "C")]


def test_first_deal_diamonds_option():
    # N-Δ1 firstDealDiamonds (R20)
    v = view(play(new(3, firstDealDiamonds=True), {"type": "deal", "dealer": 0}))
    assert v.detail["trump"] == "D"


def test_a_tie_on_top_plays_on_n20():
    # N20: a tie for the highest total at 100+ keeps the game going
    state = replace(new(3), game_scores=(97, 90, 67))
    state = play(state, *quick_deal([0, 3, 9], [3, 6, 0], dealer=0))  # all fail: 3, 6, 0 -> 100, 96, 67
    v = view(state)
    assert v.detail["games"][0]["winner"] == 0
    state = replace(new(3), game_scores=(97, 94, 0))
    state = play(state, *quick_deal([0, 0, 9], [3, 6, 0], dealer=0))  # 100, 100, 0: tied on top
    v = view(state)
    assert v.detail["games"] == [] and v.detail["game_scores"] == [100, 100, 0]
    state = play(state, *quick_deal([0, 0, 9], [4, 5, 0]))  # 104, 105 -> seat 1 alone on top
    v = view(state)
    assert v.detail["games"][0]["winner"] == 1
    assert v.detail["games"][0]["final"] == [204, 205, 0]


def test_wiki_game_bonus_needs_a_made_bid_n18():
    # N18, N-Δ5 wikiGameBonus
    state = replace(new(3, wikiGameBonus=True), game_scores=(95, 95, 0))
    state = play(state, *quick_deal([5, 0, 9], [5, 4, 0], dealer=0))  # A makes 5 (+20), B fails
    v = view(state)
    game = v.detail["games"][0]
    assert game["scores"] == [130, 99, 0]  # 95 + 5 + 30 (sole success), 95 + 4, 0
    assert game["bonus"][0] == 100
    assert v.detail["game_bonuses"] == [1, 0, 0]
    # A game where the one at 100+ failed: no bonus, yet the game ends (N18)
    state = replace(state, game_scores=(0, 98, 0))
    state = play(state, *quick_deal([0, 0, 9], [0, 9, 0]))
    v = view(state)
    assert v.detail["games"][1]["bonus"] == [0, 0, 0]
    assert v.detail["game"] == 3


def test_wiki_match_ends_when_a_player_earned_the_bonus_three_times_n18():
    state = replace(new(3, wikiGameBonus=True), game_bonuses=(2, 0, 0), game_scores=(95, 0, 0))
    state = play(state, *quick_deal([5, 0, 9], [5, 4, 0], dealer=0))
    v = view(state)
    assert v.finished and v.winners == (0,)


@pytest.mark.parametrize(
    ("players", "bonuses", "scores", "bids", "counts", "winners", "totals"),
    [
        # The case: 4 players, Aki earns the bonus for the third time and ties Ben on top.
        (4, (2, 1, 0, 0), (95, 95, 20, 0), [5, 5, 0, 0], [5, 5, 0, 0], (0, 1), [200, 200, 20, 0]),
        # Ben's second bonus is no third: the tie on top counts only because Aki's is the third.
        (4, (2, 0, 1, 0), (95, 95, 0, 90), [5, 5, 0, 0], [5, 5, 0, 0], (0, 1), [200, 200, 0, 90]),
        # 3 players: Chie earns her third bonus, and Aki and Ben share the top without her.
        (3, (0, 1, 2), (93, 92, 91), [3, 4, 2], [3, 4, 2], (0, 1), [206, 206, 203]),
        # No tie: the highest total wins alone, as before.
        (4, (2, 0, 0, 0), (95, 90, 0, 0), [5, 5, 0, 0], [5, 5, 0, 0], (0,), [200, 95, 0, 0]),
    ],
)
def test_n18_a_tie_on_top_at_the_third_game_bonus_ends_the_match_with_shared_winners(
    players, bonuses, scores, bids, counts, winners, totals
):
    """N18 (wikiGameBonus): the match is over as soon as a player has earned the game bonus three
    times; players sharing the highest match total share the win, and no deal follows (N20 does not
    apply)."""
    state = replace(new(players, wikiGameBonus=True), game_bonuses=bonuses, game_scores=scores)
    low = 2 if players == 4 else 6
    state = play(state, *quick_deal(bids, counts, dealer=0, low=low))
    v = view(state)
    assert v.finished and v.winners == winners
    assert list(v.totals) == totals
    assert v.detail["next"] == []
    with pytest.raises(GameOver):
        play(state, {"type": "deal"})


def test_fixed_target_ends_when_someone_passes_it_n19():
    # N19, N-Δ5 fixedTarget: one game, no game bonus; "passes" read as strictly more than the target
    state = replace(new(3, fixedTarget=200), game_scores=(190, 150, 100))
    state = play(state, *quick_deal([3, 4, 2], [3, 5, 1], dealer=0))
    v = view(state)
    assert v.finished and v.winners == (0,)
    assert list(v.totals) == [223, 155, 101]
    assert v.detail["games"] == []  # no game bonus with a fixed target


def test_oxford_whist_scores_ten_per_success_and_ends_with_the_trump_pack_n34():
    # N34: each deal's trump is the turned 2-5 card; 10 per success plus N12's trick points
    state = new(3, oxfordWhist=True)
    turnups = [f"{r}{s}" for s in "SHDC" for r in range(2, 6)]
    for i, up in enumerate(turnups):
        raws = quick_deal([3, 4, 2], [3, 5, 1], dealer=0 if i == 0 else None)
        raws[0]["turnup"] = up
        state = play(state, *raws)
        if i == 0:
            assert view(state).detail["sheet"][0]["trump"] == "S"
            assert view(state).detail["sheet"][0]["scores"] == [13, 5, 1]  # 10 per success, +1 per trick
    v = view(state)
    assert v.finished and v.winners == (0,)
    assert list(v.totals) == [16 * 13, 16 * 5, 16 * 1]


def test_classic_turn_up_sets_trump_and_the_joker_stands_for_it_n33():
    # N33: 37 cards, the turn-up fixes trump each deal; the Joker plays and bids as the turn-up
    state = play(new(3, classicTurnUp=True), {"type": "deal", "dealer": 0, "turnup": "QC"})
    assert view(state).detail["trump"] == "C"
    # the Joker is the ♣Q: it bids 3 and is a trump
    state = play(state, {"type": "trick", "cards": ["AH", "JK", "KH"]})
    t = view(state).detail["tricks"][0]
    assert t["winner"] == 2 and "trump" in t["why"]["msg"]
    state = play(state, {"type": "bid", "seat": 0, "cards": ["AC", "KC", "6D"]})
    # a 9 or the Joker turned up means no trump
    for up in ("9S", "JK"):
        v = view(play(new(3, classicTurnUp=True), {"type": "deal", "dealer": 0, "turnup": up}))
        assert v.detail["trump"] is None
    assert bid_value((Card.parse("JK"), Card.parse("6D"), Card.parse("6S")), Card.parse("QC")) == 4


def test_the_game_is_registered_with_every_option_of_readme_section_8():
    assert GAMES["ninety-nine"] is GAME
    assert {o.id for o in GAME.options} == {
        "firstDealDiamonds",
        "classicTurnUp",
        "seedAskingOrder",
        "revealerNamesLeader",
        "bonus4p_40_30_20_10",
        "wikiGameBonus",
        "fixedTarget",
        "oxfordWhist",
    }
    assert GAME.min_players == 2 and GAME.max_players == 4


def test_packs_per_player_count_n1_n21_n30():
    for players, size in ((2, 36), (3, 36), (4, 52)):
        v = view(play(new(players), {"type": "deal", "dealer": 0}))
        assert len(v.detail["pack"]) == size
    v = view(play(new(3, classicTurnUp=True), {"type": "deal", "dealer": 0, "turnup": "AS"}))
    assert len(v.detail["pack"]) == 36 and "JK" in v.detail["pack"] and "AS" not in v.detail["pack"]


def test_bid_status_is_separate_from_the_bid_contents():
    state = play(new(3), {"type": "deal", "dealer": 0})
    used: set[str] = set()
    state = play(state, {"type": "bid", "seat": 1, "cards": bid_cards(4, used)})
    v = view(state)
    assert v.detail["bid_status"] == ["missing", "sealed", "missing"]
    assert v.detail["bids"][1]["value"] == 4 and v.detail["phase"] == "bidding"


def test_every_rule_id_of_the_digest_is_referenced_by_a_test():
    ids = rule_ids("ninety-nine")
    text = "".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_ninety_nine*.py"))
    missing = sorted(i for i in ids if not re.search(re.escape(i) + r"(?!\d)", text))
    assert not missing, missing


def test_a_made_bid_says_how_many_made_theirs_in_words_n13():
    """The success bonus grows as fewer players make their bid (N13): the line says the player was the only one,
    or one of k players ("1 succeeded" said neither who nor why it mattered, walk2 finding 10; "one of 3 to make
    their bid" read as three cards, np13 finding 12)."""
    alone = view(play(new(3), *quick_deal([3, 4, 5], [3, 2, 4], dealer=0))).detail["sheet"][0]["lines"]
    assert alone[0][1]["msg"] == "Bid %(bid)s made exactly, the only one to make their bid (N13)."
    every = view(play(new(3), *quick_deal([3, 4, 2], [3, 4, 2], dealer=0))).detail["sheet"][0]["lines"]
    assert every[0][1]["msg"] == "Bid %(bid)s made exactly, one of %(k)s players who made their bid (N13)."
    assert every[0][1]["params"]["k"] == "3" and every[0][1]["points"] == 10
