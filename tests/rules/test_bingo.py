"""Bingo rules (docs/rules/bingo.md): refusals by sight, malformed events, the options of README §8,
the view, and that every rule id of the rulebook is referenced by a test_bingo*.py module.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_bingo_support import (
    PHASE_ONE,
    PHASE_TWO,
    SCRIPT,
    claim,
    close,
    deal,
    declare,
    play,
    refused,
    trick,
)

from referee.games import GAMES
from referee.games.bingo.rules import GAME
from referee.rules.base import MalformedEvent
from referee.rules.events import decode
from tests.rule_ids import rule_ids

# ------------------------------------------------------------------ refusals by sight


def test_refusals_tile_twice_indicator_and_finished_deal():
    """Illegal by sight (docs/record-format.md): a tile twice, the indicator before it is taken, etc."""
    err = refused("tile_played", deal(), trick("6-6", "5-5"), trick("6-5", "6-6"))
    assert str(err) == "6-6 was already played in trick 1."
    refused("tile_played", deal(), trick("6-6", "6-6"))
    refused("indicator_not_taken", deal(), trick("3-1", "5-5"))
    refused("indicator_closed", deal(), PHASE_ONE[0], close(0), trick("3-1", "5-5"))
    refused("indicator_held", deal(), *PHASE_ONE, trick("3-1", "6-6"))
    refused("deal_over", *SCRIPT, trick("6-6", "5-5"))
    refused("no_deal", trick("6-6", "5-5"))
    refused("no_deal", claim(0))
    refused("deal_in_progress", deal(), deal(leader=None))
    refused("leader_needed", deal(leader=None))
    refused("bad_seat", deal(leader=2))


def test_refusals_of_show():
    """`show`: only after a claim, once, with every known tile and the right count."""
    events = [deal(), *PHASE_ONE, *PHASE_TWO[:2], claim(0)]
    aki = ["1-1", "3-1", "6-0", "5-0", "2-0"]
    refused("show_not_now", deal(), {"type": "show", "seat": 0, "tiles": aki})
    refused(
        "show_missing", *events, {"type": "show", "seat": 0, "tiles": ["1-1", "6-0", "5-0", "2-0", "4-3"]}
    )
    refused("show_count", *events, {"type": "show", "seat": 0, "tiles": aki[:4]})
    refused("tile_played", *events, {"type": "show", "seat": 1, "tiles": ["3-3", "1-0", "3-0", "4-3", "5-3"]})
    ok = {"type": "show", "seat": 0, "tiles": aki}
    refused("already_shown", *events, ok, ok)
    refused(
        "tile_held_by_opponent",
        *events,
        ok,
        {"type": "show", "seat": 1, "tiles": ["1-1", "1-0", "3-0", "4-3", "5-3"]},
    )
    state = play(*events, ok, {"type": "show", "seat": 1, "tiles": ["1-0", "3-0", "4-3", "5-3", "6-3"]})
    assert GAME.view(state).breaches == ()


def test_malformed_events_are_refused_by_the_codec():
    with pytest.raises(MalformedEvent):
        decode(GAME.events, {"type": "trick", "lead": "7-1", "reply": "1-1"})
    with pytest.raises(MalformedEvent):
        decode(GAME.events, {"type": "deal"})
    with pytest.raises(MalformedEvent):
        decode(GAME.events, {"type": "bid", "seat": 0})


# ------------------------------------------------------------------ options, B-Δ10, B35, the view


def test_options_are_exactly_the_readme_section_8_bingo_rows():
    """README §8 Bingo rows, all off by default; B-Δ1, B-Δ9 and B-Δ11 have no option (digest)."""
    assert GAMES["bingo"] is GAME
    assert [o.id for o in GAME.options] == [
        "threeIfNonClaimerTrickless",
        "thresholdCardPointsOnly",
        "alternateLead",
        "indicatorToWinner",
        "pipTotalTricks",
        "followWithoutHeading",
        "closeBeforeFirstTrick",
        "declareAllHeld",
        "showRunningPoints",
    ]
    assert all(o.default is False and o.choices is None and o.help for o in GAME.options)
    assert (GAME.min_players, GAME.max_players) == (2, 2)


def test_b_delta10_declare_all_held_refuses_leaving_out_the_taken_indicator_and_checks_later():
    """B-Δ10 (declareAllHeld): a known held double left out is refused; others are breaches later."""
    phase_one = [
        trick("6-6", "5-5"),
        trick("4-4", "6-5"),
        trick("6-0", "2-1"),
        trick("6-2", "6-1"),
        trick("5-4", "5-2"),
        trick("4-1", "4-2"),
        trick("5-1", "6-4"),
    ]
    # indicator [3-3]: Ben wins trick 7, Aki takes [3-3]; Aki leads only after winning a trick.
    ev = [deal("3-3"), *phase_one]
    d = GAME.view(play(*ev)).detail
    assert d["indicator_holder"] == 0 and d["lead"] == 1
    ev2 = [*ev, trick("4-0", "0-0")]  # Aki wins with bingo and leads
    opts = {"declareAllHeld": True}
    refused("must_declare_all", *ev2, declare(0, "1-1", "2-2"), options=opts)
    state = play(*ev2, declare(0, "1-1", "2-2", "3-3"), options=opts)
    assert GAME.view(state).breaches == ()
    # Without the known indicator: a phase-2 declaration that left out a double shown later.
    state = play(
        *ev2,
        declare(0, "1-1", "3-3"),
        trick("1-1", "1-0"),
        claim(0),
        {"type": "show", "seat": 0, "tiles": ["3-3", "2-2", "5-0", "2-0", "3-1"]},
        options=opts,
    )
    assert [(b.rule, b.seat, b.event) for b in GAME.view(state).breaches] == [("B-Δ10", 0, 9)]


def test_b35_running_points_flag_is_in_the_detail():
    """B35: the web layer hides card points unless showRunningPoints."""
    assert GAME.view(play(deal())).detail["show_running_points"] is False
    assert GAME.view(play(deal(), options={"showRunningPoints": True})).detail["show_running_points"] is True


def test_apply_counts_every_event_and_refuses_an_object_that_is_no_bingo_event():
    """The shared apply (rules/dispatch.py): ``events`` is the index the next event will have; an object
    that is no Bingo event is malformed, and the state is left as it was."""
    state = play(deal(), *PHASE_ONE[:2])
    assert state.events == 3
    with pytest.raises(MalformedEvent) as err:
        GAME.apply(state, object())
    assert err.value.code == "unknown_event" and state.events == 3


def test_view_detail_is_json_and_apply_never_mutates():
    """Keys of view.Detail are in the detail; apply returns a new state."""
    before = play(deal(), *PHASE_ONE[:3])
    snapshot = GAME.view(before)
    after = GAME.apply(before, decode(GAME.events, PHASE_ONE[3]))
    assert GAME.view(before) == snapshot and after is not before
    assert before.events == 4 and after.events == 5
    d = GAME.view(after).detail
    json.dumps(d)
    for key in (
        "trump",
        "phase",
        "lead",
        "turn",
        "tiles_used",
        "indicator",
        "indicator_holder",
        "tricks_won",
        "card_points",
        "tricks",
        "declarations",
        "close",
        "claim",
        "deals",
        "game_points",
        "next",
    ):
        assert key in d
    assert d["tiles_used"] == sorted(d["tiles_used"], reverse=True) and len(d["tiles_used"]) == 8
    assert set(d["next"]) >= {"can_declare", "can_close", "can_claim"}


# ------------------------------------------------------------------ every rule id is tested


def test_every_bingo_rule_id_of_the_digest_is_referenced_by_a_test():
    """Every B-number, worked example and discrepancy id of Bingo appears in test_bingo*.py."""
    ids = rule_ids("bingo")
    text = "\n".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_bingo*.py"))
    missing = sorted(i for i in ids if not re.search(rf"(?<![\w-]){re.escape(i)}(?!\d)", text))
    assert not missing, missing


# Rule ids covered by the digest's own cross-references rather than a separate behaviour:
# B1 (two players, 28 tiles: GAME.min/max_players, ALL_TILES), B3 (one side's GP plus captures: the
# deals' game_points), B5 (seven suits, a double in one suit), B16 (seven tiles each: HAND), B19 (tricks
# leave play: tiles_used), B23 (phase 2 from the empty boneyard or a close), B39 (a close still allows
# claims), B43 (one claim per deal), B-Δ1 (the 1/2/3 ladder, B44 rows 1-2), B-Δ9 (no option: the
# failed close is B40 + row 4), B-Δ11 (no indicator exchange).


def test_b_delta4_b35_option_help_says_what_its_label_does_not():
    """np13 finding 15: "Alternate the lead each deal / The lead alternates from deal to deal." and "Show card
    points during a deal / Show running card points during a deal." said the label twice; the help says what the
    option replaces: the deal's winner leading, the rule that keeps card points hidden."""
    helps = {o.id: o.help for o in GAME.options}
    assert "instead of the last deal's winner leading" in helps["alternateLead"]
    assert "players may not count them" in helps["showRunningPoints"]
