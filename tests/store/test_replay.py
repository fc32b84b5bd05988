"""Undo and corrections are log lines; the state is always the replay of what stands."""

import dataclasses
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_walk import LINES, score_pad_log

from referee.games import game
from referee.rules.base import Line, RuleError
from referee.rules.events import decode
from referee.store.record import parse_record
from referee.store.replay import LogEntry, ReplayError, effective_events, extend, replay

PAD = game("score-pad")
PLAYERS = ("Aki", "Ben")


def ev(seq, a, b):
    return LogEntry(seq, "event", {"type": "round", "points": [a, b]})


def test_undo_takes_back_the_last_event_that_stands():
    log = [ev(1, 3, 1), ev(2, 5, 0), LogEntry(3, "undo", {})]
    rep = replay(PAD, PLAYERS, {}, log)
    assert rep.view.totals == (3, 1)
    assert [e.seq for e in rep.undone] == [2]
    assert rep.last_seq == 3


def test_two_undos_take_back_two_events():
    log = [ev(1, 3, 1), ev(2, 5, 0), LogEntry(3, "undo", {}), LogEntry(4, "undo", {})]
    assert replay(PAD, PLAYERS, {}, log).view.totals == (0, 0)


def test_undo_with_nothing_to_undo_is_refused():
    with pytest.raises(RuleError) as err:
        effective_events([LogEntry(1, "undo", {})])
    assert err.value.code == "nothing_to_undo"


def test_a_correction_replaces_the_event_and_keeps_the_original():
    fix = LogEntry(3, "correct", {"target": 1, "event": {"type": "round", "points": [10, 1]}})
    rep = replay(PAD, PLAYERS, {}, [ev(1, 3, 1), ev(2, 5, 0), fix])
    assert rep.view.totals == (15, 1)
    first = rep.effective[0]
    assert first.seq == 1 and first.original == {"type": "round", "points": [3, 1]}
    assert first.corrections == (fix,)


def test_a_correction_of_an_unknown_event_is_refused():
    fix = LogEntry(2, "correct", {"target": 9, "event": {"type": "round", "points": [1, 1]}})
    with pytest.raises(RuleError) as err:
        replay(PAD, PLAYERS, {}, [ev(1, 3, 1), fix])
    assert err.value.code == "no_such_event"


def test_a_correction_that_breaks_a_later_event_names_it():
    fix = LogEntry(3, "correct", {"target": 1, "event": {"type": "round", "points": [1, 2, 3]}})
    with pytest.raises(ReplayError) as err:
        replay(PAD, PLAYERS, {}, [ev(1, 3, 1), ev(2, 1, 1), fix])
    assert err.value.index == 0 and err.value.code == "bad_points"


def test_a_replay_builds_its_view_only_when_it_is_read_and_then_once():
    """Issue 29: a replay that is never shown (a kept result, a write checked before it is stored)
    does not pay for the view; the page that shows it builds it once."""
    built = []

    def counted(state):
        built.append(state)
        return PAD.view(state)

    counting = dataclasses.replace(PAD, view=counted)
    rep = replay(counting, PLAYERS, {}, [ev(1, 3, 1), ev(2, 5, 0)])
    assert built == []
    assert rep.view.totals == (8, 1) and rep.view is rep.view
    assert built == [rep.state]
    more = extend(rep, [ev(3, 1, 1)])
    assert more is not None and len(built) == 1
    assert more.view.totals == (9, 2) and len(built) == 2


RECORDS = sorted((Path(__file__).resolve().parents[1] / "records").glob("*.json"))


def test_a_replay_makes_its_history_sentences_only_when_they_are_read_and_then_once():
    """Issue 29: the sentences are a sixth to a third of a replay, and most replays are never shown
    with their history (a time-travel step, a write checked): they are made at the first read. A
    replay asked to narrate (the table page's) makes them at once, and an extension of a replay
    whose sentences are made makes its new ones with it."""
    said = []

    def counted(ev, players, before=None, after=None):
        said.append(ev)
        return PAD.narrate(ev, players, before=before, after=after)

    counting = dataclasses.replace(PAD, narrate=counted)
    rep = replay(counting, PLAYERS, {}, [ev(1, 3, 1), ev(2, 5, 0)])
    assert said == []
    assert rep.lines_made is None
    assert len(rep.lines) == 2 and rep.lines is rep.lines and len(said) == 2
    assert rep.lines_made == rep.lines
    more = extend(rep, [ev(3, 1, 1)])
    assert more is not None and len(said) == 3 and more.lines_made is not None
    eager = replay(counting, PLAYERS, {}, [ev(1, 3, 1)], narrated=True)
    assert len(said) == 4 and eager.lines_made is not None


@settings(max_examples=100, deadline=None)
@given(drawn=st.lists(LINES, max_size=25), split=st.integers(0, 30), record=st.sampled_from(RECORDS), cut=st.floats(0, 1))
def test_the_sentences_made_when_read_are_those_made_while_replaying(drawn, split, record, cut):
    """Property: a replay's sentences made at the first read, and those of a replay extended from
    a replay that had or had not made its own, are the sentences a narrating replay makes, for any
    mix of events, undos and corrections (score pad) and any prefix of every golden record."""
    parsed = parse_record(json.loads(record.read_text()))
    bodies = list(parsed.events)[: round(cut * len(parsed.events))]
    cases = [
        (PAD, PLAYERS, {}, score_pad_log(drawn)),
        (
            parsed.game,
            parsed.players,
            parsed.options,
            [LogEntry(i, "event", b) for i, b in enumerate(bodies, 1)],
        ),
    ]
    for game_, players, options, log in cases:
        eager = replay(game_, players, options, log, narrated=True).lines
        assert replay(game_, players, options, log).lines == eager
        head, tail = log[: min(split, len(log))], log[min(split, len(log)) :]
        for narrated in (False, True):
            grown = extend(replay(game_, players, options, head, narrated=narrated), tail)
            if grown is not None:  # None: the tail holds an undo or a correction
                assert grown.lines == eager


def test_a_replay_after_an_undo_or_a_correction_narrates_only_the_events_from_the_changed_one():
    """Issue 29: the page after an undo or a correction shows the history, and its replay takes the
    sentences of the events before the one taken back or corrected from the replay before it."""
    said = []

    def counted(ev, players, before=None, after=None):
        said.append(ev)
        return PAD.narrate(ev, players, before=before, after=after)

    counting = dataclasses.replace(PAD, narrate=counted)
    log = [ev(seq, seq, 1) for seq in range(1, 6)]
    before = replay(counting, PLAYERS, {}, log, narrated=True)
    said.clear()
    undone = replay(counting, PLAYERS, {}, [*log, LogEntry(6, "undo", {})], narrated=True, previous=before)
    assert said == [] and len(undone.lines_made or ()) == 4
    fix = LogEntry(7, "correct", {"target": 2, "event": {"type": "round", "points": [9, 9]}})
    fixed = replay(counting, PLAYERS, {}, [*log, LogEntry(6, "undo", {}), fix], narrated=True, previous=undone)
    assert len(said) == 3 and fixed.lines_made == replay(PAD, PLAYERS, {}, [*log[:4], fix], narrated=True).lines


def _totals(ev, players, before=None, after=None):
    return Line("%(totals)s", {"totals": after.totals()})


TOTALS = dataclasses.replace(PAD, narrate=_totals)
"""The score pad saying the totals after each round: each sentence depends on every event before it,
so one kept from before a correction that changed it would show (the pad's own says only the round)."""


@settings(max_examples=150, deadline=None)
@given(
    drawn=st.lists(LINES, max_size=25),
    other=st.lists(LINES, max_size=10),
    split=st.integers(0, 30),
    narrated=st.booleans(),
    game_=st.sampled_from([PAD, TOTALS]),
)
def test_the_sentences_kept_from_the_replay_before_are_those_a_fresh_replay_makes(drawn, other, split, narrated, game_):
    """Property: a narrated replay given an earlier replay of the table (of a part of its log, whose
    later lines undo and correct events of that part; or of another log) says what a fresh one says."""
    log = score_pad_log(drawn)
    fresh = replay(game_, PLAYERS, {}, log, narrated=True).lines
    for earlier in (log[: min(split, len(log))], score_pad_log(other)):
        previous = replay(game_, PLAYERS, {}, earlier, narrated=narrated)
        assert replay(game_, PLAYERS, {}, log, narrated=True, previous=previous).lines_made == fresh


@settings(max_examples=60, deadline=None)
@given(record=st.sampled_from(RECORDS), cut=st.floats(0, 1), undos=st.integers(0, 3), fix=st.tuples(st.floats(0, 1), st.floats(0, 1)))
def test_the_sentences_kept_after_an_undo_or_a_correction_of_a_golden_record_are_fresh(record, cut, undos, fix):
    """Property: the same on a prefix of every golden record, with undos after it and an event corrected
    to another event's body of its type (a correction the rules refuse is refused the same way)."""
    parsed = parse_record(json.loads(record.read_text()))
    bodies = list(parsed.events)[: max(1, round(cut * len(parsed.events)))]
    log = [LogEntry(i, "event", b) for i, b in enumerate(bodies, 1)]
    previous = replay(parsed.game, parsed.players, parsed.options, log, narrated=True)
    later = [LogEntry(len(log) + 1 + i, "undo", {}) for i in range(min(undos, len(log) - 1))]
    standing = len(log) - len(later)
    target = min(standing - 1, int(fix[0] * standing))
    alike = [b for b in bodies if b.get("type") == bodies[target].get("type")]  # more often legal than any
    source = alike[min(len(alike) - 1, int(fix[1] * len(alike)))]
    later.append(LogEntry(len(log) + len(later) + 1, "correct", {"target": target + 1, "event": source}))
    for tail in (later[:-1], later):
        args = (parsed.game, parsed.players, parsed.options, [*log, *tail])
        try:
            fresh = replay(*args, narrated=True).lines
        except RuleError as err:  # the corrected event, or one after it, is refused: the same way
            with pytest.raises(RuleError) as again:
                replay(*args, narrated=True, previous=previous)
            assert again.value.code == err.code
            continue
        assert replay(*args, narrated=True, previous=previous).lines_made == fresh


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_applying_an_event_never_changes_the_state_it_is_applied_to(path):
    """Rules are pure: ``apply`` makes a new state (the shared apply sets the new state's event
    counter in place, issue 29), and the state it was given, and every state before, stays as it was."""
    parsed = parse_record(json.loads(path.read_text()))
    game_ = parsed.game
    state = game_.start(tuple(parsed.players), dict(parsed.options))
    kept = []
    for body in parsed.events:
        kept.append((state, dict(vars(state)), state.events))
        new = game_.apply(state, decode(game_.events, body))
        assert new is not state and new.events == state.events + 1
        state = new
    for old, fields, events in kept:
        assert {k: vars(old)[k] for k in fields} == fields and old.events == events
