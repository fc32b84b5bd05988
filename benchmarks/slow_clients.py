"""Slow and unfinished connections against the app as served (issue 28), run on demand:
`.venv/bin/python benchmarks/slow_clients.py [--partial 200] [--slow 200] [--rounds 5]`.

Two set-ups, both on SQLite with 2 gunicorn workers x 8 threads:
- *gunicorn alone*: ``gunicorn -c gunicorn.conf.py`` on the port, as ``scripts/serve.sh`` served the LAN
  before issue 28 (and as a club server would without its proxy);
- *serve.sh*: README's command 1 in a fresh copy of the repository (``tests/club/served.py``): nginx on
  the port, gunicorn behind it on a unix socket (``referee/serving.py``).

For each: an entry, a phone's poll that fetches it (the new fragment), its next poll (204, nothing new)
and the health check, ``--rounds`` times one second apart, on the idle server and then with ``--partial`` connections that sent half a
request and ``--slow`` connections that asked for about 1 MB each and read none of it
(``tests/club/slow_clients.py``). Printed: each request's status and worst time (or that it got no
answer within 30 s). The first round includes each worker's first render. Figures only, no assertion.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.club import served  # noqa: E402
from tests.club.conftest import Gunicorn, migrated  # noqa: E402
from tests.club.slow_clients import Table, club_requests, unfinished_and_slow_clients  # noqa: E402
from tests.conftest import free_port  # noqa: E402

NO_ANSWER_S = 30


def rounds_of(port: int, table: Table, rounds: int) -> str:
    """``club_requests`` ``rounds`` times a second apart: each one's worst time."""
    worst: dict[str, tuple[int, float]] = {}
    for _ in range(rounds):
        for name, (status, seconds) in club_requests(port, table, timeout=NO_ANSWER_S).items():
            if seconds >= worst.get(name, (0, -1.0))[1]:
                worst[name] = (status, seconds)
        time.sleep(1)
    return ", ".join(
        f"{name} {status} in {seconds * 1000:.0f} ms" for name, (status, seconds) in worst.items()
    )


def measure(port: int, partial: int, slow: int, rounds: int) -> None:
    table = Table.new(port)
    print(f"  idle, worst of {rounds}:", rounds_of(port, table, rounds))
    with unfinished_and_slow_clients(port, partial=partial, slow=slow):
        try:
            held = rounds_of(port, table, rounds)
        except OSError:
            held = f"no answer within {NO_ANSWER_S} s"
    print(f"  with {partial} half-sent requests and {slow} slow readers held, worst of {rounds}:", held)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--partial", type=int, default=200)
    parser.add_argument("--slow", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="slow-clients-") as tmp_name:
        tmp = Path(tmp_name)
        print("gunicorn alone (gthread, 2 x 8):")
        alone = Gunicorn(migrated(f"sqlite:///{tmp / 'alone.sqlite3'}"), tmp / "alone.log")
        alone.env["REFEREE_RATELIMIT_ENABLED"] = "true"
        try:
            measure(alone.start().port, args.partial, args.slow, args.rounds)
        finally:
            alone.kill()  # its threads may still be held: no graceful stop to wait for
        print("scripts/serve.sh (nginx in front of gunicorn):")
        port = free_port()
        copy = served.newcomer_copy(tmp / "referee")
        front = served.ServeSh(copy, served.newcomer_env(REFEREE_BIND=f"127.0.0.1:{port}"), tmp / "serve.log")
        try:
            if not front.start().first_200(port):
                sys.exit(f"serve.sh did not start: {front.output()[-2000:]}")
            measure(port, args.partial, args.slow, args.rounds)
        finally:
            front.interrupt()


if __name__ == "__main__":
    main()
