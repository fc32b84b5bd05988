"""Hostile bodies (issue 13): malformed input of any shape is a 400/413/422 that says what is wrong,
never a 500, and the table is unchanged.

Wrong JSON types at every field of every event of every game, of a new table and of a record; an
event ``type`` that is a list or an object (also inside ``correct``, a record and the import page);
JSON nested ~2,000 deep; huge arrays; bodies over the size limit.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing

import pytest
from sqlalchemy import func, select
from tables import new_table

from referee.extensions import db
from referee.games import GAMES
from referee.rules.cards import Card
from referee.rules.events import field_specs
from referee.rules.tiles import Tile
from referee.store.models import EventRow, GameTable

PLAYERS = {game: tuple(f"P{i}" for i in range(n)) for game, n in {"bingo": 2, "five-up": 3, "ninety-nine": 3, "trick-de-bingo": 4, "bead-game": 2, "score-pad": 3}.items()}
WRONG = [None, 0, -1, 1.5, True, "", "x", "0", [], [1, None], {}, {"type": "x"}, "\x00", "\ud800", 10**30]
DEEP = 2000


def deep(n: int = DEEP) -> str:
    return "[" * n + "]" * n


def post_event(client, table, body, raw=False):
    headers = {"Authorization": f"Bearer {table['scorer_token']}", "Content-Type": "application/json"}
    data = body if raw else json.dumps(body)
    return client.post(f"/api/v1/tables/{table['id']}/events", data=data, headers=headers)


def assert_refused(resp, statuses=(400, 422)):
    assert resp.status_code in statuses, (resp.status_code, resp.get_data(as_text=True)[:300])
    if resp.is_json:
        error = resp.get_json()["error"]
        assert error["code"] and error["message"]


def counts(app):
    with app.app_context():
        return (
            db.session.scalar(select(func.count()).select_from(GameTable)),
            db.session.scalar(select(func.count()).select_from(EventRow)),
        )


def sample(hint):
    """A well-typed value of a field (decodes; whether the rules take it does not matter here)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return sample(next(a for a in args if a is not type(None)))
    if origin is typing.Literal:
        return args[0]
    if origin is tuple:
        return [sample(args[0])] if args[-1] is Ellipsis else [sample(a) for a in args]
    if dataclasses.is_dataclass(hint):
        return {spec.name: sample(spec.hint) for spec in field_specs(hint)}
    return {int: 0, bool: False, str: "TB-01", Tile: "6-4", Card: "AS"}[hint]


def some_event(game_id: str):
    """A well-typed body of every event type of the game, every field given, so that a wrong value
    at any one field is what the codec meets."""
    for cls in GAMES[game_id].events:
        yield cls, {"type": cls.type, **{spec.name: sample(spec.hint) for spec in field_specs(cls)}}


@pytest.mark.parametrize("game_id", PLAYERS)
def test_a_wrong_type_at_any_field_of_any_event_is_refused_and_nothing_stored(app, client, game_id):
    table = new_table(client, game_id, PLAYERS[game_id])
    before = counts(app)
    for cls, base in some_event(game_id):
        for spec in field_specs(cls):
            for value in WRONG:
                body = {**base, spec.name: value}
                resp = post_event(client, table, body)
                assert resp.status_code < 500, (cls.type, spec.name, value)
                if resp.status_code != 201:
                    assert_refused(resp)
                    continue
                client.post(  # a value that happened to be right and legal: take it back
                    f"/api/v1/tables/{table['id']}/events",
                    json={"type": "undo"},
                    headers={"Authorization": f"Bearer {table['scorer_token']}"},
                )
                before = counts(app)
    assert counts(app) == before


@pytest.mark.parametrize("kind", [[], ["round"], {}, {"a": 1}, 1, True, None])
def test_an_event_type_that_is_not_text_is_refused_everywhere(app, client, kind):
    table = new_table(client, "score-pad", PLAYERS["score-pad"])
    seat = new_table(client, "ninety-nine", PLAYERS["ninety-nine"])
    assert_refused(post_event(client, table, {"type": kind, "points": [1, 2, 3]}))
    assert_refused(post_event(client, table, {"type": "correct", "target": 1, "event": {"type": kind}}))
    seat_headers = {"Authorization": f"Bearer {seat['seat_tokens'][0]}"}
    resp = client.post(f"/api/v1/tables/{seat['id']}/events", json={"type": kind, "seat": 0}, headers=seat_headers)
    assert_refused(resp, (400, 403, 422))
    record = {
        "format": "referee-record",
        "version": 1,
        "game": "score-pad",
        "players": ["A", "B"],
        "events": [{"type": kind, "points": [1, 2]}],
    }
    assert_refused(client.post("/api/v1/records", json=record))
    page = client.post("/import", data={"text": json.dumps(record)})
    assert page.status_code == 422 and "Unknown event type" in page.get_data(as_text=True)
    assert counts(app) == (2, 0)


NEW_TABLE_FIELDS = {
    "game": [None, 1, [], {}, "chess", "x" * 100_000],
    "players": [None, "AB", 3, {}, [1, None], [[]], [{}], ["A", ["B"]], ["A"] * 100_000, ["\x00", "B"]],
    "options": ["x", 1, [], [["a", 1]], {"fixedTarget": "200"}, {"fixedTarget": []}, {"x" * 10_000: 1}],
    "confirm_corrections": ["yes", "true", 1, None, [], {}],
}


@pytest.mark.parametrize(("field", "value"), [(f, v) for f, vs in NEW_TABLE_FIELDS.items() for v in vs])
def test_a_wrong_type_at_any_field_of_a_new_table_or_a_record_header_is_refused(app, client, field, value):
    base = {"game": "ninety-nine", "players": ["A", "B", "C"], "options": {}}
    assert_refused(client.post("/api/v1/tables", json={**base, field: value}))
    if field == "confirm_corrections":  # a new table's setting, not a record's field
        assert counts(app) == (0, 0)
        return
    record = {"format": "referee-record", "version": 1, **base, "events": [], field: value}
    assert_refused(client.post("/api/v1/records", json=record))
    assert counts(app) == (0, 0)


@pytest.mark.parametrize(
    "change",
    [
        {"format": ["referee-record"]},
        {"version": "1"},
        {"version": True},
        {"events": {"0": {}}},
        {"events": "[]"},
        {"events": [None]},
        {"events": [[{"type": "round"}]]},
        {"events": [{"type": "round", "points": [1] * 200_000}]},
        {"extra": {}},
    ],
)
def test_a_wrong_type_in_a_record_is_refused(app, client, change):
    record = {"format": "referee-record", "version": 1, "game": "score-pad", "players": ["A", "B"], "events": []}
    assert_refused(client.post("/api/v1/records", json={**record, **change}))
    assert counts(app) == (0, 0)


def test_json_nested_2000_deep_is_refused_at_every_way_in(app, client):
    table = new_table(client, "score-pad", PLAYERS["score-pad"])
    before = counts(app)
    headers = {"Content-Type": "application/json"}
    for body in (deep(), '{"a":' * DEEP + "1" + "}" * DEEP, '{"type": "round", "points": ' + deep() + "}"):
        for path in ("/api/v1/tables", "/api/v1/records"):
            assert_refused(client.post(path, data=body, headers=headers))
        assert_refused(post_event(client, table, body, raw=True))
        page = client.post("/import", data={"text": body})
        assert page.status_code == 422
    resp = client.post("/api/v1/tables", data=deep(), headers=headers)
    assert resp.status_code == 400 and resp.get_json()["error"]["code"] == "json_too_deep"
    assert counts(app) == before


@pytest.mark.storeless
def test_nan_and_infinity_are_not_json(client):
    body = '{"game": "score-pad", "players": ["A", "B"], "options": {"x": NaN}}'
    resp = client.post("/api/v1/tables", data=body, headers={"Content-Type": "application/json"})
    assert resp.status_code == 400 and resp.get_json()["error"]["code"] == "bad_json"


def test_a_body_over_the_limit_is_413_with_a_clear_message(app, client):
    table = new_table(client, "score-pad", PLAYERS["score-pad"])
    before = counts(app)
    big = json.dumps({"game": "score-pad", "players": ["A", "B"], "pad": "x" * (10 * 1024 * 1024)})
    for path in ("/api/v1/tables", "/api/v1/records", f"/api/v1/tables/{table['id']}/events"):
        headers = {"Content-Type": "application/json", "Authorization": f"Bearer {table['scorer_token']}"}
        resp = client.post(path, data=big, headers=headers)
        assert resp.status_code == 413
        assert resp.get_json()["error"] == {"code": "too_large", "message": "The request is too large: at most 2 MB."}
    page = client.post("/import", data={"text": big}, headers={"Accept-Language": "ja"})
    assert page.status_code == 413 and "2 MB" in page.get_data(as_text=True)
    assert counts(app) == before


def test_a_record_pasted_into_the_import_page_may_be_larger_than_half_a_megabyte(app, client):
    players = ["A", "B", "C", "D", "E", "F", "G", "H"]  # wide rounds: big, yet under the 5,000-line limit
    rounds = [{"type": "round", "points": [-999_999] * 8} for _ in range(4_900)]
    record = {"format": "referee-record", "version": 1, "game": "score-pad", "players": players, "events": rounds}
    text = json.dumps(record)
    assert 500_000 < len(text) < 2 * 1024 * 1024
    assert client.post("/import", data={"text": text}).status_code == 302


@pytest.mark.parametrize("number", ["²", "١", "１", "9" * 5000])
def test_digits_other_than_ascii_in_headers_form_keys_and_queries_are_not_a_500(app, client, number):
    # str.isdigit() takes "²" (int() refuses it) and "١" (int() reads it): neither is a number here.
    table = new_table(client, "trick-de-bingo", PLAYERS["trick-de-bingo"])
    headers = {"Authorization": f"Bearer {table['scorer_token']}", "If-Match": number}
    resp = client.post(f"/api/v1/tables/{table['id']}/events", json={"type": "round", "dealer": 0}, headers=headers)
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "bad_if_match"  # no ETag: no check
    client.get(f"/t/{table['id']}/join/{table['scorer_token']}")
    resp = client.post(f"/t/{table['id']}/events", data={"type": "trick", f"cards.{number}": "AS"})
    assert resp.status_code == 422
    assert client.get(f"/t/{table['id']}/trick-de-bingo/custom", query_string={"position": number, "n": number}).status_code == 200
    example = client.get(f"/t/{table['id']}/trick-de-bingo/custom", query_string={"example": "as 10s 4s kh", "suit": "S"})
    assert example.status_code == 200 and "is not a card" not in example.get_data(as_text=True)


@pytest.mark.parametrize("value", NEW_TABLE_FIELDS["confirm_corrections"])
def test_a_session_table_reads_confirm_corrections_as_strictly_as_a_table(app, client, value):
    """``POST /api/v1/sessions/{id}/tables`` takes a new table's body, ``confirm_corrections`` included:
    a value that is not true or false is refused before any table is made, not silently taken as off."""
    made = client.post("/api/v1/sessions", json={"name": "Friday club", "players": ["A", "B", "C"]}).get_json()
    director = {"Authorization": f"Bearer {made['director_token']}"}
    body = {"game": "ninety-nine", "players": ["A", "B", "C"], "confirm_corrections": value}
    resp = client.post(f"/api/v1/sessions/{made['id']}/tables", json=body, headers=director)
    assert_refused(resp)
    assert resp.get_json()["error"]["code"] == "bad_option"
    assert counts(app) == (0, 0)
