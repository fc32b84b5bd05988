"""The golden record: a 3-player Ninety-Nine game to 100, replayed event by event."""

from __future__ import annotations

import json
from pathlib import Path

from referee.games import GAMES
from referee.rules.events import decode, encode
from referee.rules.names import check_players

RECORD = Path(__file__).parents[1] / "records" / "ninety-nine-three-player-game-to-100.json"

# Worked by hand from the record (bid code N3: ♣3 ♥2 ♠1 ♦0; N12 1 per trick; N13 30/20/10; N14).
# Seats: Aki 0, Ben 1, Chie 2. The deal passes to the left (N2); deal 1 at no trump (N8).
# deal 1, Aki deals, NT: bids Aki QS 6S QH = 4, Ben 7S 10C 8S = 5, Chie 10D 8H 6H = 4; tricks 4 4 1.
#   k = 1 (Aki): Aki 4 + 30 = 34, Ben 4, Chie 1.                      running 34 4 1; next trump ♠
# deal 2, Ben deals, ♠, quick mode: tricks 2 4 3; bids Aki AC 8D 9S = 4, Ben KH AS 8S = 4,
#   Chie 10D 6S 7S = 2. k = 1 (Ben): Aki 2, Ben 4 + 30 = 34, Chie 3.   running 36 38 4; next ♠
# deal 3, Chie deals, ♠, Chie declares: bids Aki 10D JH QD = 2, Ben QS 7C KD = 4, Chie AS AH JS = 4;
#   tricks 2 3 4. k = 2 (Aki, Chie): Aki 2 + 20 = 22, Ben 3, Chie 4 + 20 + 30 = 54.
#                                                                      running 58 41 58; next ♥
# deal 4, Aki deals, ♥: bids Aki QS AD 9C = 4, Ben QD 6S JD = 1, Chie 7S 9D AC = 4; tricks 4 3 2.
#   k = 1 (Aki): Aki 4 + 30 = 34, Ben 3, Chie 2.                        running 92 44 60; next ♠
# deal 5, Ben deals, ♠, Ben reveals: bids Aki 9C 7S AD = 4, Ben 8H AS 10D = 3, Chie KS JH KH = 5;
#   tricks 4 0 5. k = 2 (Aki, Chie); Ben's reveal failed, so each other player takes 60:
#   Aki 4 + 20 + 60 = 84, Ben 0, Chie 5 + 20 + 60 = 85.                 running 176 44 145
# Game end (N17): Aki 176 alone on top wins; Aki and Chie reached 100: +100 each -> 276, 44, 245.
# The rubber goes on (Aki has 1 game of 3): not finished, no winners; game 2 is first dealt by Ben.
EXPECTED_TOTALS = (276, 44, 245)


def load():
    return json.loads(RECORD.read_text(encoding="utf-8"))


def test_the_golden_record_replays_to_the_hand_computed_totals():
    record = load()
    assert (record["format"], record["version"], record["game"]) == ("referee-record", 1, "ninety-nine")
    game = GAMES[record["game"]]
    state = game.start(check_players(game, record["players"]), game.resolve_options(record["options"]))
    for raw in record["events"]:
        ev = decode(game.events, raw)
        assert encode(ev) == raw  # the record is written exactly as docs/record-format.md says
        state = game.apply(state, ev)
    v = game.view(state)
    assert v.totals == EXPECTED_TOTALS
    assert not v.finished and v.winners == ()
    assert v.breaches == ()
    d = v.detail
    assert json.loads(json.dumps(d)) == d  # detail is plain JSON
    assert [r["running"] for r in d["sheet"]] == [
        [34, 4, 1],
        [36, 38, 4],
        [58, 41, 58],
        [92, 44, 60],
        [176, 44, 145],
    ]
    assert [r["trump"] for r in d["sheet"]] == [None, "S", "S", "H", "S"]
    assert [r["dealer"] for r in d["sheet"]] == [0, 1, 2, 0, 1]
    assert d["games"][0]["final"] == [276, 44, 245] and d["games"][0]["winner"] == 0
    assert d["games_won"] == [1, 0, 0] and d["next_dealer"] == 1 and d["phase"] == "complete"
