"""Dispute report timings (issue 15 target: a 200-event table's report under a second), run on demand:
`.venv/bin/python benchmarks/report_bench.py [repeats]`.

Prints figures only (no assertions). The table: the Five Up golden match (181 events) imported, then
ten undo-and-again pairs on its last event, so 201 log lines. Each figure is the whole request through
Flask's test client (log read, replay after every line, lines in words, PDF with a QR code per page):
best and median of several runs, with the page count and size, in English and Japanese, A4 and Letter.
"""

from __future__ import annotations

import io
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pypdf import PdfReader  # noqa: E402

from referee.app import create_app  # noqa: E402
from referee.extensions import db  # noqa: E402


def main(repeats: int) -> None:
    record = json.loads((ROOT / "tests" / "records" / "five-up-partners-to-61.json").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(
            {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/bench.sqlite3", "TESTING": True, "RATELIMIT_ENABLED": False}
        )
        with app.app_context():
            db.create_all()
        client = app.test_client()
        table = client.post("/api/v1/records", json=record).get_json()
        auth = {"Authorization": f"Bearer {table['scorer_token']}"}
        last = record["events"][-1]
        for _ in range(10):
            client.post(f"/api/v1/tables/{table['id']}/events", json={"type": "undo"}, headers=auth)
            client.post(f"/api/v1/tables/{table['id']}/events", json=last, headers=auth)
        seq = client.get(f"/api/v1/tables/{table['id']}").get_json()["seq"]
        print(f"table: Five Up, {len(record['events'])} events imported, {seq} log lines")
        for lang, paper in (("en", "a4"), ("ja", "a4"), ("en", "letter")):
            url = f"/t/{table['id']}/print/report.pdf?paper={paper}"
            times, data = [], b""
            for _ in range(repeats):
                start = time.perf_counter()
                resp = client.get(url, headers={"Accept-Language": lang})
                times.append(time.perf_counter() - start)
                data = resp.data
            pages = len(PdfReader(io.BytesIO(data)).pages)
            print(
                f"report {lang} {paper}: best {min(times) * 1000:.0f} ms, median {statistics.median(times) * 1000:.0f} ms"
                f" over {repeats} runs; {pages} pages, {len(data) / 1024:.0f} KiB"
            )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
