"""Serving behind a TLS-terminating proxy: forms work over HTTPS, cookies are Secure, posts must come
from this site, and rate limits count each real client once across every worker sharing the database."""

from __future__ import annotations

import re

import pytest

from tests.conftest import close_app, make_app

HTTPS = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7"}
NEW = {"players": ["Aki", "Ben"]}


@pytest.fixture
def proxied(database_url):
    """The app behind one trusted proxy, with CSRF on as a phone meets it."""
    app = make_app(database_url, REFEREE_PROXIES=1)
    yield app
    close_app(app, database_url)


@pytest.fixture
def two_workers(database_url):
    """Two app instances (as two gunicorn workers or two servers) on one database, limits on."""
    apps = [
        make_app(database_url, REFEREE_PROXIES=1, RATELIMIT_ENABLED=True, WTF_CSRF_ENABLED=False)
        for _ in "ab"
    ]
    yield apps
    for app in apps:
        close_app(app, database_url)


def csrf_token(client, path="/new/score-pad", headers=HTTPS) -> str:
    html = client.get(path, headers=headers).get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def scores(html: str) -> list[str]:
    return re.findall(r'class="score"[^>]*>([^<]*)<', html)


def set_cookies(resp) -> dict[str, str]:
    return {h.split("=", 1)[0]: h for h in resp.headers.getlist("Set-Cookie")}


def test_a_form_posted_over_https_through_the_proxy_works_without_a_referer(proxied):
    """The browser sends no Referer (nor needs to): the proxied HTTPS post is not refused as before."""
    client = proxied.test_client()
    token = csrf_token(client)
    resp = client.post(
        "/new/score-pad",
        data={**NEW, "csrf_token": token},
        headers={**HTTPS, "Sec-Fetch-Site": "same-origin", "Origin": "https://localhost"},
    )
    assert resp.status_code == 302 and "/t/" in resp.headers["Location"]


def test_cookies_are_secure_when_the_request_came_over_https(proxied):
    client = proxied.test_client()
    token = csrf_token(client)
    resp = client.post("/new/score-pad", data={**NEW, "csrf_token": token}, headers=HTTPS)
    cookies = set_cookies(resp)
    assert {"session", "referee_device"} <= set(cookies)
    for header in cookies.values():
        assert "Secure" in header and "HttpOnly" in header and "SameSite=Lax" in header
    lang = client.get("/lang/ja", headers=HTTPS)
    assert "Secure" in lang.headers["Set-Cookie"]

    plain = proxied.test_client()
    token = csrf_token(plain, headers={})
    resp = plain.post("/new/score-pad", data={**NEW, "csrf_token": token})
    assert resp.status_code == 302
    assert all("Secure" not in h for h in set_cookies(resp).values())


def test_without_a_configured_proxy_forwarded_headers_are_ignored(app):
    """REFEREE_PROXIES=0 (the default): a client cannot claim HTTPS or another address."""
    resp = app.test_client().post("/new/score-pad", data=NEW, headers=HTTPS)
    assert resp.status_code == 302
    assert all("Secure" not in h for h in set_cookies(resp).values())


@pytest.mark.parametrize(
    "headers",
    [
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},  # a sibling host or another port: still another origin
        {"Origin": "https://evil.example"},  # an older browser: no Sec-Fetch-Site, only Origin
        {"Origin": "null"},
    ],
)
@pytest.mark.storeless
def test_a_post_from_another_site_is_refused_even_with_a_valid_token(proxied, headers):
    client = proxied.test_client()
    token = csrf_token(client)
    resp = client.post("/new/score-pad", data={**NEW, "csrf_token": token}, headers={**HTTPS, **headers})
    assert resp.status_code == 403
    assert "sent from another website, so nothing was recorded" in resp.get_data(as_text=True)
    assert "referee_device" not in set_cookies(resp)  # no table was made for this phone
    ja = client.post(
        "/new/score-pad",
        data={**NEW, "csrf_token": token},
        headers={**HTTPS, **headers, "Accept-Language": "ja"},
    )
    assert ja.status_code == 403 and "別のウェブサイトから送られた" in ja.get_data(as_text=True)


def test_posts_from_this_site_pass_the_origin_check(proxied):
    client = proxied.test_client()
    token = csrf_token(client)
    for headers in ({"Sec-Fetch-Site": "same-origin"}, {"Origin": "https://localhost"}, {}):
        resp = client.post("/new/score-pad", data={**NEW, "csrf_token": token}, headers={**HTTPS, **headers})
        assert resp.status_code == 302, headers


def test_an_htmx_entry_from_another_site_changes_nothing(proxied):
    client = proxied.test_client()
    token = csrf_token(client)
    table = client.post("/new/score-pad", data={**NEW, "csrf_token": token}, headers=HTTPS).headers[
        "Location"
    ]
    path = table.removeprefix("https://localhost")
    hx = {**HTTPS, "HX-Request": "true", "X-CSRFToken": token}
    round_ = {"type": "round", "points": ["3", "4"]}
    refused = client.post(f"{path}/events", data=round_, headers={**hx, "Sec-Fetch-Site": "cross-site"})
    assert refused.status_code == 403
    assert scores(client.get(path, headers=HTTPS).get_data(as_text=True)) == ["0", "0"]
    accepted = client.post(f"{path}/events", data=round_, headers={**hx, "Sec-Fetch-Site": "same-origin"})
    assert accepted.status_code == 200 and scores(accepted.get_data(as_text=True)) == ["3", "4"]


@pytest.mark.storeless
def test_a_missing_csrf_token_says_to_reload_in_the_users_language(proxied):
    client = proxied.test_client()
    resp = client.post("/new/score-pad", data=NEW, headers={**HTTPS, "Accept-Language": "ja"})
    assert resp.status_code == 400 and "再読み込み" in resp.get_data(as_text=True)


def test_rate_limits_count_each_forwarded_client_across_two_workers(two_workers):
    """One budget per real client behind the proxy, shared by both workers through the database."""
    first, second = (app.test_client() for app in two_workers)
    aki = {"X-Forwarded-For": "198.51.100.1"}
    codes = [
        (first if i % 2 else second)
        .post("/api/v1/tables", json={"game": "score-pad", "players": ["A", "B"]}, headers=aki)
        .status_code
        for i in range(10)
    ]
    assert codes == [201] * 10
    for client in (first, second):  # the eleventh is refused, whichever worker takes it
        assert client.post("/new/score-pad", data=NEW, headers=aki).status_code == 429
    ben = {"X-Forwarded-For": "198.51.100.2"}
    assert (
        second.post("/new/score-pad", data=NEW, headers=ben).status_code == 302
    )  # another phone is not blocked


def test_without_a_configured_proxy_every_forwarded_client_is_the_proxy(database_url):
    app = make_app(database_url, RATELIMIT_ENABLED=True, WTF_CSRF_ENABLED=False)
    try:
        client = app.test_client()
        for i in range(10):
            client.post("/new/score-pad", data=NEW, headers={"X-Forwarded-For": f"198.51.100.{i}"})
        spoofed = client.post("/new/score-pad", data=NEW, headers={"X-Forwarded-For": "198.51.100.99"})
        assert spoofed.status_code == 429
    finally:
        close_app(app, database_url)


def test_a_429_says_what_happened_and_when_to_retry(two_workers):
    client = two_workers[0].test_client()
    aki = {"X-Forwarded-For": "198.51.100.3"}
    for _ in range(10):
        client.post("/new/score-pad", data=NEW, headers=aki)
    page = client.post("/new/score-pad", data=NEW, headers=aki)
    assert page.status_code == 429 and page.headers["Retry-After"].isdigit()
    text = page.get_data(as_text=True)
    assert re.search(
        r"Too many entries from this address in a short time, so this one was not recorded\. "
        r"Try again in \d+ seconds?\.",
        text,
    )
    assert "malformed" not in text
    ja = client.post("/new/score-pad", data=NEW, headers={**aki, "Accept-Language": "ja"})
    assert re.search(r"\d+秒後にもう一度お試しください", ja.get_data(as_text=True))
    api = client.post("/api/v1/tables", json={"game": "score-pad", "players": ["A", "B"]}, headers=aki)
    body = api.get_json()
    assert api.status_code == 429 and api.headers["Retry-After"].isdigit()
    assert body["error"]["code"] == "rate_limited" and 1 <= body["error"]["retry_after"] <= 61
    assert "Try again in" in body["error"]["message"]


def test_an_htmx_entry_over_the_limit_shows_the_message_on_the_table(two_workers):
    client = two_workers[0].test_client()
    aki = {"X-Forwarded-For": "198.51.100.4"}
    path = client.post("/new/score-pad", data=NEW, headers=aki).headers["Location"]
    hx = {**aki, "HX-Request": "true"}
    codes = [client.post(f"{path}/events", data={"type": "round", "points": ["1", "0"]}, headers=hx).status_code
             for _ in range(121)]  # fmt: skip
    assert codes[:120] == [200] * 120 and codes[120] == 429
    resp = client.post(f"{path}/events", data={"type": "round", "points": ["1", "0"]}, headers=hx)
    html = resp.get_data(as_text=True)
    assert resp.status_code == 429 and resp.headers["Retry-After"].isdigit()
    assert html.lstrip().startswith("<main") and 'id="table"' in html  # the fragment htmx swaps in
    assert re.search(r'class="error">[^<]*Try again in \d+ seconds?\.', html)
    assert re.search(r'id="alarm" hx-swap-oob="innerHTML">[^<]*Try again in \d+ seconds?\.', html)  # and said
    assert scores(html) == ["120", "0"]  # nothing more was recorded
