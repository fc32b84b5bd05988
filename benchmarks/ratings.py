"""Club ratings (issue 32), run on demand: `.venv/bin/python benchmarks/ratings.py [repeats] [--tables 500]`.

Prints figures only (no assertions), best and median of the repeats:

1. The ladder alone (pure, store/ratings.py): rating one club night of 40 players (20 two-player tables,
   then 10 Five Up partnership tables), and working out every rating, change and record of a club of
   500 and 5,000 finished tables: what every read of a player's page did before ratings were kept.
2. In the app (Flask's test client, a throwaway SQLite file): a club of ``--tables`` finished tables
   (golden Bingo and Five Up records among 40 players, 20 a night) and one table in play. A player's
   page and its JSON read with this process's kept ladders emptied before each request (as before they
   were kept, and as the first read after a restart), read again with the ladder kept, after an entry
   at the table in play (a new version, the same finished tables: nothing worked out again), the
   first read after that table finishes (worked out once, from the start of the last night), the
   first read after an undo at a table of the middle night and of the first night (the kept ladder
   taken back to that night, ``Ladder.until``, and the tables from there rated again), and the first
   read in a process: from the ladder the database keeps (``club_ladders``), and with nothing kept
   anywhere (every table rated).
   The ladder alone also times those changes at 500 and 5,000 tables (30 tables a night).

Targets: a 40-player night < 100 ms; a player's page with 500 tables < 200 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import delete

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.extensions import db  # noqa: E402
from referee.store.club_ratings import LADDERS, club_version  # noqa: E402
from referee.store.clubs import get_club  # noqa: E402
from referee.store.models import ClubLadderRow  # noqa: E402
from referee.store.ratings import Ladder, Played  # noqa: E402
from tests.conftest import make_app  # noqa: E402

NAMES = [f"p{i:02d}" for i in range(40)]
BINGO, FIVE_UP = "tests/records/bingo-four-deals-to-eight.json", "tests/records/five-up-partners-to-61.json"


def night(rnd: random.Random, session: str, names: list[str]) -> list[Played]:
    rnd.shuffle(names)
    out = [Played(session, "bingo", (a, b), (rnd.randint(0, 1),), (7, 3)) for a, b in zip(names[0::2], names[1::2], strict=True)]
    for i in range(0, 40, 4):
        seats = tuple(names[i : i + 4])
        out.append(Played(session, "five-up", seats, (0, 2) if rnd.random() < 0.5 else (1, 3), (61, 40, 61, 40)))
    return out


def timed(repeats: int, work: Callable[[], object], before: Callable[[], object] = lambda: None) -> tuple[float, float]:
    times = []
    for _ in range(repeats):
        before()
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return min(times), statistics.median(times)


def row(label: str, figures: tuple[float, float]) -> None:
    print(f"{label:<60} {figures[0]:8.1f} {figures[1]:10.1f}")


def pure(repeats: int) -> None:
    rnd = random.Random(32)
    names = list(NAMES)
    print(f"{'the ladder alone':<60} {'best ms':>8} {'median ms':>10}")
    one = night(rnd, "n0", names)
    row("one night: 40 players, 30 tables", timed(repeats, lambda: Ladder(one)))
    for tables in (500, 5000):
        club: list[Played] = []
        while len(club) < tables:
            club.extend(night(rnd, f"n{len(club) // 30:04d}", names))
        club = club[:tables]
        row(f"a club of {tables} tables: every rating, change and record", timed(max(1, repeats // 5), lambda c=club: Ladder(c)))
        whole = Ladder(club)
        for label, start in (("the last night", (tables - 1) // 30 * 30), ("the middle night", tables // 60 * 30), ("the first night", 0)):
            row(f"  a change on {label}: taken back to it, its tables on again", timed(max(1, repeats // 5), lambda w=whole, s=start, c=club: redo(w, s, c)))


def redo(kept: Ladder, start: int, club: list[Played]) -> Ladder:
    """What club_ratings.py does after a change: the kept ladder taken back to the night, then on."""
    ladder = kept.until(start) if start else Ladder()
    for table in club[start:]:
        ladder.add(table)
    return ladder


def golden(path: str, players: list[str], events: slice = slice(None)) -> dict:
    raw = json.loads((ROOT / path).read_text(encoding="utf-8"))
    return {**{k: raw[k] for k in ("format", "version", "game", "options") if k in raw}, "players": players, "events": raw["events"][events]}


def post(client, url: str, body: dict, token: str) -> dict:
    resp = client.post(url, json=body, headers={"Authorization": f"Bearer {token}"})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def in_app(repeats: int, tables: int) -> None:
    rnd = random.Random(32)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'ratings.sqlite3'}"
        app = make_app(url, WTF_CSRF_ENABLED=False)
        client = app.test_client()
        club = client.post("/api/v1/clubs", json={"name": "Bench club", "players": NAMES}).get_json()
        start, session, made = time.perf_counter(), None, []
        for t in range(tables):
            if t % 20 == 0:
                session = post(client, f"/api/v1/clubs/{club['id']}/sessions", {"name": f"Night {t // 20 + 1}", "players": NAMES}, club["director_token"])
            assert session is not None
            four = t % 5 == 4  # one table in five is a Five Up partnership
            players = rnd.sample(NAMES, 4 if four else 2)
            made.append(post(client, f"/api/v1/sessions/{session['id']}/records", golden(FIVE_UP if four else BINGO, players), session["director_token"]))
        assert session is not None
        bingo = golden(BINGO, ["p00", "p01"], slice(None, -2))
        in_play = post(client, f"/api/v1/sessions/{session['id']}/records", bingo, session["director_token"])
        last_two = json.loads((ROOT / BINGO).read_text(encoding="utf-8"))["events"][-2:]
        print(f"\nin the app: a club of {tables} finished tables (made in {time.perf_counter() - start:.0f} s), SQLite")
        print(f"{'request':<60} {'best ms':>8} {'median ms':>10}")
        page, api = f"/club/{club['id']}/players/0", f"/api/v1/clubs/{club['id']}/players/0"

        def get(path: str) -> Callable[[], object]:
            return lambda: client.get(path)

        def forget() -> None:
            """Nothing kept anywhere: neither this process's ladders nor the database's."""
            LADDERS.clear()
            with app.app_context():
                db.session.execute(delete(ClubLadderRow))
                db.session.commit()

        row("player page, nothing kept anywhere (every table rated)", timed(repeats, get(page), forget))
        row("player JSON, nothing kept anywhere (every table rated)", timed(repeats, get(api), forget))
        row("player page, first read in a process (the database's ladder)", timed(repeats, get(page), LADDERS.clear))
        row("player JSON, first read in a process (the database's ladder)", timed(repeats, get(api), LADDERS.clear))
        with app.app_context():
            found = get_club(club["id"])
            row("the club's version alone (what a kept read adds)", timed(repeats, lambda: club_version(found)))
        client.get(page)
        row("player page, ladder kept", timed(repeats, get(page)))
        row("player JSON, ladder kept", timed(repeats, get(api)))
        worked = LADDERS.worked_out
        post(client, f"/api/v1/tables/{in_play['id']}/events", last_two[0], in_play["scorer_token"])
        row("player page, first read after an entry at a table in play", timed(1, get(page)))
        post(client, f"/api/v1/tables/{in_play['id']}/events", last_two[1], in_play["scorer_token"])
        row("player page, first read after that table finishes", timed(1, get(page)))
        row("player page, read again", timed(repeats, get(page)))
        print(f"ladders worked out by the last {2 + repeats} reads: {LADDERS.worked_out - worked} (1 expected)")
        for label, table in (("the middle night", made[len(made) // 2]), ("the first night", made[0])):
            post(client, f"/api/v1/tables/{table['id']}/events", {"type": "undo"}, table["scorer_token"])
            rated = LADDERS.rated
            row(f"player page, first read after an undo on {label}", timed(1, get(page)))
            print(f"  tables rated again: {LADDERS.rated - rated} of {tables - 1}")
            row("  then the first read in another process (the database's)", timed(1, get(page), LADDERS.clear))
        row("player page, first read in a process (the database's ladder)", timed(1, get(page), LADDERS.clear))
        forget()
        row("player page, first read with nothing kept anywhere (every table rated)", timed(1, get(page)))
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("repeats", type=int, nargs="?", default=20)
    parser.add_argument("--tables", type=int, default=500)
    args = parser.parse_args()
    pure(args.repeats)
    in_app(args.repeats, args.tables)


if __name__ == "__main__":
    main()
