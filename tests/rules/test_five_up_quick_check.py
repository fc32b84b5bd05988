"""The Five Up quick count from tapped tiles (referee/games/five_up/rules/quick_check.py), against F15-F16
stated directly: a simple tile adds its free number, a double with a side free twice its number, a
spinner with both sides taken nothing; a positive multiple of 5 scores count / 5."""

from hypothesis import given
from hypothesis import strategies as st

from referee.games.five_up.rules.quick_check import check_count

TILES = [(hi, lo) for hi in range(7) for lo in range(hi + 1)]


@st.composite
def open_ends(draw):
    tiles = draw(st.lists(st.sampled_from(TILES), min_size=1, max_size=12, unique=True))
    ends = []
    for hi, lo in tiles:
        free = draw(st.sampled_from((hi, lo)))
        spinner = hi == lo and draw(st.booleans())
        ends.append(("tile", f"{hi}-{lo}", free, spinner))
    return ends


@given(open_ends(), st.randoms())
def test_the_count_is_f15_whatever_the_order(ends, rnd):
    expected = sum(
        0 if spinner else 2 * free if tile[0] == tile[-1] else free for _k, tile, free, spinner in ends
    )
    shuffled = list(ends)
    rnd.shuffle(shuffled)
    for told in (ends, shuffled):
        checked = check_count(told)
        assert checked.count == expected
        assert checked.formula.endswith(f"= {expected}")
        assert checked.points == (expected // 5 if expected and expected % 5 == 0 else 0)  # F16
