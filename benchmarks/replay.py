"""Replay time (benchmark 3), run on demand: `.venv/bin/python benchmarks/replay.py [repeats]`.

A table's state is always the replay of its log, so this is the cost of every page view and entry.
Per game: the golden record of tests/records/ replayed whole (a complete match; a finished match
refuses more events, so it cannot simply be repeated), its time scaled to 1,000 events, and the same
through the store (load the log from SQLite, then replay). The score pad replays a true 1,000-event
table. The baseline is the score pad's 1,000 events, measured in the same run. Figures only.

Times are CPU time on the replaying thread (one core), the median of ``repeats`` runs; process-wide
caches of small pure values (event decoders, one object per card and tile, compiled Trick de Bingo
conditions) are warm after the first run, as in a server that has replayed any table, and the garbage
collector is set as in a server's worker (``referee.serving.settle_collector``): before, a replay here
paid now and then for a walk over the ~145,000 objects of the loaded app that no worker makes.

Columns: ``replay ms`` is a cold, full replay (a time-travel step, a write checked by a full replay):
the state; the history's sentences are made when first read (``Replayed.lines``), and the store's
replays whose page shows the history at once (a server's first view of a table, an undo or a
correction) make them with the state (``narrated=True``). ``per 1000 ms`` is
``replay ms`` per 1,000 events. The
view (what the table page and the API show) is built when first read, not by the replay, so
``+view /1000`` is the replay with its view read, per 1,000 events: what a page that shows the table
pays cold. ``told /1000`` is a narrated replay with its view read (``narrated=True``): what a page
that shows the table and its history pays cold (a server's first view of a table). ``undo /1000`` is
the page after an undo of the last event: the undo's check (a full replay, narrated, given the
snapshot it was checked on, whose sentences it keeps: it narrates nothing) with its view read, the
snapshot before it made outside the time. ``store ms`` is what a page view costs through the store, where the snapshot cache
(referee/store/tables.py) is warm and only log lines newer than the snapshot are read and applied.

``min /1000`` and ``+view min`` are the least of the ``repeats`` runs of ``per 1000 ms`` and ``+view /1000``.
On a machine shared with other programs the median moves with their load (thread CPU time still grows when
the caches and the memory bus are shared, by up to 40 % here), while a run is never made faster by the load:
the least of a few runs is the figure nearest to an idle machine and the stablest from one run to the next,
so passes compare it; the median says what a busy worker pays.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.extensions import db  # noqa: E402
from referee.games import GAMES  # noqa: E402
from referee.serving import settle_collector  # noqa: E402
from referee.store.record import parse_record  # noqa: E402
from referee.store.replay import LogEntry, replay  # noqa: E402
from referee.store.tables import current, get_table, import_record  # noqa: E402
from tests.conftest import make_app  # noqa: E402


def runs(fn, repeats: int) -> list[float]:
    """The CPU time of ``fn`` on this thread, ``repeats`` times: the work a replay costs one core (wall
    time counted the other programs' turns on the cores too)."""
    times = []
    for _ in range(repeats):
        start = time.thread_time()
        fn()
        times.append(time.thread_time() - start)
    return times


def timed(fn, repeats: int) -> float:
    """The median of :func:`runs`."""
    return statistics.median(runs(fn, repeats))


def told_and_undone(game, players, options, log: list[LogEntry], repeats: int) -> tuple[float, float]:
    """The cold narrated replay with its view, and the page after an undo of the last event: the
    undo's check as the store makes it (tables._checked_by_full_replay), given the snapshot before."""
    told = timed(lambda: replay(game, players, options, log, narrated=True).view, repeats)
    snapshot = replay(game, players, options, log, narrated=True)
    undo = [*log, LogEntry(len(log) + 1, "undo", {})]
    undone = timed(
        lambda: replay(game, players, options, undo, narrated=True, previous=snapshot).view, repeats
    )
    return told, undone


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    settle_collector()  # as a server's worker runs (gunicorn.conf.py)
    pad = GAMES["score-pad"]
    pad_log = [LogEntry(i, "event", {"type": "round", "points": [i % 7, 3]}) for i in range(1, 1001)]
    base_runs = runs(lambda: replay(pad, ("Aki", "Ben"), pad.resolve_options({}), pad_log), repeats)
    base_view_runs = runs(lambda: replay(pad, ("Aki", "Ben"), pad.resolve_options({}), pad_log).view, repeats)
    base, base_view = statistics.median(base_runs), statistics.median(base_view_runs)
    base_told, base_undo = told_and_undone(pad, ("Aki", "Ben"), pad.resolve_options({}), pad_log, repeats)
    records = {
        json.loads(p.read_text())["game"]: json.loads(p.read_text())
        for p in (ROOT / "tests/records").glob("*.json")
    }
    with tempfile.TemporaryDirectory() as tmp:
        app = make_app(f"sqlite:///{Path(tmp) / 'r.sqlite3'}")
        settle_collector()  # the app loaded, as in a worker
        with app.app_context():
            pad_record = {"format": "referee-record", "version": 1, "game": "score-pad", "players": ["Aki", "Ben"],
                          "events": [e.body for e in pad_log]}  # fmt: skip
            pad_id = import_record(parse_record(pad_record)).table.id
            pad_db = timed(lambda: (db.session.expire_all(), current(get_table(pad_id))), repeats)
            print(
                f"{'game':<16} {'events':>6} {'replay ms':>10} {'per 1000 ms':>12} {'min /1000':>10} {'+view /1000':>12}"
                f" {'+view min':>10} {'told /1000':>11} {'undo /1000':>11} {'store ms':>9} {'x base':>7}"
                "   (replay: cold, full; store: page view with the snapshot warm)"
            )
            print(
                f"{'score-pad':<16} {1000:6d} {base * 1000:10.2f} {base * 1000:12.2f} {min(base_runs) * 1000:10.2f}"
                f" {base_view * 1000:12.2f} {min(base_view_runs) * 1000:10.2f}"
                f" {base_told * 1000:11.2f} {base_undo * 1000:11.2f} {pad_db * 1000:9.2f} {1:7.2f}"
            )
            for game_id, record in sorted(records.items()):
                parsed = parse_record(record)
                log = [LogEntry(i, "event", body) for i, body in enumerate(parsed.events, start=1)]
                t_runs = runs(lambda p=parsed, log=log: replay(p.game, p.players, p.options, log), repeats)
                view_runs = runs(
                    lambda p=parsed, log=log: replay(p.game, p.players, p.options, log).view, repeats
                )
                t, t_view = statistics.median(t_runs), statistics.median(view_runs)
                told, undone = told_and_undone(parsed.game, parsed.players, parsed.options, log, repeats)
                table_id = import_record(parsed).table.id
                t_db = timed(lambda tid=table_id: (db.session.expire_all(), current(get_table(tid))), repeats)
                per_k = t * 1000 / len(log)
                print(
                    f"{game_id:<16} {len(log):6d} {t * 1000:10.2f} {per_k * 1000:12.2f}"
                    f" {min(t_runs) * 1000 * 1000 / len(log):10.2f} {t_view * 1000 * 1000 / len(log):12.2f}"
                    f" {min(view_runs) * 1000 * 1000 / len(log):10.2f} {told * 1000 * 1000 / len(log):11.2f}"
                    f" {undone * 1000 * 1000 / len(log):11.2f} {t_db * 1000:9.2f} {per_k / base:7.2f}"
                )


if __name__ == "__main__":
    main()
