"""Club ratings (issue 32), run on demand: `.venv/bin/python benchmarks/ratings.py [repeats]`.

Prints figures only (no assertions): the time to rate one club night of 40 players (20 two-player tables,
then 10 Five Up partnership tables), and to work out every rating of a club from 500 and 5,000 finished
tables (what a player's page and API answer do on each read), best and median of the repeats.
Targets: a 40-player night < 100 ms; a player's page with 500 tables < 200 ms.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.store.ratings import Played, head_to_head, ratings  # noqa: E402


def night(rnd: random.Random, session: str, names: list[str]) -> list[Played]:
    rnd.shuffle(names)
    out = [Played(session, "bingo", (a, b), (rnd.randint(0, 1),), (7, 3)) for a, b in zip(names[0::2], names[1::2], strict=True)]
    for i in range(0, 40, 4):
        seats = tuple(names[i : i + 4])
        out.append(Played(session, "five-up", seats, (0, 2) if rnd.random() < 0.5 else (1, 3), (61, 40, 61, 40)))
    return out


def timed(repeats: int, work) -> tuple[float, float]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return min(times), statistics.median(times)


def main(repeats: int) -> None:
    rnd = random.Random(32)
    names = [f"p{i:02d}" for i in range(40)]
    one = night(rnd, "n0", names)
    print(f"{'case':<52} {'best ms':>8} {'median ms':>10}")
    best, median = timed(repeats, lambda: ratings(one))
    print(f"{'one night: 40 players, 30 tables':<52} {best:8.2f} {median:10.2f}")
    for tables in (500, 5000):
        club: list[Played] = []
        while len(club) < tables:
            club.extend(night(rnd, f"n{len(club) // 30:04d}", names))
        club = club[:tables]
        work = lambda c=club: (ratings(c), head_to_head(c, "p00"))  # noqa: E731
        label = f"a club of {tables} tables: every rating + one h2h"
        best, median = timed(max(1, repeats // 5), work)
        print(f"{label:<52} {best:8.2f} {median:10.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
