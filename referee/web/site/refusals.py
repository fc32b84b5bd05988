"""A player's refusal answered to the app's own pages without an HTTP error status.

A refused entry (422: the rules or the form say no; 409: someone else recorded first) is the referee
doing its job, not a fault of the page, yet Chromium writes "Failed to load resource: 422" to the
console for every 4xx answer (issue 27 wants a whole game with no console error). The app's pages
say so in every htmx request (``PAGE_HEADER``, base.html's ``hx-headers``): to them a refusal
answers 200 with the same body and swap headers, and names its real status in ``REFUSED_HEADER``,
which app.js, pickers.js and offline.js read wherever they ask whether an answer was a refusal.
Everyone else (a form posted without JavaScript, a script, the JSON API, a hostile probe) keeps the
4xx status: only HTML answers to requests that carry the page's header are changed.
"""

from __future__ import annotations

from flask import Flask, Response, request

from referee.extensions import htmx

PAGE_HEADER = "X-Referee-Page"
"""Sent with every htmx request by the app's pages: this page reads a refusal from ``REFUSED_HEADER``."""
REFUSED_HEADER = "X-Referee-Refused"
"""The status a refusal would have had (409 or 422), on a 200 answer to the app's own page."""
REFUSALS = frozenset({409, 422})


def in_page(resp: Response) -> Response:
    """``resp`` as the app's own page gets it: a refusal in HTML as a 200 that names its status. Only a
    refusal varies with the page's header, so every other answer (the live polls the gate answers
    before Flask, byte for byte as Flask would) is left as it was."""
    if resp.status_code in REFUSALS and resp.mimetype == "text/html":
        resp.vary.add(PAGE_HEADER)
        if htmx and request.headers.get(PAGE_HEADER):
            resp.headers[REFUSED_HEADER] = str(resp.status_code)
            resp.status_code = 200
    return resp


def init_app(app: Flask) -> None:
    app.after_request(in_page)
