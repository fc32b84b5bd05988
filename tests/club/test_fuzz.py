"""Hypothesis throws malformed and illegal requests at every JSON API endpoint and every HTML POST
endpoint, on SQLite and PostgreSQL: never a 500, and a refused request (4xx) changes nothing stored.

``REFEREE_FUZZ_EXAMPLES`` scales the number of requests per test (default 150; 4 tests x 2 databases).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from werkzeug.routing import AnyConverter, IntegerConverter

from referee.extensions import db
from referee.games import GAMES
from tests.web.tables import new_table

EXAMPLES = int(os.environ.get("REFEREE_FUZZ_EXAMPLES", "150"))
RECORDS = Path(__file__).resolve().parents[1] / "records"
FIELDS = [
    "type", "seat", "tile", "on", "cards", "card", "cell", "cells", "lead", "reply", "indicator", "leader",
    "dealer", "doubles", "tiles", "count", "pips", "points", "kind", "turnup", "counts", "starter", "hands",
    "target", "event", "game", "players", "options", "format", "version", "events",
]  # fmt: skip
EVENT_TYPES = sorted({getattr(cls, "type", "") for g in GAMES.values() for cls in g.events} - {""} | {"undo", "correct"})  # fmt: skip

NASTY_TEXT = st.sampled_from(
    ["", " ", "6-4", "4-6", "7-7", "0-0", "-1-2", "10H", "QS", "JK", "1♠", "AX", "TB-07", "\x00", "a\x00b",
     "\ud800", "null", "99999999999999999999", "k" * 81, "a\x00" * 30, "１", "ﾁｰ", "x" * 300, "declare", "reveal", "true"]
)  # fmt: skip
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.integers(),
    st.sampled_from([2**63, -(2**63) - 1, 10**30]),
    st.floats(allow_nan=True, allow_infinity=True),
    NASTY_TEXT,
    st.text(max_size=20),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)
EVENTS = st.builds(
    lambda t, fields, extra: {**({"type": t} if t is not None else {}), **fields, **extra},
    st.one_of(st.none(), st.sampled_from(EVENT_TYPES), NASTY_TEXT),
    st.dictionaries(st.sampled_from(FIELDS[1:]), VALUES, max_size=5),
    st.dictionaries(st.text(max_size=6), SCALARS, max_size=2),
)
JSON_BODIES = st.one_of(EVENTS, VALUES)
PLAYERS = st.one_of(st.lists(st.one_of(NASTY_TEXT, st.text(max_size=41)), min_size=1, max_size=9), VALUES)
RAW_BODIES = st.one_of(
    st.binary(max_size=200),
    st.sampled_from(
        [b"", b"{", b"[]", b"null", b'{"type": NaN}', b"\xff\xfe", b'{"type": "round"} x', b"1e999999"]
    ),
)
HEADER_TEXT = st.one_of(NASTY_TEXT.filter(lambda s: "\x00" not in s and "\ud800" not in s), st.text(
    st.characters(min_codepoint=32, max_codepoint=126), max_size=120
))  # fmt: skip

URL_TEXT = NASTY_TEXT.filter(lambda s: "\ud800" not in s)  # a URL cannot carry a lone surrogate


def _dump(body: Any) -> bytes:
    """JSON as a sloppy client would send it: NaN/Infinity allowed, lone surrogates escaped."""
    return json.dumps(body, allow_nan=True).encode()


NOT_STATE = {"table_refusals"}
"""Counts of refused writes (referee/store/refusals.py): a refusal is meant to be counted there."""


def snapshot(app) -> dict[str, list]:
    """Every row of every table but NOT_STATE: what 'nothing changed' is checked against."""
    with app.app_context():
        db.session.remove()
        out = {}
        for table in db.metadata.sorted_tables:
            if table.name in NOT_STATE:
                continue
            rows = db.session.execute(select(table)).all()
            out[table.name] = sorted(repr(tuple(r)) for r in rows)
        db.session.remove()
        return out


def _half(record: dict) -> dict:
    return {**record, "events": record["events"][: len(record["events"]) // 2]}


def setup_tables(client) -> list[dict]:
    """One fresh table per game and one half-played table per golden record, with their tokens."""
    tables = []
    for gid, game in GAMES.items():
        tables.append({"game": gid, **new_table(client, gid, [f"P{i}" for i in range(game.min_players)])})
    for path in sorted(RECORDS.glob("*.json")):
        r = client.post("/api/v1/records", json=_half(json.loads(path.read_text())))
        if r.status_code == 201:
            tables.append({"game": path.stem, **r.get_json()})
    return tables


def _authorization(table: dict, which: int) -> dict[str, str]:
    if which == 0:
        return {}
    if which == 1:
        return {"Authorization": f"Bearer {table['scorer_token']}"}
    if which == 2 and table["seat_tokens"]:
        return {"Authorization": f"Bearer {table['seat_tokens'][0]}"}
    return {"Authorization": "Bearer not-a-token"}


def check(client, app, response_fn) -> None:
    before = snapshot(app)
    resp = response_fn()
    assert resp.status_code < 500, (resp.status_code, resp.get_data(as_text=True)[:2000])
    if resp.status_code >= 400:
        assert snapshot(app) == before, f"a refused request ({resp.status_code}) changed the database"


def _settings():
    return settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=[
            HealthCheck.function_scoped_fixture,
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
        ],
    )


def test_fuzz_api_events(client, app):
    tables = setup_tables(client)

    @_settings()
    @given(
        st.integers(0, len(tables) - 1),
        st.integers(0, 3),
        st.one_of(JSON_BODIES.map(_dump), RAW_BODIES),
        st.sampled_from(["application/json", "text/plain", "application/x-www-form-urlencoded", None]),
        st.one_of(st.none(), HEADER_TEXT, st.integers(-2, 400).map(lambda n: f'"{n}"')),
        st.one_of(st.none(), HEADER_TEXT),
    )
    def run(index, auth, body, ctype, if_match, idem):
        table = tables[index]
        headers = _authorization(table, auth)
        if ctype:
            headers["Content-Type"] = ctype
        if if_match is not None:
            headers["If-Match"] = if_match
        if idem is not None:
            headers["Idempotency-Key"] = idem
        check(
            client,
            app,
            lambda: client.post(f"/api/v1/tables/{table['id']}/events", data=body, headers=headers),
        )

    run()


def test_fuzz_api_create_and_read(client, app):
    tables = setup_tables(client)
    records = [json.loads(p.read_text()) for p in sorted(RECORDS.glob("*.json"))]

    def mutate_record(i, field, value, cut):
        record = dict(records[i % len(records)])
        record["events"] = list(record["events"])[:cut]
        if field == "events[]" and record["events"]:
            record["events"][-1] = value
        elif field != "events[]":
            record[field] = value
        return record

    create_bodies = st.one_of(
        st.fixed_dictionaries(
            {},
            optional={
                "game": st.one_of(st.sampled_from(list(GAMES)), VALUES),
                "players": PLAYERS,
                "options": VALUES,
            },
        ),
        st.builds(
            mutate_record,
            st.integers(0, 20),
            st.sampled_from(["events[]", "game", "players", "options", "format", "version", "events"]),
            st.one_of(EVENTS, PLAYERS),
            st.integers(0, 200),
        ),
        JSON_BODIES,
    )

    @_settings()
    @given(
        st.sampled_from(["tables", "records", "get", "record", "openapi"]),
        st.one_of(create_bodies.map(_dump), RAW_BODIES),
        st.one_of(st.integers(0, len(tables) - 1), st.text(max_size=40), URL_TEXT),
    )
    def run(kind, body, table):
        table_id = tables[table]["id"] if isinstance(table, int) else table
        if kind in ("tables", "records"):
            check(
                client,
                app,
                lambda: client.post(f"/api/v1/{kind}", data=body, content_type="application/json"),
            )
        elif kind == "get":
            check(client, app, lambda: client.get(f"/api/v1/tables/{table_id}"))
        elif kind == "record":
            check(client, app, lambda: client.get(f"/api/v1/tables/{table_id}/record"))
        else:
            check(client, app, lambda: client.get("/api/openapi.json"))

    run()


def _post_rules(app) -> list:
    return sorted(
        (
            r
            for r in app.url_map.iter_rules()
            if "POST" in (r.methods or ()) and not r.rule.startswith("/api/")
        ),
        key=lambda r: r.rule,
    )


def _url(rule, table_id: str, draw) -> str:
    """The rule's path with its variables filled: the table, a choice of an ``any()``, a number, a word."""
    path = rule.rule
    for name in rule.arguments:
        conv = rule._converters[name]
        if name == "table_id":
            value = table_id
        elif isinstance(conv, AnyConverter):
            value = draw(st.sampled_from(sorted(conv.items)))
        elif isinstance(conv, IntegerConverter):
            value = draw(st.integers(0, 60))
        else:
            value = draw(st.sampled_from(["viewer", "scorer", "seat0", "seat1", "x"]))
        path = re.sub(rf"<(?:[^<>:]+:)?{name}>", str(value), path)
    return path


FORM_KEYS = st.sampled_from(
    FIELDS + ["based_on", "idem", "players", "text", "record", "name", "tile2", "index"]
)
FORM_VALUES = st.one_of(
    NASTY_TEXT.filter(lambda s: "\ud800" not in s), st.text(max_size=30), st.integers(-5, 400).map(str)
)


def test_fuzz_html_posts(client, app):
    tables = setup_tables(client)
    for t in tables:  # this phone is the scorer of every table
        client.get(f"/t/{t['id']}/join/{t['scorer_token']}")
    stranger = app.test_client()  # no tokens at all
    rules = _post_rules(app)
    assert any(r.endpoint == "table.post_event" for r in rules)

    @_settings()
    @given(
        st.integers(0, len(rules) - 1),
        st.integers(0, len(tables) - 1),
        st.dictionaries(FORM_KEYS, st.one_of(FORM_VALUES, st.lists(FORM_VALUES, max_size=4)), max_size=8),
        st.booleans(),
        st.booleans(),
        st.data(),
    )
    def run(rule_index, table_index, form, hx, as_stranger, data):
        rule = rules[rule_index]
        url = _url(rule, tables[table_index]["id"], data.draw)
        who = stranger if as_stranger else client
        headers = {"HX-Request": "true"} if hx else {}
        check(client, app, lambda: who.post(url, data=form, headers=headers))

    run()


def test_fuzz_new_table_and_import_pages(client, app):
    games = [*GAMES, "nope", "x" * 40]

    @_settings()
    @given(
        st.sampled_from(games),
        st.dictionaries(FORM_KEYS, st.one_of(FORM_VALUES, st.lists(FORM_VALUES, max_size=9)), max_size=8),
        st.one_of(JSON_BODIES.map(lambda b: json.dumps(b, allow_nan=True)), st.text(max_size=60)),
        st.booleans(),
    )
    def run(game, form, text, to_import):
        if to_import:
            check(client, app, lambda: client.post("/import", data={"text": text}))
        else:
            check(client, app, lambda: client.post(f"/new/{game}", data=form))

    run()
