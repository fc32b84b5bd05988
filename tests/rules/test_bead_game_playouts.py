"""Domino Bead Game invariants (Hypothesis): the pattern rule against its definition (D12-D13) and
random legal hands (D1-D22) dealt from a shuffled set and played by the rules' own move list."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import example, given, settings
from hypothesis import strategies as st

from referee.games.bead_game.rules import GAME
from referee.games.bead_game.rules.events import End, Hand, Pass, Place, Placement
from referee.games.bead_game.rules.grid import is_pattern, lines, neighbours
from referee.games.bead_game.rules.play import apply, legal_placements, penalty
from referee.games.bead_game.rules.state import HAND_SIZE
from referee.games.bead_game.rules.view import view
from referee.rules.base import IllegalEvent
from referee.rules.tiles import Tile, double_set


def brute_force_valid(values):
    """D12 word for word: some period p whose block repeats and holds different numbers."""
    n = len(values)
    if n == 0:
        return True
    return any(
        len(set(values[:p])) == p and all(values[i] == values[i + p] for i in range(n - p))
        for p in range(1, n + 1)
    )


def reference_score(board, a, b, va, vb):
    """Appendix A.3 written out again, independently of the module: the score, or None if illegal."""
    if a in board or b in board or abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        return None
    if not any(n in board for c in (a, b) for n in neighbours(c)):
        return None
    new = {**board, a: va, b: vb}

    def run(cell, d):
        cells = [cell]
        for sign in (1, -1):
            cur = (cell[0] + sign * d[0], cell[1] + sign * d[1])
            while cur in new:
                cells.append(cur)
                cur = (cur[0] + sign * d[0], cur[1] + sign * d[1])
        return sorted(cells)

    axis = (0, 1) if a[0] == b[0] else (1, 0)
    cross = (axis[1], axis[0])
    found = [run(a, axis), run(a, cross), run(b, cross)]
    if not all(brute_force_valid([new[c] for c in line]) for line in found):
        return None
    score = 1
    for line in found:
        score *= len(line) if any(c not in (a, b) for c in line) else 1
    return score * (2 if va == vb else 1)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(1, 5), max_size=14))
def test_the_pattern_check_agrees_with_the_definition_d12_d13(values):
    assert is_pattern(values) == brute_force_valid(values)


def _reference_placements(board, x, y):
    """Every (cells, values) the reference accepts for tile x-y, each physical placement once."""
    found = set()
    for cell in board:
        for e in neighbours(cell):
            for f in neighbours(e):
                a, b = min(e, f), max(e, f)
                for va, vb in {(x, y), (y, x)}:
                    if reference_score(board, a, b, va, vb) is not None:
                        found.add(((a, b), (va, vb)))
    return found


def _board(state):
    return dict(state.current.board)


def _check_board(state):
    """Every line valid (D11-D12), each design at most twice (D1)."""
    board = _board(state)
    assert all(is_pattern(line.values) for line in lines(board))
    assert max(Counter(lay.tile for lay in state.current.laid).values()) <= 2


def playout(seed: int, players: int, single: bool, pass_rate: float):
    """Deal from a shuffled set, play random legal placements (sometimes passing instead, D19)."""
    rng = random.Random(seed)
    state = GAME.start(tuple(f"P{i}" for i in range(players)), GAME.resolve_options({"singleHand": single}))
    size = HAND_SIZE[players]
    leader = rng.randrange(players)
    checked_all = False
    while not state.finished:
        tiles = [t for t in double_set(5, 1) for _ in range(2)]
        rng.shuffle(tiles)
        hands = [tiles[i * size : (i + 1) * size] for i in range(players)]
        first, second = tiles[players * size], tiles[players * size + 1]
        upright = rng.random() < 0.5
        r, c = rng.randrange(-3, 4), rng.randrange(-3, 4)
        cells = (
            (((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1)))
            if upright
            else (((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)))
        )
        starter = tuple(
            Placement(f"{t.hi}-{t.lo}" if rng.random() < 0.5 else f"{t.lo}-{t.hi}", cs)
            for t, cs in zip((first, second), cells, strict=True)
        )
        is_first = not state.hands
        state = apply(state, Hand(starter=starter, leader=leader if is_first else None))
        while state.current.over is None:
            seat = state.current.to_move
            options = legal_placements(state, hands[seat])
            board = _board(state)
            if not checked_all:  # D16 and D19 over every tile of the set on one board
                on_table = state.current.copies_on_table()  # D1: a design with both copies out can't be shown
                every = legal_placements(state, [t for t in double_set(5, 1) if on_table[t] < 2][:5])
                assert all(p.score >= 2 for p in every)
                for p in every[:40]:
                    assert reference_score(board, *p.cells, *p.values) == p.score
                checked_all = True
            for p in options:
                assert p.score >= 2  # D16
            if not options or rng.random() < pass_rate:
                state = apply(state, Pass(seat))
                continue
            pick = rng.choice(options)
            # D19: the list is complete: the reference finds the same placements for the picked tile.
            x, y = pick.values
            listed = {(p.cells, p.values) for p in legal_placements(state, [f"{x}-{y}"])}
            assert listed == _reference_placements(board, x, y)
            before = view(state).totals[seat]
            state = apply(state, Place(seat, pick.tile_text, pick.cells))
            assert (
                view(state).totals[seat] - before
                == pick.score
                == reference_score(board, *pick.cells, *pick.values)
            )
            hands[seat].remove(Tile.of(*pick.values))
            _check_board(state)
        state = apply(state, End(hands=tuple(tuple(h) for h in hands)))
        summary = view(state).detail["hands"][-1]
        assert summary["penalties"] == [sum(penalty(t) for t in h) for h in hands]  # D21
    return state


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([2, 3, 4]), st.sampled_from([0.0, 0.3]))
@example(143, 3, 0.0)  # a starter of both [5-5]s: the D16 probe must skip designs with no copy left
def test_random_legal_hands_keep_every_line_a_pattern_and_add_up_d11_d16_d21_d22(seed, players, pass_rate):
    state = playout(seed, players, True, pass_rate)
    v = view(state)
    sheet = v.detail["sheet"]
    hands = v.detail["hands"]
    assert len(hands) == 1
    for seat in range(players):  # D22: totals are placement scores minus penalties
        placed = sum(r["score"] for r in sheet if r["seat"] == seat)
        assert v.totals[seat] == placed + hands[0]["penalties"][seat]
    assert v.finished and set(v.winners) == {s for s in range(players) if v.totals[s] == max(v.totals)}


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([2, 3, 4]))
def test_random_games_play_one_hand_per_player_with_the_lead_rotating_d4_d_delta_3(seed, players):
    state = playout(seed, players, False, 0.2)
    hands = view(state).detail["hands"]
    assert len(hands) == players
    assert [h["leader"] for h in hands] == [(hands[0]["leader"] + i) % players for i in range(players)]
    assert view(state).totals == tuple(sum(h["totals"][s] for h in hands) for s in range(players))


@settings(max_examples=60, deadline=None)
@given(
    st.integers(-2, 3),
    st.integers(-2, 3),
    st.sampled_from([(0, 1), (1, 0)]),
    st.integers(1, 5),
    st.integers(1, 5),
)
def test_the_module_scores_exactly_like_the_reference_algorithm_d14_d15(r, c, d, va, vb):
    state = apply(
        GAME.start(("A", "B"), GAME.resolve_options({})),
        Hand(starter=(Placement("4-5", ((1, 1), (2, 1))), Placement("2-3", ((1, 2), (2, 2)))), leader=0),
    )
    a, b = (r, c), (r + d[0], c + d[1])
    expected = reference_score(_board(state), a, b, va, vb)
    try:
        state = apply(state, Place(0, f"{va}-{vb}", (a, b)))
    except IllegalEvent as err:
        assert expected is None or err.code == "no_copy_left", err
        return
    assert view(state).totals[0] == expected
