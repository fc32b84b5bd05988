"""Players' history numbers (issue 17), one pure ``stats`` module per game, checked against counts
made by hand from golden records (the workings are in the comments) and, where the playouts give an
independent referee, a Hypothesis invariant over random games."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_bingo_playouts import Sim
from test_ninety_nine_playouts import deal_events
from test_ninety_nine_support import new, play, view

from referee.games import GAMES
from referee.games.bead_game.rules.stats import BeadGameStats, Placement
from referee.games.bead_game.rules.stats import player_stats as bead_stats
from referee.games.bingo.rules.stats import BingoStats
from referee.games.bingo.rules.stats import player_stats as bingo_stats
from referee.games.five_up.rules.stats import FiveUpStats, LargestCount
from referee.games.five_up.rules.stats import player_stats as five_up_stats
from referee.games.ninety_nine.rules.stats import NinetyNineStats
from referee.games.ninety_nine.rules.stats import player_stats as ninety_nine_stats
from referee.games.score_pad.rules.events import Round
from referee.games.score_pad.rules.stats import ScorePadStats
from referee.games.score_pad.rules.stats import player_stats as score_pad_stats
from referee.games.trick_de_bingo.rules.stats import TrickDeBingoStats
from referee.games.trick_de_bingo.rules.stats import player_stats as tdb_stats
from referee.rules.base import RuleError
from referee.store.record import parse_record
from referee.store.replay import replay_events

TESTS = Path(__file__).resolve().parents[1]


def replayed(path: str):
    parsed = parse_record(json.loads((TESTS / path).read_text(encoding="utf-8")))
    state = replay_events(parsed.game, parsed.players, parsed.options, parsed.events)
    return state, parsed.game.view(state)


def test_bingo_claims_made_and_failed():
    # Four deals: Aki claims in deals 1, 3 and 4, Ben in deal 2; every claim holds (8-3 by claims).
    _state, v = replayed("records/bingo-four-deals-to-eight.json")
    assert [bingo_stats(v, s) for s in (0, 1)] == [BingoStats(3, 0), BingoStats(1, 0)]
    # Aki claims deal 1 (right); Ben claims deal 2 after two tricks with 0 points: wrong (B36).
    _state, v = replayed("acceptance/records/bingo-match-to-seven-capture.json")
    assert [bingo_stats(v, s) for s in (0, 1)] == [BingoStats(1, 0), BingoStats(1, 1)]
    # A closed deal settled by the closer's implied claim (B40) is no claim made.
    _state, v = replayed("acceptance/records/bingo-close-played-out-implied-claim.json")
    assert [bingo_stats(v, s) for s in (0, 1)] == [BingoStats(), BingoStats()]
    assert BingoStats(3, 0) + BingoStats(1, 1) == BingoStats(4, 1)


def test_five_up_average_hand_score_and_largest_count():
    # One hand, 3 players, no option: 5-3 leads (8). Ben 3-0 -> 5+0 = 5; Chie 5-1 -> 1+0; Aki 4-0
    # -> 1+4 = 5; Ben 5-4 -> 1+5; Chie 1-0 -> 0+5 = 5; Aki 5-0 -> 5+5 = 10; Ben 5-5 crosswise -> 10+5
    # = 15. Aki goes out: play points 3 + 6 for the others' pips (12 + 18 = 30 rounds to 6).
    state, _v = replayed("acceptance/records/five-up-3p-domino.json")
    assert [five_up_stats(state, s) for s in (0, 1, 2)] == [
        FiveUpStats(1, 9, LargestCount(10, "5-0")),
        FiveUpStats(1, 6, LargestCount(15, "5-5")),
        FiveUpStats(1, 2, LargestCount(5, "1-0")),
    ]
    # Two hands with dominoBonus2: Aki 7 + 2 (pips) + 2 (out) and 1; Ben 9, then 5 + 1 + 2.
    state, v = replayed("acceptance/records/five-up-2p-spinners-domino-bonus2.json")
    aki, ben = five_up_stats(state, 0), five_up_stats(state, 1)
    assert (aki.hands, aki.points, aki.average) == (2, 12, 6.0)
    assert (ben.hands, ben.points, ben.average) == (2, 17, 8.5)
    assert (aki.points, ben.points) == tuple(v.totals)
    # Partners (seats 0 and 2 against 1 and 3) share a side's hand scores, not their counts.
    state, v = replayed("records/five-up-partners-to-61.json")
    side = [five_up_stats(state, s) for s in range(4)]
    assert side[0].points == side[2].points and side[1].points == side[3].points
    assert side[0].largest != side[2].largest
    assert FiveUpStats().average is None
    assert (FiveUpStats(1, 9, LargestCount(10, "5-0")) + FiveUpStats(1, 6, LargestCount(15, "5-5"))) == (
        FiveUpStats(2, 15, LargestCount(15, "5-5"))
    )


def test_ninety_nine_bids_made():
    # Bid values (clubs 3, hearts 2, spades 1, diamonds 0, N4) against tricks won:
    # deal 1: Aki 6C7C8C = 9 / 9 made, Ben 6S6D7D = 1 / 0, Chie 6H8D9D = 2 / 0;
    # deal 2: 3 / 3, 3 / 3, 3 / 3 all made; deal 3: Aki 0 / 0 made, Ben 9 / 8, Chie 2 / 1.
    _state, v = replayed("acceptance/records/ninety-nine-fixed-target-200.json")
    stats = [ninety_nine_stats(v, s) for s in (0, 1, 2)]
    assert stats == [NinetyNineStats(3, 3), NinetyNineStats(3, 1), NinetyNineStats(3, 1)]
    assert [s.percent for s in stats] == [100, 33, 33]
    assert NinetyNineStats().percent is None and NinetyNineStats(8, 1).percent == 13  # 12.5 rounds up


def test_ninety_nine_a_deal_in_play_does_not_count():
    state = new(3)
    state = play(
        state, {"type": "deal", "dealer": 0}, {"type": "bid", "seat": 1, "cards": ["KS", "QH", "7C"]}
    )
    assert ninety_nine_stats(view(state), 1) == NinetyNineStats()


def test_trick_de_bingo_bingos():
    # detail "lines": Aki completes 1-5-9, 1-4-7, 3-5-7 and 7-8-9; Ben 3-5-7; Chie none; Dan four.
    _state, v = replayed("records/trick-de-bingo-one-round.json")
    assert [tdb_stats(v, s).bingos for s in range(4)] == [4, 1, 0, 4]
    assert [len(lines) for lines in v.detail["lines"]] == [4, 1, 0, 4]
    _state, v = replayed("acceptance/records/trick-de-bingo-four-rounds-default.json")
    assert tdb_stats(v, 0) == TrickDeBingoStats(4, 9)
    assert TrickDeBingoStats(1, 4) + TrickDeBingoStats(4, 9) == TrickDeBingoStats(5, 13)


def test_bead_game_best_placement():
    # docs/rules/bead-game.md's worked examples: Ann's 4-4 scores 5 x 4 x 2 = 40 (a double), Bob's
    # 3-1 scores 3 x 3 x 3 = 27; the sheet also writes the new tile's own line (factor 1).
    _state, v = replayed("acceptance/records/bead-game-worked-examples.json")
    ann, bob = bead_stats(v, 0), bead_stats(v, 1)
    assert ann == BeadGameStats(5, Placement(40, "4-4", "1 × 5 × 4 × 2 = 40"))
    assert bob == BeadGameStats(4, Placement(27, "3-1", "3 × 3 × 3 = 27"))
    assert (ann + bob).best == ann.best and (ann + bob).placements == 9
    assert BeadGameStats() + BeadGameStats() == BeadGameStats()


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_bingo_claims_are_the_claim_events_and_failures_cost_the_claimer(seed):
    """Every claim event counts once for its seat; a failed claim is one whose deal the other won."""
    sim = Sim(random.Random(seed), {})
    sim.play_match()
    for seat in (0, 1):
        stats = bingo_stats(sim.view, seat)
        assert stats.claims == sum(1 for e in sim.events if e["type"] == "claim" and e["seat"] == seat)
        lost = sum(
            1
            for d in sim.view.detail["deals"]
            if d["claim"] and d["claim"]["kind"] == "claim" and d["claim"]["seat"] == seat
            if d["result"]["winner"] != seat
        )
        assert stats.failed == lost <= stats.claims


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([2, 3, 4]))
def test_ninety_nine_bids_made_are_the_deals_where_tricks_equal_the_bid(seed, players):
    """N13 restated: a bid is made when the tricks won equal its value (the playouts' own referee)."""
    rnd = random.Random(seed)
    state, dealer, made = new(players), rnd.randrange(players), [0] * players
    trump, games = None, 0  # N8: the first deal of a game is at no trump
    for i in range(4):
        if view(state).finished:
            break
        if i:
            dealer = view(state).detail["next_dealer"]
            trump = None if len(view(state).detail["games"]) > games else trump
            games = len(view(state).detail["games"])
        raws, won, bids, _premiums, _revokes = deal_events(rnd, players, dealer, trump, i == 0, 0.0)
        state = play(state, *raws)
        assert view(state).detail["sheet"][-1]["tricks"] == won  # the playouts' referee agrees
        trump = view(state).detail["sheet"][-1]["next_trump"]
        made = [m + (won[s] == bids[s]) for s, m in enumerate(made)]
    deals = len(view(state).detail["sheet"])
    assert [ninety_nine_stats(view(state), s) for s in range(players)] == [
        NinetyNineStats(deals, m) for m in made
    ]


def test_score_pad_played_to_a_total_ends_with_its_winners_and_best_rounds():
    # Play to 20: after 12-(-3), 8-20 the totals are 20-17 and Aki, at 20, ends the pad; a tie on top
    # shares the win, and no round follows the end.
    pad = GAMES["score-pad"]
    state = pad.start(("Aki", "Ben", "Cho"), {"target": 20})
    for points in ((12, -3, 5), (8, 20, 12)):
        assert not state.finished
        state = pad.apply(state, Round(points))
    shown = pad.view(state)
    assert (shown.totals, shown.finished, shown.winners) == ((20, 17, 17), True, (0,))
    with pytest.raises(RuleError):
        pad.apply(state, Round((1, 1, 1)))
    assert [score_pad_stats(state, seat) for seat in range(3)] == [
        ScorePadStats(2, 12),
        ScorePadStats(2, 20),
        ScorePadStats(2, 12),
    ]
    assert ScorePadStats(2, -3) + ScorePadStats(1, -5) + ScorePadStats() == ScorePadStats(3, -3)
    tied = pad.apply(pad.start(("Aki", "Ben"), {"target": 5}), Round((6, 6)))
    assert pad.view(tied).winners == (0, 1)


def test_score_pad_without_a_total_never_ends():
    pad = GAMES["score-pad"]
    state = pad.apply(pad.start(("Aki", "Ben"), {"target": 0}), Round((1_000_000, 0)))
    assert not pad.view(state).finished and pad.view(state).winners == ()
