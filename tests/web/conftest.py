"""Every test here checks, besides what it asserts, that each JSON answer the API sends is the one
``/api/openapi.json`` documents, to the field (documented.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask, Response, request, request_finished

from tests.web.documented import document_path, undocumented


@pytest.fixture(autouse=True)
def answers_as_documented() -> Iterator[None]:
    found: list[str] = []

    def check(app: Flask, response: Response, **_: object) -> None:
        if request.url_rule is None or not request.path.startswith("/api/") or not response.is_json:
            return
        body = response.get_json(silent=True)
        found.extend(undocumented(request.method, document_path(request.url_rule.rule), response.status_code, body))

    request_finished.connect(check)
    try:
        yield
    finally:
        request_finished.disconnect(check)
    assert found == [], "answers the document does not describe:\n" + "\n".join(found[:10])
