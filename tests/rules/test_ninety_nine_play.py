"""Ninety-Nine play: premium bids (N5-N7, N23, N-Δ2, N-Δ3), the 2-player order (N26), revokes (N10)
and the events the rules refuse, with their error codes."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_ninety_nine_support import new, play, quick_deal, view

from referee.games.ninety_nine.rules import GAME
from referee.games.ninety_nine.rules.pack import trick_winner
from referee.rules.base import GameOver, IllegalEvent, MalformedEvent
from referee.rules.cards import SUITS, Card, deck

DEAL0 = {"type": "deal", "dealer": 0}


def premium(seat, kind, **extra):
    return {"type": "premium", "seat": seat, "kind": kind, **extra}


def trick(*cards):
    return {"type": "trick", "cards": list(cards)}


def bid(seat, *cards):
    return {"type": "bid", "seat": seat, "cards": list(cards)}


def refused(code, state, *raws):
    with pytest.raises((IllegalEvent, MalformedEvent)) as err:
        play(state, *raws)
    assert err.value.code == code, str(err.value)
    return err.value


def standing(state):
    return [(p["seat"], p["kind"]) for p in view(state).detail["premiums"]]


# --- premium bids -------------------------------------------------------------------------------


def test_premium_priority_nearest_the_dealers_left_and_reveal_beats_declare_n7():
    s = play(new(3), DEAL0)  # priority: seat 1, seat 2, the dealer (seat 0) last
    s = play(s, premium(2, "declare"))
    s = play(s, premium(1, "declare"))  # nearer the dealer's left: takes over
    assert standing(s) == [(1, "declare")]
    refused("premium_outranked", s, premium(0, "declare"))  # the dealer has least priority
    s = play(s, premium(0, "reveal"))  # a reveal beats any declare, whatever the position
    s = play(s, premium(2, "reveal"))  # among revealers, seat priority
    refused("premium_outranked", s, premium(0, "reveal"))
    s = play(s, premium(1, "reveal"))
    assert standing(s) == [(1, "reveal")]  # N6: one premium per deal
    refused("premium_outranked", s, premium(1, "reveal"))


def test_seed_asking_order_a_reveal_ends_it_except_the_declarers_counter_reveal_n_delta_2():
    s = play(new(3, seedAskingOrder=True), DEAL0)  # asked: dealer 0, then 1, then 2
    s = play(s, premium(0, "declare"))
    refused("premium_outranked", s, premium(1, "declare"))  # after a declare only a reveal
    s = play(s, premium(1, "reveal"))
    refused("premium_closed", s, premium(2, "reveal"))  # a reveal ends the asking
    s = play(s, premium(0, "reveal"))  # the outbid declarer answers with a reveal
    assert standing(s) == [(0, "reveal")]
    refused("premium_closed", s, premium(1, "reveal"))
    s2 = play(new(3, seedAskingOrder=True), DEAL0, premium(1, "declare"))
    refused("premium_order", s2, premium(0, "reveal"))  # the dealer was asked first and passed


def test_two_players_may_both_declare_but_never_reveal_n23():
    s = play(new(2), DEAL0, premium(0, "declare"), premium(1, "declare"))
    assert standing(s) == [(0, "declare"), (1, "declare")]
    refused("premium_twice", s, premium(0, "declare"))
    refused("no_reveal", play(new(2), DEAL0), premium(1, "reveal"))
    refused("bad_seat", play(new(2), DEAL0), premium(2, "declare"))  # the dummy bids no premium


def test_both_two_player_declarers_fail_the_dummy_takes_60_n29():
    raws = quick_deal([3, 4, 5], [2, 3, 4], dealer=0)
    raws[1:1] = [premium(0, "declare"), premium(1, "declare")]
    row = view(play(new(2), *raws)).detail["sheet"][0]
    assert row["premium"] == [0, 0] and row["scores"] == [2, 3]  # only the dummy succeeded (N28)
    # one declarer made it and the other failed: 30 own + 30 from the other's failure (N29 [D])
    raws = quick_deal([2, 4, 5], [2, 3, 4], dealer=0)
    raws[1:1] = [premium(0, "declare"), premium(1, "declare")]
    row = view(play(new(2), *raws)).detail["sheet"][0]
    assert row["premium"] == [60, 0] and row["scores"] == [2 + 20 + 60, 3]


def test_no_premium_after_the_opening_lead_n5():
    s = play(new(3), DEAL0, trick("AH", "6H", "7H"))
    refused("premium_late", s, premium(0, "declare"))


def test_revealer_names_the_leader_n_delta_3_r17():
    s = play(new(3, revealerNamesLeader=True), DEAL0, premium(0, "reveal", leader=0))
    assert view(s).detail["leader"] == 0
    refused("no_leader", play(new(3), DEAL0), premium(0, "reveal", leader=0))


def test_oxford_whist_has_no_premium_bids_n34():
    s = play(new(3, oxfordWhist=True), {"type": "deal", "dealer": 0, "turnup": "2S"})
    refused("no_premiums", s, premium(1, "declare"))


# --- the revealed hand (N5) is checked at once ------------------------------------------------

HAND2 = ["AC", "KC", "QC", "JC", "10C", "AH", "6S", "7S", "8S"]


def test_a_revealed_hand_must_follow_suit_at_once_n10_n5():
    s = play(new(3), DEAL0, premium(2, "reveal", hand=HAND2))  # seat 1 leads (N9), seat 2 second
    assert view(s).detail["revealed"] == [{"seat": 2, "cards": sorted(HAND2, key=_order)}]
    err = refused("revoke", s, trick("6H", "6S", "7H"))  # holds ♥A in full view
    assert err.params["held"] == "A♥"  # as players write it
    s = play(s, trick("6H", "AH", "7H"))
    assert "AH" not in view(s).detail["revealed"][0]["cards"]


def test_revealer_plays_only_from_the_revealed_hand_and_nobody_else_plays_its_cards():
    s = play(new(3), DEAL0, premium(2, "reveal", hand=HAND2))
    refused("not_revealed", s, trick("9D", "6D", "7D"))
    refused("card_revealed", s, trick("KC", "6S", "7D"))
    refused("bad_hand", play(new(3), DEAL0), premium(2, "reveal", hand=HAND2[:8]))
    refused("no_hand", play(new(3), DEAL0), premium(2, "declare", hand=HAND2))


def _order(text):
    from referee.rules.cards import Card

    return Card.parse(text)


# --- the 2-player order (N26) --------------------------------------------------------------------


def test_two_player_order_the_dummy_plays_first_or_last_n26():
    s = play(new(2), DEAL0)
    d = view(s).detail
    assert d["to_play"] == [1, 0, 2] and d["dummy_controller"] == 1  # the non-dealer leads
    s = play(s, trick("6H", "7H", "AH"))  # the dummy wins; seat 1 played its card
    d = view(s).detail
    assert d["to_play"] == [2, 0, 1] and d["dummy_controller"] == 1
    s = play(s, trick("KS", "6S", "AS"))  # seat 1 wins from hand: leads, and plays the dummy third
    d = view(s).detail
    assert d["to_play"] == [1, 0, 2] and d["dummy_controller"] == 1
    s = play(s, trick("6C", "AC", "7C"))  # seat 0 wins: now seat 0 controls the dummy
    d = view(s).detail
    assert d["to_play"] == [0, 1, 2] and d["dummy_controller"] == 0


def test_the_dummys_revoke_is_a_breach_of_seat_2():
    s = play(new(2), DEAL0, trick("6H", "7H", "AS"), trick("8H", "9H", "KH"))
    (b,) = view(s).breaches
    assert (b.event, b.rule, b.seat) == (1, "N10", 2)
    assert b.params["held"] == "K♥" and b.params["trick"] == "1"


# --- revokes found after the fact (N10, rules README §6.3) --------------------------------------


def test_a_revoke_is_a_breach_named_by_trick_and_card_not_a_refusal_n10():
    s = play(new(3), DEAL0, trick("AH", "6S", "8H"))  # seat 2 shows out of ♥ ...
    assert view(s).breaches == ()
    s = play(s, trick("QH", "7H", "9H"))  # ... and later plays ♥7: trick 1 was a revoke
    (b,) = view(s).breaches
    assert (b.event, b.seat, b.rule) == (1, 2, "N10")
    assert b.params == {
        "player": "Chie",
        "suit": "♥",
        "trick": "1",
        "card": "6♠",
        "held": "7♥",
        "later": "2",
    }
    s = play(s, trick("10H", "JH", "KH"))  # one breach per trick and seat
    assert len(view(s).breaches) == 1


def test_the_highest_trump_wins_and_the_winner_leads_n11():
    # N11 (and N9: eldest leads the first trick)
    s = play(new(3), *quick_deal([3, 4, 2], [3, 5, 1], dealer=0))  # 1 success: ♠ next (N8)
    s = play(s, {"type": "deal"})  # seat 1 deals, seat 2 leads (N9)
    assert view(s).detail["to_play"] == [2, 0, 1]
    s = play(s, trick("AH", "6S", "KH"))
    t = view(s).detail["tricks"][0]
    assert t["winner"] == 0 and t["why"]["params"]["card"] == "6♠"
    assert view(s).detail["leader"] == 0
    s = play(s, trick("AD", "KD", "QD"))  # no trump played: the highest card of the suit led
    assert view(s).detail["tricks"][1]["winner"] == 0


def test_a_deal_is_complete_only_when_every_bid_is_shown_n15():
    # N15: the bids are needed at the end for the bonus and the next trump
    cards = [f"{r}{s}" for s in "SHDC" for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6")]
    s = play(new(3), DEAL0, bid(1, "AC", "KC", "QC"))
    for i in range(9):
        s = play(s, trick(*cards[3 * i : 3 * i + 3]))
    s = play(s, bid(0, "JC", "10C", "9C"))
    v = view(s)
    assert v.detail["phase"] == "awaiting bids" and v.detail["sheet"] == []
    assert v.detail["bid_status"] == ["sealed", "sealed", "missing"]  # the first bid came before play
    assert v.detail["next"] == ["bid"]
    s = play(s, bid(2, "8C", "7C", "6C"))
    v = view(s)
    assert v.detail["phase"] == "complete" and v.detail["bid_status"] == ["shown"] * 3
    assert v.detail["sheet"][0]["tricks"] == [0, 9, 0]  # each ace led wins; Ben leads throughout


def test_the_dummys_bid_is_seat_2_and_stays_hidden_until_the_end_n22_n24():
    # N22, N24, N-Δ6: the app records only that the dummy's bid is in, face down
    s = play(new(2), DEAL0, bid(2, "AC", "KC", "6D"))
    assert view(s).detail["bid_status"] == ["missing", "missing", "sealed"]
    assert view(play(s, trick("6H", "7H", "AC"))).breaches == ()  # sealed: not refused, not yet told
    s = play(new(2), DEAL0, trick("6H", "7H", "AH"))
    assert view(s).detail["won"] == [0, 0, 1]


# --- refusals ----------------------------------------------------------------------------------


def test_refused_events_name_their_code():
    s = play(new(3), DEAL0)
    refused("no_deal", new(3), trick("AH", "6H", "7H"))
    refused("need_dealer", new(3), {"type": "deal"})
    refused("bad_seat", new(3), {"type": "deal", "dealer": 3})
    refused("deal_incomplete", s, {"type": "deal"})
    refused("bad_trick", s, trick("AH", "6H"))
    refused("bad_trick", s, trick("AH", "AH", "6H"))
    refused("card_played", play(s, trick("AH", "6H", "7H")), trick("AH", "8H", "9H"))
    refused("not_in_pack", s, trick("2C", "6H", "7H"))  # N1: 6 to ace with 3 players
    refused("card_in_bid", play(s, bid(1, "AC", "6D", "7D"), premium(1, "declare")), trick("KH", "AC", "7H"))
    refused("bad_bid", s, bid(0, "AC", "6D"))
    refused("bad_bid", s, bid(0, "AC", "6D", "7D", "8D"))
    refused("bad_bid", s, bid(0, "AC", "AC", "7D"))
    refused("bid_twice", play(s, bid(0, "AC", "6D", "7D")), bid(0, "KC", "8D", "9D"))
    refused("card_in_bid", play(s, bid(0, "AC", "6D", "7D"), premium(0, "declare")), bid(1, "AC", "8D", "9D"))
    refused("card_played", play(s, trick("AH", "6H", "7H")), bid(2, "7H", "8D", "9D"))
    refused("bad_counts", s, {"type": "tricks", "counts": [3, 3, 2]})
    refused("bad_counts", s, {"type": "tricks", "counts": [3, 3]})
    refused("quick_mode", play(s, {"type": "tricks", "counts": [3, 3, 3]}), trick("AH", "6H", "7H"))
    refused("quick_mode", play(s, trick("AH", "6H", "7H")), {"type": "tricks", "counts": [3, 3, 3]})
    refused("no_turnup", new(3), {"type": "deal", "dealer": 0, "turnup": "AS"})
    refused("need_turnup", new(3, classicTurnUp=True), DEAL0)
    refused("bad_turnup", new(3, oxfordWhist=True), {"type": "deal", "dealer": 0, "turnup": "6S"})
    refused("bad_field", s, premium(0, "shout"))  # the codec: kind is Literal["declare", "reveal"]
    refused("unknown_field", s, {"type": "bid", "seat": 0, "cards": ["AC", "6D", "7D"], "x": 1})


def test_later_deals_follow_the_rotation_and_turnups_are_not_reused():
    s = play(new(3), *quick_deal([3, 4, 2], [3, 5, 1], dealer=0))
    refused("wrong_dealer", s, {"type": "deal", "dealer": 0})
    play(s, {"type": "deal", "dealer": 1})
    o = play(new(3, oxfordWhist=True), {"type": "deal", "dealer": 0, "turnup": "2S"})
    o = play(o, {"type": "tricks", "counts": [3, 3, 3]}, bid(0, "AC", "6D", "7D"))
    o = play(o, bid(1, "KC", "8D", "9D"), bid(2, "QC", "10D", "JD"))
    refused("bad_turnup", o, {"type": "deal", "turnup": "2S"})


def test_a_tenth_trick_is_refused_with_three_players():
    cards = [f"{r}{s}" for s in "SHDC" for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6")]
    s = play(new(3), DEAL0)
    for i in range(9):
        s = play(s, trick(*cards[3 * i : 3 * i + 3]))
    assert view(s).detail["phase"] == "awaiting bids"
    refused("tricks_over", s, trick(*cards[27:30]))


def test_options_that_cannot_be_combined_or_do_not_fit_the_table_are_refused():
    with pytest.raises(MalformedEvent) as err:
        GAME.start(("A", "B", "C", "D"), GAME.resolve_options({"oxfordWhist": True}))
    assert err.value.code == "bad_option"
    with pytest.raises(MalformedEvent) as err:
        GAME.start(("A", "B", "C"), GAME.resolve_options({"wikiGameBonus": True, "fixedTarget": 200}))
    assert err.value.code == "bad_option"
    for refused_target in (10_001, -5, "200", True, 200.5):  # N19: any whole number 1..10,000
        with pytest.raises(MalformedEvent) as err:
            GAME.resolve_options({"fixedTarget": refused_target})
        assert err.value.code == "bad_option"


def test_nothing_is_recorded_after_the_rubber_is_won():
    state = replace(new(3), game_scores=(95, 0, 0), games_won=(2, 0, 0))
    state = play(state, *quick_deal([5, 0, 9], [5, 4, 0], dealer=0))
    assert view(state).finished
    with pytest.raises(GameOver) as err:
        play(state, {"type": "deal"})
    assert err.value.code == "finished"


def test_the_joker_must_follow_as_the_turn_up_card_n33():
    s = play(new(3, classicTurnUp=True), {"type": "deal", "dealer": 0, "turnup": "QC"})
    s = play(s, trick("AC", "6H", "7C"))  # seat 2 shows out of ♣ ...
    s = play(s, trick("AH", "JK", "KH"))  # ... and later plays the Joker, which is the ♣Q
    (b,) = view(s).breaches
    assert (b.event, b.seat) == (1, 2) and b.params["held"] == "Joker"
    refused("not_in_pack", s, trick("QC", "8H", "9H"))  # the turn-up itself is out of play


def test_one_premium_per_deal_with_four_players_too_n32():
    s = play(new(4), DEAL0, premium(3, "declare"), premium(2, "declare"))
    refused("premium_outranked", s, premium(3, "declare"))
    assert standing(s) == [(2, "declare")]


def test_the_two_player_deal_alternates_between_the_live_players_n2():
    s = play(new(2), *quick_deal([3, 4, 5], [3, 2, 4], dealer=1))
    assert view(s).detail["next_dealer"] == 0
    s = play(s, *quick_deal([3, 4, 5], [3, 2, 4]))
    assert view(s).detail["sheet"][1]["dealer"] == 0 and view(s).detail["next_dealer"] == 1


def test_a_new_table_shows_no_deal_yet():
    v = view(new(3))
    assert v.totals == (0, 0, 0) and not v.finished
    assert v.detail["phase"] == "not started" and v.detail["next"] == ["deal"]


# --- cards of a sealed bid (issue 13) ------------------------------------------------------------

SUITED = [f"{r}{s}" for s in "SHDC" for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6")]


def n3(state):
    return {
        (b.event, b.seat, b.params["card"], b.params["owner"]) for b in view(state).breaches if b.rule == "N3"
    }


def test_a_card_of_a_sealed_bid_is_not_refused_but_reported_as_a_breach_when_the_bids_open_n3():
    """N3: bid cards are set aside, so no trick or other bid can hold them. While a bid is sealed a
    refusal would open it, so the card is accepted and the whole table is told once the bids open."""
    s = play(new(3), DEAL0, bid(1, "AC", "KC", "QC"))
    s = play(s, bid(2, "AC", "6D", "7D"))  # Chie's bid repeats Ben's AC
    s = play(s, trick("6H", "7H", "KC"))  # Ben leads (eldest), Chie, then Aki plays Ben's KC
    rest = [c for c in SUITED if c not in {"AC", "KC", "QC", "6D", "7D", "6H", "7H", "8D", "9D", "10D"}]
    for i in range(8):
        assert n3(s) == set()  # both bids sealed: nothing told yet
        s = play(s, trick(*rest[3 * i : 3 * i + 3]))
    s = play(s, bid(0, "8D", "9D", "10D"))
    assert view(s).detail["phase"] == "complete"
    assert n3(s) == {(2, 2, "A♣", "Ben"), (3, 0, "K♣", "Ben")}  # as players write cards, not "AC"


def test_a_premium_opens_a_bid_and_its_conflicts_with_bids_still_sealed_wait():
    s = play(new(3), DEAL0, bid(1, "AC", "KC", "QC"), bid(2, "AC", "6D", "7D"))
    s = play(s, premium(2, "declare"))  # Chie's bid is face up, Ben's still sealed
    assert n3(s) == set()
    s = play(s, trick("KC", "6H", "7H"))
    assert n3(s) == set()


def test_checks_that_need_no_sealed_card_still_refuse_whatever_the_sealed_bids_hold():
    s = play(new(3), DEAL0, bid(1, "AC", "KC", "QC"))
    refused("not_in_pack", s, trick("AC", "6H", "2C"))  # AC is Ben's, 2C refused all the same
    refused("card_played", play(s, trick("AH", "6H", "7H")), trick("AC", "AH", "8H"))
    refused("card_revealed", play(s, premium(2, "reveal", hand=SUITED[9:18])), trick("AC", "AH", "8H"))


def test_a_record_is_still_refused_at_a_card_of_an_earlier_bid():
    from referee.store.replay import ReplayError, replay_events

    events = [DEAL0, bid(1, "AC", "KC", "QC"), trick("AC", "6H", "7H")]
    replay_events(GAME, ("Aki", "Ben", "Chie"), {}, events)  # a live table takes it (sealed)
    with pytest.raises(ReplayError) as err:
        replay_events(GAME, ("Aki", "Ben", "Chie"), {}, events, record=True)
    assert err.value.index == 2 and err.value.code == "card_in_bid" and "Ben" in str(err.value)


# --- the trick's winner (N11, N33) ---------------------------------------------------------------


@given(
    st.lists(st.sampled_from(deck(6)), min_size=3, max_size=4, unique=True),
    st.sampled_from([None, *SUITS]),
)
def test_n11_the_highest_trump_wins_else_the_highest_card_of_the_suit_led(cards, trump):
    """N11, worked out from its words for any three or four cards: the reason names the only trump,
    the highest trump, or the highest card of the suit led."""
    pos, why = trick_winner(tuple(cards), trump, None)
    trumps = [c for c in cards if c.suit == trump]
    assert cards[pos] == max(trumps or [c for c in cards if c.suit == cards[0].suit], key=lambda c: c.rank)
    if len(trumps) == 1 and cards[0].suit != trump:
        assert why["msg"] == "%(card)s is the only trump (%(trump)s) in the trick."
    elif trumps:
        assert why["msg"] == "%(card)s is the highest trump (%(trump)s) in the trick."
    else:
        assert why["msg"] == "%(card)s is the highest card of the suit led (%(led)s); no trump was played."


@pytest.mark.parametrize(
    ("cards", "turnup", "winner"),
    [
        (("JK", "9H", "AH"), "10H", 2),  # N33: the Joker is the turned-up 10♥: under A♥
        (("9H", "JK", "8H"), "10H", 1),  # ... and over 9♥
        (("AS", "JK", "KS"), "10H", 1),  # ... and a trump (♥) on a spade lead
    ],
)
def test_n33_the_joker_plays_as_the_turned_up_card(cards, turnup, winner):
    parsed = tuple(Card.parse(c) for c in cards)
    assert trick_winner(parsed, "H", Card.parse(turnup))[0] == winner
