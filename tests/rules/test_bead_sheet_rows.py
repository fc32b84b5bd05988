"""The bead game's score sheet rows (issue 29): a page reads every row's tile, numbers and score but the
factors of the last placement only, so a row makes a placement's factors (``Scored.to_json``, most of a
view's cost) at the first read of them; the API writes every row whole, exactly as before."""

from __future__ import annotations

import gc
import json
import weakref
from pathlib import Path

import pytest

from referee.games.bead_game.rules import GAME
from referee.games.bead_game.rules.grid import Scored
from referee.games.bead_game.rules.state import SheetRow, State
from referee.rules.events import decode

TESTS = Path(__file__).parents[1]
RECORDS = sorted(
    p
    for folder in (TESTS / "records", TESTS / "acceptance" / "records")
    for p in folder.glob("bead-game*.json")
)
PAGE_KEYS = ("hand", "turn", "seat", "kind", "tile", "numbers", "score", "text")
"""What the table page, the printed sheet and the player's numbers read of every row."""


def final_state(path: Path) -> State:
    """The record's last state (up to a refused event, for the records that end in one)."""
    record = json.loads(path.read_text())
    state: State = GAME.start(tuple(record["players"]), GAME.resolve_options(record.get("options")))
    for raw in record["events"]:
        try:
            state = GAME.apply(state, decode(GAME.events, raw))
        except Exception:  # a record that ends in a refused event: its state before
            break
    return state


def test_a_page_s_view_makes_the_factors_of_the_placement_it_shows_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[Scored] = []
    to_json = Scored.to_json
    monkeypatch.setattr(Scored, "to_json", lambda self: made.append(self) or to_json(self))
    sheet = GAME.view(final_state(TESTS / "records" / "bead-game-two-hands.json")).detail["sheet"]
    for row in sheet:
        for key in PAGE_KEYS:
            if key in row:
                row[key]
    assert made == []
    last = next(row for row in reversed(sheet) if row["kind"] == "place")
    assert last["factors"] and last["counted"] is not None and len(made) == 1  # its verdict, made once
    placements = sum(row["kind"] == "place" for row in sheet)
    assert placements > 40 and len(json.dumps(sheet, default=dict)) > 40_000 and len(made) == placements


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_row_reads_as_the_api_has_always_written_it_whatever_is_read_first(path: Path) -> None:
    """The row the view held before issue 29 (a dict made whole, its keys in this order): the same keys,
    values and order, whether its factors or its other keys are read first."""
    turns = [t for rnd in final_state(path).hands for t in rnd.turns]
    assert turns
    for turn in turns:
        head = {"hand": turn.hand, "turn": turn.turn, "event": turn.event, "seat": turn.seat}
        if turn.laid is None or turn.laid.scored is None:
            before = {**head, "kind": "pass", "tile": None, "score": 0, "text": "", "factors": []}
        else:
            before = {**head, "kind": "place", "tile_id": turn.laid.id, **turn.laid.scored.to_json()}
        fields = (turn.hand, turn.turn, turn.event, turn.seat, turn.laid)
        short_first, factors_first = SheetRow(*fields), SheetRow(*fields)
        [short_first[key] for key in PAGE_KEYS if key in short_first]
        factors_first["factors"]
        for row in (short_first, factors_first, turn.row):
            assert list(dict(row).items()) == list(before.items())
            assert json.dumps(row, default=dict) == json.dumps(before)


def test_a_view_s_rows_are_freed_with_the_state_not_left_to_the_collector() -> None:
    """A row is kept with its turn (``TurnRecord.row``): were it to hold the turn, the two would be a cycle,
    and every view's rows, turns and placements would wait for the garbage collector (issue 29: a cold
    replay and its view is what a page after an undo costs)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        state = final_state(TESTS / "records" / "bead-game-two-hands.json")
        sheet = GAME.view(state).detail["sheet"]
        assert [dict(row) for row in sheet]  # every row made whole, its factors too
        turn = weakref.ref(state.hands[0].turns[0])  # its row made and kept with it
        del state, sheet
        assert turn() is None  # freed by reference counting, the collector off
    finally:
        if collecting:
            gc.enable()
