"""An unchanged live poll answered before Flask (issue 20): ``GET /t/<id>/live?since=V`` gets its 204
(or, with ``If-None-Match``, its 304) from a WSGI middleware when the table's version is still V.

Most of what a club server does is telling 400 phones that nothing changed, so that answer must
cost about what ``/healthz`` does. Flask's request context, URL routing, session cookie, locale and
after-request hooks cost more than the answer itself; here it is one indexed read on this thread's
own connection (``store.live_versions``) and a fixed set of headers (the same as Flask would send).

It answers exactly what ``live.poll`` would: ``since`` (its first value) equal to the version -> 204,
else ``If-None-Match`` holding it -> 304. Anything else goes on to Flask untouched: a changed table
(with the version just read, so it is not read twice), an unknown table (404), another method, a
path that is not exactly a poll, or a read that failed. Polls need no rights (the table id is the
read right, and the version says nothing private), and reads are not rate limited, so no reader is
answered differently than Flask would. What a 204 here skips: refreshing the session cookie's
expiry and moving an old phone's session tokens to its device cookie, which the next page or
fragment it loads does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import parse_qsl

from flask import Flask
from werkzeug.http import parse_etags

from ..extensions import db
from ..store.live_versions import VersionReader, reader_for
from .templating import SECURITY_HEADERS

VERSION_KEY = "referee.live_version"  # environ: the version read here, for live.poll to reuse
_HEADERS = [("Cache-Control", "no-store"), *SECURITY_HEADERS, ("Vary", "HX-Request, Cookie")]
NO_CONTENT = ("204 NO CONTENT", [*_HEADERS, ("Content-Type", "text/html; charset=utf-8")])

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class UnchangedPolls:
    """WSGI middleware in front of the Flask app: see the module docstring."""

    def __init__(self, app: Flask, wsgi_app: WSGIApp) -> None:
        self.app = app
        self.wsgi_app = wsgi_app
        self._reader: VersionReader | None | bool = False  # False: not made yet (needs the engine)

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
                answer = self.unchanged(table_id, environ)
                if answer is not None:
                    start_response(*answer)
                    return []
        return self.wsgi_app(environ, start_response)

    def unchanged(self, table_id: str, environ: dict[str, Any]) -> tuple[str, list] | None:
        """The 204 or 304 that ``live.poll`` would answer, or None to let Flask answer."""
        try:
            reader = self.reader()
            now = reader.read(table_id) if reader is not None else None
        except Exception:  # noqa: BLE001 - the database hiccuped: Flask's own path answers (and reports)
            return None
        if now is None:
            return None
        environ[VERSION_KEY] = now
        query = environ.get("QUERY_STRING", "")
        since = next((v for k, v in parse_qsl(query, keep_blank_values=True) if k == "since"), None)
        if since == now:
            return NO_CONTENT
        if parse_etags(environ.get("HTTP_IF_NONE_MATCH")).contains(now):
            return "304 NOT MODIFIED", [*_HEADERS, ("ETag", f'"{now}"')]
        return None


def init_app(app: Flask) -> None:
    app.wsgi_app = UnchangedPolls(app, app.wsgi_app)  # type: ignore[method-assign]
