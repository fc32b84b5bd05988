"""Real Chromium over HTTPS through a TLS-terminating front, as README's club server runs: the front
ends TLS and forwards plain HTTP with ``X-Forwarded-Proto: https`` / ``X-Forwarded-For``, and the app
trusts one proxy (``REFEREE_PROXIES=1``). The new-table form and an htmx entry must work, cookies must
be Secure, and a form posted from another site must be refused with a clear message."""

from __future__ import annotations

import re
import subprocess

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.plays import ready
from tests.conftest import make_app, serve

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "locale": "en-GB"}


def tls_front(app):
    """What the proxy does: TLS is over, the scheme and the client's address travel as headers."""

    def forward(environ, start_response):
        environ = dict(environ)
        environ["HTTP_X_FORWARDED_PROTO"] = environ["wsgi.url_scheme"]
        environ["HTTP_X_FORWARDED_FOR"] = environ["REMOTE_ADDR"]
        environ["wsgi.url_scheme"] = "http"
        environ["REMOTE_ADDR"] = "127.0.0.1"  # the proxy's own address, all the app sees directly
        return app(environ, start_response)

    return forward


@pytest.fixture(scope="module")
def https_url(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("tls")
    cert, key = tmp / "cert.pem", tmp / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    app = make_app(f"sqlite:///{tmp / 'proxied.sqlite3'}", REFEREE_PROXIES=1)
    with serve(tls_front(app), ssl_context=(str(cert), str(key))) as url:
        yield url


@pytest.fixture
def phone(browser: Browser, https_url: str):
    context = browser.new_context(base_url=https_url, ignore_https_errors=True, **PHONE)
    yield context
    context.close()


def test_the_new_table_form_and_an_htmx_entry_work_over_https_behind_the_proxy(phone, https_url):
    page = phone.new_page()
    page.goto("/new/score-pad")
    for i, name in enumerate(("Aki", "Ben")):
        page.locator("input[name=players]").nth(i).fill(name)
    page.get_by_role("button", name="Start the table").click()
    expect(page.locator("#table")).to_be_visible()
    assert re.match(rf"{re.escape(https_url)}/t/[\w-]+$", page.url)

    ready(page)  # a tap before htmx has loaded posts the plain form (the no-script path), reloading the page
    page.evaluate("window.__notReloaded = true")
    page.locator("#points-0").fill("7")
    page.locator("#points-1").fill("3")
    page.get_by_role("button", name="Record round").tap()
    expect(page.locator(".total .score")).to_have_text(["7", "3"])
    assert page.evaluate("window.__notReloaded") is True  # recorded by htmx, swapped in place

    cookies = {c["name"]: c for c in phone.cookies()}
    assert {"session", "referee_device"} <= set(cookies)
    assert all(c["secure"] and c["httpOnly"] for c in cookies.values())
    # the share links and QR codes speak https, as the proxy serves them
    share = page.locator("details.link[data-role=seat1] a.join-link").get_attribute("href")
    assert share.startswith(f"{https_url}/t/")


def test_a_form_posted_from_another_site_is_refused_with_a_clear_message(phone, https_url):
    page = phone.new_page()
    page.goto("/new/score-pad")
    token = page.locator("input[name=csrf_token]").first.get_attribute("value")  # even a leaked token
    evil = f"""<!doctype html><form method="post" action="{https_url}/new/score-pad">
        <input name="csrf_token" value="{token}"><input name="players" value="X"><input name="players" value="Y">
        <button>go</button></form>"""
    phone.route("https://other.example/", lambda route: route.fulfill(body=evil, content_type="text/html"))
    page.goto("https://other.example/")
    page.get_by_role("button", name="go").click()
    expect(page.get_by_role("main").get_by_role("alert")).to_contain_text("This form was sent from another website")
    assert page.url == f"{https_url}/new/score-pad"
