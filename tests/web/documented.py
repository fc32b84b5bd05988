"""Every JSON answer of the API is what ``/api/openapi.json`` says it is, to the field.

``undocumented(method, path, status, body)`` validates an answer against the schema the document gives
its operation and status, closed: an object may hold only the fields its schema names (the document
leaves its objects open, so a client ignores what it does not know, but an answer holding a field the
document does not name means the two have drifted), must hold the required ones, each of its type.
``tests/web/conftest.py`` runs it on every answer of every test there.

The document is OpenAPI 3.0; jsonschema-rs reads JSON Schema: references are resolved in place and
``nullable`` becomes "or null".
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import jsonschema_rs

from referee.web.json_api.openapi import openapi_document


@cache
def _document() -> dict[str, Any]:
    return openapi_document()


def closed(schema: Any, components: dict[str, Any]) -> Any:
    """``schema`` as JSON Schema, references resolved and every object closed to its named fields."""
    if isinstance(schema, list):
        return [closed(s, components) for s in schema]
    if not isinstance(schema, dict):
        return schema
    if "$ref" in schema:
        return closed(components[schema["$ref"].rsplit("/", 1)[1]], components)
    out = {key: closed(value, components) for key, value in schema.items() if key != "nullable"}
    if "properties" in out and "additionalProperties" not in out:
        out["additionalProperties"] = False
    if schema.get("nullable"):
        return {"anyOf": [out, {"type": "null"}]}
    return out


@cache
def _validator(path: str, method: str, status: int) -> Any:
    """The closed schema of the answer: None where the document has no such operation (a page, or a
    path no route has), NOTHING where the operation has no JSON answer of this status."""
    operation = _document()["paths"].get(path, {}).get(method)
    if operation is None:
        return None
    answer = operation["responses"].get(str(status), {})
    schema = answer.get("content", {}).get("application/json", {}).get("schema")
    if schema is None:
        return UNLISTED
    return jsonschema_rs.validator_for(closed(schema, _document()["components"]["schemas"]))


UNLISTED = "unlisted"
"""An operation's answer of a status it does not document as JSON."""


def document_path(rule: str) -> str:
    """A Flask rule (``/api/v1/tables/<table_id>``) as the document writes its path (``{table_id}``)."""
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule)


def undocumented(method: str, path: str, status: int, body: Any) -> list[str]:
    """What in ``body`` the document does not say: one line per error, none when it matches (or when
    the document has no such operation). A JSON answer of a status the operation does not document
    as JSON is an error too."""
    validator = _validator(path, method.lower(), status)
    if validator is None:
        return []
    if validator is UNLISTED:
        return [f"{method} {path} {status}: a JSON answer of a status the document does not list as JSON"]
    return [f"{method} {path} {status}: {e.message} at {list(e.instance_path)}" for e in validator.iter_errors(body)]
