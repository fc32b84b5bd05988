"""Dispute report and export costs, run on demand:
`.venv/bin/python benchmarks/report_bench.py [repeats] [--lines 5000] [--skip-small]`.

Prints figures only (no assertions). Every figure is the whole request through Flask's test client in
this process (log read, walk, words, PDF), the best and median of ``repeats`` runs after a first one
(which pays the font's loading and, for the exports, a cold replay: printed apart), the least CPU
time one of them took (what the machine's load does not change), and what the
request grew the process by: its peak RSS over the RSS before (``VmHWM``, reset before each request
through ``/proc/self/clear_refs``), and the RSS it kept after.

1. Issue 15's table: the Five Up golden match (181 events) imported, then ten undo-and-again pairs on
   its last event, so 201 log lines; the report in English and Japanese, A4 and Letter.
2. Issue 28's tables at ``--lines`` (default 5,000, the limit): a score pad of that many rounds; half
   rounds then corrections of the first round (each one changes every total after it); half rounds
   then undo and the round again. For each: the whole report (its last 500 entries), the last two
   entries, the first two. For the plain score pad also the exports and time travel: the table at the
   middle moment (page and API), the JSON record (page and API), the filled score sheet PDF.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pypdf import PdfReader  # noqa: E402
from sqlalchemy import insert  # noqa: E402

from referee.app import create_app  # noqa: E402
from referee.extensions import db  # noqa: E402
from referee.store import tables as store_tables  # noqa: E402
from referee.store.models import EventRow  # noqa: E402


def rss_mib(field: str = "VmRSS") -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return 0.0


def measured(client, url: str, headers: dict | None = None) -> tuple[float, float, float, bytes, int, float]:
    """(seconds, peak growth MiB, kept growth MiB, body, status, CPU seconds) of one request."""
    before = rss_mib()
    Path("/proc/self/clear_refs").write_text("5")  # VmHWM := VmRSS
    start, cpu = time.perf_counter(), time.process_time()
    resp = client.get(url, headers=headers or {})
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
    return took, rss_mib("VmHWM") - before, rss_mib() - before, resp.data, resp.status_code, cpu


def figures(client, label: str, url: str, repeats: int, fresh: bool, headers: dict | None = None) -> None:
    """The first request, then ``repeats`` more (each a new question to the report cache if
    ``fresh``: ``&run=i`` makes another key, so every report is made, none served from the cache)."""
    sep = "&" if "?" in url else "?"
    first = measured(client, url + (f"{sep}run=first" if fresh else ""), headers)
    runs = [measured(client, url + (f"{sep}run={i}" if fresh else ""), headers) for i in range(repeats)]
    times = [r[0] for r in runs]
    cpu = min(r[5] for r in runs)
    peak = max(r[1] for r in [first, *runs])
    kept = max(r[2] for r in [first, *runs])
    data, status = runs[-1][3], runs[-1][4]
    pages = f"{len(PdfReader(io.BytesIO(data)).pages):4d} pages" if data[:4] == b"%PDF" else "          "
    print(
        f"  {label:<38} first {first[0] * 1000:7.0f} ms, then best {min(times) * 1000:7.0f} ms, median"
        f" {statistics.median(times) * 1000:7.0f} ms, CPU {cpu * 1000:6.0f} ms; peak +{peak:6.1f} MiB, kept +{kept:5.1f} MiB;"
        f" {pages} {len(data) / 1024:6.0f} KiB, status {status}",
        flush=True,
    )


def small_table(client, repeats: int) -> None:
    record = json.loads(
        (ROOT / "tests" / "records" / "five-up-partners-to-61.json").read_text(encoding="utf-8")
    )
    table = client.post("/api/v1/records", json=record).get_json()
    auth = {"Authorization": f"Bearer {table['scorer_token']}"}
    last = record["events"][-1]
    for _ in range(10):
        client.post(f"/api/v1/tables/{table['id']}/events", json={"type": "undo"}, headers=auth)
        client.post(f"/api/v1/tables/{table['id']}/events", json=last, headers=auth)
    seq = client.get(f"/api/v1/tables/{table['id']}").get_json()["seq"]
    print(f"1. Five Up, {len(record['events'])} events imported, {seq} log lines")
    for lang, paper in (("en", "a4"), ("ja", "a4"), ("en", "letter")):
        url = f"/t/{table['id']}/print/report.pdf?paper={paper}"
        figures(client, f"report {lang} {paper}", url, repeats, True, {"Accept-Language": lang})


def pad(client, rounds: int) -> dict:
    record = {
        "format": "referee-record",
        "version": 1,
        "game": "score-pad",
        "players": ["Aki", "Ben", "Chie", "Dai"],
        "events": [{"type": "round", "points": [i % 7, 3, -2, i % 3]} for i in range(rounds)],
    }
    made = client.post("/api/v1/records", json=record)
    assert made.status_code == 201, made.get_json()
    return made.get_json()


def add_lines(app, table_id: str, first_seq: int, lines: list[tuple[str, dict]]) -> None:
    """Log lines written straight to the log (thousands of API corrections would take minutes)."""
    now = datetime.now(UTC).replace(tzinfo=None)
    rows = [
        {"table_id": table_id, "seq": seq, "kind": kind, "body": body, "author": "scorer", "created_at": now}
        for seq, (kind, body) in enumerate(lines, start=first_seq)
    ]
    with app.app_context():
        db.session.execute(insert(EventRow), rows)
        db.session.commit()


def big_tables(app, client, lines: int, repeats: int) -> None:
    half = lines // 2
    plain = pad(client, lines)
    corrected = pad(client, half)
    fixes = [
        ("correct", {"target": 1, "event": {"type": "round", "points": [i, 0, 0, 0]}})
        for i in range(lines - half)
    ]
    add_lines(app, corrected["id"], half + 1, fixes)
    undone = pad(client, half)
    again = [
        ("undo", {}) if i % 2 == 0 else ("event", {"type": "round", "points": [1, 2, 3, 4]})
        for i in range(lines - half)
    ]
    add_lines(app, undone["id"], half + 1, again)
    shapes = (
        (f"score pad, {lines:,} rounds", plain),
        (f"{half:,} rounds, then {lines - half:,} corrections of round 1", corrected),
        (f"{half:,} rounds, then undo and again x{(lines - half) // 2:,}", undone),
    )
    print(f"\n2. Tables of {lines:,} log lines")
    for name, table in shapes:
        print(f" {name}")
        report = f"/t/{table['id']}/print/report.pdf"
        figures(client, "report, whole (its last 500 entries)", report, repeats, True)
        figures(
            client, "report, the last two entries", f"{report}?from={lines - 1}&to={lines}", repeats, True
        )
        figures(client, "report, the first two entries", f"{report}?from=1&to=2", repeats, True)
    t = plain["id"]
    print(f" score pad, {lines:,} rounds: exports and time travel (first: a cold replay)")
    store_tables._SNAPSHOTS.clear()
    for label, url in (
        (f"table page at moment {lines // 2}", f"/t/{t}?at={lines // 2}"),
        (f"API at moment {lines // 2}", f"/api/v1/tables/{t}?at={lines // 2}"),
        ("JSON record (page)", f"/t/{t}/record.json"),
        ("JSON record (API)", f"/api/v1/tables/{t}/record"),
        ("filled score sheet PDF", f"/t/{t}/print/score-sheet.pdf"),
        ("the table's own page (reference)", f"/t/{t}"),
    ):
        figures(client, label, url, repeats, False)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("repeats", nargs="?", type=int, default=5)
    parser.add_argument("--lines", type=int, default=5000)
    parser.add_argument("--skip-small", action="store_true", help="only the big tables (part 2)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/bench.sqlite3",
                "TESTING": True,
                "RATELIMIT_ENABLED": False,
            }
        )
        with app.app_context():
            db.create_all()
        client = app.test_client()
        print(f"process RSS at start {rss_mib():.0f} MiB")
        if not args.skip_small:
            small_table(client, args.repeats)
        big_tables(app, client, args.lines, args.repeats)
        print(
            f"process RSS at the end {rss_mib():.0f} MiB, peak {rss_mib('VmHWM'):.0f} MiB (since the last reset)"
        )


if __name__ == "__main__":
    main()
