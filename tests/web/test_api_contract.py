"""The OpenAPI document says what the server accepts (issue 28): schemathesis with every check
(``--checks all``: status codes, content types, response schemas, schema-valid bodies accepted and
schema-breaking ones refused, 405s with ``Allow``, missing auth...) over every operation, 0 failures.

The run is schemathesis's own engine, as ``st run --checks all`` drives it, against the Flask app in
process: seeded and derandomised with a bounded number of examples per operation, so every run sends
the same requests in bounded time. Like a client without tokens, it meets the guarded operations at
their 401. Two things the schema cannot say are said here, once each:

- ``player-name`` and ``title`` are formats of the document (a visible character, no control
  characters, at most 40 or 120 after trimming: JSON Schema's patterns have no Unicode categories);
  a client generates them with the strategies below.
- Some refusals depend on more than a body's form, and no schema can say them: whether a told
  Bingo deal is possible, whether a record's events are legal (``error.event`` names the one the
  rules refuse), which options the rules refuse together (Muggins without called scores), which
  moments a table has (``?at=`` beyond its last seq). At those operations (``JUDGED``) a 422 is an
  answer, not a failure, unless its code is one of the body's form (``bad_players``,
  ``unknown_field``...): that still fails, as at every other operation. The race chart's ``?at=``
  (``MOMENT_PICTURES``) is judged the same way, but its 422 is a sentence (text/plain), not a JSON
  error with a code: the check that reads the code reads only the JSON operations' answers.
- A photo's body (``PHOTO``) is any bytes to the schema (``image/jpeg`` or ``image/png``, binary);
  whether they are an image the reader can decode, and not too dark or blurred, only the reader can
  tell: there an empty body (400), bytes that are no JPEG or PNG (415) and an unreadable image (422)
  are answers too.

The stateful phase is left out: no operation declares links, so it only repeats the others' requests.
"""

from __future__ import annotations

import collections
import os

import schemathesis
from hypothesis import strategies as st
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import events, from_schema

from referee.web.json_api.openapi import openapi_document
from tests.conftest import close_app, make_app

EXAMPLES = int(os.environ.get("REFEREE_CONTRACT_EXAMPLES", "12"))  # more for a deeper local run
JUDGED = ("/api/v1/checks/bingo-claim", "/api/v1/records", "/api/v1/tables", "/api/v1/tables/{table_id}")
MOMENT_PICTURES = ("/t/{table_id}/race.svg",)
PHOTO = "/api/v1/photos/tiles"
FORM_CODES = ("bad_", "unknown_", "missing_", "json_too_deep", "not_a_number")

schemathesis.openapi.format("player-name", st.from_regex(r"\A[A-Z][a-z]{0,11}\Z"))
schemathesis.openapi.format("title", st.from_regex(r"\A[A-Z][a-z]{0,10}( [a-z]{1,8}){0,2}\Z"))


@schemathesis.check
def refused_by_the_rules_only(ctx, response, case):
    """At a judged operation, a schema-valid request refused 422 is refused for the rules' reason
    (or the table's data), never for its form. Each option's value is in the schema, so a
    ``bad_option`` there is a combination; an error naming an ``event`` is the rules' verdict on it."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 422:
        return None
    if case.operation.path not in JUDGED:  # elsewhere a 422 fails the acceptance check already
        return None
    error = response.json()["error"]
    if "event" in error or error["code"] == "bad_option":
        return None
    if error["code"].startswith(FORM_CODES):
        raise AssertionError(f"a schema-valid request refused for its form: {error}")
    return None


def _config() -> SchemathesisConfig:
    accepted_or_judged = ["2xx", "3xx", "401", "403", "404", "409", "422", "429"]
    return SchemathesisConfig.from_dict(
        {
            "seed": 28,
            "generation": {"max-examples": EXAMPLES, "deterministic": True},
            "checks": {"enabled": True},
            "operations": [
                {
                    "include-path": path,
                    "checks": {"positive_data_acceptance": {"expected-statuses": accepted_or_judged}},
                }
                for path in JUDGED + MOMENT_PICTURES
            ]
            + [
                {
                    "include-path": PHOTO,
                    "checks": {
                        "positive_data_acceptance": {"expected-statuses": ["2xx", "400", "415", "422", "429"]}
                    },
                }
            ],
            "phases": {"stateful": {"enabled": False}},
        }
    )


def test_schemathesis_with_every_check_finds_nothing(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'contract.sqlite3'}", WTF_CSRF_ENABLED=False)
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app, config=_config())
    failures, errors, tested, requests = collections.Counter(), [], set(), 0
    for event in from_schema(schema).execute():
        if isinstance(event, events.ScenarioFinished):
            recorder = event.recorder
            tested.add(recorder.label)
            requests += len(recorder.interactions)
            for case_id, nodes in recorder.checks.items():
                for node in nodes:
                    if node.failure_info is not None:
                        case = recorder.cases[case_id].value
                        where = f"{case.method} {case.formatted_path} {str(case.body)[:200]}"
                        failures[(recorder.label, node.name, node.failure_info.failure.title, where)] += 1
        elif isinstance(event, events.NonFatalError | events.FatalError):
            errors.append(str(getattr(event, "value", getattr(event, "exception", event)))[:500])
    close_app(app, "sqlite")
    assert errors == []
    assert list(failures) == []
    operations = {f"{method.upper()} {path}" for path, ops in openapi_document()["paths"].items() for method in ops}
    assert operations <= tested  # every operation ran (the stateful phase is one more label)
    assert requests >= 20 * len(operations)


def test_a_moment_the_document_allows_is_refused_for_the_table_not_for_its_form(client):
    """``at`` is read as a whole number of at most 18 digits; the document says so (its ``maximum``), so a
    schema-valid moment past the table's last line is "no such moment", never "not a number" (the run of
    e5f5753 generated a 19-digit ``at`` and got ``bad_moment``)."""
    made = client.post("/api/v1/tables", json={"game": "score-pad", "players": ["Aki", "Ben"]}).get_json()
    doc = client.get("/api/openapi.json").get_json()
    params = [p for path in doc["paths"].values() for op in path.values() if isinstance(op, dict) for p in op.get("parameters", [])]
    moments = [p["schema"] for p in params if p.get("name") == "at"]
    assert moments and all(s.get("maximum") == 10**18 - 1 for s in moments), moments
    answer = client.get(f"/api/v1/tables/{made['id']}?at={10**18 - 1}")
    assert answer.status_code == 422 and answer.get_json()["error"]["code"] == "no_such_moment"
