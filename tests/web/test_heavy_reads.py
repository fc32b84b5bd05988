"""Heavy reads (issue 28): a dispute report costs its table's log, not the log's square, prints at most
``REPORT_ENTRIES`` entries and is kept until the table changes; and a worker runs at most
``HEAVY_AT_ONCE`` heavy reads at a time, answering one more with 503 at once while entries and polls go on.

Costs are counted, not timed: the Python and C calls a request makes (``sys.setprofile``), the same on
an idle or a loaded machine. Seconds and megabytes at 5,000 lines are in benchmarks/report_bench.py.
"""

from __future__ import annotations

import io
import json
import os
import sys
from collections.abc import Callable
from datetime import UTC, datetime

import pytest
from pypdf import PdfReader
from sqlalchemy import insert

from referee.extensions import db
from referee.store.models import EventRow
from referee.web.tables import dispute
from tests.conftest import close_app, fresh_sqlite, make_app


@pytest.fixture
def app(request):
    """SQLite only: the counts are the app's, whatever the database."""
    with fresh_sqlite(request) as url:
        app = make_app(url, schema=False, WTF_CSRF_ENABLED=False)
        yield app
        close_app(app, url)


def pad(client, rounds: int) -> dict:
    record = {
        "format": "referee-record",
        "version": 1,
        "game": "score-pad",
        "players": ["Aki", "Ben", "Chie"],
        "events": [{"type": "round", "points": [i % 7, 3, -(i % 4)]} for i in range(rounds)],
    }
    made = client.post("/api/v1/records", json=record)
    assert made.status_code == 201
    return made.get_json()


def add_lines(app, table_id: str, first_seq: int, lines: list[tuple[str, dict]]) -> None:
    """Log lines written straight to the table's log (as thousands of API writes would, faster)."""
    now = datetime.now(UTC).replace(tzinfo=None)
    with app.app_context():
        db.session.execute(
            insert(EventRow),
            [
                {
                    "table_id": table_id,
                    "seq": seq,
                    "kind": kind,
                    "body": body,
                    "author": "scorer",
                    "created_at": now,
                }
                for seq, (kind, body) in enumerate(lines, start=first_seq)
            ],
        )
        db.session.commit()


def plain(app, client, n: int) -> dict:
    return pad(client, n)


def corrected(app, client, n: int) -> dict:
    """Half rounds, then corrections of the first round: each one changes every total after it."""
    table = pad(client, n // 2)
    fix = [
        ("correct", {"target": 1, "event": {"type": "round", "points": [i, 0, 0]}}) for i in range(n - n // 2)
    ]
    add_lines(app, table["id"], n // 2 + 1, fix)
    return table


def undone(app, client, n: int) -> dict:
    """Half rounds, then undo and the round again, over and over."""
    table = pad(client, n // 2)
    again = [
        ("undo", {}) if i % 2 == 0 else ("event", {"type": "round", "points": [1, 2, 3]})
        for i in range(n - n // 2)
    ]
    add_lines(app, table["id"], n // 2 + 1, again)
    return table


def calls(do: Callable[[], object]) -> int:
    """How many Python and C functions ``do()`` calls: its cost, counted the same on any machine."""
    count = 0

    def profile(_frame, event, _arg):
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    sys.setprofile(profile)
    try:
        do()
    finally:
        sys.setprofile(None)
    return count


@pytest.mark.parametrize("shape", [plain, corrected, undone], ids=lambda f: f.__name__)
@pytest.mark.parametrize(
    "asked", ["", "?from={last_but_one}&to={last}", "?from=1&to=2"], ids=["whole", "end", "start"]
)
def test_a_report_costs_the_log_not_its_square(app, client, shape, asked) -> None:
    """2,500 lines cost less than 3x 1,000 lines (a replay kept per line cost 6x and more)."""
    pad(client, 5)  # the font and the first request's set-up, paid before counting
    client.get(f"/t/{pad(client, 5)['id']}/print/report.pdf")
    cost = {}
    for n in (1000, 2500):
        table = shape(app, client, n)
        url = f"/t/{table['id']}/print/report.pdf" + asked.format(last_but_one=n - 1, last=n)
        answers: list = []
        cost[n] = calls(lambda url=url, answers=answers: answers.append(client.get(url)))
        assert answers[0].status_code == 200, answers[0].data[:200]
    assert cost[2500] < 3 * cost[1000], cost


@pytest.mark.parametrize("shape", [plain, corrected], ids=lambda f: f.__name__)
@pytest.mark.parametrize(
    "asked",
    ["/api/v1/tables/{id}/record", "/t/{id}/print/score-sheet.pdf", "/t/{id}?at={half}"],
    ids=["record", "filled-sheet", "moment"],
)
def test_an_export_or_a_moment_costs_the_log_not_its_square(app, client, shape, asked) -> None:
    """The exports and time travel replay the table once: 2,500 lines cost less than 3x 1,000 lines."""
    warm = pad(client, 5)  # the font and the first request's set-up, paid before counting
    client.get(asked.format(id=warm["id"], half=2))
    cost = {}
    for n in (1000, 2500):
        table = shape(app, client, n)
        url = asked.format(id=table["id"], half=n // 2)
        answers: list = []
        cost[n] = calls(lambda url=url, answers=answers: answers.append(client.get(url)))
        assert answers[0].status_code == 200, answers[0].data[:200]
    assert cost[2500] < 3 * cost[1000], cost


def text_of(data: bytes) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages).split())


def test_a_long_range_prints_its_last_entries_and_says_where_it_starts(client) -> None:
    most = dispute.REPORT_ENTRIES
    table = pad(client, most + 100)
    flat = text_of(client.get(f"/t/{table['id']}/print/report.pdf").data)
    assert f"Entries 101 to {most + 100} of {most + 100}" in flat
    assert f"A report prints at most {most} entries, so this one starts at entry 101." in flat
    assert "Entry 101 " in flat and "Entry 100 " not in flat and f"Entry {most + 100} " in flat
    flat = text_of(client.get(f"/t/{table['id']}/print/report.pdf?to=50").data)
    assert "Entries 1 to 50 of" in flat and "at most" not in flat


def test_past_its_work_the_report_still_lists_every_entry_and_says_so(app, client, monkeypatch) -> None:
    monkeypatch.setattr(dispute, "WORK", 3000)
    table = corrected(app, client, 400)  # 200 rounds, then 200 corrections of the first
    flat = text_of(client.get(f"/t/{table['id']}/print/report.pdf").data)
    assert "this report does not say what each entry changed" in flat
    assert all(f"Entry {n} " in flat for n in range(1, 401))
    assert "corrected entry 1 from" in flat and "Final totals: " in flat


def test_a_report_is_made_once_per_table_version(client, monkeypatch) -> None:
    made = []
    walk = dispute.report_lines
    monkeypatch.setattr(dispute, "report_lines", lambda *a: made.append(1) or walk(*a))
    table = pad(client, 30)
    url = f"/t/{table['id']}/print/report.pdf"
    first = client.get(url).data
    assert client.get(url).data == first and len(made) == 1
    assert client.get(url + "?to=10").status_code == 200 and len(made) == 2  # another question
    auth = {"Authorization": f"Bearer {table['scorer_token']}"}
    client.post(
        f"/api/v1/tables/{table['id']}/events", json={"type": "round", "points": [1, 1, 1]}, headers=auth
    )
    assert "Entry 31 " in text_of(client.get(url).data) and len(made) == 3  # the table changed


HEAVY = [
    "/t/{id}/print/report.pdf",
    "/t/{id}/print/score-sheet.pdf",
    "/print/score-pad/score-sheet.pdf",
    "/t/{id}/record.json",
    "/api/v1/tables/{id}/record",
    "/t/{id}?at=1",
    "/api/v1/tables/{id}?at=1",
]


@pytest.mark.parametrize("heavy", HEAVY)
def test_a_heavy_read_past_the_worker_s_places_is_refused_at_once(app, client, heavy) -> None:
    """Every place taken (as by reports of a big table): the next heavy read answers 503 with when to
    try again, in the reader's language, while the table's own page, polls and entries go on."""
    table = pad(client, 3)
    auth = {"Authorization": f"Bearer {table['scorer_token']}"}
    url = heavy.format(id=table["id"])
    places = app.extensions["referee_heavy"]
    taken = 0
    while places.acquire(blocking=False):
        taken += 1
    assert taken == app.config["HEAVY_AT_ONCE"] == 2
    try:
        refused = client.get(url, headers={"Accept-Language": "ja"})
        assert refused.status_code == 503 and refused.headers["Retry-After"] == "2"
        said = (
            refused.get_json()["error"]["message"]
            if url.startswith("/api/")
            else refused.get_data(as_text=True)
        )
        assert "サーバーはほかの印刷物や記録の準備で混み合っています" in said
        assert client.get(f"/t/{table['id']}").status_code == 200
        assert client.get(f"/api/v1/tables/{table['id']}").status_code == 200
        assert client.get(f"/t/{table['id']}/live").status_code in (200, 204, 304)
        entry = {"type": "round", "points": [1, 2, 3]}
        assert (
            client.post(f"/api/v1/tables/{table['id']}/events", json=entry, headers=auth).status_code == 201
        )
    finally:
        for _ in range(taken):
            places.release()
    assert client.get(url).status_code == 200
    assert places.acquire(blocking=False) and places.acquire(blocking=False)  # both given back
    places.release()
    places.release()


def test_the_api_says_busy_in_json(app, client) -> None:
    table = pad(client, 3)
    places = app.extensions["referee_heavy"]
    while places.acquire(blocking=False):
        pass
    try:
        answer = client.get(f"/api/v1/tables/{table['id']}/record")
    finally:
        places.release()
        places.release()
    assert answer.status_code == 503
    assert answer.get_json()["error"]["code"] == "busy" and answer.get_json()["error"]["retry_after"] == 2
    assert json.loads(client.get(f"/api/v1/tables/{table['id']}/record").data)["game"] == "score-pad"


def test_the_openapi_says_every_heavy_read_of_the_api_may_answer_busy(app, client) -> None:
    """The document says what the server answers: each heavy endpoint under /api/ (heavy.py, time
    travel included) lists the 503 with its Retry-After header and the JSON error."""
    import re

    from referee.web.site.heavy import HEAVY_ENDPOINTS, TIME_TRAVEL

    paths = client.get("/api/openapi.json").get_json()["paths"]
    heavy = [
        rule
        for rule in app.url_map.iter_rules()
        if rule.endpoint in HEAVY_ENDPOINTS | TIME_TRAVEL and rule.rule.startswith("/api/")
    ]
    assert {rule.endpoint for rule in heavy} >= {"api.get_record", "api.get_state", "clubs_api.player"}
    for rule in heavy:
        busy = paths[re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)]["get"]["responses"].get("503")
        assert busy is not None, rule.rule
        assert busy["headers"]["Retry-After"]["schema"] == {"type": "integer"}
        assert busy["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}


@pytest.mark.parametrize(
    ("method", "path", "query", "heavy"),
    [
        ("GET", "/t/abc/print/report.pdf", "from=1&to=9", True),
        ("GET", "/t/abc/print/score-sheet.pdf", "", True),
        ("GET", "/print/bingo/score-sheet.pdf", "", True),
        ("GET", "/t/abc/record.json", "", True),
        ("GET", "/api/v1/tables/abc/record", "", True),
        ("GET", "/t/abc", "at=3", True),
        ("GET", "/api/v1/tables/abc", "at=3", True),
        ("GET", "/club/abc/players/2", "", True),
        ("GET", "/api/v1/clubs/abc/players/2", "", True),
        ("GET", "/club/abc/players/2/rating-bingo.svg", "", True),
        ("GET", "/t/abc/race.svg", "at=3", True),
        ("GET", "/t/abc/race.svg", "v=3", False),
        ("GET", "/s/abc/standings.csv", "token=x", True),
        ("GET", "/s/abc/standings.pdf", "", True),
        ("GET", "/s/abc/cards.pdf", "", True),
        ("GET", "/t/abc/live", "v=12", False),
        ("GET", "/t/abc", "", False),
        ("GET", "/t/abc", "that=1", False),
        ("GET", "/api/v1/tables/abc", "", False),
        ("GET", "/healthz", "", False),
        ("GET", "/t/abc/qr/viewer.svg", "", False),
        ("GET", "/nothing/here.pdf", "", False),
        ("POST", "/api/v1/tables/abc/events", "", False),
        ("POST", "/t/abc/print/report.pdf", "", False),
    ],
)
def test_the_worker_hands_over_exactly_the_heavy_reads(app, method, path, query, heavy) -> None:
    """What offload.py sends to the child process, before Flask sees the request: the same heavy reads
    as heavy.py bounds, and nothing a poll or an entry asks."""
    from werkzeug.test import EnvironBuilder

    from referee.web.site.offload import Offload

    environ = EnvironBuilder(method=method, path=path, query_string=query).get_environ()
    assert Offload(app)._heavy(environ) is heavy


def _running(pid: int | None) -> bool:
    """Whether a process of that id still exists (a zombie not yet reaped counts)."""
    if pid is None:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_worker_stopping_ends_its_child_at_once_even_while_the_child_still_starts(app) -> None:
    """gunicorn's ``worker_exit`` stops the heavy reads' child without waiting for it: a child still
    importing the app (seconds at nice 10 on a busy machine) read the pool's "stop" only once ready, and
    the worker's exit waited past the graceful timeout, to be killed by the master (CI-like run, load ~9).
    Stopped a moment after it was spawned, the child is gone at once, and a later heavy read makes a new one."""
    from multiprocessing import active_children

    from referee.web.site.offload import Offload

    before = set(active_children())
    offload = Offload(app)
    offload.start_child()  # spawns a fresh interpreter that imports the whole app
    [child] = set(active_children()) - before
    offload.stop_child()
    child.join(timeout=30)  # a bound on a signal's delivery, far above it; the app's import takes seconds
    # ended by a signal, not after starting; or already reaped by the pool's own thread, which leaves this
    # handle no exit code (its join returns at once, the process gone: one run in three, idle machine)
    assert (child.exitcode is not None and child.exitcode < 0) or not _running(child.pid)
    # a handle reaped by the pool's thread stays listed (no exit code to read) though its process is gone
    assert offload._pool is None and {p for p in active_children() if _running(p.pid)} == before
