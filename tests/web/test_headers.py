"""Issue 21: a table's header (game, players, options) gets one answer at every way in.

``POST /api/v1/tables``, ``POST /api/v1/records``, the import page and the new-table form check a
header with the same code (referee/store/record.py ``check_header``): a header the rules refuse, as
a combination of options or for the player count, is a 422 with the same code and message (in the
reader's language), never a 500, and nothing is stored.
"""

from __future__ import annotations

import itertools
import json

import pytest
from sqlalchemy import func, select

from referee.extensions import db
from referee.games import GAMES
from referee.rules.base import Option
from referee.store.models import GameTable
from referee.web.tables.words import split_rules
from tests.conftest import make_app

NAMES = ("Aki", "Ben", "Chie", "Dan", "Eri", "Fumi", "Gen", "Hana", "Ito")


def non_default(opt: Option):
    """A value other than the default: the other switch position, the first other choice, or for a
    whole number an agreed total off the usual list."""
    if opt.is_switch:
        return not opt.default
    if opt.bounds is not None:
        return 400
    return next(c for c in opt.choices if c != opt.default)


def headers():
    """Every game x every pair of its options (non-default values) x 1..9 players; a game with fewer
    than two options is tried with each option alone (or none)."""
    for game in GAMES.values():
        pairs = list(itertools.combinations(game.options, 2)) or [(o,) for o in game.options] or [()]
        for pair, count in itertools.product(pairs, range(1, 10)):
            yield game.id, list(NAMES[:count]), {o.id: non_default(o) for o in pair}


def record(game, players, options, events=()):
    return {
        "format": "referee-record",
        "version": 1,
        "game": game,
        "players": players,
        "options": options,
        "events": list(events),
    }


def answer(resp):
    body = resp.get_json()
    if resp.status_code == 201:
        return 201, None, None
    return resp.status_code, body["error"]["code"], body["error"]["message"]


def assert_shown(message: str, html: str) -> None:
    """A page shows the API's message: its sentence, with the rule codes behind the "why" disclosure."""
    sentence, rules = split_rules(message)
    html = html.replace("&#39;", "'")
    assert sentence in html and rules in html


def stored_tables(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(GameTable))


@pytest.fixture(scope="module")
def fast_client(tmp_path_factory):
    """One app on SQLite for the whole grid: thousands of headers, most of them refused."""
    app = make_app(f"sqlite:///{tmp_path_factory.mktemp('headers') / 'grid.sqlite3'}", WTF_CSRF_ENABLED=False)
    return app.test_client()


def test_every_pair_of_options_at_every_player_count_gets_one_answer_from_tables_and_records(fast_client):
    tried = refused = 0
    for game, players, options in headers():
        created = answer(fast_client.post("/api/v1/tables", json={"game": game, "players": players, "options": options}))
        imported = answer(fast_client.post("/api/v1/records", json=record(game, players, options)))
        case = (game, len(players), options)
        assert created == imported, case
        assert created[0] in (201, 422), case
        tried += 1
        refused += created[0] == 422
    assert tried > 2000 and 0 < refused < tried  # the grid really mixes accepted and refused headers


NAMED = {
    "oxford-whist-with-four": ("ninety-nine", 4, {"oxfordWhist": True}, "Oxford Whist is for 3 players only"),
    "wiki-bonus-with-fixed-target": (
        "ninety-nine",
        3,
        {"wikiGameBonus": True, "fixedTarget": 200},
        "wikiGameBonus and fixedTarget",
    ),
    "oxford-whist-with-classic-turn-up": (
        "ninety-nine",
        3,
        {"oxfordWhist": True, "classicTurnUp": True},
        "oxfordWhist and classicTurnUp",
    ),
    "two-hand-sizes": ("five-up", 2, {"handSize5All": True, "handSizeLeeflang": True}, "handSize5All"),
}


@pytest.mark.parametrize("case", NAMED.values(), ids=NAMED.keys())
def test_the_headers_that_crashed_the_import_are_refused_alike_everywhere(app, client, case):
    game, count, options, named = case
    players = list(NAMES[:count])
    for lang in ("en", "ja"):
        headers = {"Accept-Language": lang}
        created = client.post("/api/v1/tables", json={"game": game, "players": players, "options": options}, headers=headers)
        imported = client.post("/api/v1/records", json=record(game, players, options), headers=headers)
        assert created.status_code == imported.status_code == 422
        assert created.get_json() == imported.get_json()
        assert created.get_json()["error"]["code"] == "bad_option"
        message = created.get_json()["error"]["message"]
        if lang == "en":
            assert named in message
        else:
            assert message.isascii() is False  # in Japanese
        page = client.post("/import", data={"text": json.dumps(record(game, players, options))}, headers=headers)
        assert page.status_code == 422
        assert_shown(message, page.get_data(as_text=True))
        fields = {k: "true" if v is True else str(v) for k, v in options.items()}  # as the form posts them
        form = client.post(f"/new/{game}", data={"players": players, **fields}, headers=headers)
        assert form.status_code == 422
        assert_shown(message, form.get_data(as_text=True))
    assert stored_tables(app) == 0


def test_the_import_page_keeps_nothing_from_a_refused_header_with_events(app, client):
    events = [{"type": "deal", "dealer": 0}]
    resp = client.post("/import", data={"text": json.dumps(record("ninety-nine", ["A", "B", "C", "D"], {"oxfordWhist": True}, events))})
    assert resp.status_code == 422 and "Oxford Whist is for 3 players only" in resp.get_data(as_text=True)
    assert stored_tables(app) == 0
