"""Race charts (issue 32), run on demand: `.venv/bin/python benchmarks/race_chart.py [repeats]`.

Prints figures only (no assertions): for each golden record and for long synthetic tables (a score pad
of 8 players over 5,000 rounds, the worst words: 40-character Japanese names), the SVG's size in bytes
and the time to make it from the view (the race read from the detail, the plot, the SVG), best and median
of the repeats. Targets: <= 6 KB and <= 5 ms per chart.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from itertools import accumulate
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from printables.race import plot, svg  # noqa: E402
from referee.games import GAMES  # noqa: E402
from referee.rules.base import Game  # noqa: E402
from referee.rules.race import race, summary  # noqa: E402
from referee.store.record import parse_record  # noqa: E402


def chart(game: Game, detail, totals, finished, players) -> str:
    the_race = race(game, detail, totals, finished)
    said = summary(the_race, players)
    return svg(plot(the_race, the_race.names(players)), "The race: running totals after each round", said.message, ("Target", "Count"))


def cases():
    for path in sorted((ROOT / "tests" / "records").glob("*.json")):
        parsed = parse_record(json.loads(path.read_text()))
        view = parsed.game.view(parsed.final)
        yield path.stem, parsed.game, view.detail, view.totals, view.finished, parsed.players
    players = tuple(f"{'名' * 39}{i}" for i in range(8))
    for rounds in (10, 100, 5000):
        detail_rounds = tuple(tuple((r * 37 + s * 11) % 151 - 50 for s in range(8)) for r in range(rounds))
        running = tuple(accumulate(detail_rounds, lambda a, b: tuple(x + y for x, y in zip(a, b, strict=True))))
        detail = {"rounds": detail_rounds, "running": running}  # as the score pad's state keeps them
        totals = running[-1]
        yield f"score pad, 8 players, {rounds} rounds", GAMES["score-pad"], detail, totals, False, players


def main(repeats: int) -> None:
    print(f"{'chart':<48} {'bytes':>6} {'best ms':>8} {'median ms':>10}")
    for name, game, detail, totals, finished, players in cases():
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            text = chart(game, detail, totals, finished, players)
            times.append((time.perf_counter() - start) * 1000)
        print(f"{name:<48} {len(text.encode()):>6} {min(times):>8.2f} {statistics.median(times):>10.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
