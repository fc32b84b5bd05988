"""The issue's probe against gunicorn itself (2 workers, behind one trusted proxy, limits on): 24 phones
creating a table each are 24 clients, not one; one phone's eleventh table in a minute is refused,
whichever worker takes it, with Retry-After and a sentence."""

from __future__ import annotations

import pytest

from tests.club.conftest import Gunicorn

NEW = {"game": "score-pad", "players": ["Aki", "Ben"]}


@pytest.fixture
def proxied_gunicorn(club_database, tmp_path):
    server = Gunicorn(club_database, tmp_path / "gunicorn.log", workers=2, threads=4)
    server.env |= {"REFEREE_RATELIMIT_ENABLED": "true", "REFEREE_PROXIES": "1"}
    yield server.start()
    server.stop()


def test_every_forwarded_phone_has_its_own_budget_shared_by_both_workers(proxied_gunicorn):
    phones = [{"X-Forwarded-For": f"192.0.2.{i}", "X-Forwarded-Proto": "https"} for i in range(1, 25)]
    assert [proxied_gunicorn.request("POST", "/api/v1/tables", NEW, p)[0] for p in phones] == [201] * 24

    one = {"X-Forwarded-For": "192.0.2.200"}
    codes = [proxied_gunicorn.request("POST", "/api/v1/tables", NEW, one)[0] for _ in range(10)]
    assert codes == [201] * 10  # a new connection each time, taken by whichever worker accepts it
    for _ in range(4):
        status, body = proxied_gunicorn.request("POST", "/api/v1/tables", NEW, one)
        assert status == 429 and body["error"]["code"] == "rate_limited"
        assert "Try again in" in body["error"]["message"]
