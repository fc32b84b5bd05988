"""Serving behind a TLS-terminating proxy: who the client is, whether the request was HTTPS, and
whether a post really comes from one of our own pages.

- ``REFEREE_PROXIES`` = the number of proxies in front of the app (0: none). With n > 0, Werkzeug's
  ProxyFix takes the client address and the scheme from the n-th last ``X-Forwarded-For`` /
  ``X-Forwarded-Proto`` values, so rate limits count the real phone and links say ``https://``.
  Leave it 0 when clients reach the app directly: otherwise anyone could claim any address.
- Cookies are ``Secure`` whenever the request came over HTTPS (directly or via the trusted proxy).
- Every form and htmx post (not the token-authenticated JSON API) must come from this site:
  ``Sec-Fetch-Site`` (every current browser) must say ``same-origin``; an older browser's ``Origin``,
  when it sends one, must be this site's. The CSRF token is checked as well (Flask-WTF), but not
  Flask-WTF's HTTPS ``Referer`` check: pages send ``Referrer-Policy: same-origin`` and the origin
  check above is the stronger one.
"""

from __future__ import annotations

from flask import Flask, Request, request
from flask.sessions import SecureCookieSessionInterface
from flask_babel import gettext
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import Forbidden
from werkzeug.middleware.proxy_fix import ProxyFix

from referee.web.page import Message, render_page

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
EXEMPT_BLUEPRINTS = frozenset({"api"})  # bearer tokens, not cookies; JSON bodies need a CORS preflight


class CrossSitePost(Forbidden):
    """A post that did not come from one of this site's pages."""


class _PerRequestSecureSession(SecureCookieSessionInterface):
    """The session cookie is Secure when this request is HTTPS (or SESSION_COOKIE_SECURE says always)."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure


def init_app(app: Flask) -> None:
    proxies = app.config["REFEREE_PROXIES"]
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies)  # type: ignore[method-assign]
    app.config["WTF_CSRF_SSL_STRICT"] = False
    app.session_interface = _PerRequestSecureSession()
    # first of all before-request checks (CSRFProtect's too): a cross-site post is refused as such
    app.before_request_funcs.setdefault(None, []).insert(0, _same_site_only)
    app.register_error_handler(CrossSitePost, _refused)
    app.register_error_handler(CSRFError, _stale_form)


def same_origin(req: Request) -> bool:
    """Whether an unsafe request was sent by a page of this site (see the module docstring)."""
    site = req.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site in ("same-origin", "none")  # "none": typed or bookmarked by the user
    origin = req.headers.get("Origin")
    if origin is None:
        return True  # no browser signal at all (an old browser or a script): the CSRF token decides
    return origin.rstrip("/").lower() == f"{req.scheme}://{req.host}".lower()


def _same_site_only() -> None:
    if request.method in SAFE_METHODS or request.blueprint in EXEMPT_BLUEPRINTS:
        return None
    if not same_origin(request):
        raise CrossSitePost()
    return None


def _refused(_exc: CrossSitePost) -> tuple[str, int]:
    message = gettext(
        "This form was sent from another website, so nothing was recorded. Open referee itself and try again."
    )
    return render_page("error.html", Message(message)), 403


def _stale_form(_exc: CSRFError) -> tuple[str, int]:
    message = gettext(
        "This page is too old to send (its security check has expired). Reload it and try again."
    )
    return render_page("error.html", Message(message)), 400
