"""Bingo golden record: a whole match of four deals (tests/records/bingo-four-deals-to-eight.json),
decoded event by event and replayed; the result below was worked out by hand from the rules.

Deal 1 (indicator [1-0] ⇒ blanks trump, B6; Aki leads, B15): Aki declares [5-5]+[0-0] = 20 + 10 = 30
  (B27), leads [0-0] (the trump double here, B8) and wins 28 + [5-3] 0 = 28; leads [6-6], Ben [5-2]
  does not follow ⇒ Aki 12. Aki claims: 28 + 12 + 30 = 70 ≥ 70 (B33); Ben has no trick ⇒ 3 GP
  (B44 row 1). Aki 3, Ben 0. Aki shows 7 tiles (phase 1).
Deal 2 (indicator [3-2] ⇒ trump 3; Aki leads, B45): t1 [3-0] trump, Ben [1-1] ⇒ Aki 10 + 2 = 12;
  t2 [4-1], Ben [4-2] follows and outranks ⇒ Ben 0; t3 Ben leads [4-0] (blanks led, B10), Aki [5-2]
  ⇒ Ben 0; Ben declares [4-4]+[0-0] = 30 and leads [0-0]; Aki drops the trump double [3-3] ⇒ Ben
  14 + 28 = 42 and captures it: +1 GP at once (B46). Ben claims 0 + 0 + 42 + 30 = 72 ≥ 70; Aki has
  12 < 30 from one trick ⇒ 2 GP. Aki 3, Ben 0 + 1 + 2 = 3.
Deal 3 (indicator [6-0] ⇒ blanks trump; Ben leads): Ben wins t1 [2-2]4, t2 0, t3 [4-4]8, t4 [1-1]2
  = 14 and closes after trick 4 with Aki on 0 points and no trick (B38, B42). Phase 2: Aki wins
  t5 [6-4]10, t6 0, t7 [4-0]11+[1-0]8 = 19, t8 [0-0]28+[3-0]10 = 38, t9 [5-0]12+[5-5]10 = 22 ⇒ 89.
  Aki claims against the closer ⇒ always 2 GP (B44 row 3). Both show their last 2 tiles. Aki 5, Ben 3.
Deal 4 (indicator [0-0] ⇒ blanks trump; Aki leads): Aki wins every trick: t1 [6-0]13, t2 0, t3 0,
  declares [2-2]+[3-3] = 20, t4 [2-2]4+[5-5]10 = 14, t5 [1-1]2, t6 [4-0]11, t7 [2-0]9+[1-0]8 = 17;
  13 + 14 + 2 + 11 + 17 = 57, + 20 = 77 ≥ 70; Ben has no trick ⇒ 3 GP. Aki 8, Ben 3.
The match is over: Aki has 8 ≥ 7 (B2, B47); Aki wins.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.games import game
from referee.rules.base import GameOver, RuleError
from referee.rules.events import decode, encode

RECORD = Path(__file__).parents[1] / "records" / "bingo-four-deals-to-eight.json"


def replay():
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    assert record["format"] == "referee-record" and record["version"] == 1
    g = game(record["game"])
    state = g.start(tuple(record["players"]), g.resolve_options(record["options"]))
    views = []
    for raw in record["events"]:
        ev = decode(g.events, raw)
        assert decode(g.events, encode(ev)) == ev  # the codec round-trips every event
        state = g.apply(state, ev)
        views.append(g.view(state))
    return g, record, state, views


def test_golden_record_replays_to_the_hand_computed_result():
    g, record, state, views = replay()
    view = views[-1]
    assert view.totals == (8, 3)
    assert view.finished and view.winners == (0,)
    assert view.breaches == ()
    deals = view.detail["deals"]
    assert [d["game_points"] for d in deals] == [[3, 0], [0, 3], [2, 0], [3, 0]]
    assert [(d["result"]["row"], d["claim"]["total"]) for d in deals] == [(1, 70), (1, 72), (3, 89), (1, 77)]
    assert [d["trump"] for d in deals] == [0, 3, 0, 0]
    assert [d["leader"] for d in deals] == [0, 0, 1, 0]
    assert deals[1]["captures"] == [{"seat": 1, "trick": 4}]
    assert deals[2]["close"]["after_trick"] == 4 and deals[2]["close"]["opponent_tricks"] == 0
    # running match totals after each deal's claim
    claims = [i for i, raw in enumerate(record["events"]) if raw["type"] == "claim"]
    assert [views[i].totals for i in claims] == [(3, 0), (3, 3), (5, 3), (8, 3)]


def test_golden_record_refuses_anything_after_the_end():
    g, _record, state, _views = replay()
    with pytest.raises(GameOver):
        g.apply(state, decode(g.events, {"type": "deal", "indicator": "6-5"}))


BINGO_RECORDS = [RECORD, *sorted((Path(__file__).parents[1] / "acceptance" / "records").glob("bingo*.json"))]


@pytest.mark.parametrize("path", BINGO_RECORDS, ids=lambda p: p.stem)
def test_what_a_deal_carries_from_trick_to_trick_is_what_its_tricks_and_declarations_say(path):
    """A trick hands its deal the tiles played before plus its own two, and a deal works out the
    tiles known in each hand once (issue 29, replay speed); at every event of every Bingo record
    both are what the deal's tricks and declarations say (B21, B28), worked out here from scratch."""
    record = json.loads(path.read_text(encoding="utf-8"))
    g = game(record["game"])
    state = g.start(tuple(record["players"]), g.resolve_options(record.get("options", {})))
    for raw in record["events"]:
        try:
            state = g.apply(state, decode(g.events, raw))
        except RuleError:
            break  # a record that is refused there: what came before was checked
        deal = state.deal
        if deal is None:
            continue
        played = {tile: t.no for t in deal.tricks for tile in (t.lead, t.reply)}
        assert deal.used() == played
        for seat in (0, 1):
            known = {d for decl in deal.declarations if decl.seat == seat for d in decl.doubles}
            if deal.indicator_holder == seat:
                known.add(deal.indicator)
            assert deal.known_in_hand(seat) == sorted(known - set(played), reverse=True)
