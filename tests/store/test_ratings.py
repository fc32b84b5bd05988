"""Ratings per game (issue 32): a seeded synthetic club history of 1,000 games in which stronger
simulated players win more often. The ratings must order the players as their strengths do and predict
winners better than a coin flip; partnerships, many-player tables, provisional figures and idle nights
follow the model's rules."""

from __future__ import annotations

import math
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.store.club_ratings import redo_from
from referee.store.kept_ladder import Kept, kept_from_json, kept_json
from referee.store.ratings import (
    IDLE_SIGMA,
    PROVISIONAL_GAMES,
    START_SIGMA,
    Ladder,
    Played,
    ratings,
    win_chance,
)

PLAYERS = 16


def synthetic_history(seed: int, games: int = 1000) -> tuple[list[Played], dict[str, float]]:
    """Club nights of 20 two-player Bingo tables; the stronger player wins with the logistic chance of
    the strength gap (one strength point ~ 73% against an equal-minus-one)."""
    rnd = random.Random(seed)
    strength = {f"p{i:02d}": rnd.gauss(0, 1) for i in range(PLAYERS)}
    names = sorted(strength)
    tables = []
    for g in range(games):
        a, b = rnd.sample(names, 2)
        a_wins = rnd.random() < 1 / (1 + math.exp(-(strength[a] - strength[b])))
        totals = (7, rnd.randint(0, 6)) if a_wins else (rnd.randint(0, 6), 7)
        tables.append(Played(f"night{g // 20:03d}", "bingo", (a, b), (0,) if a_wins else (1,), totals))
    return tables, strength


def spearman(xs: list[float], ys: list[float]) -> float:
    rank = lambda vs: {v: i for i, v in enumerate(sorted(vs))}  # noqa: E731
    rx, ry = rank(xs), rank(ys)
    n = len(xs)
    return 1 - 6 * sum((rx[x] - ry[y]) ** 2 for x, y in zip(xs, ys, strict=True)) / (n * (n * n - 1))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_ratings_order_the_players_by_strength_and_beat_a_coin_flip(seed):
    tables, strength = synthetic_history(seed)
    rated = ratings(tables)
    names = sorted(strength)
    shown = [rated[("bingo", n)].rating for n in names]
    assert spearman([strength[n] for n in names], shown) > 0.8
    # predict each of the last 500 games from the ratings as they stood just before it
    half = len(tables) // 2
    ladder = Ladder()
    for table in tables[:half]:
        ladder.add(table)
    loss = 0.0
    for table in tables[half:]:
        a, b = (ladder.ratings[("bingo", n)] for n in table.players)
        p = win_chance(a, b)
        loss -= math.log(p if table.winners == (0,) else 1 - p)
        ladder.add(table)
    assert loss / (len(tables) - half) < math.log(2) - 0.03  # a coin flip's log-loss is ln 2 ~ 0.693


def test_working_ratings_out_again_gives_the_same_figures():
    tables, _ = synthetic_history(7, 200)
    first, again = ratings(tables), ratings(list(tables))
    assert {k: (r.mu, r.sigma, r.games, r.history) for k, r in first.items()} == {
        k: (r.mu, r.sigma, r.games, r.history) for k, r in again.items()
    }


def test_a_rating_is_provisional_until_enough_games_and_shown_as_mu_minus_3_sigma():
    tables = [Played(f"n{i}", "bingo", ("ann", "bo"), (0,), (7, 2)) for i in range(PROVISIONAL_GAMES)]
    assert ratings(tables[:-1])[("bingo", "ann")].provisional
    ann = ratings(tables)[("bingo", "ann")]
    assert not ann.provisional and ann.games == PROVISIONAL_GAMES
    assert ann.rating == pytest.approx(ann.mu - 3 * ann.sigma)
    assert [s for s, _ in ann.history] == [f"n{i}" for i in range(PROVISIONAL_GAMES)]


def test_a_missed_night_widens_the_uncertainty():
    played = [Played("n0", "bingo", ("ann", "bo"), (0,), (7, 2)), Played("n1", "bingo", ("cy", "di"), (0,), (7, 2))]
    straight = ratings([*played[:1], Played("n1", "bingo", ("ann", "bo"), (0,), (7, 2))])[("bingo", "ann")]
    after_a_gap = ratings([*played, Played("n2", "bingo", ("ann", "bo"), (0,), (7, 2))])[("bingo", "ann")]
    assert after_a_gap.sigma > straight.sigma
    assert after_a_gap.sigma <= START_SIGMA and IDLE_SIGMA > 0


def test_partners_share_a_result_and_a_many_player_table_ranks_by_total():
    five_up = Played("n0", "five-up", ("ann", "bo", "cy", "di"), (0, 2), (61, 40, 61, 40))
    assert five_up.sides == ((0, 2), (1, 3)) and five_up.ranks == (0, 1)
    rated = ratings([five_up])
    assert rated[("five-up", "ann")].mu == rated[("five-up", "cy")].mu > rated[("five-up", "bo")].mu
    ninety_nine = Played("n0", "ninety-nine", ("ann", "bo", "cy"), (1,), (90, 276, 90))
    assert ninety_nine.ranks == (1, 0, 1)  # the winner first; equal totals share a place
    records = Ladder([five_up, ninety_nine]).records["ann"]
    assert ("cy", "five-up") not in records  # a partner is no opponent
    assert (records[("bo", "five-up")].won, records[("bo", "ninety-nine")].lost, records[("cy", "ninety-nine")].drawn) == (1, 1, 1)


def test_each_table_s_change_is_the_figure_after_it_less_the_one_before_and_names_the_place():
    nights = [
        Played("n0", "ninety-nine", ("ann", "bo", "cy"), (1,), (90, 276, 80)),
        Played("n1", "ninety-nine", ("ann", "bo", "cy"), (0,), (120, 90, 90)),
        Played("n2", "ninety-nine", ("cy", "ann"), (0,), (130, 60)),
    ]
    ladder = Ladder(nights)
    assert [[c.place for c in ladder.changes[p][:2]] for p in ("ann", "bo", "cy")] == [[2, 1], [1, 2], [3, 2]]
    for player in ("ann", "bo", "cy"):
        changes = ladder.changes[player]
        assert changes[0].before == 0  # a newcomer's mu - 3 sigma
        assert all(a.after == b.before for a, b in zip(changes, changes[1:], strict=False))
        assert changes[-1].after == ladder.ratings[("ninety-nine", player)].rating
        assert sum(c.change for c in changes) == pytest.approx(changes[-1].after)


def test_a_copied_ladder_goes_on_as_one_worked_out_whole_and_leaves_the_one_it_came_from():
    tables, _ = synthetic_history(seed=5, games=60)
    base = Ladder(tables[:40])
    climbed = base.copy()
    for table in tables[40:]:
        climbed.add(table)
    whole, first = Ladder(tables), Ladder(tables[:40])
    assert (climbed.ratings, climbed.changes, climbed.records) == (whole.ratings, whole.changes, whole.records)
    assert (base.ratings, base.changes, base.records) == (first.ratings, first.changes, first.records)


NAMES = ("aki", "ben", "chie", "dai", "eri", "fumi")
SEATS = {"bingo": 2, "ninety-nine": 3, "five-up": 4}


def finished(draw, night: int, number: int, game: str, players: tuple[str, ...]) -> Played:
    totals = tuple(draw(st.lists(st.integers(0, 9), min_size=len(players), max_size=len(players))))
    winners = (0, 2) if game == "five-up" and totals[0] >= totals[1] else (totals.index(max(totals)),)
    return Played(f"night{night}", game, players, winners, totals, f"t{night}.{number}", number)


@st.composite
def club_nights(draw) -> tuple[list[Played], list[Played]]:
    """A club's tables as a ladder kept them (``was``) and as they stand now: any table may have
    finished, been undone or corrected (another result) since, and tables may have been added."""
    was, now = [], []
    for night in range(draw(st.integers(1, 5))):
        for number in range(draw(st.integers(1, 4))):
            game = draw(st.sampled_from(sorted(SEATS)))
            table = (night, number, game, tuple(draw(st.permutations(NAMES))[: SEATS[game]]))
            first = finished(draw, *table) if draw(st.booleans()) else None
            later = draw(st.sampled_from(["same", "other", "undone", "new"]))
            if first is not None and later != "new":
                was.append(first)
            after = first if later == "same" else None if later == "undone" else finished(draw, *table)
            if after is not None:
                now.append(after)
    return was, now


def same_ladder(a: Ladder, b: Ladder) -> None:
    assert (a.ratings, a.changes, a.records, a.nights, a.steps) == (b.ratings, b.changes, b.records, b.nights, b.steps)


@given(club_nights())
@settings(max_examples=150, deadline=None)
def test_a_kept_ladder_taken_back_to_the_night_of_a_change_and_gone_on_equals_one_worked_out_afresh(nights):
    """What club_ratings.py does on a change: back to the start of the changed table's night, then the
    tables from there as they now stand. Every figure equals the whole club worked out again, and the
    kept ladder is left as it was."""
    was, now = nights
    kept = Ladder(was)
    start = redo_from(was, now)
    assert was[:start] == now[:start]
    assert start in (0, len(was)) or was[start - 1].session != was[start].session  # where a night begins
    went_on = kept.until(start)
    same_ladder(went_on, Ladder(was[:start]))
    for table in now[start:]:
        went_on.add(table)
    same_ladder(went_on, Ladder(now))
    same_ladder(kept, Ladder(was))


@given(club_nights(), st.data())
@settings(max_examples=100, deadline=None)
def test_a_ladder_read_back_from_its_json_is_the_ladder_written_and_goes_on_the_same(nights, data):
    """The database keeps a club's ladder as JSON (kept_ladder.py): read back, every figure, step,
    change and record is the one written, and adding the tables since gives what the ladder that was
    never written gives (floats read back exact)."""
    was, now = nights
    ladder = Ladder(was)
    tables = {(t.table, data.draw(st.integers(1, 9))): t for t in was}
    tables[("open", 3)] = None  # a table of the club still in play
    version = tuple((t.session if t else "night9", table_id, t.number if t else 0, seq) for (table_id, seq), t in tables.items())
    kept = Kept(version, tables, tuple(was), ladder)
    back = kept_from_json(kept_json(kept))
    assert (back.version, back.tables, back.played) == (kept.version, kept.tables, kept.played)
    same_ladder(back.ladder, ladder)
    start = redo_from(was, now)
    went_on, fresh = back.ladder.until(start), ladder.until(start)
    for table in now[start:]:
        went_on.add(table)
        fresh.add(table)
    same_ladder(went_on, fresh)


@pytest.mark.parametrize("row", [b"", b"{}", b"[1, 2]", b'{"version": 7}', pickle.dumps({"a": 1})])
def test_a_kept_row_that_is_not_a_ladder_s_json_is_refused_with_a_value_error(row):
    """A row not written by kept_json (a pickle of an older version, damaged text) never loads: the
    reader works the ladder out afresh (club_ratings.stored_ladder)."""
    with pytest.raises((KeyError, TypeError, ValueError, IndexError)):
        kept_from_json(row)
