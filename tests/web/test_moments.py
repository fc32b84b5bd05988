"""Time travel (issue 15): ``GET /api/v1/tables/{id}?at=K`` answers exactly what the table answered
when its seq was K, for every role; the page ``/t/{id}?at=K`` shows that moment read-only with steps."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flask import url_for

from referee.games import game as find_game
from referee.store.replay import LogEntry, replay
from referee.store.tables import get_table, log_of
from referee.web.tables.access import Access
from referee.web.tables.presenting import state_json
from tests.web.tables import new_table

TESTS = Path(__file__).parents[1]
GOLDEN = sorted((TESTS / "records").glob("*.json"))
ACCEPTANCE = sorted((TESTS / "acceptance" / "records").glob("*.json"))
PRIVATE = ("ninety-nine", "trick-de-bingo")  # games with a seat's private view (sealed bids, own sheet)


def _post(client, table, body, token=None):
    headers = {"Authorization": f"Bearer {token or table['scorer_token']}"}
    return client.post(f"/api/v1/tables/{table['id']}/events", json=body, headers=headers)


def _roles(table, game):
    """Each role's token: the scorer, a reader with the id only, and every seat where a seat sees more."""
    seats = {f"seat{i}": t for i, t in enumerate(table["seat_tokens"])} if game in PRIVATE else {}
    return {"scorer": table["scorer_token"], "reader": None, **seats}


def _get(client, table_id, token, at=None):
    query = "" if at is None else f"?at={at}"
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.get(f"/api/v1/tables/{table_id}{query}", headers=headers)


def _play(client, record, undo_every=0, every=1, scorer_always=True):
    """Append the record's events one by one (the lines after a refused one are left out); with
    ``undo_every``, an undo and the same event again after every such event and one correction, so
    that moments include undone and corrected entries. Returns the table and the live answers: every
    role's at each moment ``_sample(..., every)`` picks (asked for as they happen: the first, every
    ``every``-th, each edit and the moment before it, the last), and with ``scorer_always`` the
    scorer's at every other moment too (what a fresh replay is compared with). At those other moments
    the scorer's answer is the one its POST got (the write's state, by the same ``state_json``), not a
    second request: a GET after every entry was a third of the acceptance records' requests, and the
    live read is still asked for, and held equal to the POST's answer, at every sampled moment."""
    table = new_table(client, record["game"], record["players"], record.get("options"))
    roles = _roles(table, record["game"])
    seen: dict[int, dict] = {}

    posted: dict[int, dict] = {}  # the scorer's answer to its POST at each moment

    def look(k, everyone):
        answers = seen.setdefault(k, {})
        if everyone:
            answers.update({role: _get(client, table["id"], token).get_json() for role, token in roles.items()
                            if role not in answers or (role == "scorer" and k in posted)})  # fmt: skip
            assert posted.pop(k, answers["scorer"]) == answers["scorer"], ("the POST answered the live read", k)
        elif scorer_always:
            answers.setdefault("scorer", posted[k])

    at = 0
    look(at, True)

    def send(body):
        nonlocal at
        edit = body["type"] in ("undo", "correct")
        if edit:
            look(at, True)  # the moment before an edit
        resp = _post(client, table, body)
        if resp.status_code != 201:
            return False
        at = resp.get_json()["seq"]
        posted[at] = resp.get_json()["state"]
        look(at, edit or at % every == 0)
        return True

    for n, event in enumerate(record["events"], start=1):
        if not send(event):
            break
        if undo_every and n % undo_every == 0:
            send({"type": "undo"})
            send(event)
        if undo_every and n == 3:
            send({"type": "correct", "target": 1, "event": record["events"][0]})
    look(at, True)  # the last moment
    return table, seen


STRIDE = 8  # a sample: every 8th moment, besides the first, the last and each undo or correction


def _sample(seen, log, every=1):
    """The moments to check: all of them (``every=1``), or every ``every``-th with the first, the last,
    and each undo or correction with the moment before it (where the store reads past undone lines)."""
    edits = {e.seq for e in log if e.kind != "event"}
    return sorted(k for k in seen if k % every == 0 or k in (0, max(seen)) or k in edits or k + 1 in edits)


def _check_every_moment(app, client, path, undo_every=0, every=1, replayed=True):
    """The state at each moment K equals what the table answered at K: read back through the store
    (``?at=K``, every role) at every K, or at a sample of them (``every``, ``_sample``); and, with
    ``replayed``, a fresh replay of the first K stored log lines at every K (the rules' replay, the
    same whatever the database)."""
    record = json.loads(path.read_text(encoding="utf-8"))
    table, seen = _play(client, record, undo_every, every, scorer_always=replayed)
    game = find_game(record["game"])
    with app.app_context():
        stored = get_table(table["id"])
        log, players, options = log_of(stored), stored.players, stored.options
    last = max(seen)
    sample = set(_sample(seen, log, every))
    for k, answers in seen.items():
        if k in sample:
            for role, token in _roles(table, record["game"]).items():
                at = _get(client, table["id"], token, at=k)
                assert at.status_code == 200
                assert at.get_json() == answers[role], (path.stem, k, role)
        if replayed:
            fresh = replay(game, players, options, [e for e in log if e.seq <= k])
            with app.test_request_context():
                assert state_json(table["id"], fresh, Access(scorer=True)) == answers["scorer"], (path.stem, k)
    for bad in (-1, last + 1, "x", "1.5", ""):
        resp = _get(client, table["id"], None, at=bad)
        assert resp.status_code == 422 and resp.get_json()["error"]["code"] in (
            "no_such_moment",
            "bad_moment",
        )
    return last


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_every_moment_of_the_golden_records_with_undo_and_correction(app, client, path, database_url):
    """Every moment on SQLite; on PostgreSQL (the same store code, other SQL) a sample read back, and
    no second replay of the rules."""
    on_sqlite = database_url.startswith("sqlite")
    every = 1 if on_sqlite else STRIDE
    assert _check_every_moment(app, client, path, undo_every=5, every=every, replayed=on_sqlite) > 10


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)  # the store path is the golden test's
@pytest.mark.parametrize("path", ACCEPTANCE, ids=lambda p: p.stem)
def test_every_moment_of_the_acceptance_records(app, client, path):
    """Every moment against a fresh replay; the store's ``?at=K`` (read back at every moment of the golden
    records) at a sample of them."""
    _check_every_moment(app, client, path, every=STRIDE)


def test_a_sample_keeps_the_ends_and_each_edit_with_the_moment_before():
    log = [LogEntry(seq, "undo" if seq == 10 else "correct" if seq == 13 else "event", {}) for seq in range(1, 21)]
    seen = dict.fromkeys(range(21))
    assert _sample(seen, log, 8) == [0, 8, 9, 10, 12, 13, 16, 20]
    assert _sample(seen, log, 1) == list(range(21))


def test_between_sampled_moments_the_scorers_answer_is_its_posts(client):
    """Every role is read live at each sampled moment and only there: between them the scorer's answer
    (what the fresh replay is compared with) is its POST's, which each sample holds equal to the live read."""
    record = json.loads((TESTS / "records" / "trick-de-bingo-one-round.json").read_text(encoding="utf-8"))
    reads: list[str] = []

    class Counted:
        def __getattr__(self, name):
            return getattr(client, name)

        def get(self, url, **kwargs):
            reads.append(url)
            return client.get(url, **kwargs)

    table, seen = _play(Counted(), record, every=STRIDE)
    sampled = {k for k in seen if k % STRIDE == 0 or k in (0, max(seen))}
    assert len(seen) > len(sampled) > 2
    assert len(reads) == len(_roles(table, record["game"])) * len(sampled)
    assert all(set(seen[k]) == {"scorer"} for k in seen.keys() - sampled)


def _nn_table(client):
    table = new_table(client, "ninety-nine", ("Aki", "Ben", "Chie"))
    record = json.loads((TESTS / "records" / "ninety-nine-three-player-game-to-100.json").read_text())
    return table, record


def test_a_seat_sees_at_k_only_what_it_could_see_at_k(client):
    """Sealed bids: at the moment after Aki's bid, Ben sees that Aki bid but not the cards; Aki sees
    them. Once every bid is in and the deal is played, the bids open now, yet the moment stays sealed."""
    table, record = _nn_table(client)
    events = record["events"]
    first_bid = next(i for i, e in enumerate(events) if e["type"] == "bid")
    for event in events[: first_bid + 1]:
        assert _post(client, table, event).status_code == 201
    k = first_bid + 1
    cards = events[first_bid]["cards"]
    bidder = events[first_bid]["seat"]
    other = (bidder + 1) % 3
    for event in events[first_bid + 1 :]:
        if _post(client, table, event).status_code != 201:
            break
    now = _get(client, table["id"], table["seat_tokens"][other]).get_json()
    assert any(e.get("cards") == cards for e in now["events"]), "opened by now"
    mine = _get(client, table["id"], table["seat_tokens"][bidder], at=k).get_json()
    theirs = _get(client, table["id"], table["seat_tokens"][other], at=k).get_json()
    reader = _get(client, table["id"], None, at=k).get_json()
    assert mine["events"][-1]["cards"] == cards
    for view in (theirs, reader):
        assert view["events"][-1] == {"seq": k, "type": "bid", "seat": bidder, "sealed": True}
        text = json.dumps(view)
        assert view["detail"]["bids"][bidder] is None or "cards" not in view["detail"]["bids"][bidder]
        assert all(
            card not in text for card in cards if card not in json.dumps(view["detail"].get("pack", []))
        )


def _bingo(client):
    record = json.loads((TESTS / "records" / "bingo-four-deals-to-eight.json").read_text())
    created = client.post("/api/v1/records", json=record).get_json()
    return created, record


def test_the_moment_page_steps_through_entries_tricks_and_deals(client):
    table, record = _bingo(client)
    tid = table["id"]
    types = [e["type"] for e in record["events"]]
    k = types.index("trick", types.index("deal", 1)) + 2  # the second trick of the second deal
    page = client.get(f"/t/{tid}?at={k}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert f"after entry {k} of {len(types)}" in html and "read only" in html
    links = dict(re.findall(r'data-step="(\w+)">\s*<a[^>]*href="[^"]*at=(\d+)"', html))
    assert links["entry"] == str(k - 1)
    nexts = re.findall(r'data-dir="next" href="[^"]*at=(\d+)"', html)
    assert str(k + 1) in nexts
    deals = [i + 1 for i, t in enumerate(types) if t == "deal"]
    tricks = [i + 1 for i, t in enumerate(types) if t == "trick"]
    assert str(max(d for d in deals if d < k)) in re.findall(
        r'rel="prev" data-dir="previous" href="[^"]*at=(\d+)"', html
    )
    assert str(min(t for t in tricks if t > k)) in nexts
    assert 'id="back-to-now"' in html and f'href="/t/{tid}"' in html
    assert '<fieldset class="moment-state" disabled>' in html
    assert 'name="based_on"' not in html, "nothing to record at a past moment"
    # the history up to k links each entry to its moment, and nothing after k is shown
    assert f"at={k}" in html and f'data-seq="{k + 1}"' not in html


def test_the_live_history_links_every_entry_to_its_moment(client):
    table, record = _bingo(client)
    html = client.get(f"/t/{table['id']}").get_data(as_text=True)
    for seq in range(1, len(record["events"]) + 1):
        assert f'/t/{table["id"]}?at={seq}"' in html


def test_undone_and_corrected_entries_as_they_stood(client):
    table = client.post("/api/v1/tables", json={"game": "score-pad", "players": ["Aki", "Ben"]}).get_json()
    _post(client, table, {"type": "round", "points": [3, 1]})
    _post(client, table, {"type": "round", "points": [5, 0]})
    _post(client, table, {"type": "undo"})
    _post(client, table, {"type": "correct", "target": 1, "event": {"type": "round", "points": [7, 0]}})
    tid = table["id"]
    assert _get(client, tid, None, at=2).get_json()["totals"] == [8, 1]  # before the undo
    assert _get(client, tid, None, at=3).get_json()["totals"] == [3, 1]  # undone, not yet corrected
    assert _get(client, tid, None, at=4).get_json()["totals"] == [7, 0]
    at3 = client.get(f"/t/{tid}?at=3").get_data(as_text=True)
    assert "This entry undid entry 2." in at3 and "Undone by this moment" in at3
    at4 = client.get(f"/t/{tid}?at=4").get_data(as_text=True)
    assert "This entry corrected entry 1." in at4 and "<s>" in at4


def test_a_moment_outside_the_table_is_422_on_the_page(client):
    table, record = _bingo(client)
    resp = client.get(f"/t/{table['id']}?at={len(record['events']) + 1}")
    assert resp.status_code == 422 and "There is no moment" in resp.get_data(as_text=True)
    resp = client.get(f"/t/{table['id']}?at=abc", headers={"Accept-Language": "ja"})
    assert resp.status_code == 422


def test_url_for_moments(app):
    with app.test_request_context():
        assert url_for("table.show", table_id="abc", at=3) == "/t/abc?at=3"


def test_a_moment_shows_an_entry_as_it_stood_and_says_what_it_was_corrected_to_later(client):
    """A moment replays the log as it stood (a correction is a later line of its own), so the first
    round reads 3-1 at entry 2. A new player settling a dispute saw that beside History's corrected
    entry: the moment says each later correction and that the table now counts it (issue 27)."""
    table = client.post("/api/v1/tables", json={"game": "score-pad", "players": ["Aki", "Ben"]}).get_json()
    _post(client, table, {"type": "round", "points": [3, 1]})
    _post(client, table, {"type": "round", "points": [5, 0]})
    _post(client, table, {"type": "correct", "target": 1, "event": {"type": "round", "points": [7, 0]}})
    tid = table["id"]
    assert _get(client, tid, None, at=2).get_json()["totals"] == [8, 1]  # as it stood then
    at2 = re.sub(r"\s+", " ", client.get(f"/t/{tid}?at=2").get_data(as_text=True))
    later = re.findall(r'<span class="corrected-later">(.*?)</span>', at2)
    assert len(later) == 1 and later[0].startswith("Corrected later, by entry 3, to: ") and "7" in later[0]
    assert "entries corrected later are shown as first recorded" in at2
    at3 = client.get(f"/t/{tid}?at=3").get_data(as_text=True)
    assert "corrected-later" not in at3 and "moment-corrected-later" not in at3  # nothing later than 3
    ja = client.get(f"/t/{tid}?at=2", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "のちに記録3で次のように訂正" in ja


def test_an_entry_is_named_as_the_history_names_it_on_the_moment_page_and_in_a_correction(client):
    """np13 finding 10: one entry read three ways: the History's "Trick 1: Aki 6-6, Ben 4-2 — Aki wins.", the moment
    page's "A trick: 6-6 led, 5-2 replied." and a correction's "original: A trick: ...", which dropped who played
    which tile on the page that settles disputes. The moment page says the History's sentence. (A correction's
    original is still said in its own words: saying it as the History would replays the log while rendering.)"""
    record = json.loads((TESTS / "records" / "bingo-four-deals-to-eight.json").read_text())
    table = client.post("/api/v1/tables", json={"game": "bingo", "players": record["players"],
                                                "options": record["options"]}).get_json()  # fmt: skip
    for event in record["events"][:4]:
        _post(client, table, event)
    _post(client, table, {"type": "correct", "target": 3, "event": {"type": "trick", "lead": "0-0", "reply": "4-2"}})
    tid = table["id"]
    def text(url: str) -> str:
        return " ".join(re.sub(r"<[^>]+>", " ", client.get(url).get_data(as_text=True)).split())

    history, now, then = text(f"/t/{tid}"), text(f"/t/{tid}?at=5"), text(f"/t/{tid}?at=4")
    first = re.search(r"Trick 1: Aki 0-0, Ben 4-2 — \w+ wins\.", history)
    assert first and first.group(0) in now, (history, now)
    assert "Trick 2: Aki 6-6, Ben 5-2 — Aki wins." in then and "A trick: 6-6 led" not in then, then
    pad = client.post("/api/v1/tables", json={"game": "score-pad", "players": ["Aki", "Ben"]}).get_json()
    _post(client, pad, {"type": "round", "points": [3, 1]})
    _post(client, pad, {"type": "round", "points": [10, 0]})
    at2 = " ".join(re.sub(r"<[^>]+>", " ", client.get(f"/t/{pad['id']}?at=2").get_data(as_text=True)).split())
    assert "Round 2: Aki +10" in at2 and "A round:" not in at2, at2


@pytest.mark.parametrize(("lang", "tag"), [("en", "entry 3"), ("ja", "記録3")])
def test_a_history_row_says_its_number_is_the_entrys(client, lang, tag):
    """np13 finding 9: "3. Trick 1: ..." put the entry's number beside the trick's, two numberings side by side; the
    row's number is a tag that says it is the entry's ("entry 3", 「記録3」), and the list marks no number of its own."""
    record = json.loads((TESTS / "records" / "bingo-four-deals-to-eight.json").read_text())
    table = client.post("/api/v1/tables", json={"game": "bingo", "players": record["players"],
                                                "options": record["options"]}).get_json()  # fmt: skip
    for event in record["events"][:3]:
        _post(client, table, event)
    html = client.get(f"/t/{table['id']}", headers={"Accept-Language": lang}).get_data(as_text=True)
    row = re.search(r'<li data-seq="3" value="3">\s*<span class="entry-no">([^<]*)</span>\s*([^<]*)', html)
    assert row and row.group(1) == tag and row.group(2).startswith(("Trick 1:", "第1トリック")), html
    assert '<ol class="events" reversed data-entry-tags' in html
