"""Acceptance: Bingo records written from docs/record-format.md and docs/rules/bingo.md only.

Every expected number below was worked out by hand from the digest (rule ids cited); the app's rules
code was not read. Card points: B4 blank = 7, B12 values, B11 trick winner, B13 last trick 10.
"""

from __future__ import annotations

from .harness import accepted_record_test, refused_at, refused_record_test, state_after_import
from .harness import load as load_record


def load(name: str) -> dict:
    return load_record("bingo", name)


def state_of(client, name: str) -> dict:
    return state_after_import(client, load(name))


# name -> (totals, finished, winners)
ACCEPTED = {
    # Deal 1, indicator 3-1 => trump 3 (B6). Seat 0 leads (first deal).
    #  t1 s0 6-4 / s1 0-3: 0-3 is a trump (B7) => s1 wins 10 + (3+7) = 20 (B-E2f).     s0 0, s1 20
    #  t2 s1 3-3 / s0 0-0: 0-0 wins (B11.1) 28 + 14 = 42, and +1 GP capture (B46, B-E2g). s0 42
    #  t3 s0 6-0 / s1 6-6: blanks led (B10), 6-6 is not a blank => leader, 0 + 12 (B-E2e). s0 54
    #  t4 s0 6-2 / s1 6-5: suit 6, 5 > 2 => replier wins 0 (B-E2a).
    #  t5 s1 5-5 / s0 5-3: 5-3 trump => s0 wins 10 + 8 = 18.                              s0 72
    #  claim s0: 72 >= 70; s1 has 20 < 30 and won tricks => 2 GP (B44 row 1).  GP: s0 1 + 2 = 3.
    # Deal 2 (s0 won => s0 leads, B45), indicator 3-2 => trump 3.
    #  t1 s0 6-2 / s1 5-1: no follow => leader (B-E2b). t2 s0 6-0 / s1 1-0: blanks led, 1 < 6 => leader (B-E2d).
    #  claim s1 with 0 points: fails => s0 2 GP, 3 because s1 has no trick (B44 row 4).  GP: s0 6.
    # Deal 3 (s0 leads), indicator 4-1 => trump 4: s0 leads 0-0, s1 replies 4-4 (trump double) => capture
    #  +1 GP at once (B46) => s0 7 => match over in mid-deal (B2, B47, B-E8).
    "match-to-seven-capture": ([7, 0], True, [0]),
    # Indicator 3-2 => trump 3. t1 s0 6-2 / s1 5-1 => s0. t2 s0 6-0 / s1 1-0 => s0 (blanks led, 1 < 6).
    # s1 claims with 0 < 70 => s0 wins; default B-Δ2 (seed literal): 3 if EITHER player has no trick: s1 has
    # none => 3 GP.
    "failed-claim-trickless-claimer": ([3, 0], False, []),
    # Same record, threeIfNonClaimerTrickless (B-Δ2): 3 only if the NON-claimer (s0) has no trick; s0 has
    # two => 2 GP.
    "failed-claim-option-non-claimer-trickless": ([2, 0], False, []),
    # Indicator 5-1 => trump 5. s0 declares 1-1, 4-4, 0-0 = triplet with bingo 40 + 10 = 50 (B27, B-E4),
    # made leading to the first trick, so it counts once s0 wins a trick (B30).
    #  t1 s0 1-1 / s1 2-1: suit 1, double highest => s0 wins 2 + 0 = 2 (declaration now valid). s0 2 + 50
    #  t2 s0 0-0 / s1 6-4: 0-0 wins, 14 (blanks not trump) + 10 (a ten) = 24.                   s0 26 + 50
    #  t3 s0 4-4 / s1 5-4: 5-4 trump wins 8 + 9 = 17.                                            s1 17
    #  s1 declares 2-2, 3-3 = double 20 (not the first trick, counts at once). s1 17 + 20
    #  t4 s1 3-3 / s0 3-1: suit 3, double highest => s1 wins 6 + 0 = 6.                          s1 23 + 20
    #  claim s0: 26 + 50 = 76 >= 70. Opponent: 23 card points + 20 declared = 43 >= 30 (B-Δ3 default) => 1 GP.
    "declarations-threshold": ([1, 0], False, []),
    # Same record with thresholdCardPointsOnly (B-Δ3): opponent 23 < 30, has tricks => 2 GP.
    "declarations-threshold-card-points-only": ([2, 0], False, []),
    # s0 declares 0-0,1-1,2-2,3-3,4-4 (king with bingo = 70, B27) and claims at once (B32 allows it).
    # B30: a first-trick declaration counts only after its maker wins a trick => the claim counts 0 < 70
    # => fails => s1 2, and 3 because a player (both, in fact) has no trick (B44 row 4).
    "declaration-void-before-first-trick": ([0, 3], False, []),
    # Indicator 2-1 => trump 2.
    #  t1 s0 6-4 / s1 6-1: suit 6, 1 < 4 => s0 10.  t2 s0 6-6 / s1 4-2 trump => s1 12 + 6 = 18.
    #  t3 s1 5-1 / s0 5-5: double wins => s0 10 => s0 20.  s0 closes: snapshot opponent 18 points, 1 trick (B42).
    #  t4 s0 2-2 / s1 3-2: trump double wins 28 + 5 = 33 => s0 53.  t5 s0 0-0 / s1 4-0: 14 + 0 => s0 67.
    #  t6 s0 1-1 / s1 5-2 (trump) => s1 2 + 7 = 9 => s1 27.  t7 s1 3-3 / s0 6-3 => s1 6 => s1 33.
    #  t8 s1 6-2 (trump) / s0 2-0 (higher trump, 0=7 > 6) => s0 8 + 9 = 17 => s0 84.
    #  claim s0 (the closer): 84 >= 70; B44 row 2 uses the snapshot (18 < 30, has a trick) => 2 GP, not 1
    #  although s1 now has 33 (B-E6).
    "close-snapshot-claim": ([2, 0], False, []),
    # Same first 3 tricks and close by s0 (20 vs 18). Phase 2 played out (7 tricks, trump 2):
    #  t4 s0 6-0 / s1 1-0: blanks led, 1 < 6 => s0 0.
    #  t5 s0 3-0 / s1 5-0: 3-0 leads blanks (B10); 5-0 follows with 5 > 3 => s1 wins 10 + 0 => s1 28.
    #  t6 s1 5-2 / s0 2-2: trump double wins 7 + 28 = 35 => s0 55.  t7 s0 4-1 / s1 4-0: suit 4, 7 > 1 => s1 0.
    #  t8 s1 3-1 / s0 3-3 => s0 6 => 61.  t9 s0 4-4 / s1 0-0: 0-0 wins 8 + 14 = 22 => s1 50.
    #  t10 s1 6-5 / s0 3-2 (trump) => s0 0 + 5 => 66. No last-trick 10 in a closed deal (B41).
    # Nobody claims: the closer's implied claim at the record end (B40): 66 < 70 => s1 2 GP (row 4; both
    # players have tricks). t4 is a breach of B25: s1 followed with 1-0 while holding 0-0 (played in t9),
    # which outranks 6-0 in the blank suit: reported as a breach of event 5, seat 1, not refused.
    "close-played-out-implied-claim": ([0, 2], False, []),
    # Same record with followWithoutHeading (B-Δ7): no breach, same score.
    "close-played-out-follow-without-heading": ([0, 2], False, []),
    # closeBeforeFirstTrick (B-Δ8): s0 closes before trick 1; snapshot: s1 0 points and no trick.
    # Indicator 1-0 => blanks trump; 0-0 is the trump double (28).
    #  t1 s0 0-0 / s1 6-0 (13) => s0 41.  t2 s0 5-0 / s1 4-0: trumps, 5 > 4 => s0 12 + 11 = 23 => 64.
    #  t3 s0 5-3 / s1 5-5 => s1 10.  t4 s1 2-1 / s0 4-2: suit 2, 4 > 1 => s0 0.  t5 s0 6-4 / s1 6-2 => s0 10 => 74.
    #  claim s0: 74 >= 70; snapshot: s1 had no trick at the close => 3 GP (B44 row 2, B-E6).
    "close-before-first-trick-option": ([3, 0], False, []),
    # Indicator 4-3 => trump 4; 14 tricks, no close.
    #  Phase 1 (s0 leads): t1 6-5/6-1 s0 0; t2 5-2/5-5 s1 10; t3 s1 6-6/2-1 s1 12 (22); t4 3-0/1-1 s1 12 (34);
    #  t5 5-3/6-2 s1 0; t6 3-3/1-0 s1 6 (40); t7 2-0/5-1 s1 0. Loser s0 takes the indicator 4-3 (B21).
    #  Phase 2 (s1 leads): t8 2-2/3-2 s1 4 (44); t9 6-0/0-0 s0 14 (0-0 wins); t10 s0 6-4 / s1 4-0: trumps,
    #  0=7 > 6 => s1 10 + 11 = 21 (65); t11 s1 4-1 / s0 5-4 => s0 5 + 9 = 14 (28); t12 s0 3-1 / s1 6-3 => s1 0;
    #  t13 s1 5-0 / s0 4-4 (trump double) => s0 0 + 28 (56); t14 s0 4-3 / s1 4-2: trumps, 3 > 2 => s0 7 + 6
    #  = 13 (69) + last trick 10 (B13) = 79.
    #  claim s0 after the last trick (B32): 79 >= 70, s1 65 >= 30 => 1 GP (without B13 it would fail).
    "full-deal-claim-after-last-trick": ([1, 0], False, []),
    # Deal 1 = the same 14 tricks with no claim => nobody scores (B37, row 5); the next leader is the player
    # who did not lead deal 1 = s1 (B-Δ4 default). Deal 2 "leader": 1 agrees; indicator 6-5 => trump 6.
    #  s1 leads 0-0, s0 replies 6-6 (trump double) => s1 +1 GP capture (B46).
    #  claim s0 with 0 => fails => s1 2, 3 since s0 has no trick (row 4) => s1 4.
    # Deal 3 "leader": 1 = the winner of deal 2 (B45) agrees.
    "no-score-deal-then-leader": ([0, 4], False, []),
    # Same with alternateLead (B-Δ4): deal 2 leader s1, deal 3 leader s0 (written "leader": 0).
    "alternate-lead": ([0, 4], False, []),
    # pipTotalTricks (B-Δ6). Indicator 6-5 => trump 6. t1 s0 5-2 (7 pips) / s1 4-4 (8 pips), no trump
    # => s1 wins by pip total (8 points: non-trump double). s1 closes (legal: trick winner after the draws),
    # then claims: 8 < 70 => s0 2, and 3 since s0 has no trick (row 4).
    "pip-total-tricks-close": ([3, 0], False, []),
    # Invincible (B31, B27): deal 1 s0 shows all 7 doubles => 3 GP (s0 3); deal 2, s0 leads again (B45) => 6.
    # Deal 3 indicator 1-0 => blanks trump, 0-0 is the trump double: s0 leads 0-0, s1 6-0 => s0 28 + 13 = 41,
    # no capture possible (B46). s0 claims 41 < 70 => s1 2, +1 since s1 has no trick => 3 (row 4).
    # Deal 4 s1 leads (deal winner): invincible => s1 6. Deal 5 s1: invincible => s1 9 >= 7 => match over.
    "invincible-overshoot": ([6, 9], True, [1]),
    # Close as in close-snapshot-claim (s0 20 closes; s1 18). Trump 2.
    #  t4 s0 3-3 / s1 3-0 (follows 3) => s0 6 + 10 = 16 => 36.  t5 s0 1-1 / s1 2-2 (no 1s: trump) => s1 2 + 28
    #  = 30 => 48.  t6 s1 0-0 / s0 4-0 => s1 14 => 62.  t7 s1 6-2 (trump) / s0 5-3 => s1 8 => 70.
    #  s1 (not the closer) claims with exactly 70 >= 70 (B33) => 2 GP even though the closer has 36 >= 30
    #  (B44 row 3).
    "close-non-closer-claims-exactly-70": ([0, 2], False, []),
    # close-played-out-implied-claim followed by a new deal: the implied claim (66 < 70) settles when the
    # next deal starts (B40) => s1 2 GP, and s1 leads the next deal (B45): "leader": 1 agrees.
    "close-implied-claim-settled-by-next-deal": ([0, 2], False, []),
    # Indicator 3-1 => trump 3. s0 leads 3-3, s1 replies 0-0 => s1 42 points and +1 GP capture (B46).
    # s1 claims 42 < 70 => s0 2, 3 since s0 has no trick (row 4). The capture stays (B46: "even if that
    # player loses the deal").
    "capture-by-deal-loser": ([3, 1], False, []),
    # close-played-out-implied-claim plus an explicit claim by s1 after the last trick: it comes first
    # (B40) and settles the deal: s1 has 18 + 10 + 0 + 22 = 50 < 70 => s0 2 GP (row 4, both have tricks).
    "close-played-out-explicit-claim-after-last-trick": ([2, 0], False, []),
}

# name -> index of the first illegal event
REFUSED = {
    "x-first-deal-without-leader": 0,  # record format: leader required for the first deal
    "x-indicator-played-in-phase-1": 2,  # B17: the indicator cannot be drawn until it is the last tile
    "x-tile-played-twice": 2,  # 6-4 already played in trick 1
    "x-declare-not-on-lead": 1,  # B28: only the player about to lead (s0) may declare
    "x-declare-then-lead-other-tile": 2,  # B28: the lead must be one of the declared doubles
    "x-redeclare-double": 3,  # B29: 4-4 was already declared
    "x-declare-non-double": 1,  # B27/B28: 4-3 is not a double
    # Trump 2. s0 declares 5-5, 3-3 (phase 2 after a close), leads 3-3; s1 wins with a trump and leads 5-4
    # (suit 5). s0 still holds the declared 5-5, which outranks 5-4 in suit 5 (B25.1); the 6-0 reply is
    # proven illegal by earlier events (record format: "withholds a double its player declared").
    "x-withhold-declared-double": 5,
    "x-close-after-seventh-trick": 8,  # B38: no close once the boneyard is empty (after trick 7)
    "x-close-before-first-trick": 1,  # B-Δ8 default: closing needs a won phase-1 trick
    "x-close-by-trick-loser": 2,  # B38: only the winner of t1 (s0: 4-4 does not follow) may close
    # With indicatorToWinner (B-Δ5), the trick-7 winner s1 took 4-3; s0 leading it in trick 14 is illegal.
    "x-indicator-to-winner-played-by-loser": 14,
    "x-wrong-leader-after-won-deal": 18,  # B45: s1 won deal 2, so s1 leads deal 3, not s0
    "x-event-after-match-end": 13,
    "x-leader-after-implied-claim": 12,  # B40/B45: s1 won the closed deal by the implied claim, so s1 leads  # B47 + record format: events after the match end are rejected
}


test_accepted_record = accepted_record_test("bingo", ACCEPTED)
test_refused_record = refused_record_test("bingo", REFUSED)


def test_breach_follow_without_heading(client):
    """B25 / record format 'Breaches': the t4 reply 1-0 under 6-0 while holding 0-0 is a breach of event 5."""
    state = state_of(client, "close-played-out-implied-claim")
    breaches = state.get("breaches", [])
    assert [(b["event"], b["seat"]) for b in breaches] == [(5, 1)]


def test_no_breach_with_follow_without_heading(client):
    state = state_of(client, "close-played-out-follow-without-heading")
    assert state.get("breaches", []) == []


def test_unknown_option_refused(client):
    record = load("failed-claim-trickless-claimer")
    record["options"] = {"noSuchOption": True}
    assert refused_at(client, record) is None  # refused before any event
