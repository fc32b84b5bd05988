"""Every number a URL, a form or a header carries is read by one reader (issue 28): ASCII digits,
nothing else. "²" and "①" pass ``str.isdigit`` but not ``int`` (they were 28 x 500), "١" and "１"
pass both (they were read as 1), and "9" x 5,000 is more than ``int`` reads. Each is a 4xx that
says why, never a 5xx, and never a number: the table stays as it was.
"""

from __future__ import annotations

import pytest

from referee.rules.numbers import whole_number
from tests.conftest import close_app, make_app
from tests.web.tables import new_table
from tests.web.test_hostile_bodies import counts

NOT_NUMBERS = ["²", "①", "١", "１", "٣", "9" * 5000, "1e3", "1.0", "0x1", "1_0", "", " ", "+", "--1", "1 2"]
PLAYERS = {"bingo": 2, "five-up": 3, "trick-de-bingo": 4, "bead-game": 2, "score-pad": 2, "ninety-nine": 3}


@pytest.mark.parametrize(
    ("text", "signed", "number"),
    [("0", False, 0), ("12", False, 12), (" 7\n", False, 7), ("007", False, 7), ("-3", True, -3), ("+3", True, 3),
     ("-3", False, None), ("9" * 18, False, 10**18 - 1), ("9" * 19, False, None), (12, False, None), (None, False, None)]
    + [(text, True, None) for text in NOT_NUMBERS],
)  # fmt: skip
def test_a_number_is_ascii_digits_with_a_sign_only_where_one_is_allowed(text, signed, number):
    assert whole_number(text, signed=signed) == number


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """One app for the whole table (what is asked never changes it): a table of every game, held by
    this phone as scorer (a score-pad round recorded), and a club with one player."""
    app = make_app(f"sqlite:///{tmp_path_factory.mktemp('numbers') / 'numbers.sqlite3'}", WTF_CSRF_ENABLED=False)
    client = app.test_client()
    made = {}
    for game, count in PLAYERS.items():
        made[game] = new_table(client, game, [f"P{i}" for i in range(count)])
        client.get(f"/t/{made[game]['id']}/join/{made[game]['scorer_token']}")
    pad = made["score-pad"]
    auth = {"Authorization": f"Bearer {pad['scorer_token']}"}
    client.post(f"/api/v1/tables/{pad['id']}/events", json={"type": "round", "points": [3, 1]}, headers=auth)
    made["club"] = client.post("/api/v1/clubs", json={"name": "Club", "players": ["Aki"]}).get_json()
    yield app, client, made
    close_app(app, "sqlite")


# (name, method, path, what is sent: a query or form field with the number, or a header; statuses)
ROUTES = [
    ("moment page ?at", "GET", "/t/{score-pad}", {"query": "at"}, {422}),
    ("moment API ?at", "GET", "/api/v1/tables/{score-pad}", {"query": "at"}, {422}),
    ("report ?from", "GET", "/t/{score-pad}/print/report.pdf", {"query": "from"}, {422}),
    ("report ?to", "GET", "/t/{score-pad}/print/report.pdf", {"query": "to"}, {422}),
    ("report ?deal", "GET", "/t/{bingo}/print/report.pdf", {"query": "deal"}, {422}),
    ("report ?hand", "GET", "/t/{five-up}/print/report.pdf", {"query": "hand"}, {422}),
    ("report ?round", "GET", "/t/{trick-de-bingo}/print/report.pdf", {"query": "round"}, {422}),
    ("blank sheet ?players", "GET", "/print/score-pad/score-sheet.pdf", {"query": "players"}, {200}),
    ("condition builder", "GET", "/t/{trick-de-bingo}/trick-de-bingo/custom", {"query": "position"}, {200}),
    ("club player page", "GET", "/club/{club}/players/{n}", {"path": True}, {404}),
    ("club player API", "GET", "/api/v1/clubs/{club}/players/{n}", {"path": True}, {404}),
    ("correction form", "GET", "/t/{score-pad}/correct/{n}", {"path": True}, {404}),
    ("correction decision", "POST", "/t/{score-pad}/corrections/{n}/confirm", {"path": True}, {404}),
    ("entry based_on", "POST", "/t/{score-pad}/events", {"form": "based_on", "type": "round", "points": ["1", "1"]}, {422}),
    ("entry points", "POST", "/t/{score-pad}/events", {"form": "points", "type": "round", "points": "1"}, {422}),
    ("API If-Match", "POST", "/api/v1/tables/{score-pad}/events", {"header": "If-Match"}, {422}),
    ("new table option", "POST", "/new/ninety-nine", {"form": "fixedTarget", "players": ["A", "B", "C"]}, {422}),
    ("check: claim trump", "POST", "/check", {"form": "trump", "check": "bingo-claim", "claimer": "0"}, {422}),
    ("check: claim claimer", "POST", "/check", {"form": "claimer", "check": "bingo-claim", "trump": "1"}, {422}),
    ("check: close points", "POST", "/check", {"form": "close_points", "check": "bingo-claim", "trump": "1", "claimer": "0", "closed_by": "1"}, {422}),
    ("check: count end", "POST", "/check", {"form": "end0", "check": "five-up-count"}, {422}),
    ("check: bead line", "POST", "/check", {"form": "bead0", "check": "bead-line", "bead1": "3"}, {422}),
    ("check: deal bid", "POST", "/check", {"form": "bid0", "check": "ninety-nine-deal", "bid1": "1", "bid2": "1", "tricks0": "1", "tricks1": "1", "tricks2": "1"}, {422}),
    ("check: deal tricks", "POST", "/check", {"form": "tricks0", "check": "ninety-nine-deal", "bid0": "1", "bid1": "1", "bid2": "1", "tricks1": "1", "tricks2": "1"}, {422}),
    ("check: deal premium", "POST", "/check", {"form": "premium", "check": "ninety-nine-deal", "bid0": "1", "bid1": "1", "bid2": "1", "tricks0": "3", "tricks1": "3", "tricks2": "3"}, {422}),
    ("bead: placement cell", "POST", "/t/{bead-game}/bead-game/place", {"form": "cell", "tile": "6-4", "seat": "0"}, {422}),
    ("bead: starter number", "POST", "/t/{bead-game}/bead-game/hand", {"form": "v00", "v01": "1", "v10": "2", "v11": "3"}, {422}),
]  # fmt: skip


def _request(client, tables, method, path, sent, value):
    for name in ("score-pad", "bingo", "five-up", "trick-de-bingo", "bead-game", "club"):
        path = path.replace("{" + name + "}", tables[name]["id"])
    fields = {k: v for k, v in sent.items() if k not in ("query", "form", "header", "path")}
    if sent.get("path"):
        path = path.replace("{n}", value)
    headers, query = {}, {}
    if "header" in sent:
        headers = {sent["header"]: value, "Authorization": f"Bearer {tables['score-pad']['scorer_token']}"}
        return client.post(path, json={"type": "round", "points": [1, 1]}, headers=headers)
    if "query" in sent:
        query = {sent["query"]: value}
    if "form" in sent:
        fields[sent["form"]] = f"{value},1" if sent["form"] == "cell" else value
        if sent["form"] == "cell":
            fields["cell"] = [fields["cell"], "1,2"]
    return client.open(path, method=method, query_string=query, data=fields or None, headers=headers)


@pytest.mark.parametrize(("name", "method", "path", "sent", "statuses"), ROUTES, ids=[r[0] for r in ROUTES])
def test_a_number_in_other_digits_or_spellings_is_refused_with_a_reason_never_a_500(
    site, name, method, path, sent, statuses
):
    """Every spelling that is not ASCII digits, at every route that reads a number. (An empty box
    is "not given" where a field may be left empty, so it is not in this table.)"""
    app, client, tables = site
    before, wrong = counts(app), []
    for value in NOT_NUMBERS:
        if not value.strip():
            continue
        resp = _request(client, tables, method, path, sent, value)
        refused = resp.status_code in statuses
        if refused and resp.status_code == 422 and resp.is_json:
            refused = bool(resp.get_json()["error"]["message"])
        if not refused:
            wrong.append((value[:12], resp.status_code, resp.get_data(as_text=True)[:200]))
    assert wrong == []
    assert counts(app) == before
