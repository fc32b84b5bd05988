"""CPU one director's-screen request costs, in process (issue 17, the board rendered once per change):

    .venv/bin/python benchmarks/director_cpu.py [--tables 50] [--rounds 20] [--n 200] [--db sqlite,postgresql]

One session of ``--tables`` four-player score-pad tables with ``--rounds`` rounds each (as
``club_night.py`` builds it), driven through Flask's test client in this process, one request at a time.
Prints the CPU milliseconds (``time.process_time``: this process only, so PostgreSQL's own work and
other load on a shared machine do not count) per request of each kind:

- ``page, same version``: ``/s/<id>`` again with nothing new (a second screen, a reload);
- ``poll 200, same version``: ``/s/<id>/live`` from a screen one version behind, nothing new since;
- ``page after an entry``: one API entry at a table (not counted), then ``/s/<id>``;
- ``poll 200 after an entry``: likewise for the poll; ``poll 204``: nothing new;
- ``/healthz``: the trivial baseline in the same run.

and how many boards were rendered, when the app keeps them (``app.extensions["session_boards"]``).
No assertions: figures only. Runs against whatever ``referee`` it imports (``PYTHONPATH``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

if "referee" not in sys.modules and not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

PLAYERS = 4


def cpu_ms(n: int, call: Callable[[int], object], before: Callable[[int], object] | None = None) -> float:
    """Median CPU milliseconds of ``call(i)`` over ``n`` runs (``before(i)`` runs first, uncounted)."""
    seen = []
    for i in range(n):
        if before is not None:
            before(i)
        start = time.process_time()
        call(i)
        seen.append(time.process_time() - start)
    return 1000 * statistics.median(seen)


def measure(url: str, args) -> None:
    from tests.conftest import make_app

    app = make_app(url, WTF_CSRF_ENABLED=False)
    client = app.test_client()
    made = client.post(
        "/api/v1/sessions",
        json={"name": "Bench night", "players": [f"P{i}" for i in range(args.tables * PLAYERS)]},
    ).get_json()
    auth = {"Authorization": f"Bearer {made['director_token']}"}
    tables = []
    for t in range(args.tables):
        players = [f"P{PLAYERS * t + i}" for i in range(PLAYERS)]
        table = client.post(
            f"/api/v1/sessions/{made['id']}/tables", json={"game": "score-pad", "players": players}, headers=auth
        ).get_json()
        tables.append((table["id"], {"Authorization": f"Bearer {table['scorer_token']}"}))
    for n in range(1, args.rounds + 1):
        for table_id, scorer in tables:
            client.post(
                f"/api/v1/tables/{table_id}/events", json={"type": "round", "points": [n, 1, 0, 0]}, headers=scorer
            )
    client.get(made["url"].removeprefix("http://localhost"))  # the director's cookie
    page, live = f"/s/{made['id']}", f"/s/{made['id']}/live"

    def entry(i: int) -> None:
        table_id, scorer = tables[i % len(tables)]
        client.post(f"/api/v1/tables/{table_id}/events", json={"type": "round", "points": [1, 2, 3, 4]}, headers=scorer)

    def version() -> str:
        return client.get(page).get_data(as_text=True).split('data-version="')[1].split('"')[0]

    for _ in range(3):
        client.get(page)  # warm: templates compiled, snapshots kept
    boards = app.extensions.get("session_boards")
    rendered = boards.renders if boards is not None else None
    figures = {
        "/healthz": cpu_ms(args.n, lambda i: client.get("/healthz")),
        "page, same version": cpu_ms(args.n, lambda i: client.get(page)),
        "poll 200, same version": cpu_ms(args.n, lambda i: client.get(f"{live}?since=0")),
    }
    same = None if boards is None else boards.renders - rendered
    shown = version()
    figures["poll 204"] = cpu_ms(args.n, lambda i: client.get(f"{live}?since={shown}"))
    figures["page after an entry"] = cpu_ms(args.n, lambda i: client.get(page), entry)
    figures["poll 200 after an entry"] = cpu_ms(args.n, lambda i: client.get(f"{live}?since=0"), entry)
    base = figures["/healthz"]
    print(f"  {args.tables} tables x {args.rounds} rounds, {args.n} requests of each kind")
    for name, ms in figures.items():
        print(f"  {name:<26} {ms:7.2f} ms CPU  ({ms / base:5.1f} x /healthz)")
    if same is not None:
        print(f"  boards rendered for the {2 * args.n} same-version requests: {same}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--n", type=int, default=200)
    parser.add_argument("--db", default="sqlite,postgresql")
    args = parser.parse_args()
    for db in args.db.split(","):
        print(db)
        if db == "sqlite":
            with tempfile.TemporaryDirectory() as tmp:
                measure(f"sqlite:///{tmp}/bench.sqlite3", args)
        else:
            from tests.conftest import postgres_bin, start_postgres

            if postgres_bin() is None:
                print("  skipped: PostgreSQL is not installed")
                continue
            cluster = start_postgres(durable=False)
            pg = next(cluster)
            try:
                measure(pg.create_database("bench"), args)
            finally:
                cluster.close()


if __name__ == "__main__":
    main()
