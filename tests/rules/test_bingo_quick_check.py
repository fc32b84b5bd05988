"""The Bingo claim check is the deal's own scoring (referee/games/bingo/rules/quick_check.py): invariants
over random trick piles, Hypothesis-driven."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from referee.games.bingo.rules.quick_check import check_claim
from referee.games.bingo.rules.values import ALL_TILES, deck_points

TILES = [str(t) for t in ALL_TILES]


@st.composite
def told_deals(draw):
    order = draw(st.permutations(TILES))
    cut = 2 * draw(st.integers(0, 14))
    end = cut + 2 * draw(st.integers(0, (28 - cut) // 2))
    won = [list(order[:cut]), list(order[cut:end])]
    last = draw(st.sampled_from([None, 0, 1]))
    if last is not None and not won[last]:
        last = None
    closed = draw(
        st.one_of(
            st.none(),
            st.builds(
                lambda by, pts, had: {"by": by, "opponentPoints": pts if had else 0, "opponentHadTrick": had},
                st.integers(0, 1),
                st.integers(0, 100),
                st.booleans(),
            ),
        )
    )
    return {
        "trump": draw(st.integers(0, 6)),
        "claimer": draw(st.integers(0, 1)),
        "won": won,
        "declarations": [[], []],
        "lastTrick": last,
        "closed": closed,
        "options": {
            "thresholdCardPointsOnly": draw(st.booleans()),
            "threeIfNonClaimerTrickless": draw(st.booleans()),
        },
    }


def _mirror(body):
    closed = body["closed"] and {**body["closed"], "by": 1 - body["closed"]["by"]}
    return {
        **body,
        "claimer": 1 - body["claimer"],
        "won": body["won"][::-1],
        "lastTrick": None if body["lastTrick"] is None else 1 - body["lastTrick"],
        "closed": closed,
    }


@given(told_deals())
def test_swapping_the_seats_swaps_the_answer(body):
    a, b = check_claim(body), check_claim(_mirror(body))
    assert a.points == b.points[::-1] and a.correct == b.correct
    assert a.winner == 1 - b.winner and a.game_points == b.game_points


@given(told_deals())
def test_points_stay_within_the_deck_and_the_ladder(body):
    """B14: both piles together hold at most the deck's card points (+10 for the last trick, B13);
    B34: a correct claim wins for the claimer, a failed one for the opponent; B44: 1-3 game points."""
    out = check_claim(body)
    assert sum(out.points) <= deck_points(body["trump"]) + 10
    assert out.correct == (out.points[body["claimer"]] >= 70)
    assert out.winner == (body["claimer"] if out.correct else 1 - body["claimer"])
    assert 1 <= out.game_points <= 3
