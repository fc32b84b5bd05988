"""Each game's ``View.detail`` has the shape its ``view.Detail`` TypedDict declares, at every step of
every record (issue 18: the detail is the typed contract the API, templates and printables read).

mypy checks the code that builds a detail; these tests check the values a replay really produces:
Ninety-Nine (also as each seat sees it, ``redact``), Trick de Bingo, the bead game (also the "cannot
play?" helper's placements) and the score pad.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from detail_shape import problems
from hypothesis import given
from hypothesis import strategies as st

from referee.games import GAMES
from referee.games.bead_game.rules.grid import PlacementDetail
from referee.games.bead_game.rules.play import legal_placements
from referee.games.bead_game.rules.state import SheetRowJSON
from referee.games.bead_game.rules.view import Detail as BeadDetail
from referee.games.ninety_nine.rules.view import Detail as NinetyNineDetail
from referee.games.score_pad.rules import GAME as SCORE_PAD
from referee.games.score_pad.rules.view import Detail as ScorePadDetail
from referee.games.trick_de_bingo.rules.view import Detail as TrickDeBingoDetail
from referee.games.trick_de_bingo.rules.view import FlipDetailJSON, TrickDetailJSON
from referee.rules.base import RuleError
from referee.rules.events import decode
from referee.rules.tiles import double_set

TESTS = Path(__file__).parents[1]
DETAILS: dict[str, Any] = {
    "ninety-nine": NinetyNineDetail,
    "trick-de-bingo": TrickDeBingoDetail,
    "bead-game": BeadDetail,
}
RECORDS = sorted(
    p
    for folder in (TESTS / "records", TESTS / "acceptance" / "records")
    for p in folder.glob("*.json")
    if json.loads(p.read_text())["game"] in DETAILS
)


def replay(record: dict[str, Any]) -> Any:
    """Every state of the record (up to a refused event, for the records that end in one)."""
    game = GAMES[record["game"]]
    state = game.start(tuple(record["players"]), game.resolve_options(record.get("options")))
    yield state
    for raw in record["events"]:
        try:
            state = game.apply(state, decode(game.events, raw))
        except RuleError:
            return
        yield state


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_every_step_of_a_record_has_the_declared_detail(path: Path) -> None:
    record = json.loads(path.read_text())
    game = GAMES[record["game"]]
    seats = [None, *range(len(record["players"]) + (1 if record["game"] == "ninety-nine" else 0))]
    steps = 0
    for index, state in enumerate(replay(record)):
        detail = game.view(state).detail
        assert problems(detail, DETAILS[record["game"]]) == [], f"after event {index - 1}"
        # parts made when read (referee/rules/made_when_read.py): their keys, read whole
        for i, row in enumerate(detail["sheet"] if record["game"] == "bead-game" else ()):
            assert problems(dict(row), SheetRowJSON, f"detail.sheet[{i}]") == [], f"after event {index - 1}"
        for i, trick in enumerate(detail["tricks"] if record["game"] == "trick-de-bingo" else ()):
            where = f"detail.tricks[{i}]"
            assert problems(dict(trick), TrickDetailJSON, where) == [], f"after event {index - 1}"
            for j, flip in enumerate(trick["flips"]):
                assert problems(dict(flip), FlipDetailJSON, f"{where}.flips[{j}]") == [], f"after event {index - 1}"
        for seat in seats if game.redact else ():
            assert problems(game.public_detail(detail, seat), DETAILS[record["game"]]) == [], (index, seat)
        steps += 1
    assert steps > 1 or "-x-" in path.stem  # a refused first event leaves the start only


def test_the_cannot_play_helper_answers_placement_details() -> None:
    """D19: the helper's placements are what a sheet row shows, typed as ``PlacementDetail``."""
    record = json.loads((TESTS / "records" / "bead-game-two-hands.json").read_text())
    states = [s for s in replay(record) if s.current is not None and s.current.over is None][::8]
    found = [
        s.to_json()
        for state in states
        for s in legal_placements(state, [t for t in double_set(5, 1) if state.current.copies_on_table()[t] < 2][:4])
    ]
    assert found
    assert all(problems(p, PlacementDetail) == [] for p in found)


@given(st.lists(st.lists(st.integers(-1_000_000, 1_000_000), min_size=3, max_size=3), max_size=8))
def test_a_score_pad_detail_is_rounds_and_running_totals(rounds: list[list[int]]) -> None:
    game = SCORE_PAD
    state = game.start(("Aki", "Ben", "Chie"), {})
    for points in rounds:
        state = game.apply(state, decode(game.events, {"type": "round", "points": points}))
    detail = game.view(state).detail
    assert problems(detail, ScorePadDetail) == []
    assert detail["rounds"] == tuple(map(tuple, rounds))
    assert detail["running"][-1:] == (((*(sum(r[i] for r in rounds) for i in range(3)),),) if rounds else ())
    assert game.view(state).totals == (detail["running"][-1] if rounds else (0, 0, 0))
    assert state.events == len(rounds)
