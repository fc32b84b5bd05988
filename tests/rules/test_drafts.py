"""A replay's draft (referee/rules/drafts.py, issue 29 "replay as fast as a plain scorer"): outside a
draft ``update``, ``grown`` and ``writable`` copy, as ``replace`` does; inside one they change in place
what the draft made, and the draft ends with the same frozen state, tuples and all. A replay in a draft
answers exactly what the rules answer event by event: the same state, the same history, the same
refusal at the same event, for every golden and acceptance record."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from referee.rules.base import Line, RuleError
from referee.rules.drafts import drafting, grown, update, writable
from referee.rules.events import decode
from referee.rules.frozen import derived
from referee.store.record import check_header
from referee.store.replay import ReplayError, replay_events

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted((ROOT / "records").glob("*.json")) + sorted((ROOT / "acceptance/records").glob("*.json"))
PAD_ROUNDS = [{"type": "round", "points": [i % 7, -i]} for i in range(30)]
RECORDS = [(p.stem, json.loads(p.read_text())) for p in FILES] + [
    (name, {"game": "score-pad", "players": ["Aki", "Ben"], "events": events})
    for name, events in (
        ("score-pad-30-rounds", PAD_ROUNDS),
        ("score-pad-x-three-points", [*PAD_ROUNDS[:5], {"type": "round", "points": [1, 2, 3]}, *PAD_ROUNDS]),
    )
]


@dataclass(frozen=True)
class Pad:
    rounds: tuple[int, ...] = ()
    seen: dict[str, int] = field(default_factory=dict)
    events: int = 0

    @derived
    def total(self) -> int:
        return sum(self.rounds)


def test_outside_a_draft_each_change_is_a_new_object_and_the_old_one_is_untouched():
    old = Pad((1,), {"a": 1})
    seen = writable(old.seen)
    seen["b"] = 2
    new = update(old, rounds=grown(old.rounds, 2), seen=seen)
    again = update(new, events=1)
    assert (old, new, again) == (Pad((1,), {"a": 1}), Pad((1, 2), {"a": 1, "b": 2}), Pad((1, 2), {"a": 1, "b": 2}, 1))
    assert new is not again and type(new.rounds) is tuple


def test_in_a_draft_the_first_change_copies_and_later_ones_write_into_the_copy():
    start = Pad((1,), {"a": 1})
    with drafting():
        first = update(start, rounds=grown(start.rounds, 2))
        assert first.total == 3  # kept in the object, then dropped by the next change of rounds
        seen = writable(first.seen)
        seen["b"] = 2
        second = update(first, rounds=grown(first.rounds, 3), seen=seen, events=2)
        assert second is first and second.rounds[-1] == 3 and second.total == 6
        assert writable(second.seen) is seen and grown(second.rounds, 4) is second.rounds
        last = update(second, rounds=second.rounds)
    assert start == Pad((1,), {"a": 1})  # made before the draft: never written into
    assert last == Pad((1, 2, 3, 4), {"a": 1, "b": 2}, 2)
    assert type(last.rounds) is tuple and last.total == 10


def test_an_unknown_field_is_refused_in_a_draft_as_by_replace():
    with drafting():
        pad = update(Pad(), events=1)
        with pytest.raises(TypeError, match="no field 'nope'"):
            update(pad, nope=1)


def _header(record: dict):
    return check_header(record["game"], record["players"], record.get("options"))


def _by_steps(record: dict) -> tuple[object, list[Line], RuleError | None, int | None]:
    """The record applied event by event, outside any draft: the rules' own answer."""
    header = _header(record)
    game, players = header.game, tuple(header.players)
    state = game.start(players, dict(header.options))
    lines: list[Line] = []
    for index, body in enumerate(record["events"]):
        try:
            ev = decode(game.events, body)
            after = game.apply(state, ev)
        except RuleError as err:
            return state, lines, err, index
        assert game.narrate is not None
        lines.append(game.narrate(ev, players, before=state, after=after))
        state = after
    return state, lines, None, None


@pytest.mark.parametrize("record", [r for _name, r in RECORDS], ids=[name for name, _r in RECORDS])
def test_a_replay_in_a_draft_answers_as_the_rules_event_by_event(record):
    header = _header(record)
    state, lines, error, index = _by_steps(record)
    replayed: list[Line | None] = []
    if error is None:
        assert replay_events(header.game, header.players, header.options, record["events"], replayed) == state
        assert replayed == lines
    else:
        with pytest.raises(ReplayError) as refused:
            replay_events(header.game, header.players, header.options, record["events"], replayed)
        assert (refused.value.index, refused.value.code, refused.value.params) == (index, error.code, error.params)
        assert replayed == lines
