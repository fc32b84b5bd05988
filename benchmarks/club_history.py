"""Players' history pages (issue 17) and a club's stored results (issue 28), run on demand:

    .venv/bin/python benchmarks/club_history.py [--db sqlite,postgresql] [--sessions 20] [--tables 6]
        [--long 20] [--lines 5000] [--renders 5]

A club on a throwaway database (SQLite file and/or PostgreSQL, fsync on) with ``--sessions`` sessions
of ``--tables`` finished tables each (golden records of every game, the same six players; Aki sits at
every table, Fumi at a third), and one more session of ``--long`` score-pad tables of ``--lines``
lines each (the size limit: the issue's club of 20 tables of 5,000 lines). Then, in-process (Flask's
test client), ``--renders`` times each: a player page and its JSON twin, the long session's standings
CSV and PDF and its table cards, the club's director page and ``/healthz``.

Each figure is printed twice: with this process's snapshot cache emptied before every request (as a
worker that has not read those tables lately, or whose cache they do not fit), and warm (median of
the later renders). Figures only, no assertions.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.loadgen import for_each_database  # noqa: E402
from printables.qr import dark_path, qr_matrix  # noqa: E402
from referee.extensions import db  # noqa: E402
from referee.store import tables as store_tables  # noqa: E402
from tests.conftest import make_app  # noqa: E402

PLAYERS = ["Aki", "Ben", "Chie", "Dai", "Eri", "Fumi"]
RECORDS = [
    ("tests/records/bingo-four-deals-to-eight.json", ["Aki", "Ben"]),
    ("tests/records/five-up-partners-to-61.json", ["Aki", "Ben", "Chie", "Dai"]),
    ("tests/acceptance/records/ninety-nine-fixed-target-200.json", ["Aki", "Eri", "Fumi"]),
    ("tests/records/trick-de-bingo-one-round.json", ["Aki", "Ben", "Chie", "Dai"]),
    ("tests/acceptance/records/bead-game-worked-examples.json", ["Aki", "Fumi"]),
    ("tests/acceptance/records/bingo-match-to-seven-capture.json", ["Eri", "Aki"]),
]


def record(path: str, players: list[str]) -> dict:
    raw = json.loads((ROOT / path).read_text(encoding="utf-8"))
    return {
        **{k: raw[k] for k in ("format", "version", "game", "options", "events") if k in raw},
        "players": players,
    }


def pad_record(lines: int) -> dict:
    return {
        "format": "referee-record",
        "version": 1,
        "game": "score-pad",
        "players": PLAYERS[:4],
        "events": [{"type": "round", "points": [i % 7, 3, -2, i % 3]} for i in range(lines)],
    }


def timed(client, url: str, renders: int) -> tuple[float, float]:
    """(median with the snapshot cache emptied before each request, median warm) in ms."""
    cold, warm = [], []
    for _ in range(renders):
        store_tables._SNAPSHOTS.clear()
        cold.append(_one(client, url))
    _one(client, url)
    for _ in range(renders):
        warm.append(_one(client, url))
    return statistics.median(cold), statistics.median(warm)


def _one(client, url: str) -> float:
    start = time.perf_counter()
    resp = client.get(url)
    took = (time.perf_counter() - start) * 1000
    assert resp.status_code == 200, (url, resp.status_code)
    return took


def new_session(client, club: dict, name: str) -> dict:
    made = client.post(
        f"/api/v1/clubs/{club['id']}/sessions",
        json={"name": name, "players": PLAYERS},
        headers={"Authorization": f"Bearer {club['director_token']}"},
    ).get_json()
    return made


def add_record(client, session: dict, body: dict) -> None:
    resp = client.post(
        f"/api/v1/sessions/{session['id']}/records",
        json=body,
        headers={"Authorization": f"Bearer {session['director_token']}"},
    )
    assert resp.status_code == 201, resp.get_json()


def run(args, name: str, url: str, _postmaster: int | None) -> None:
    app = make_app(url, WTF_CSRF_ENABLED=False, RATELIMIT_ENABLED=False)
    client = app.test_client()
    club = client.post("/api/v1/clubs", json={"name": "Bench club", "players": PLAYERS}).get_json()
    for s in range(args.sessions):
        night = new_session(client, club, f"Night {s + 1}")
        for t in range(args.tables):
            add_record(client, night, record(*RECORDS[t % len(RECORDS)]))
    long_night = new_session(client, club, "Long night")
    start = time.perf_counter()
    for _ in range(args.long):
        add_record(client, long_night, pad_record(args.lines))
    made = time.perf_counter() - start
    client.get(club["url"][club["url"].index("/club/") :])  # keep the club's director token in the cookie
    client.get(long_night["url"][long_night["url"].index("/s/") :])  # and the long session's
    total = args.sessions * args.tables
    print(f"\n== {name}: {args.sessions} sessions x {args.tables} finished tables = {total}, and a session")
    print(f"   of {args.long} score pads x {args.lines} lines (imported in {made:.1f} s)")
    print(f"{'request':28} {'cache emptied':>14} {'warm':>10}   (median of {args.renders}, ms)")
    sid = long_night["id"]
    for label, path in [
        ("player page (Aki)", f"/club/{club['id']}/players/0"),
        ("player JSON (Aki)", f"/api/v1/clubs/{club['id']}/players/0"),
        ("player page (Fumi)", f"/club/{club['id']}/players/5"),
        ("standings CSV (long)", f"/s/{sid}/standings.csv"),
        ("standings PDF (long)", f"/s/{sid}/standings.pdf"),
        ("table cards PDF (long)", f"/s/{sid}/cards.pdf"),
        ("club director page", f"/club/{club['id']}"),
        ("/healthz (baseline)", "/healthz"),
    ]:
        cold, warm = timed(client, path, args.renders)
        print(f"{label:28} {cold:12.1f}   {warm:8.1f}")
    first, cpu = [], []
    for _ in range(args.renders):  # as the first print of a worker, which encodes every seat's QR code
        qr_matrix.cache_clear()
        dark_path.cache_clear()
        start = time.process_time()
        first.append(_one(client, f"/s/{sid}/cards.pdf"))
        cpu.append((time.process_time() - start) * 1000)
    print(f"{'table cards, codes unmade':28} {statistics.median(first):12.1f}   (the first print of a worker: "
          f"every seat's QR code encoded; min {min(first):.1f}, max {max(first):.1f}; "
          f"CPU {statistics.median(cpu):.1f})")
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", default="sqlite,postgresql")
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--long", type=int, default=20)
    parser.add_argument("--lines", type=int, default=5000)
    parser.add_argument("--renders", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for_each_database(args.db, Path(tmp), lambda name, url, pm: run(args, name, url, pm))


if __name__ == "__main__":
    main()
