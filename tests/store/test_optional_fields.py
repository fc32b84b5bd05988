"""docs/record-format.md: "Where an optional field names something the rules already fix (a later deal's
`leader` or `dealer`), it must agree with the rules or the event is rejected." So for every later
deal / hand / round of every golden record, exactly one explicit value is accepted, and writing it
changes nothing."""

import json
from pathlib import Path

import pytest

from referee.rules.base import RuleError
from referee.store.record import parse_record
from referee.store.replay import replay_events

TESTS = Path(__file__).parents[1]
RECORDS = sorted(TESTS.glob("records/*.json")) + sorted(
    p for p in TESTS.glob("acceptance/records/*.json") if "-x-" not in p.name  # "-x-": refused on purpose
)
STARTS = {"deal": ("leader", "dealer"), "hand": ("leader",), "round": ("dealer",)}


def later_starts(record):
    """(index, field) of each deal/hand/round after the first that leaves its leader/dealer implicit."""
    seen = 0
    for i, event in enumerate(record["events"]):
        fields = [f for f in STARTS.get(event["type"], ()) if f in _fields_of(record["game"], event["type"])]
        if not fields:
            continue
        seen += 1
        if seen > 1 and all(f not in event for f in fields):
            yield i, fields[0]


def _fields_of(game_id, type_name):
    from referee.games import game
    from referee.rules.events import field_specs

    cls = next((c for c in game(game_id).events if c.type == type_name), None)
    return {spec.name for spec in field_specs(cls)} if cls else set()


CASES = [
    (path, index, field)
    for path in RECORDS
    for index, field in later_starts(json.loads(path.read_text(encoding="utf-8")))
]


@pytest.mark.parametrize(("path", "index", "field"), CASES, ids=[f"{p.stem}@{i}" for p, i, _ in CASES])
def test_an_explicit_later_leader_or_dealer_is_accepted_only_when_it_agrees(path, index, field):
    record = json.loads(path.read_text(encoding="utf-8"))
    parsed = parse_record(record)
    expected = parsed.game.view(replay_events(parsed.game, parsed.players, parsed.options, parsed.events))
    seats = len(record["players"]) + (
        1 if record["game"] == "ninety-nine" and len(record["players"]) == 2 else 0
    )
    accepted = []
    for seat in range(seats):
        events = [dict(e) for e in record["events"]]
        events[index][field] = seat
        try:
            again = parse_record({**record, "events": events})
        except RuleError:
            continue
        accepted.append(seat)
        view = again.game.view(replay_events(again.game, again.players, again.options, again.events))
        assert (view.totals, view.finished, view.winners) == (
            expected.totals,
            expected.finished,
            expected.winners,
        )
    assert len(accepted) == 1, f"{field} at event {index}: accepted {accepted}"
