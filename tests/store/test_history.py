"""A player's history is the tables' results added up (referee/store/history.py, pure): whatever tables a
club played, in whatever order and with whoever seated, each finished table counts once for each of
its players, its winners' wins and its stats add up, and unfinished tables count for nobody."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games import GAMES
from referee.store.history import player_history
from referee.store.record import parse_record
from referee.store.replay import LogEntry, replay
from referee.store.results import result_of_replayed

TESTS = Path(__file__).resolve().parents[1]
ROSTER = ("Aki", "Ben", "Chie", "Dai", "Eri", "Fumi")
RECORDS = [
    "records/bingo-four-deals-to-eight.json",
    "acceptance/records/bingo-match-to-seven-capture.json",
    "acceptance/records/five-up-2p-game-to-61.json",
    "records/five-up-partners-to-61.json",
    "acceptance/records/five-up-3p-domino.json",  # unfinished
    "acceptance/records/ninety-nine-fixed-target-200.json",
    "records/ninety-nine-three-player-game-to-100.json",  # unfinished
    "records/trick-de-bingo-one-round.json",
    "acceptance/records/bead-game-worked-examples.json",
]


def _replayed(path: str):
    parsed = parse_record(json.loads((TESTS / path).read_text(encoding="utf-8")))
    log = [LogEntry(seq, "event", body) for seq, body in enumerate(parsed.events, start=1)]
    return replay(parsed.game, parsed.players, parsed.options, log)


REPLAYED = [_replayed(p) for p in RECORDS]


def _key(stats):
    """What adds up exactly: counts, and the best score (a tie may name another tile)."""
    fields = dataclasses.asdict(stats)
    for best in ("largest", "best"):
        if fields.get(best):
            fields[best] = fields[best].get("count", fields[best].get("score"))
    return fields


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(range(len(REPLAYED))), st.permutations(ROSTER)), min_size=1, max_size=8
    )
)
def test_every_finished_table_counts_once_for_each_of_its_players(tables):
    reps = [
        dataclasses.replace(REPLAYED[i], players=tuple(names[: len(REPLAYED[i].players)]))
        for i, names in tables
    ]
    results = [result_of_replayed(rep) for rep in reps]
    histories = {name: {h.game: h for h in player_history(results, name)} for name in ROSTER}
    for game in {rep.game.id for rep in reps}:
        done = [rep for rep in reps if rep.game.id == game and rep.view.finished]
        rows = [histories[name][game] for name in ROSTER if game in histories[name]]
        assert sum(r.played for r in rows) == sum(len(rep.players) for rep in done)
        assert sum(r.won for r in rows) == sum(len(rep.view.winners) for rep in done)
        stats = GAMES[game].stats
        if stats and rows:
            count = stats.of_seat
            each = [count(rep.state, rep.view, seat) for rep in done for seat in range(len(rep.players))]
            total, added = each[0], rows[0].stats
            for one in each[1:]:
                total = total + one
            for row in rows[1:]:
                added = added + row.stats
            assert _key(added) == _key(total)
    backwards = list(reversed(results))
    for name in ROSTER:  # the order the tables are read in changes nothing but the order of games
        forwards = {
            h.game: (h.played, h.won, _key(h.stats) if h.stats else None) for h in player_history(results, name)
        }
        again = {
            h.game: (h.played, h.won, _key(h.stats) if h.stats else None)
            for h in player_history(backwards, name)
        }
        assert forwards == again
