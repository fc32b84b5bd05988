"""The bead game's score sheet in the view (D14-D19): each turn's row written out as the API and the
page read it, the same rows however the state was reached, and each row made once for the turn and
shared by every later snapshot of the table (issue 29: a view read every placement's factors anew).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_bead_game_support import SEED_PLAYS, last_row, new, play

from referee.games.bead_game.rules import GAME
from referee.games.bead_game.rules.events import Pass
from referee.games.bead_game.rules.view import view
from referee.rules.base import RuleError
from referee.rules.events import decode
from referee.store.replay import LogEntry, replay

TESTS = Path(__file__).parents[1]
RECORDS = sorted(
    p
    for folder in (TESTS / "records", TESTS / "acceptance" / "records")
    for p in folder.glob("*.json")
    if json.loads(p.read_text())["game"] == "bead-game"
)


# D-E1: 2-2 stood at (2,0)-(3,0) beside the starter: its column holds only its own halves (1), the row
# at its first half reads 2, 5, 3 (3), the row at its second a single half (1), and a double scores x2.
COLUMN_0 = {"msg": "column of %(values)s", "params": {"index": 0, "first": 2, "last": 3, "values": "2, 2"}}
ROW_2 = {"msg": "row of %(values)s", "params": {"index": 2, "first": 0, "last": 2, "values": "2, 5, 3"}}
ROW_3 = {"msg": "row of %(values)s", "params": {"index": 3, "first": 0, "last": 0, "values": "2"}}
D_E1_ROW = {
    "hand": 1, "turn": 1, "event": 1, "seat": 0, "kind": "place", "tile_id": 2,
    "tile": "2-2", "cells": [[2, 0], [3, 0]], "values": [2, 2],
    "factors": [
        {
            "role": "axis",
            "line": {"direction": "column", "index": 0, "cells": [[2, 0], [3, 0]], "values": [2, 2]},
            "length": 2, "counted": False, "factor": 1,
            "why": {"msg": "%(line)s: only the new tile's own halves, not counted",
                    "params": {"line": COLUMN_0, "length": 2}},
        },
        {
            "role": "cross",
            "line": {"direction": "row", "index": 2, "cells": [[2, 0], [2, 1], [2, 2]], "values": [2, 5, 3]},
            "length": 3, "counted": True, "factor": 3,
            "why": {"msg": "%(line)s: %(length)s halves, counted", "params": {"line": ROW_2, "length": 3}},
        },
        {
            "role": "cross",
            "line": {"direction": "row", "index": 3, "cells": [[3, 0]], "values": [2]},
            "length": 1, "counted": False, "factor": 1,
            "why": {"msg": "%(line)s: a single half, not counted", "params": {"line": ROW_3, "length": 1}},
        },
    ],
    "double": True, "numbers": [1, 3, 1, 2], "score": 6, "text": "1 × 3 × 1 × 2 = 6", "counted": [ROW_2],
}  # fmt: skip
PASS_ROW = {
    "hand": 1, "turn": 2, "event": 2, "seat": 1, "kind": "pass", "tile": None, "score": 0, "text": "", "factors": [],
}  # fmt: skip


def test_a_placement_s_row_holds_its_factors_and_a_pass_s_row_none_d14_d15_d19():
    """Compared as JSON text, so the keys' order (what the API writes) is pinned too."""
    placed = play(new(), SEED_PLAYS[0])
    assert json.dumps(last_row(placed), default=dict) == json.dumps(D_E1_ROW)
    assert json.dumps(last_row(play(placed, Pass(1))), default=dict) == json.dumps(PASS_ROW)


def _log(path: Path):
    """A record's players, options and log, read as written (not through the record check, which
    refuses the x- records whole): their prefixes up to the refusal are checked too."""
    record = json.loads(path.read_text())
    log = [LogEntry(i, "event", body) for i, body in enumerate(record["events"], start=1)]
    return tuple(record["players"]), GAME.resolve_options(record.get("options", {})), log


def _rebuilt(state) -> list[dict]:
    """The score sheet made from scratch from the turn records: a pass, or a placement's detail
    (``Scored.to_json``, what the "cannot play?" helper shows) after the turn's own keys."""
    rows: list[dict] = []
    for hand in state.hands:
        for t in hand.turns:
            turn = {"hand": hand.number, "turn": t.turn, "event": t.event, "seat": t.seat}
            if t.laid is None:
                rows.append({**turn, "kind": "pass", "tile": None, "score": 0, "text": "", "factors": []})
            else:
                rows.append({**turn, "kind": "place", "tile_id": t.laid.id, **t.laid.scored.to_json()})
    return rows


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_the_sheet_read_step_by_step_is_the_sheet_made_from_scratch(path):
    """Every prefix of every bead record: the sheet of a table viewed after each event (its rows made
    for earlier snapshots) is the one made from scratch, key order included, and the one a fresh
    replay of the prefix shows."""
    players, options, log = _log(path)
    state = GAME.start(players, dict(options))
    for k, entry in enumerate(log, start=1):
        try:
            state = GAME.apply(state, decode(GAME.events, entry.body))
        except RuleError:  # a refused record: the prefixes before the refusal are checked
            break
        sheet = view(state).detail["sheet"]
        assert json.dumps(sheet, default=dict) == json.dumps(_rebuilt(state))
        fresh = replay(GAME, players, options, log[:k]).view.detail["sheet"]
        assert json.dumps(fresh, default=dict) == json.dumps(sheet, default=dict)


def test_a_turn_s_row_is_made_once_and_shared_by_later_snapshots():
    """A page after a new entry applies it to the snapshot kept (referee/store/tables.py): the rows of
    the turns before are the ones that snapshot's view made, not made again."""
    before = play(new(), *SEED_PLAYS[:2])
    after = play(before, SEED_PLAYS[2])
    earlier, later = view(before).detail["sheet"], view(after).detail["sheet"]
    assert len(later) == len(earlier) + 1
    assert all(a is b for a, b in zip(earlier, later, strict=False))
