"""Helpers shared by the Domino Bead Game rules tests (test_bead_game*.py): the digest's starter and
seed plays (D-E1..D-E3), a new hand, a replay, and a refusal check.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.games.bead_game.rules import GAME
from referee.games.bead_game.rules.events import Hand, Place, Placement
from referee.games.bead_game.rules.play import apply, start
from referee.games.bead_game.rules.view import view
from referee.rules.base import RuleError

ROOT = Path(__file__).parents[2]
RECORDS = ROOT / "tests" / "records"

# The digest's reconstructed board (5.8): [4-5] upright at (1,1)-(2,1) beside [2-3] at (1,2)-(2,2).
STARTER = (Placement("4-5", ((1, 1), (2, 1))), Placement("2-3", ((1, 2), (2, 2))))
SEED_PLAYS = (  # D-E1, D-E2, D-E3: seat 0 leads, seats alternate (D18)
    Place(0, "2-2", ((2, 0), (3, 0))),
    Place(1, "3-1", ((3, 1), (3, 2))),
    Place(0, "4-3", ((0, 0), (0, 1))),
)


def new(players=2, single=False, leader=0, starter=STARTER):
    state = start(tuple("ABCD"[:players]), GAME.resolve_options({"singleHand": single}))
    return apply(state, Hand(starter=starter, leader=leader))


def play(state, *events):
    for ev in events:
        state = apply(state, ev)
    return state


def seed_board():
    """The board after the three seed plays; seat 1 is to move."""
    return play(new(), *SEED_PLAYS)


def refusal(state, ev) -> RuleError:
    with pytest.raises(RuleError) as err:
        apply(state, ev)
    return err.value


def last_row(state):
    return view(state).detail["sheet"][-1]
