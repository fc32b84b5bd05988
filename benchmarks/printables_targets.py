"""Printables against the issue's targets (benchmark 4), run on demand:
`.venv/bin/python benchmarks/printables_targets.py [repeats]`.

Through the app (in-process, as a request would build them): the Trick de Bingo 50-card deck (plain and
duplex), filled score sheets of tables half-way through each golden record and of a 60-round score pad,
and blank sheets. The baseline is a trivial request (/healthz) in the same run; the first build of each
is also shown (fonts load once per process). Figures only; `printables_bench.py` times the builders alone.
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

from tests.conftest import make_app  # noqa: E402


def measure(client, label: str, path: str, repeats: int, base: float | None) -> float:
    times, size, status = [], 0, 0
    for _ in range(repeats + 1):
        start = time.perf_counter()
        resp = client.get(path)
        times.append(time.perf_counter() - start)
        size, status = len(resp.get_data()), resp.status_code
    first, median = times[0], statistics.median(times[1:])
    ratio = f"{median / base:9.0f}x" if base else f"{'1x':>10}"
    print(
        f"{label:<44} {status:4d} first {first * 1000:8.1f} ms  median {median * 1000:8.1f} ms {size / 1024:7.1f} KiB {ratio}"
    )
    return median


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    with tempfile.TemporaryDirectory() as tmp:
        app = make_app(f"sqlite:///{Path(tmp) / 'p.sqlite3'}", WTF_CSRF_ENABLED=False)
        client = app.test_client()
        base = measure(client, "/healthz (baseline)", "/healthz", 50, None)
        measure(client, "trick-de-bingo deck, 50 cards", "/print/trick-de-bingo/deck.pdf", repeats, base)
        measure(
            client, "trick-de-bingo deck with backs", "/print/trick-de-bingo/deck-duplex.pdf", repeats, base
        )
        rounds = [{"type": "round", "points": [i % 9, (i * 7) % 11, -(i % 3), 5]} for i in range(60)]
        record = {"format": "referee-record", "version": 1, "game": "score-pad",
                  "players": ["山田太郎", "Alexandra Montgomery", "Chie", "Dan"], "events": rounds}  # fmt: skip
        made = client.post("/api/v1/records", json=record).get_json()
        measure(
            client,
            "score pad, filled sheet (60 rounds, 4 seats)",
            f"/t/{made['id']}/print/score-sheet.pdf",
            repeats,
            base,
        )
        for path in sorted((ROOT / "tests/records").glob("*.json")):
            rec = json.loads(path.read_text())
            half = {**rec, "events": rec["events"][: len(rec["events"]) // 2]}
            made = client.post("/api/v1/records", json=half).get_json()
            if made and "id" in made:
                label = f"{rec['game']}, filled score sheet"
                measure(client, label, f"/t/{made['id']}/print/score-sheet.pdf", repeats, base)
        measure(client, "ninety-nine, blank score sheet", "/print/ninety-nine/score-sheet.pdf", repeats, base)


if __name__ == "__main__":
    main()
