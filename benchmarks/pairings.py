"""Club-night pairings (issue 32), run on demand: `.venv/bin/python benchmarks/pairings.py`.

Prints figures only (no assertions): Swiss for 64 players over 6 rounds (random results, seeded), each
round's pairing time and the rematches over the night; partners for 16 players at 4 tables over 5
rounds, each round's time, repeated partnerships and the most an opponent was met.
Targets: 0 rematches, each round < 1 s on 2 cores; no repeated partnership.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.store.pairings import Round, partners, swiss  # noqa: E402


def main() -> None:
    rnd = random.Random(32)
    scores: Counter[int] = Counter()
    played: list[Round] = []
    for k in range(1, 7):
        start = time.perf_counter()
        r = swiss(range(64), scores, played)
        ms = (time.perf_counter() - start) * 1000
        for a, b in r.tables:
            scores[rnd.choice((a, b))] += 1
        played.append(r)
        print(f"swiss, 64 players, round {k}: {ms:7.2f} ms")
    pairs = [frozenset(t) for r in played for t in r.tables]
    print(f"swiss rematches over 6 rounds: {len(pairs) - len(set(pairs))}")
    rounds: list[Round] = []
    for k in range(1, 6):
        start = time.perf_counter()
        rounds.append(partners(range(16), rounds))
        print(f"partners, 16 players, round {k}: {(time.perf_counter() - start) * 1000:7.2f} ms")
    both = [frozenset((t[a], t[a + 2])) for r in rounds for t in r.tables for a in (0, 1)]
    met = Counter(frozenset((t[a], t[b])) for r in rounds for t in r.tables for a in (0, 2) for b in (1, 3))
    print(f"repeated partnerships: {len(both) - len(set(both))}; most meetings of two opponents: {max(met.values())}")


if __name__ == "__main__":
    main()
