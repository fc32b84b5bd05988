"""Players' history pages (issue 17), run on demand:

    .venv/bin/python benchmarks/club_history.py [--sessions 20] [--tables 6] [--renders 20]

A club on a throwaway SQLite file with ``--sessions`` sessions of ``--tables`` finished tables each
(golden records of every game, the same six players), then a player page (Aki sits at every table, Fumi at a third), its JSON twin and the
club's director page rendered ``--renders`` times each in-process (Flask's test client). Every
figure is a replay of the tables (nothing is stored): the first render after start replays each
table, later ones read the per-process snapshot cache (512 tables), so both are printed. Figures
only, no assertions.
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


def timed(client, url: str, renders: int) -> tuple[float, float, float]:
    """(first, median, p95) in ms; the snapshot cache is emptied before the first."""
    store_tables._SNAPSHOTS.clear()
    out = []
    for _ in range(renders):
        start = time.perf_counter()
        resp = client.get(url)
        out.append((time.perf_counter() - start) * 1000)
        assert resp.status_code == 200, (url, resp.status_code)
    rest = sorted(out[1:]) or out
    return out[0], statistics.median(rest), rest[int(0.95 * (len(rest) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--renders", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app = make_app(f"sqlite:///{tmp}/bench.sqlite3", WTF_CSRF_ENABLED=False, RATELIMIT_ENABLED=False)
        client = app.test_client()
        club = client.post("/api/v1/clubs", json={"name": "Bench club", "players": PLAYERS}).get_json()
        auth = {"Authorization": f"Bearer {club['director_token']}"}
        for s in range(args.sessions):
            made = client.post(
                f"/api/v1/clubs/{club['id']}/sessions",
                json={"name": f"Night {s + 1}", "players": PLAYERS},
                headers=auth,
            ).get_json()
            for t in range(args.tables):
                body = record(*RECORDS[t % len(RECORDS)])
                resp = client.post(
                    f"/api/v1/sessions/{made['id']}/records",
                    json=body,
                    headers={"Authorization": f"Bearer {made['director_token']}"},
                )
                assert resp.status_code == 201, resp.get_json()
        client.get(club["url"][club["url"].index("/club/") :])  # keep the director token in the cookie
        total = args.sessions * args.tables
        print(f"club: {args.sessions} sessions x {args.tables} tables = {total} finished tables")
        for label, url in [
            ("player page (Aki)", f"/club/{club['id']}/players/0"),
            ("player JSON (Aki)", f"/api/v1/clubs/{club['id']}/players/0"),
            ("player page (Fumi)", f"/club/{club['id']}/players/5"),  # at 2 of each session's 6 tables
            ("club director page", f"/club/{club['id']}"),
            ("/healthz (baseline)", "/healthz"),
        ]:
            first, median, p95 = timed(client, url, args.renders)
            print(f"{label:20} first {first:7.1f} ms   then median {median:6.1f} ms, p95 {p95:6.1f} ms")


if __name__ == "__main__":
    main()
