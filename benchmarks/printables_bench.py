"""Printables timings, run on demand: `.venv/bin/python benchmarks/printables_bench.py [repeats]`.

Prints figures only (no assertions): font registration, a filled 100-row score sheet, a blank one,
a tally sheet and a QR page, each as the best and median of several builds, with the PDF size.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from printables import (  # noqa: E402
    A4,
    A4_LANDSCAPE,
    Column,
    ColumnGroup,
    ScoreSheet,
    build_score_sheet,
    build_tally_sheet,
    draw_qr,
    new_canvas,
    register_font,
)

COLUMNS = (
    Column("Deal", 0.6),
    Column("Leader", 1.5, "left"),
    Column("Trump"),
    *(ColumnGroup(f"Player {p} / 席{p}", (Column("Bid"), Column("Tricks"), Column("Score"))) for p in "NESW"),
)


def filled_sheet(rows: int) -> ScoreSheet:
    return ScoreSheet(
        title="ナインティ・ナイン Ninety-Nine",
        subtitle="Table 7 — 2026-11-22",
        columns=COLUMNS,
        rows=tuple(
            (
                str(i),
                "山田太郎" if i % 2 else "Alexandra Montgomery",
                "♠",
                *(str((i * k) % 10) for k in range(12)),
            )
            for i in range(1, rows + 1)
        ),
        totals=("Total", "", "", *("999" for _ in range(12))),
        footnotes=("Scores follow the rules digest. 得点は規則どおりに計算しています。",),
    )


def qr_page() -> bytes:
    canvas, buf = new_canvas(A4, "QR")
    for k in range(6):
        draw_qr(canvas, f"http://127.0.0.1:5000/match/{k}", 15 + (k % 3) * 60, 60 + (k // 3) * 100, 50)
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


def measure(label: str, build: Callable[[], bytes], repeats: int) -> None:
    times, size = [], 0
    for _ in range(repeats):
        start = time.perf_counter()
        size = len(build())
        times.append(time.perf_counter() - start)
    print(
        f"{label:<42} best {min(times) * 1000:8.1f} ms   median {statistics.median(times) * 1000:8.1f} ms   {size / 1024:7.1f} KiB"
    )


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    start = time.perf_counter()
    register_font()
    print(f"{'font registration (once per process)':<42} {(time.perf_counter() - start) * 1000:8.1f} ms")
    filled = filled_sheet(100)
    blank = ScoreSheet("Ninety-Nine", COLUMNS, subtitle="Table 7 — 2026-11-22", blank_rows=25)
    measure(
        "score sheet, 100 filled rows (A4 land.)",
        lambda: build_score_sheet(filled, spec=A4_LANDSCAPE),
        repeats,
    )
    measure(
        "score sheet, blank 25 rows (A4 land.)", lambda: build_score_sheet(blank, spec=A4_LANDSCAPE), repeats
    )
    measure("tally sheet, blank (A4)", lambda: build_tally_sheet(["Ann & Bob", "Cy & Di"]), repeats)
    measure("tally sheet, filled (A4)", lambda: build_tally_sheet(["Ann", "Bob", "Cy"], [13, 9, 4]), repeats)
    measure("6 QR codes (A4)", qr_page, repeats)


if __name__ == "__main__":
    main()
