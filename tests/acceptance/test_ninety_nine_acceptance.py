"""Acceptance: Ninety-Nine records scored by hand from docs/rules/ninety-nine.md (not from the app's code).

Each record in records/ninety-nine-*.json is POSTed to /api/v1/records and the table state is compared
with numbers computed by hand from the digest. Refused records (ninety-nine-x-*) must answer 422 with
error.event = the index of the first bad event.

Notation: per deal "tricks + bonus (+ premium)", k = number of successful players (N13: 30/20/10 for
k = 1/2/3 with 3 players; 4 players: (4 - k) x 10, or 40/30/20/10 with bonus4p_40_30_20_10).
Bid code N3: C=3 H=2 S=1 D=0.
"""

from __future__ import annotations

from .harness import accepted_record_test, refused_record_test

ACCEPTED = {
    # N-E3 / N-E4 / N-E5 in one game (dealer 0, quick `tricks` mode).
    # deal 1: bids 3,4,2; tricks 3,5,1; k=1 (seat 0) -> 3+30=33, 5, 1.
    # deal 2: seat 0 declares 2, takes 2; seat 1 bid 4 took 4; seat 2 bid 1 took 3; k=2
    #         -> 2+20+30=52, 4+20=24, 3.
    # deal 3: seat 0 reveals 5, takes 4 (fails); seat 1 2/2, seat 2 3/3; k=2
    #         -> 4, 2+20+60=82, 3+20+60=83 (N14: each other player gets the 60).
    # game: 33+52+4=89, 5+24+82=111, 1+3+83=87 -> seat 1 >= 100 ends game 1 (N17), it is highest:
    #       +100 -> 211. Nobody else >= 100. Rubber continues: not finished.
    "worked-examples": ([89, 211, 87], False, []),
    # N-E8-like: two players >= 100 at a game end.
    # deal 1 (dealer 0): seat 1 reveals 9, takes 8 (fail); seat 0 bid 0 took 0; seat 2 bid 2 took 1.
    #        k=1 -> seat 0 0+30+60=90; seat 1 8; seat 2 1+60=61.
    # deal 2 (dealer 1): seat 2 declares 4, takes 4; seat 0 3/3; seat 1 bid 1 took 2; k=2
    #        -> seat 0 3+20=23 (113); seat 1 2 (10); seat 2 4+20+30=54 (115).
    # game end: seat 2 wins (115) +100 = 215; seat 0 113 >= 100 also +100 = 213 (N17); seat 1 10.
    # game 2, deal 3 written with "dealer": 1 - N17: game 2 is first dealt by the left of game 1's
    #        FIRST dealer (0) -> 1 (a continuing rotation would give 2). bids 3,3,3 tricks 3,3,3: k=3
    #        -> 13 each. totals 226, 23, 228.
    "game-end-two-over-100": ([226, 23, 228], False, []),
    # Rubber won in three straight games by seat 0. Every game: deal a: seat 0 reveals 9 (CCC) takes 9,
    # seat 1 bid 1 took 0, seat 2 bid 2 took 0 -> 9+30+60=99 (N-E1), 0, 0; deal b: 3/3 each, k=3 -> 13 each.
    # game: 112, 13, 13; seat 0 wins +100 -> 212. Three games: 636, 39, 39.
    # rubber bonus N17: 100 x (8 - 3 games) = 500 -> 1136. Finished, winner seat 0.
    "rubber-straight-wins": ([1136, 39, 39], True, [0]),
    # Two players + dummy (seat 2), N-E6 and N29.
    # deal 1: A 3/3, B bid 4 took 2, dummy bid 5 took 4 (fewer -> success, N28); k=2 -> A 3+20=23, B 2.
    # deal 2: same but B declares 4 and fails -> A and dummy +30 each (N29) -> A 53, B 2.
    # deal 3: A declares 3 takes 4 (fail), B declares 4 takes 1 (fail), dummy 5 took 4 (success);
    #         both declarers failed -> neither gets 30, dummy 60 (ignored); k=1 (dummy) -> A 4, B 1.
    # deal 4: A declares 3 takes 3, B declares 4 takes 2, dummy bid 4 took 4 (exact -> success);
    #         k=2 -> A 3+20+30(own)+30(B's failure, N29 [D]) = 83, B 2.
    # game: A 23+53+4+83 = 163 >= 100, B 2+2+1+2 = 7 -> A wins game 1: +100 -> 263. Rubber goes on.
    "two-player-dummy": ([263, 7], False, []),
    # wikiGameBonus (N18).
    # game 1: deal 1 as in game-end-two-over-100 -> 90, 8, 61.
    #   deal 2: seat 1 declares 3, takes 0 (fail: +30 to seats 0 and 2); seat 0 bid 1 took 4 (fail);
    #   seat 2 bid 5 took 5; k=1 -> seat 0 4+30=34 (124); seat 1 0 (8); seat 2 5+30+30=65 (126).
    #   game ends; bonus only for >= 100 AND succeeded in this deal: seat 2 -> 226; seat 0 failed -> 124
    #   (keeps the +30 from seat 1's failed declare). Bonuses earned: 1.
    # game 2: deal 3: seat 1 reveals 9 takes 8 (fail); seat 0 0/0; seat 2 1/1; k=2
    #   -> 0+20+60=80, 8, 1+20+60=81.
    #   deal 4: seat 1 declares 5 takes 0 (fail); seat 0 4/4, seat 2 5/5; k=2
    #   -> seat 0 4+20+30=54 (134); seat 1 0 (8); seat 2 5+20+30=55 (136). Both succeeded: +100 each
    #   -> 234, 8, 236. Bonus counts per seat: 1, 0, 2 -> not over yet. N18 "earned 3 times by one or
    #   more players" is per player: seed 002 says 1人以上が「ゲームボーナス」を3回獲得したら (when one or
    #   more players have each earned it 3 times).
    # game 3: a copy of game 2 -> 234, 8, 236; bonus counts 2, 0, 3 -> match ends.
    # Totals 124+234+234=592, 8+8+8=24, 226+236+236=698; highest seat 2.
    "wiki-game-bonus": ([592, 24, 698], True, [2]),
    # fixedTarget 200 (N19): no game/rubber, play until someone passes 200.
    # deal 1: seat 0 reveal 9/9, others fail -> 99, 0, 0. deal 2: 3/3 each, k=3 -> 13 each: 112, 13, 13.
    # deal 3: seat 1 reveals 9 takes 8; seat 0 0/0; seat 2 bid 2 took 1; k=1 -> +90, +8, +61
    # -> 202, 21, 74: seat 0 passed 200 -> finished, winner 0.
    "fixed-target-200": ([202, 21, 74], True, [0]),
    # 4 players, N-E7 (seed formula): bids 3,2,4,0 tricks 3,2,5,0; k=3 -> 10 each -> 13, 12, 5, 10.
    # deal 2: everyone succeeds (2,2,3,3), k=4 -> bonus 0 -> +2,+2,+3,+3 -> 15, 14, 8, 13.
    "four-players": ([15, 14, 8, 13], False, []),
    # same with bonus4p_40_30_20_10: deal 1 k=3 -> 20 each -> 23, 22, 5, 20; deal 2 k=4 -> 10 each
    # -> +12, +12, +13, +13 -> 35, 34, 18, 33.
    "four-players-bonus-40": ([35, 34, 18, 33], False, []),
    # Oxford Whist (N34): 16 deals, a 2-5 turn-up each. Deals 1-15: 3/3 each -> 3+10 = 13 each
    # (10 per success whatever k) -> 195 each. Deal 16: seat 0 bid 3 took 4 -> 4; seat 1 bid 3 took 2 -> 2;
    # seat 2 3/3 -> 13. Totals 199, 197, 208; pack exhausted -> finished, winner seat 2.
    "oxford-whist-16-deals": ([199, 197, 208], True, [2]),
    # Full tricks. Deal 1 (dealer 0, eldest seat 1 leads, no trump N8): winners by highest of led suit:
    #  t1 AS(1) t2 KS(1) t3 QS(1, seat 0 discards 7H) t4 AC(2) t5 KC(2) t6 QC(2) t7 AD(0) t8 10D(0, others
    #  void) t9 AH(2) -> seat 0: 2, seat 1: 3, seat 2: 4. Bids 6H6D7D=2, 6C8D9D=3, 7C6SQD=4: all succeed,
    #  k=3 -> 12, 13, 14. Next trump: 3 successes -> clubs (N8).
    # Deal 2 (dealer 1, seat 2 leads, trump C): seat 2 declares.
    #  t1 AH 6H 9C: seat 1 ruffs -> 1; t2 AS(1) -> 1; t3 KS 9S 10C: seat 0 ruffs -> 0; t4 AD(0) -> 0;
    #  t5 KD JC 7H: seat 1 ruffs -> 1; t6 QS(1) -> 1; t7 10S AC 9H: seat 2 ruffs -> 2; t8 KH 10H QC:
    #  seat 1 ruffs -> 1; t9 KC(1) -> 1. Won: seat 0 2, seat 1 6, seat 2 1 (at no trump seat 2 would
    #  take t1 and t8).
    #  Bids: seat 0 6S6D7D=1 (fail), seat 1 6C7C8D=6 (made), seat 2 8C9D10D=3, declared, took 1 (fail)
    #  -> k=1: seat 0 2+30(premium N14)=32; seat 1 6+30+30=66; seat 2 1.
    # Totals 12+32=44, 13+66=79, 14+1=15.
    "full-tricks-trump": ([44, 79, 15], False, []),
    # classicTurnUp (N33): the same two deals, each with a turn-up; the Joker is played in place of the
    # turned-up card and stands for it. Deal 1 turn-up 9S -> no trump (a 9), JK played by seat 2 in
    # trick 2 as 9S: same winners as above -> 12, 13, 14. Deal 2 turn-up QC -> clubs trump (by the turn-up,
    # not by N8), JK = QC ruffs trick 8 for seat 1: same winners -> 32, 66, 1. Totals 44, 79, 15.
    "classic-turn-up": ([44, 79, 15], False, []),
}

REFUSED = {
    # a bid of two cards (N3: three bid cards) - event 2 (deal, tricks, bid)
    "bid-two-cards": 2,
    # `tricks` counts 3+4+1 = 8 but a 3-player deal has 9 tricks (N3)
    "tricks-sum-eight": 1,
    # a 5 in the 3-player 36-card pack (N1: A K Q J 10 9 8 7 6)
    "five-in-36-card-pack": 3,
    # game 2's first deal written with dealer 2; N17 fixes it as seat 1 (left of game 1's first dealer);
    # record-format: a field the rules fix must agree
    "wrong-first-dealer-of-game-2": 12,
    # 2 players may declare but not reveal (N23)
    "reveal-with-two-players": 1,
    # a deal after the rubber was won (record-format: events after the end are rejected)
    "deal-after-rubber-end": 33,
    # Oxford Whist has no premium bids (N34)
    "premium-in-oxford-whist": 1,
    # fixedTarget 200 was passed at deal 3 (event 11..16); deal 4 at event 17 is after the end
    "deal-after-fixed-target": 17,
    # Oxford Whist ends after 16 deals (N34): a 17th deal (event 80) is after the end
    "seventeenth-oxford-deal": 80,
    # AS played in trick 1 and again in trick 2 (event 4): one pack, each card once
    "card-played-twice": 4,
    # only one premium bid per deal with 3 players (N6): second premium at event 2
    "second-premium-3p": 2,
    # a `tricks` event before any deal
    "trick-before-deal": 0,
}


test_accepted_record = accepted_record_test("ninety-nine", ACCEPTED)
test_refused_record = refused_record_test("ninety-nine", REFUSED, prefix="x-")
