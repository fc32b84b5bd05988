"""Five Up invariants over random legal hands and games (2, 3 and 4 players, both profiles)."""

from __future__ import annotations

import json
import random

from detail_shape import problems
from hypothesis import given, settings
from hypothesis import strategies as st
from test_five_up_support import Cheats, new, play, play_game, play_hand, reference_count, view

from referee.games.five_up.rules import GAME
from referee.games.five_up.rules import layout as lay
from referee.games.five_up.rules.scoring import CLOU, IDA, hand_points, round_clou, round_ida, side_of
from referee.games.five_up.rules.view import Detail


def check_invariants(state, hands, boneyard) -> None:
    h = state.hand
    # tiles are conserved: hands + boneyard + layout = the 28 tiles of the set (F1, F7)
    assert sum(h.held) + h.boneyard + len(h.layout) == 28
    assert list(h.held) == [len(x) for x in hands] and h.boneyard == len(boneyard)
    assert len({node.tile for node in h.layout}) == len(h.layout)
    d = view(state).detail["hand"]
    # the count always equals the sum over open ends (F15, A.2)
    assert (
        d["count"]
        == sum(o["count"] for o in d["open_ends"])
        == reference_count(d["layout"])
        == lay.count(h.layout)
    )
    assert d["formula"].endswith(f"= {d['count']}")
    # points are never negative (F16, F25-F26)
    assert all(p["points"] >= 0 for p in d["plays"])
    assert all(p >= 0 for p in d["end_points"])
    assert all(t >= 0 for t in view(state).totals)
    json.dumps(view(state).detail)  # the detail is JSON-able


OPTION_SETS = st.fixed_dictionaries(
    {
        "profile": st.sampled_from([IDA, CLOU]),
        "handSizeLeeflang": st.booleans(),
        "reserveNone": st.booleans(),
        "dominoerLeads": st.booleans(),
        "winnerBonus10": st.booleans(),
        "dominoBonus2": st.booleans(),
    }
)


@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32), options=OPTION_SETS)
def test_random_legal_hands_conserve_tiles_keep_the_count_and_never_score_negative(players, seed, options):
    rng = random.Random(seed)
    state = new(players, **options)
    for _ in range(2):
        state, events = play_hand(state, rng, check_invariants)
        if state.finished:
            break
        assert view(state).breaches == ()  # honest play breaks no rule (F18-F21)


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32), profile=st.sampled_from([IDA, CLOU]))
def test_random_games_finish_with_a_winner_and_zero_sum_game_points(players, seed, profile):
    state, events = play_game(new(players, profile=profile, skunk10=True), random.Random(seed))
    v = view(state)
    assert v.finished and v.winners and v.breaches == ()  # F29-F30
    top = max(v.totals)
    assert all(v.totals[s] == top for s in v.winners) or profile == CLOU
    if profile == IDA:
        gp = v.detail["game_points"]
        assert sum(gp[seats[0]] for seats in v.detail["sides"]) == 0  # F31-F32: zero-sum per side
        assert all(gp[s] > 0 for s in v.winners)
        assert max(v.totals) >= 61
    # the record replays to the same result from scratch
    again = play(new(players, profile=profile, skunk10=True), *events)
    assert view(again).totals == v.totals


@settings(max_examples=10, deadline=None)
@given(
    players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32), options=OPTION_SETS, calls=st.booleans()
)
def test_the_detail_after_every_event_of_a_random_game_has_the_shape_view_detail_declares(
    players, seed, options, calls
):
    """The API, templates and printables read ``view.Detail``: every key it requires is there, no other
    key is, and each value has its declared type, from the empty table to the game's end."""
    extra = {"calledScore": True, "muggins": True} if calls else {}
    state = new(players, **options, **extra)
    assert problems(view(state).detail, Detail) == []
    final, events = play_game(state, random.Random(seed), calls=calls)
    for raw in events:
        state = play(state, raw)
        assert problems(view(state).detail, Detail) == []
    assert state.finished == final.finished


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32))
def test_called_scores_with_muggins_move_points_but_never_create_or_lose_them(players, seed):
    rng = random.Random(seed)
    state = new(players, calledScore=True, muggins=True)
    state, events = play_hand(state, rng, calls=True)
    v = view(state)
    earned = sum(p["points"] for p in v.detail["hand"]["plays"]) + sum(v.detail["hand"]["end_points"])
    assert sum(v.detail["scores"]) == earned
    for call in v.detail["calls"]:
        assert call["called"] != call["points"]


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32))
def test_random_muggins_games_to_61_end_at_the_event_that_credits_the_points_reaching_it(players, seed):
    """F-Δ6 (immediateWinAt61) with calledScore + muggins (README §8), over random legal games with
    calls (some short, some missing): a small referee here credits each play's points only when its
    window closes (its ``call``, or any other event, which moves the uncalled points to the next
    player in turn) and a hand's end points at the ``end``. The game must end exactly at the first
    event, during play, after which one side alone has 61 or more credited; otherwise at a hand's end."""
    state = new(players, calledScore=True, muggins=True, immediateWinAt61=True)
    final, events = play_game(state, random.Random(seed), calls=True)
    sides = len(state.scores)
    credited = [0] * sides
    window: tuple[int, int] | None = None  # (seat, points) of the play awaiting its call
    expected_end = None
    for i, raw in enumerate(events):
        before = state
        state = play(state, raw)
        if window is not None:  # this event closes the window: a call credits what it says, up to the count
            seat, points = window
            called = min(raw["points"], points) if raw["type"] == "call" else 0
            credited[side_of(seat, players)] += called
            credited[side_of((seat + 1) % players, players)] += points - called
            window = None
        if raw["type"] == "play":
            window = (raw["seat"], state.hand.plays[-1].points)
        if raw["type"] == "end":
            credited = list(state.scores)  # the hand's end points (F25-F28) are credited at once
        top = max(credited)
        # during play: not a hand's end, nor a play or pass that ends the hand (its ``end`` decides,
        # F29), nor the extra hands of a tie (F30); "abandoned" is the product ending the game here
        in_play = (
            raw["type"] != "end" and state.hand.status in ("play", "abandoned") and before.extra_left is None
        )
        if expected_end is None and in_play and top >= 61 and credited.count(top) == 1:
            expected_end = i
        if state.finished:
            assert i == expected_end or (expected_end is None and raw["type"] == "end"), (
                i,
                expected_end,
                raw,
            )
            assert i == len(events) - 1
            break
    assert expected_end is None or state.finished
    assert final.finished


def test_apply_never_changes_the_state_it_was_given():
    rng = random.Random(7)
    state = new(4)
    state, events = play_hand(state, rng)
    before = view(state)
    play(state, {"type": "hand"})
    assert view(state) == before


@given(st.integers(0, 200))
def test_f24_ida_rounds_half_up_from_three_and_clou_rounds_down_over_0_to_200_pips(pips):
    q, r = divmod(pips, 5)
    assert round_ida(pips) == q + (1 if r >= 3 else 0)
    assert round_clou(pips) == q


def test_f24_rounding_table_over_0_to_200_pips_is_monotone():
    ida = [round_ida(p) for p in range(201)]
    clou = [round_clou(p) for p in range(201)]
    assert ida == sorted(ida) and clou == sorted(clou)
    assert all(0 <= i - c <= 1 for i, c in zip(ida, clou, strict=True))
    assert ida[200] == clou[200] == 40


@given(
    players=st.sampled_from([2, 3, 4]),
    pips=st.lists(st.integers(0, 60), min_size=4, max_size=4),
    dominoer=st.one_of(st.none(), st.integers(0, 3)),
    profile=st.sampled_from([IDA, CLOU]),
    twice=st.booleans(),
)
def test_f25_f26_hand_points_are_never_negative(players, pips, dominoer, profile, twice):
    pips = pips[:players]
    if dominoer is not None:
        dominoer %= players
        pips[dominoer] = 0
    points, _why = hand_points(players, tuple(pips), dominoer, profile, twice)
    assert all(p >= 0 for p in points)
    if dominoer is None and players != 3:
        assert sum(1 for p in points if p) <= 1  # F26: only the lighter side scores


def test_the_game_object_describes_its_events_for_the_api():
    assert [e.type for e in GAME.events] == ["hand", "play", "draw", "pass", "end", "call"]


@settings(max_examples=80, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32), reserve_none=st.booleans())
def test_injected_illegal_draws_and_passes_are_reported_once_exactly_when_later_plays_prove_it(
    players, seed, reserve_none
):
    """F18-F21 after the fact, from full knowledge. A cheat draws (or passes) while holding tiles W
    that fit. Under F19 a turn's own draws and its play excuse nothing later, so:
    - if the cheater plays a tile of W in a later turn before drawing again, the record proves it:
      one breach at the turn's first event (its first draw, or the pass), for that seat, detected
      no later than that play, by one of the cheater's plays;
    - if no tile of W is ever played later, nothing can prove it: no breach;
    - in between it may or may not be provable, but never twice; honest turns are never reported."""
    rng = random.Random(seed)
    state = new(players, reserveNone=reserve_none)
    cheats = Cheats(rate=0.25)
    events: list = []
    for _ in range(2):
        state, evs = play_hand(state, rng, cheats=cheats)
        events += evs
        if state.finished:
            break
    moves = {m.event: m for h in (*state.hands, state.hand) if h is not None for m in h.moves}
    breaches = view(state).breaches
    assert len({b.event for b in breaches}) == len(breaches)  # each at most once
    found = {b.event: b for b in breaches}
    for event, seat, witnesses, number in cheats.done:
        later = [m for e, m in sorted(moves.items()) if e > event and m.seat == seat]
        if moves[event].kind == "draw":  # the turn goes on to its play or pass: skip those too
            ends = next((i for i, m in enumerate(later) if m.kind != "draw"), len(later))
            later = later[ends + 1 :]
        after = [m for m in later if _same_hand(state, m.event, number)]
        proof = next((m for m in after if m.kind == "play" and m.tile in witnesses), None)
        drew_first = proof is not None and any(m.kind == "draw" and m.event < proof.event for m in after)
        if proof is not None and not drew_first:
            b = found.pop(event)
            assert (b.rule, b.seat) == ("F21", seat)
            assert b.detected_at is not None and event < b.detected_at <= proof.event
            assert moves[b.detected_at].kind == "play" and moves[b.detected_at].seat == seat
        elif proof is None:
            assert event not in found
        else:
            found.pop(event, None)
    assert found == {}  # nothing but the cheats


def _same_hand(state, event: int, number: int) -> bool:
    hands = [h for h in (*state.hands, state.hand) if h is not None and h.number == number]
    return any(m.event == event for h in hands for m in h.moves)
