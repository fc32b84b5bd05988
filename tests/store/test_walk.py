"""The walk (referee/store/walk.py) gives, after every log line, exactly the table ``replay`` gives for
the log up to that line, whatever mix of events, undos and corrections; and it costs each event once
plus what undos and corrections force (not a replay per line)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games import GAMES
from referee.rules.base import RuleError
from referee.store import walk as walk_module
from referee.store.replay import LogEntry, replay
from referee.store.walk import Walk

PAD = GAMES["score-pad"]
PLAYERS = ("Aki", "Ben")
FIVE_UP = json.loads((Path(__file__).parents[1] / "records" / "five-up-partners-to-61.json").read_text())

# log lines: ("event", points), ("undo", how many in a row) or ("correct", (how far back, points))
LINES = st.one_of(
    st.tuples(st.just("event"), st.tuples(st.integers(-9, 9), st.integers(-9, 9))),
    st.tuples(st.just("undo"), st.integers(1, 6)),
    st.tuples(
        st.just("correct"), st.tuples(st.integers(0, 12), st.tuples(st.integers(-9, 9), st.integers(-9, 9)))
    ),
)


def score_pad_log(lines: list[tuple[str, object]]) -> list[LogEntry]:
    """A valid log from the drawn lines: an undo or a correction with nothing to act on is left out."""
    log: list[LogEntry] = []
    standing: list[int] = []
    for kind, arg in lines:
        seq = len(log) + 1
        if kind == "event":
            log.append(LogEntry(seq, "event", {"type": "round", "points": list(arg)}))
            standing.append(seq)
        elif kind == "undo":
            for _ in range(min(arg, len(standing))):
                log.append(LogEntry(len(log) + 1, "undo", {}))
                standing.pop()
        elif kind == "correct" and standing:
            back, points = arg
            target = standing[max(0, len(standing) - 1 - back)]
            log.append(
                LogEntry(
                    seq, "correct", {"target": target, "event": {"type": "round", "points": list(points)}}
                )
            )
    return log


def same_table(walk: Walk, log: list[LogEntry]) -> None:
    expected = replay(walk.game, walk.players, walk.options, log)
    got = walk.replayed()
    assert got.effective == expected.effective
    assert got.undone == expected.undone
    assert got.state == expected.state
    assert got.view == expected.view
    assert got.last_seq == expected.last_seq


@settings(max_examples=150, deadline=None)
@given(lines=st.lists(LINES, max_size=40), keep=st.sampled_from([2, 3, 64]), every=st.integers(1, 4))
def test_after_every_line_the_walk_is_the_replay(lines, keep, every) -> None:
    """Whether the state is asked for after every line or only now and then (lines before a
    report's range), and however few states are kept (KEEP 2: every other state dropped after two)."""
    log = score_pad_log(lines)
    walk = Walk(PAD, PLAYERS, {})
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(walk_module, "KEEP", keep)
        for n, entry in enumerate(log, start=1):
            walk.step(entry)
            if n % every == 0 or n == len(log):
                same_table(walk, log[:n])


def test_a_real_match_walked_is_its_replay() -> None:
    game = GAMES[FIVE_UP["game"]]
    options = game.resolve_options(FIVE_UP.get("options"))
    log = [LogEntry(i, "event", body) for i, body in enumerate(FIVE_UP["events"], start=1)]
    log += [LogEntry(len(log) + 1, "undo", {}), LogEntry(len(log) + 2, "event", FIVE_UP["events"][-1])]
    walk = Walk(game, tuple(FIVE_UP["players"]), options)
    for n, entry in enumerate(log, start=1):
        walk.step(entry)
        assert walk.view() == replay(game, tuple(FIVE_UP["players"]), options, log[:n]).view


def rounds(n: int) -> list[LogEntry]:
    return [LogEntry(i, "event", {"type": "round", "points": [i % 5, 1]}) for i in range(1, n + 1)]


@pytest.mark.parametrize(
    ("name", "log", "most"),
    [
        ("plain events, the state asked for after each", rounds(1000), 1000),
        (
            "undo and again, 500 times",
            rounds(500)
            + [
                LogEntry(501 + i, "undo", {})
                if i % 2 == 0
                else LogEntry(501 + i, "event", {"type": "round", "points": [1, 1]})
                for i in range(1000)
            ],
            500 + 500,
        ),
        (
            "300 undos in a row: at most KEEP events again each time back past the kept ones",
            rounds(700) + [LogEntry(701 + i, "undo", {}) for i in range(300)],
            700 + 300 // walk_module.KEEP * walk_module.KEEP + walk_module.KEEP,
        ),
        (
            "a correction of the last event: that event again",
            [
                *rounds(900),
                *(
                    LogEntry(
                        901 + i, "correct", {"target": 900, "event": {"type": "round", "points": [i, 0]}}
                    )
                    for i in range(100)
                ),
            ],
            900 + 100,
        ),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_each_event_is_applied_once_plus_what_an_undo_or_correction_forces(name, log, most) -> None:
    walk = Walk(PAD, PLAYERS, {})
    for entry in log:
        walk.step(entry)
        walk.view()
    assert walk.applied <= most
    same_table(walk, log)


def test_lines_before_the_state_is_asked_for_cost_nothing_until_then() -> None:
    """A report's range starting late: the corrections before it are not replayed one by one."""
    log = [
        *rounds(500),
        *(
            LogEntry(501 + i, "correct", {"target": 1, "event": {"type": "round", "points": [i, 0]}})
            for i in range(200)
        ),
    ]
    walk = Walk(PAD, PLAYERS, {})
    for entry in log:
        walk.step(entry)
    assert walk.applied == 0
    walk.view()
    assert walk.applied == 500
    same_table(walk, log)


def test_a_log_that_cannot_hold_is_refused_like_replay() -> None:
    walk = Walk(PAD, PLAYERS, {})
    with pytest.raises(RuleError):
        walk.step(LogEntry(1, "undo", {}))
    with pytest.raises(RuleError):
        walk.step(LogEntry(1, "correct", {"target": 7, "event": {"type": "round", "points": [1, 1]}}))
