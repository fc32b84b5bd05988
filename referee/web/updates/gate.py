"""Live polls answered before Flask (issue 20): ``GET /t/<id>/live?since=V`` gets its 204 (or, with
``If-None-Match``, its 304) from a WSGI middleware when the table's version is still V, and a public
reader whose table changed gets the fragment ``live_cache`` already holds for the new version.

Most of what a club server does is telling 400 phones that nothing changed, or handing each phone of a
changed table the fragment the first of them had rendered, so those answers must cost about what
``/healthz`` does. Flask's request context, URL routing, session, locale, the table's ORM load and
after-request hooks cost more than the answer itself; here it is the table's version
(``store.live_versions``: one indexed read on this thread's own connection, or none on PostgreSQL
while the version cache kept by LISTEN/NOTIFY holds it), a dictionary look-up and a fixed set of
headers (the same as Flask would send).

It answers exactly what ``live.poll`` would, both asking ``live_versions.news``: ``since`` (its first
value) equal to the version -> 204, else ``If-None-Match`` holding it -> 304, else, for a request
that is certainly a public reader
(``access.certainly_viewer``: no device cookie, no ``Authorization``, no legacy session tokens, and
only ``since``/``view`` in the query, as ``live.poll`` requires to share a fragment), the viewer's or
big screen's fragment (``?view=screen``) at that version in the language ``i18n.choose_locale``
picks, if a worker thread of this process rendered it already. Anything else goes on to Flask
untouched: a fragment not kept yet (Flask renders and keeps it), a phone that holds links or presents
a token (its page has its forms), a session cookie that does not verify, an unknown table (404),
another method, a path that is not exactly a poll, or a read that failed. Polls need no rights (the
table id is the read right; the version and the public fragment say nothing private), and reads are
not rate limited, so no reader is answered differently than Flask would. What an answer here skips:
refreshing a permanent session cookie's expiry, which the next page the phone loads does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import parse_qsl

from flask import Flask
from flask.sessions import SecureCookieSessionInterface
from itsdangerous import BadData
from werkzeug.http import parse_cookie

from referee.extensions import db
from referee.store.live_versions import News, VersionReader, news, reader_for
from referee.web.site.i18n import COOKIE as LANGUAGE_COOKIE
from referee.web.site.i18n import choose_locale
from referee.web.site.templating import SECURITY_HEADERS
from referee.web.tables.access import DEVICE_COOKIE, certainly_viewer
from referee.web.updates.cache import FragmentCache

from .next_table import polled_version

VERSION_KEY = "referee.live_version"  # environ: the version read here, for live.poll to reuse
_HEADERS = [("Cache-Control", "no-store"), *SECURITY_HEADERS, ("Vary", "HX-Request, Cookie")]
HTML = ("Content-Type", "text/html; charset=utf-8")
Answer = tuple[str, list[tuple[str, str]], list[bytes]]
"""A WSGI answer: status line, headers, body."""
NO_CONTENT: Answer = ("204 NO CONTENT", [*_HEADERS, HTML], [])
SHARED_QUERY = {"since", "view"}  # live.poll shares a fragment only for a query of no more than these

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class UnchangedPolls:
    """WSGI middleware in front of the Flask app: see the module docstring."""

    def __init__(self, app: Flask, wsgi_app: WSGIApp) -> None:
        self.app = app
        self.wsgi_app = wsgi_app
        self._reader: VersionReader | None | bool = False  # False: not made yet (needs the engine)
        self.fragments: FragmentCache = app.extensions["live_fragments"]
        self.languages: tuple[str, ...] = tuple(app.config["LANGUAGES"])
        self.session_cookie: str = app.config["SESSION_COOKIE_NAME"]
        self.max_age = int(app.permanent_session_lifetime.total_seconds())
        self.served = 0  # fragments answered here (for tests and benchmarks)

    def reader(self) -> VersionReader | None:
        if self._reader is False:
            with self.app.app_context():
                self._reader = reader_for(db.engine)
        return self._reader  # type: ignore[return-value]

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        path: str = environ.get("PATH_INFO", "")
        if environ.get("REQUEST_METHOD") == "GET" and path.startswith("/t/") and path.endswith("/live"):
            table_id = path[3:-5]
            if table_id and "/" not in table_id:
                answer = self.answer(table_id, environ)
                if answer is not None:
                    status, headers, body = answer
                    start_response(status, headers)
                    return body
        return self.wsgi_app(environ, start_response)

    def answer(self, table_id: str, environ: dict[str, Any]) -> Answer | None:
        """The 204, 304 or kept public fragment that ``live.poll`` would answer, or None for Flask."""
        query = environ.get("QUERY_STRING", "")
        since = next((v for k, v in parse_qsl(query, keep_blank_values=True) if k == "since"), None)
        try:
            reader = self.reader()
            now = reader.read(table_id) if reader is not None else None
            if now is not None and reader is not None:  # a seat's page also follows its night's rounds
                now = polled_version(reader.engine, table_id, now, since)
        except Exception:  # noqa: BLE001 - the database hiccuped: Flask's own path answers (and reports)
            return None
        if now is None:
            return None
        environ[VERSION_KEY] = now
        match news(now, since, environ.get("HTTP_IF_NONE_MATCH")):
            case News.NONE:
                return NO_CONTENT
            case News.NOT_MODIFIED:
                return "304 NOT MODIFIED", [*_HEADERS, ("ETag", f'"{now}"')], []
        return self.kept_fragment(table_id, now, query, environ)

    def kept_fragment(
        self, table_id: str, now: str, query: str, environ: dict[str, Any]
    ) -> Answer | None:
        """The public fragment at ``now`` from the cache, for a request that is certainly a public
        reader's (else None: Flask works out who asks and renders or looks up what it may see)."""
        args = parse_qsl(query, keep_blank_values=True)
        if not {k for k, _v in args} <= SHARED_QUERY:
            return None
        cookies = parse_cookie(environ)
        tokens = self.session_tokens(cookies.get(self.session_cookie))
        if tokens is None or not certainly_viewer(
            cookies.get(DEVICE_COOKIE), environ.get("HTTP_AUTHORIZATION"), tokens
        ):
            return None
        view = next((v for k, v in args if k == "view"), None)
        language = choose_locale(
            cookies.get(LANGUAGE_COOKIE), environ.get("HTTP_ACCEPT_LANGUAGE"), self.languages
        )
        html = self.fragments.get((table_id, now, "screen" if view == "screen" else "viewer", language))
        if html is None:
            return None
        body = html.encode()
        self.served += 1
        headers = [HTML, ("Content-Length", str(len(body))), ("ETag", f'"{now}"'), *_HEADERS]
        return "200 OK", headers, [body]

    def session_tokens(self, cookie: str | None) -> object:
        """The legacy ``tokens`` a session cookie holds (``access._adopt_session_tokens`` moves them
        to the device), ``()`` for no cookie or none held, or None when in doubt (it does not verify,
        or sessions are not Flask's signed cookies): then Flask answers."""
        if not cookie:
            return ()
        interface = self.app.session_interface
        if (
            not isinstance(interface, SecureCookieSessionInterface)
            or type(interface).get_signing_serializer is not SecureCookieSessionInterface.get_signing_serializer
        ):
            return None
        serializer = interface.get_signing_serializer(self.app)
        if serializer is None:
            return None
        try:
            data = serializer.loads(cookie, max_age=self.max_age)
        except BadData:
            return None
        return (data.get("tokens") or ()) if isinstance(data, dict) else None


def init_app(app: Flask) -> None:
    app.wsgi_app = UnchangedPolls(app, app.wsgi_app)  # type: ignore[method-assign]
