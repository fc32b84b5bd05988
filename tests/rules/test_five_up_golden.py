"""Five Up golden record: a 4-player partnership game to 61 (IDA rules, winner +10)."""

from __future__ import annotations

import json
from pathlib import Path

from referee.games.five_up.rules import GAME
from referee.rules.events import decode, encode

RECORD = Path(__file__).parents[1] / "records" / "five-up-partners-to-61.json"


def replay(record):
    state = GAME.start(tuple(record["players"]), GAME.resolve_options(record["options"]))
    for raw in record["events"]:
        state = GAME.apply(state, decode(GAME.events, raw))
    return state


def test_golden_partnership_game_to_61_replays_to_the_hand_computed_totals():
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    assert record["format"] == "referee-record" and record["version"] == 1 and record["game"] == "five-up"
    for raw in record["events"]:  # every event survives a decode/encode round trip
        assert encode(decode(GAME.events, raw)) == raw
    view = GAME.view(replay(record))
    # Sides: Aki+Chie (seats 0+2) and Ben+Dai (seats 1+3), F1. The opening draw [6-5] [2-1] [5-4] [3-0]
    # makes Aki and Chie partners and Aki the first leader (F2-F3); the lead then rotates (F4).
    # Per hand: play points (F15-F17) side0/side1, then the end (F25-F26, R = F24 rounding):
    #  1 Aki leads, [1-1] on [1-0]: 2 + 6 + 1x2 = 10 -> Chie 2.  Aki out, Ben+Dai 10+8=18, R=4.  side0 2+4
    #  2 Ben leads: Ben [3-2] 5 -> 1, Aki [6-5] 10 -> 2, Ben [5-5] 15 -> 3, Aki [3-1] 5 -> 1, Dai [2-2] 10 -> 2,
    #    Aki [6-3] 10 -> 2, Ben [0-0] 10 -> 2, Chie [3-0] 10 -> 2, Aki [6-6] 20 -> 4, Chie [4-4] 30 -> 6,
    #    Dai [6-1] 25 -> 5 and out: side0 2+1+2+2+4+6 = 17, side1 1+3+2+2+5 = 13; Aki+Chie 2+2=4, R=1 side1
    #  3 Chie leads; Dai [1-0] 5 -> 1, Aki [6-1] 10 -> 2; blocked: side0 0+3 = 3 pips, side1 9+54 = 63,
    #    side0 scores R(63) = 13 (not the difference, F26)                      side0 2+13, side1 1
    #  4 Dai leads: Ben [5-3] 1, Aki [5-2] 1, Chie [3-1] 2; Aki out, 5+2=7, R=1  side0 3+1, side1 1
    #  5 Aki leads: Dai [4-3] 2, Chie [4-4] 3, Aki [6-6] 5; Aki out, 0+5=5, R=1  side0 8+1, side1 2
    #  6 Ben leads: Ben [6-4] 2, Chie [5-1] 1, Aki [6-5] 2, Aki [6-6] 5; Dai out, 6+4=10, R=2
    #                                                                           side0 8, side1 2+2
    #  7 Chie leads: Aki [6-3] 1, Dai [5-2] 1, Dai [4-3] 1; Dai out, 33+6=39, R=8  side0 1, side1 2+8
    #  8 Dai leads: Chie [2-0] 1, Aki [5-4] 2; Dai out, 5+2=7, R=1               side0 3, side1 1
    # side0: 6 + 17 + 15 + 4 + 9 + 8 + 1 + 3 = 63; side1: 0 + 14 + 1 + 1 + 2 + 4 + 10 + 1 = 33.
    # After hand 7 side0 had 60 (< 61), after hand 8 it has 63 >= 61: the game ends (F29).
    # Winner +10 (F33): 73 in totals. Game points (F31): 73 - 33 = 40; no skunk option.
    assert view.finished and view.winners == (0, 2)
    assert view.totals == (73, 33, 73, 33)
    assert view.detail["game_points"] == [40, -40, 40, -40]
    assert view.detail["next_first_leader"] == [1, 3]  # F5: the lower side leads the next game
    assert view.breaches == ()
    assert [h["end_points"] for h in view.detail["hands"]] == [
        [4, 0], [0, 1], [13, 0], [1, 0], [1, 0], [0, 2], [0, 8], [0, 1]
    ]  # fmt: skip
    assert [h["play_points"] for h in view.detail["hands"]] == [
        [2, 0], [17, 13], [2, 1], [3, 1], [8, 2], [8, 2], [1, 2], [3, 0]
    ]  # fmt: skip
