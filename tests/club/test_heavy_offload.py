"""Under gunicorn, heavy reads are answered by a child process of the worker (referee/web/site/offload.py),
started with the worker (before any heavy read), at a lower CPU priority: the same answers as in process (a sealed bid stays
sealed, cookies and languages kept), while the worker's own threads answer entries and polls."""

from __future__ import annotations

import io
import json
import os
import time
from pathlib import Path

from pypdf import PdfReader

from referee.web.site.offload import NICE

TESTS = Path(__file__).parents[1]


def children_of_workers(master_pid: int) -> list[tuple[int, int]]:
    """(pid, nice) of every process whose parent is one of the master's workers."""
    procs = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            procs[int(entry.name)] = (int(fields[1]), int(fields[16]))  # ppid, nice
    workers = {pid for pid, (ppid, _) in procs.items() if ppid == master_pid}
    return [(pid, nice) for pid, (ppid, nice) in procs.items() if ppid in workers]


def test_heavy_reads_are_answered_by_a_child_process_at_a_lower_priority(gunicorn):
    assert children_of_workers(gunicorn.proc.pid)  # started with the workers, before any heavy read
    deadline = time.monotonic() + 120  # the child lowers its priority once its interpreter is up
    while NICE not in {nice for _, nice in children_of_workers(gunicorn.proc.pid)} and time.monotonic() < deadline:
        time.sleep(0.2)
    assert NICE in {nice for _, nice in children_of_workers(gunicorn.proc.pid)}
    record = json.loads((TESTS / "records" / "bingo-four-deals-to-eight.json").read_text(encoding="utf-8"))
    status, made = gunicorn.request("POST", "/api/v1/records", record)
    assert status == 201
    status, pdf = gunicorn.request(
        "GET", f"/t/{made['id']}/print/report.pdf", headers={"Accept-Language": "ja"}
    )
    assert status == 200 and pdf[:4] == b"%PDF"
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "裁定レポート" in text  # the reader's language went with the request
    status, got = gunicorn.request("GET", f"/api/v1/tables/{made['id']}/record")
    assert status == 200 and got["events"] == record["events"]
    status, then = gunicorn.request("GET", f"/api/v1/tables/{made['id']}?at=3")
    assert status == 200 and then["seq"] == 3
    assert (
        gunicorn.request("GET", f"/api/v1/tables/{made['id']}/record?x=1", headers={"Content-Length": "0"})[0]
        == 200
    )
    children = children_of_workers(gunicorn.proc.pid)
    assert NICE in {nice for _, nice in children}, children  # (and multiprocessing's resource tracker)
    # the worker's own requests go on as before
    assert gunicorn.request("GET", f"/api/v1/tables/{made['id']}")[0] == 200
    assert gunicorn.request("GET", "/healthz") == (200, b"ok")


def test_a_sealed_bid_stays_sealed_in_a_report_made_by_the_child(gunicorn):
    record = json.loads((TESTS / "records" / "ninety-nine-three-player-game-to-100.json").read_text())
    first_bid = next(i for i, e in enumerate(record["events"]) if e["type"] == "bid")
    status, made = gunicorn.request(
        "POST", "/api/v1/records", {**record, "events": record["events"][: first_bid + 1]}
    )
    assert status == 201
    bid = record["events"][first_bid]
    status, pdf = gunicorn.request("GET", f"/t/{made['id']}/print/report.pdf")
    flat = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())
    assert status == 200 and f"{record['players'][bid['seat']]} made a sealed bid." in flat
    assert os.environ.get("REFEREE_HEAVY_AT_ONCE") in (None, "", "2")
