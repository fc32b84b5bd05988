"""README's command 1, ``bash scripts/serve.sh``, as a newcomer runs it on a fresh clone (a copy of the
repository without .venv or instance/, see tests/club/served.py): it serves with no variable set and on
a port chosen through REFEREE_BIND, with no error in its output; a later start installs nothing; a port
already taken ends it with one sentence and a non-zero status; and the phones' slow or unfinished
connections, which nginx holds in front of gunicorn, leave the health check, polls and entries answering."""

from __future__ import annotations

import http.client
import json
import subprocess

import pytest

from tests.club import served as newcomer
from tests.club.slow_clients import Table, call, club_requests, unfinished_and_slow_clients
from tests.conftest import free_port

INSTALLING = "installing referee and its dependencies into .venv"
ANSWER_BOUND_S = 5  # README and benchmarks/RESULTS.md say 1 s; this bound only fails a stalled server


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    return newcomer.newcomer_copy(tmp_path_factory.mktemp("newcomer") / "referee")


@pytest.fixture(scope="module")
def serving(clone):
    """serve.sh's first start in the clone, on a free port chosen through REFEREE_BIND."""
    port = free_port()
    run = newcomer.ServeSh(
        clone, newcomer.newcomer_env(REFEREE_BIND=f"127.0.0.1:{port}"), clone / "first.log"
    )
    answered = run.start().first_200(port)
    yield run, port, answered
    run.interrupt()


def test_the_first_start_installs_migrates_and_serves_with_no_error(serving):
    run, port, answered = serving
    assert answered, run.output()[-3000:]
    output = run.output()
    assert INSTALLING in output
    assert "referee is serving at http://" in output and f":{port}/" in output
    assert newcomer.errors_in(output) == []
    assert call(port, "GET", "/").status == 200


def test_a_second_start_on_a_taken_port_ends_with_one_sentence(serving, clone):
    run, port, answered = serving
    assert answered
    second = newcomer.ServeSh(
        clone, newcomer.newcomer_env(REFEREE_BIND=f"127.0.0.1:{port}"), clone / "second.log"
    )
    status = second.start().wait(timeout=300)
    output = second.output()
    assert status != 0
    last = output.strip().splitlines()[-1]
    assert last.startswith("Another server is already listening on port") and "REFEREE_BIND" in last, output
    assert INSTALLING not in output  # a later start installs nothing
    assert newcomer.errors_in(output) == []
    assert newcomer.healthz(port) == 200  # the first server is untouched


def test_slow_and_unfinished_connections_cost_a_connection_not_a_thread(serving):
    """200 connections that sent half a request and 200 that do not read their answers: the health
    check, a phone's poll and an entry are still answered at once (gunicorn alone answered nothing)."""
    run, port, answered = serving
    assert answered
    table = Table.new(port)
    with unfinished_and_slow_clients(port, partial=200, slow=200):
        timings = club_requests(port, table)
    statuses = {name: status for name, (status, _) in timings.items()}
    assert statuses == {"entry": 201, "poll, new entry": 200, "poll, nothing new": 204, "healthz": 200}
    assert all(seconds < ANSWER_BOUND_S for _, seconds in timings.values()), timings
    assert newcomer.errors_in(run.output()) == []


def _post_raw(port: int, path: str, body: bytes, headers: dict[str, str]) -> tuple[int, str, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.request("POST", path, body=body, headers=headers)
        resp = conn.getresponse()
        return resp.status, resp.getheader("Content-Type") or "", resp.read()
    finally:
        conn.close()


def test_a_body_over_nginxs_limit_gets_the_apps_own_refusal_in_the_readers_language(serving):
    """nginx refuses a body over its 16 MB itself, before the app sees it: the phone still gets the
    app's answer (JSON with the photo's limit from the API, a page in the reader's language), not
    nginx's English HTML page."""
    run, port, answered = serving
    assert answered
    big = b"\xff\xd8\xff" + bytes(17 * 1024 * 1024)
    status, kind, body = _post_raw(port, "/api/v1/photos/tiles", big, {"Content-Type": "image/jpeg"})
    assert (status, kind) == (413, "application/json"), body[:300]
    assert json.loads(body)["error"] == {"code": "too_large", "message": "The photo is too large: at most 15 MB."}
    form = {"Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "ja"}
    status, kind, body = _post_raw(port, "/new/score-pad", b"players=" + b"A" * (17 * 1024 * 1024), form)
    assert (status, kind.split(";")[0]) == (413, "text/html"), body[:300]
    assert "大きすぎ" in body.decode(), body.decode()[:1000]
    assert newcomer.errors_in(run.output()) == []


def test_with_nothing_set_it_serves_on_port_8000_and_a_later_start_installs_nothing(serving, clone):
    """In a network of its own (``unshare --net``) where the machine allows it, so that port 8000 is free
    whatever this machine runs; the clone was installed by the first start, so this one must not install
    again (in its own network it could not: that network reaches nothing)."""
    assert serving[2]
    run = subprocess.run(
        newcomer.first_answer_on_8000_command(clone), capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["answered"], result["output"][-3000:]
    assert result["status"] == 0, result["output"][-3000:]  # Ctrl-C stops it cleanly
    assert INSTALLING not in result["output"]
    assert newcomer.errors_in(result["output"]) == [], result["output"][-6000:]
