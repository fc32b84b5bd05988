"""Acceptance: Trick de Bingo records of the options and bonuses (strictExtremes T-D6, onlyOneBonus
T-D3, First Bingo T17 and Last Bingo T18 on the same trick, T-E3's simultaneous First Bingo, a shared
win T21/T-D7), scored from docs/rules/trick-de-bingo.md (not from the app's code), worked out as the
records of test_trick_de_bingo_acceptance.py (its docstring explains the notation).
"""

from __future__ import annotations

from .harness import accepted_record_test

ACCEPTED = {
    # strict-extremes: strictExtremes (T-D6): lowest/highest must be strict.
    #   starting chip 1 each (T3)
    #   -- round 1, dealer 0: sheets
    #     s0 1:34,2:26,3:12,4:16,5:2,6:45,7:14,8:18,9:3
    #     s1 1:28,2:29,3:46,4:4,5:8,6:33,7:27,8:36,9:20
    #     s2 1:47,2:48,3:15,4:37,5:9,6:42,7:39,8:6,9:38
    #     s3 1:19,2:32,3:23,4:17,5:22,6:5,7:35,8:13,9:25
    #   seat 1: BP 1 at pick
    #   seat 2: BP 1 at pick
    #   trick 1: seat 2 flips TB-15 (cell 3)
    #   trick 1: seat 3 flips TB-23 (cell 3)
    #   trick 2: seat 2 flips TB-37 (cell 4)
    #   trick 3: seat 1 flips TB-28 (cell 1)
    #   trick 4: seat 3 flips TB-22 (cell 5)
    #   trick 6: seat 1 flips TB-04 (cell 4)
    #   trick 6: seat 2 flips TB-06 (cell 8)
    #   trick 7: seat 2 flips TB-38 (cell 9)
    #   trick 8: seat 2 flips TB-39 (cell 7)
    #   trick 8: seat 2 First Bingo +2
    #   trick 10: seat 0 flips TB-14 (cell 7)
    #   trick 11: seat 1 flips TB-08 (cell 5)
    #   trick 11: seat 1 flips TB-20 (cell 9)
    #   seat 0: 1 flipped + 0 lines + VP 1
    #   seat 1: 4 flipped + 1 lines + VP 2
    #   seat 2: 5 flipped + 1 lines + VP 1
    #   seat 3: 2 flipped + 0 lines + VP 1
    #   round 1: [2, 8, 10, 3]
    #   totals [3, 9, 11, 4]
    "strict-extremes": ([3, 9, 11, 4], True, [2]),
    # strict-extremes-off-same-deal: the same deal without strictExtremes: seat 3 differs by 2 (ties count).
    #   starting chip 1 each (T3)
    #   -- round 1, dealer 0: sheets
    #     s0 1:34,2:26,3:12,4:16,5:2,6:45,7:14,8:18,9:3
    #     s1 1:28,2:29,3:46,4:4,5:8,6:33,7:27,8:36,9:20
    #     s2 1:47,2:48,3:15,4:37,5:9,6:42,7:39,8:6,9:38
    #     s3 1:19,2:32,3:23,4:17,5:22,6:5,7:35,8:13,9:25
    #   seat 1: BP 1 at pick
    #   seat 2: BP 1 at pick
    #   trick 1: seat 2 flips TB-15 (cell 3)
    #   trick 1: seat 3 flips TB-23 (cell 3)
    #   trick 2: seat 2 flips TB-37 (cell 4)
    #   trick 3: seat 1 flips TB-28 (cell 1)
    #   trick 4: seat 3 flips TB-22 (cell 5)
    #   trick 6: seat 1 flips TB-04 (cell 4)
    #   trick 6: seat 2 flips TB-06 (cell 8)
    #   trick 7: seat 2 flips TB-38 (cell 9)
    #   trick 8: seat 2 flips TB-39 (cell 7)
    #   trick 8: seat 2 First Bingo +2
    #   trick 10: seat 0 flips TB-14 (cell 7)
    #   trick 11: seat 1 flips TB-08 (cell 5)
    #   trick 11: seat 1 flips TB-20 (cell 9)
    #   trick 12: seat 3 flips TB-13 (cell 8)
    #   seat 0: 1 flipped + 0 lines + VP 1
    #   seat 1: 4 flipped + 1 lines + VP 2
    #   seat 2: 5 flipped + 1 lines + VP 1
    #   seat 3: 3 flipped + 0 lines + VP 2
    #   round 1: [2, 8, 10, 5]
    #   totals [3, 9, 11, 6]
    "strict-extremes-off-same-deal": ([3, 9, 11, 6], True, [2]),
    # first-bingo-on-trick-13-only-one-bonus: onlyOneBonus (T-D3): the round's first line is completed on trick 13 -> +2 only.
    #   starting chip 1 each (T3)
    #   -- round 1, dealer 0: sheets
    #     s0 1:10,2:26,3:6,4:3,5:7,6:13,7:12,8:19,9:39
    #     s1 1:40,2:48,3:25,4:8,5:2,6:31,7:30,8:50,9:27
    #     s2 1:4,2:47,3:17,4:32,5:38,6:1,7:24,8:15,9:45
    #     s3 1:34,2:42,3:37,4:36,5:18,6:21,7:5,8:20,9:16
    #   seat 0: BP 1 at pick
    #   seat 2: BP 1 at pick
    #   trick 1: seat 0 flips TB-06 (cell 3)
    #   trick 1: seat 2 flips TB-15 (cell 8)
    #   trick 1: seat 3 flips TB-37 (cell 3)
    #   trick 2: seat 0 flips TB-03 (cell 4)
    #   trick 2: seat 3 flips TB-05 (cell 7)
    #   trick 4: seat 3 flips TB-36 (cell 4)
    #   trick 7: seat 1 flips TB-25 (cell 3)
    #   trick 8: seat 1 flips TB-30 (cell 7)
    #   trick 8: seat 2 flips TB-04 (cell 1)
    #   trick 10: seat 0 flips TB-39 (cell 9)
    #   trick 10: seat 0 flips TB-26 (cell 2)
    #   trick 13: seat 0 flips TB-13 (cell 6)
    #   trick 13: seat 0 flips TB-12 (cell 7)
    #   trick 13: seat 0 First Bingo +2
    #   seat 0: 6 flipped + 1 lines + VP 3
    #   seat 1: 2 flipped + 0 lines + VP 1
    #   seat 2: 2 flipped + 0 lines + VP 0
    #   seat 3: 3 flipped + 0 lines + VP 1
    #   round 1: [13, 3, 3, 4]
    #   totals [14, 4, 4, 5]
    "first-bingo-on-trick-13-only-one-bonus": ([14, 4, 4, 5], True, [0]),
    # first-bingo-on-trick-13-both: the same deal, default: First Bingo and Last Bingo both (+4).
    #   starting chip 1 each (T3)
    #   -- round 1, dealer 0: sheets
    #     s0 1:10,2:26,3:6,4:3,5:7,6:13,7:12,8:19,9:39
    #     s1 1:40,2:48,3:25,4:8,5:2,6:31,7:30,8:50,9:27
    #     s2 1:4,2:47,3:17,4:32,5:38,6:1,7:24,8:15,9:45
    #     s3 1:34,2:42,3:37,4:36,5:18,6:21,7:5,8:20,9:16
    #   seat 0: BP 1 at pick
    #   seat 2: BP 1 at pick
    #   trick 1: seat 0 flips TB-06 (cell 3)
    #   trick 1: seat 2 flips TB-15 (cell 8)
    #   trick 1: seat 3 flips TB-37 (cell 3)
    #   trick 2: seat 0 flips TB-03 (cell 4)
    #   trick 2: seat 3 flips TB-05 (cell 7)
    #   trick 4: seat 3 flips TB-36 (cell 4)
    #   trick 7: seat 1 flips TB-25 (cell 3)
    #   trick 8: seat 1 flips TB-30 (cell 7)
    #   trick 8: seat 2 flips TB-04 (cell 1)
    #   trick 10: seat 0 flips TB-39 (cell 9)
    #   trick 10: seat 0 flips TB-26 (cell 2)
    #   trick 13: seat 0 flips TB-13 (cell 6)
    #   trick 13: seat 0 flips TB-12 (cell 7)
    #   trick 13: seat 0 First Bingo +2
    #   trick 13: seat 0 Last Bingo +2
    #   seat 0: 6 flipped + 1 lines + VP 3
    #   seat 1: 2 flipped + 0 lines + VP 1
    #   seat 2: 2 flipped + 0 lines + VP 0
    #   seat 3: 3 flipped + 0 lines + VP 1
    #   round 1: [15, 3, 3, 4]
    #   totals [16, 4, 4, 5]
    "first-bingo-on-trick-13-both": ([16, 4, 4, 5], True, [0]),
    # simultaneous-first-bingo: T-E3: two players complete their first lines on the same (earliest) trick -> +2 each.
    #   starting chip 1 each (T3)
    #   -- round 1, dealer 0: sheets
    #     s0 1:31,2:21,3:37,4:15,5:19,6:4,7:1,8:46,9:45
    #     s1 1:47,2:34,3:39,4:29,5:36,6:48,7:6,8:49,9:14
    #     s2 1:13,2:8,3:18,4:44,5:17,6:42,7:43,8:7,9:41
    #     s3 1:22,2:24,3:30,4:20,5:40,6:3,7:26,8:23,9:10
    #   seat 1: BP 2 at pick
    #   seat 3: BP 1 at pick
    #   trick 1: seat 0 flips TB-15 (cell 4)
    #   trick 1: seat 2 flips TB-41 (cell 9)
    #   trick 1: seat 3 flips TB-03 (cell 6)
    #   trick 1: seat 3 flips TB-23 (cell 8)
    #   trick 2: seat 3 flips TB-20 (cell 4)
    #   trick 3: seat 1 flips TB-36 (cell 5)
    #   trick 5: seat 2 flips TB-43 (cell 7)
    #   trick 7: seat 1 flips TB-39 (cell 3)
    #   trick 8: seat 1 flips TB-34 (cell 2)
    #   trick 8: seat 3 flips TB-22 (cell 1)
    #   trick 9: seat 0 flips TB-45 (cell 9)
    #   trick 10: seat 0 flips TB-37 (cell 3)
    #   trick 10: seat 0 flips TB-04 (cell 6)
    #   trick 10: seat 1 flips TB-06 (cell 7)
    #   trick 10: seat 0 First Bingo +2
    #   trick 10: seat 1 First Bingo +2
    #   trick 11: seat 3 flips TB-26 (cell 7)
    #   trick 12: seat 1 flips TB-14 (cell 9)
    #   trick 13: seat 3 flips TB-30 (cell 3)
    #   seat 0: 4 flipped + 1 lines + VP 1
    #   seat 1: 5 flipped + 1 lines + VP 3
    #   seat 2: 2 flipped + 0 lines + VP 1
    #   seat 3: 6 flipped + 1 lines + VP 2
    #   round 1: [8, 13, 3, 10]
    #   totals [9, 14, 4, 11]
    "simultaneous-first-bingo": ([9, 14, 4, 11], True, [1]),
    # tied-winners: a shared win (T21, T-D7).
    #   starting chip 1 each (T3)
    #   -- round 1, dealer 0: sheets
    #     s0 1:48,2:7,3:25,4:9,5:45,6:44,7:47,8:32,9:36
    #     s1 1:37,2:20,3:42,4:18,5:11,6:21,7:39,8:46,9:2
    #     s2 1:6,2:28,3:38,4:19,5:29,6:22,7:49,8:23,9:14
    #     s3 1:8,2:16,3:13,4:41,5:34,6:43,7:12,8:15,9:4
    #   seat 0: BP 1 at pick
    #   seat 2: BP 1 at pick
    #   trick 1: seat 2 flips TB-49 (cell 7)
    #   trick 1: seat 2 flips TB-28 (cell 2)
    #   trick 1: seat 2 flips TB-23 (cell 8)
    #   trick 1: seat 3 flips TB-41 (cell 4)
    #   trick 1: seat 3 flips TB-15 (cell 8)
    #   trick 5: seat 0 flips TB-48 (cell 1)
    #   trick 5: seat 2 flips TB-06 (cell 1)
    #   trick 5: seat 3 flips TB-04 (cell 9)
    #   trick 7: seat 0 flips TB-25 (cell 3)
    #   trick 8: seat 0 flips TB-36 (cell 9)
    #   trick 8: seat 3 flips TB-16 (cell 2)
    #   trick 10: seat 2 flips TB-22 (cell 6)
    #   trick 11: seat 3 flips TB-12 (cell 7)
    #   trick 11: seat 3 flips TB-34 (cell 5)
    #   trick 11: seat 3 First Bingo +2
    #   trick 12: seat 1 flips TB-46 (cell 8)
    #   trick 12: seat 1 flips TB-02 (cell 9)
    #   trick 13: seat 1 flips TB-20 (cell 2)
    #   trick 13: seat 1 flips TB-11 (cell 5)
    #   trick 13: seat 1 flips TB-39 (cell 7)
    #   trick 13: seat 1 Last Bingo +2
    #   seat 0: 3 flipped + 0 lines + VP 2
    #   seat 1: 5 flipped + 2 lines + VP 2
    #   seat 2: 5 flipped + 0 lines + VP 2
    #   seat 3: 6 flipped + 2 lines + VP 1
    #   round 1: [6, 11, 8, 11]
    #   totals [7, 12, 9, 12]
    "tied-winners": ([7, 12, 9, 12], True, [1, 3]),
}


test_accepted_record = accepted_record_test("trick-de-bingo", ACCEPTED)
