"""Acceptance: Five Up records written from docs/record-format.md and docs/rules/five-up.md only.

Every expected number below was worked out by hand from the digest (rule ids cited); the app's rules
code was not read. Count after each placement: F15 (free non-double ends; 2 x n for a double with a
free side), points F16 (count / 5 when a positive multiple of 5). R(x) = floor((x + 2) / 5) (F24 IDA);
Le Quantette rounds down (F24, F-Δ4).
"""

from __future__ import annotations

from .harness import accepted_record_test, refused_record_test

# ---- 2 players, two hands that each end in a domino (7 tiles each, F7) ---------------------------
# Hand 1, s0 leads (F-E2 then more):
#   s0 2-3 lead: 2+3 = 5 => 1 | s1 2-5 on 2-3: 3+5 = 8 | s0 3-5 on 2-3: 5+5 = 10 => 2 (s0 3)
#   s1 5-5 on 3-5: 5 + 2x5 = 15 => 3 | s0 5-6 on 5-5 (free side, double stops counting): 5+6 = 11
#   s1 4-5 on 2-5: 4+6 = 10 => 2 (s1 5) | s0 6-6 on 5-6: 4 + 12 = 16 | s1 4-4 on 4-5: 8 + 12 = 20 => 4 (s1 9)
#   s0 5-0 on 5-5 (an end: both sides used, F13): 8 + 12 + 0 = 20 => 4 (s0 7)
#   s1 6-1 on 6-6 (second side): 8 + 1 + 0 = 9 | s0 0-0 on 5-0: 8 + 1 + 0 (0-0 counts 2x0) = 9
#   s1 4-1 on 4-4 (second side): 1 + 1 + 0 = 2 | s0 6-4 on 6-6 (an end): 1+1+0+4 = 6; s0 has played 7: domino.
#   end: s1 holds 6-2 = 8 pips => s0 R(8) = 2 (F25).  Hand 1: s0 7 + 2 = 9, s1 9.
# Hand 2, s1 leads (F4 clockwise) (F-E3 then more):
#   s1 5-5 lead: 10 => 2 | s0 5-3 on a side: 10 + 3 = 13 | s1 5-2 on the other side: 3 + 2 = 5 => 1 (s1 3)
#   s0 5-0 on a spinner end: 3+2+0 = 5 => 1 (s0 1) | s1 3-3 on 5-3: 6+2+0 = 8 | s0 2-6 on 5-2: 6+6+0 = 12
#   s1 3-1 on 3-3: 1+6+0 = 7 | s0 6-6 on 2-6: 1+12+0 = 13 | s1 0-4 on 5-0: 1+12+4 = 17
#   s0 1-6 on 3-1: 6+12+4 = 22 | s1 6-0 on 6-6 (second side): 6+0+4 = 10 => 2 (s1 5)
#   s0 4-4 on 0-4: 6+0+8 = 14 | s1 6-3 on 6-6 (an end): 6+0+8+3 = 17; s1 domino.
#   end: s0 holds 2-1 = 3 pips => s1 R(3) = 1.  Hand 2: s0 1, s1 5 + 1 = 6.
# IDA: s0 9 + 1 = 10, s1 9 + 6 = 15.   Le Quantette: R -> floor: hand 1 s0 7 + 1, hand 2 s1 5 + 0 => 9, 14.
# dominoBonus2 (F35): each dominoer +2 => 12, 17.

# ---- 4 players (F1 partners 0+2 v 1+3), 5 tiles each; s0 dominoes on the 17th placement --------
#   0 s0 6-6: 12 | 1 s1 6-3 on 6-6: 12+3 = 15 => 3 | 2 s2 6-0 on 6-6: 3+0 = 3 | 3 s3 1-0 on 6-0: 3+1 = 4
#   4 s0 4-3 on 6-3: 4+1 = 5 => 1 | 5 s1 6-5 on 6-6 (end): 4+1+5 = 10 => 2 | 6 s2 5-3 on 6-5: 4+1+3 = 8
#   7 s3 4-1 on 4-3: 1+1+3 = 5 => 1 | 8 s0 6-2 on 6-6: 1+1+3+2 = 7 | 9 s1 3-2 on 5-3: 1+1+2+2 = 6
#   10 s2 6-1 on 1-0: 1+6+2+2 = 11 | 11 s3 6-4 on 6-1: 1+4+2+2 = 9 | 12 s0 2-2 on 6-2: 1+4+2+4 = 11
#   13 s1 2-1 on 3-2: 1+4+1+4 = 10 => 2 | 14 s2 3-1 on 2-1: 1+4+3+4 = 12 | 15 s3 3-0 on 3-1: 1+4+0+4 = 9
#   16 s0 5-4 on 6-4: 1+5+0+4 = 10 => 2.  Play: pair 0+2 = 1 + 2 = 3 (+0); pair 1+3 = 3+2+2 = 7 (+1) = 8.
#   end pips [0, 7, 10, 6]: pair 0+2 scores R(7 + 6) = R(13) = 3; the partner's 10 is ignored (F25, F-E7).
#   IDA: 3 + 3 = 6 v 8, shared by partners.  Le Quantette: floor(13/5) = 2 => 5 v 8.

# ---- 3 players, 5 tiles each; s0 dominoes (F-E8 numbers: B 12 pips, C 18) -----------------------
#   s0 5-3: 8 | s1 3-0 on 5-3: 5+0 = 5 => 1 | s2 5-1 on 5-3: 0+1 = 1 | s0 4-0 on 3-0: 1+4 = 5 => 1
#   s1 5-4 on 4-0: 1+5 = 6 | s2 1-0 on 5-1: 0+5 = 5 => 1 | s0 5-0 on 1-0: 5+5 = 10 => 2 (s0 3)
#   s1 5-5 on 5-0: 5 + 10 = 15 => 3 (s1 4) | s2 6-5 on 5-5: 5+6 = 11 | s0 6-2 on 6-5: 5+2 = 7
#   s1 2-2 on 6-2: 5+4 = 9 | s2 draws 1, plays 2-0 on 2-2: 5+0 = 5 => 1 (s2 2) | s0 6-0 on 2-0: 5+6 = 11; domino.
#   end [0, 12, 18]: IDA p_B = R(12) = 2, p_C = R(18) = 4 => A 6, B (lower p) 4 - 2 = 2, C 0 (F25)
#   => [3 + 6, 4 + 2, 2] = [9, 6, 2].  Le Quantette: A floor(30/5) = 6, B floor(6/5) = 1 => [9, 5, 2].

# ---- 2 players, blocked hands (F23, F26) -----------------------------------------------------------
# Block template B0 (s0 leads, 9 placements): s0 3-4: 7 | s1 6-3 on 3-4: 6+4 = 10 => 2 (s1)
#   | s0 4-6: 6+6 = 12 | s1 2-6: 2+6 = 8 | s0 6-5: 2+5 = 7 | s1 1-2: 1+5 = 6 | s0 5-0: 1+0 = 1
#   | s1 6-1: 6+0 = 6 | s0 0-6: 6+6 = 12. Both ends are 6 and every six but 6-6 is laid; 6-6 is in the
#   reserve with 1-0. s1 draws the 12 drawable tiles (14 - reserve 2, F8) and passes, s0 passes: blocked.
#   Unplayed pips 168 - 66 = 102; reserve 12 + 1 => hands hold 89.
# Block template B1 (s1 leads, 10 placements): s1 3-1: 4 | s0 6-3: 7 | s1 1-4 on 3-1: 6+4 = 10 => 2 (s1)
#   | s0 2-6: 6 | s1 4-6: 8 | s0 1-2: 7 | s1 6-5: 6 | s0 6-1: 11 | s1 5-0: 6 | s0 0-6: 12; s1 draws 12,
#   passes, s0 passes. Unplayed 168 - 68 = 100; reserve 13 => hands hold 87.
# H1 = B0, end [11, 78] (s0 holds 2-0 + 5-4): s0 has fewer and scores R(78) = 16 (78/5 = 15.6 rounds up),
#   not R(78 - 11) = 13 (F26, F-E6).  => [16, 2].  Le Quantette: floor(78/5) = 15 => [15, 2].
# H2 = B1, end [10, 77] (4-0 + 4-2): s0 R(77) = 15 (15.4 rounds down); s1 +2.   => [31, 4]
# H3 = B0, end [12, 77] (4-0 + 5-3): s0 15; s1 +2.                              => [46, 6]
# H4 = B1, end [10, 77]: s0 15; s1 +2.                                          => [61, 8]
#   F29: 61 or more at a hand's end => game over, s0 wins. F31: +(61 - 8) = +53 / -53.
#   winnerBonus10 (F33): s0 71 (totals include it) => +63 / -63.
#   skunk10 (F34): s1 8 <= 30 => 53 + 10 = +63 / -63 (loser mirrors, as in F-E13).
#   skunkDouble (F34 sub-option): 2 x 53 = +106 / -106.
#   strictlyOver61 (F-Δ5): 61 is not over 61 => H5 = B0 again, end [11, 78]: s0 +16 = 77, s1 +2 = 10
#   => over => +67 / -67.

# name -> (totals, finished, winners, game_points or None)
ACCEPTED = {
    "2p-spinners-domino": ([10, 15], False, [], None),
    "2p-spinners-domino-lequantette": ([9, 14], False, [], None),
    "2p-spinners-domino-bonus2": ([12, 17], False, [], None),
    "4p-partners-domino": ([6, 8, 6, 8], False, [], None),
    "4p-partners-domino-lequantette": ([5, 8, 5, 8], False, [], None),
    "3p-domino": ([9, 6, 2], False, [], None),
    "3p-domino-lequantette": ([9, 5, 2], False, [], None),
    "2p-blocked": ([16, 2], False, [], None),
    "2p-blocked-lequantette": ([15, 2], False, [], None),
    "2p-game-to-61": ([61, 8], True, [0], [53, -53]),
    "2p-game-to-61-winner-bonus": ([71, 8], True, [0], [63, -63]),
    "2p-game-to-61-skunk": ([61, 8], True, [0], [63, -63]),
    "2p-game-to-61-skunk-double": ([61, 8], True, [0], [106, -106]),
    "2p-game-strictly-over-61": ([77, 10], True, [0], [67, -67]),
    # H1-H3 as above => [46, 6]; H4 = B1 with end [17, 70] (s0 holds 5-5 + 4-3): s0 R(70) = 14, s1 +2
    # => [60, 8]. H5 (s0 leads): 2-3 lead, count 5 => 1 => s0 61 in mid-hand.
    # Default F29/F-Δ6: checked only when a hand ends => not over.
    "2p-61-mid-hand": ([61, 8], False, [], None),
    # immediateWinAt61 (F-Δ6): the game is over at once => s0 wins, +(61 - 8) = +53 / -53 (F31).
    "2p-immediate-win-at-61": ([61, 8], True, [0], [53, -53]),
    # handSize5All (F-Δ1): 5 tiles each. The first 9 placements of hand 1 above: s0 1 + 2 + 0 + 0 + 4 = 7,
    # s1 0 + 3 + 2 + 4 = 9; s0 has laid 5 tiles = domino; s1 holds 8 pips => s0 + R(8) = 2 => [9, 9].
    "2p-hand-size-5": ([9, 9], False, [], None),
    # 4 players, block template B0 (placements by s0 s1 s2 s3 s0 ...): only s1's 6-3 scores (10 => 2).
    # After the 9th placement s1 draws the 7 drawable tiles (8 - reserve 1, F8), then s1 s2 s3 s0 pass.
    # Unplayed 102 - reserve 6-6 12 = 90 in hand: [2, 64, 9, 15] => pair 0+2 has 11 < 79 and scores
    # R(79) = 16 (F26 4 players: the other pair's total, not the difference R(68) = 14).
    "4p-blocked": ([16, 2, 16, 2], False, [], None),
    # F30 tie. Hands alternate B0 (s0 leads, s1 draws 12, s0 scores R(big), s1 +2) and its mirror (s1 leads,
    # s0 +2 for 6-3, s0 draws 12, s1 scores R(big)). Reserve 6-6 + X; small = the 2 tiles left by the
    # 9-placement side. big 63 (X 5-5, small 5-4 + 5-3 = 17): R = 13. big 69 (X 5-5, small 5-4 + 1-1 = 11):
    # R(69) = 14. big 78 (X 1-0, small 2-0 + 5-4): R = 16.
    #  H1 63: [13, 2]  H2 63: [15, 15]  H3: [28, 17]  H4: [30, 30]  H5: [43, 32]  H6: [45, 45]
    #  H7 69: [59, 47]  H8 69: [61, 61] => tie at the check => 2 more hands (F30).
    #  H9 78: s0 +16 => [77, 63] (not checked yet)  H10 69: s1 +14, s0 +2 => [79, 77] => s0 wins,
    #  game points +2 / -2 (F31).
    "2p-tie-at-61-two-more-hands": ([79, 77], True, [0], [2, -2]),
    # 2p-spinners-domino with calls (option calledScore): every scoring placement is called right except
    # s1's 5-5 in hand 1 (+3, no call). calledScore alone: totals unchanged [10, 15].
    "2p-called-score": ([10, 15], False, [], None),
    # muggins [P]: the 3 points s1 failed to call go to the next player (s0): [10 + 3, 15 - 3].
    "2p-called-score-muggins": ([13, 12], False, [], None),
    # Le Quantette, H1-H3 above with floor: s0 floor(78/5) = 15, floor(77/5) = 15, 15 => 45; s1 2+2+2 = 6.
    # 45 >= 35 ends the (single, default `sets` 1) set => finished, s0 wins (F36).
    "2p-lequantette-set-to-35": ([45, 6], True, [0], None),
}

# name -> index of the first illegal event
REFUSED = {
    "x-first-hand-without-leader": 0,  # record format: leader required for the first hand
    "x-play-out-of-turn": 2,  # s1 is on turn after the lead, not s0
    "x-tile-does-not-fit": 3,  # 4-4 on 2-3 whose free end is 3 (F11)
    "x-on-tile-not-in-layout": 3,  # 3-5 is not in the layout
    "x-tile-played-twice": 3,  # 5-2 = 2-5, already laid
    "x-draw-into-reserve": 2,  # 2 players: 14 in the boneyard, 2 reserved (F8) => at most 12 drawable
    "x-pass-with-boneyard": 2,  # F19/F20: a player who can still draw may not pass
    "x-end-before-hand-over": 5,  # nobody has dominoed and nobody passed (F23)
    "x-call-without-option": 2,  # `call` only with the calledScore option
    # dominoerLeads (F-Δ2): s0 dominoed hand 1, so s0 leads hand 2; s1's lead is out of turn.
    "x-dominoer-leads-wrong-seat": 16,
    # Default: the game ended at the end of H4 (61, F29); H5's `hand` (event 58) is after the end.
    "x-hand-after-game-end": 58,
    # The same 9 placements with the default 7 tiles each (F7): s0 still holds 2 tiles, so `end` is illegal.
    "x-hand-size-7-not-over": 10,
    "x-tie-resolved-then-hand": 140,
    "x-lequantette-hand-after-set": 43,  # the set (match, sets 1) ended after 3 hands (14 + 15 + 14 events)  # the game ended after H10 (10 hands x 14 events)
}


test_accepted_record = accepted_record_test("five-up", ACCEPTED)
test_refused_record = refused_record_test("five-up", REFUSED)
