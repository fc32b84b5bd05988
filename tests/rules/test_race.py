"""The race of a table (issue 32): each side's running total per deal, hand or round, read from the view.

Worked examples are the golden records (tests/records): their running totals as a careful scorer adds
them up from the score sheet, with the bonuses of a game's end in the deal that earned them."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.games import GAMES
from referee.rules.events import decode
from referee.rules.race import Race, race, summary
from referee.store.record import parse_record
from referee.store.replay import replay_events

RECORDS = Path(__file__).resolve().parents[1] / "records"

GOLDEN = {
    # record: (unit, lines, running totals after each step, target)
    "bingo-four-deals-to-eight": ("deal", ["Aki", "Ben"], [(3, 0), (3, 3), (5, 3), (8, 3)], 7),
    "five-up-partners-to-61": (
        "hand",
        ["Aki & Chie", "Ben & Dai"],  # F1: partners share one total
        [(6, 0), (23, 14), (38, 15), (42, 16), (51, 18), (59, 22), (60, 32), (73, 33)],  # +10 to the winner in hand 8 (F33)
        61,
    ),
    "ninety-nine-three-player-game-to-100": (
        "deal",
        ["Aki", "Ben", "Chie"],
        [(34, 4, 1), (36, 38, 4), (58, 41, 58), (92, 44, 60), (276, 44, 245)],  # the game bonus of 100 in deal 5 (N17)
        100,
    ),
    "trick-de-bingo-one-round": ("round", ["Aki", "Ben", "Chie", "Dan"], [(19, 6, 4, 18)], None),  # from the chip of 1 (T3)
    "bead-game-two-hands": ("hand", ["Aki", "Ben"], [(733, 513), (1132, 898)], None),
}


def _record(name: str) -> dict:
    return json.loads((RECORDS / f"{name}.json").read_text())


def race_of(record: dict, keep: int | None = None) -> tuple[Race, tuple[int, ...], tuple[str, ...]]:
    parsed = parse_record(record)
    events = record["events"] if keep is None else record["events"][:keep]
    view = parsed.game.view(replay_events(parsed.game, parsed.players, parsed.options, events))
    return race(parsed.game, view.detail, view.totals, view.finished), view.totals, parsed.players


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_the_running_totals_of_a_golden_record(name):
    unit, lines, running, target = GOLDEN[name]
    the_race, _, players = race_of(_record(name))
    assert (the_race.unit, list(the_race.names(players)), list(the_race.running), the_race.target) == (unit, lines, running, target)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_the_last_point_is_the_table_total_after_every_entry(name):
    """Mid-deal points (a Bingo capture, a bead placement, a Five Up play) are the step in play."""
    parsed = parse_record(_record(name))
    state = parsed.game.start(parsed.players, parsed.options)
    for index, body in enumerate((None, *parsed.events)):
        if body is not None:
            state = parsed.game.apply(state, decode(parsed.game.events, body))
        view = parsed.game.view(state)
        the_race = race(parsed.game, view.detail, view.totals, view.finished)
        last = the_race.running[-1] if the_race.points else the_race.start
        assert last == tuple(view.totals[seats[0]] for seats in the_race.sides), index


@pytest.mark.parametrize(
    ("name", "keep", "sentence"),
    [
        ("bingo-four-deals-to-eight", None, ("%(name)s won by %(points)s after %(step)s.", {"name": "Aki", "points": 5}, 4)),
        ("ninety-nine-three-player-game-to-100", None, ("%(name)s leads by %(points)s after %(step)s.", {"name": "Aki", "points": 31}, 5)),
        ("five-up-partners-to-61", None, ("%(name)s won by %(points)s after %(step)s.", {"name": "Aki & Chie", "points": 40}, 8)),
        ("bingo-four-deals-to-eight", 0, ("No deal has been scored yet.", {}, 0)),
    ],
)
def test_the_summary_says_who_leads_by_how_much(name, keep, sentence):
    the_race, _, players = race_of(_record(name), keep)
    said = summary(the_race, players)
    assert (said.message, dict(said.params), said.n) == sentence


def test_a_tie_names_every_leader_and_a_step_in_play_says_during():
    tied = Race("round", ((0,), (1,), (2,)), ((5, 5, 1),), (0, 0, 0), live=True)
    said = summary(tied, ("Ann", "Bo", "Cy"))
    assert said.message == "%(names)s are level on %(points)s during %(step)s."
    assert dict(said.params) == {"names": ("Ann", "Bo"), "points": 5}


@given(st.lists(st.lists(st.integers(-500, 500), min_size=3, max_size=3), max_size=30))
def test_running_totals_add_up_the_points_of_each_step(rows):
    the_race = Race("round", ((0,), (1,), (2,)), tuple(tuple(r) for r in rows), (1, 1, 1))
    assert len(the_race.running) == len(rows)
    for s in range(3):
        assert [r[s] for r in the_race.running] == [1 + sum(r[s] for r in rows[: i + 1]) for i in range(len(rows))]


def test_a_game_that_reads_no_race_shows_its_totals_as_the_step_in_play():
    """A descriptor without ``race`` draws no scored steps; the table's totals are the step in play."""
    plain = dataclasses.replace(GAMES["score-pad"], race=None)
    the_race = race(plain, {}, (4, 9), False)
    assert (the_race.unit, the_race.sides, the_race.points, the_race.live) == ("round", ((0,), (1,)), ((4, 9),), True)
