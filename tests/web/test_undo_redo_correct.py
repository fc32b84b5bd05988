"""Mistakes are cheap: a correction asks with the entry pickers (the event as it stands ticked, so
posting it unchanged re-enters the same event), undo names what it undid, and redo re-appends that
event while nothing new was entered. A refusal through htmx answers with the answer box alone."""

import html
import json
import re
from pathlib import Path

import pytest
from werkzeug.datastructures import MultiDict

RECORDS = Path(__file__).parent.parent / "records"
INPUT = re.compile(r"<input\b[^>]*>")
SELECT = re.compile(r'<select name="([^"]+)"[^>]*>(.*?)</select>', re.S)


def attr(tag: str, name: str) -> str | None:
    found = re.search(rf'\b{name}="([^"]*)"', tag)
    return html.unescape(found.group(1)) if found else None


def form_as_posted(page: str) -> list[tuple[str, str]]:
    """What a browser would post from the page's form with nothing touched."""
    form = page[page.index("<form") : page.index("</form>")]
    out = []
    for tag in INPUT.findall(form):
        kind = attr(tag, "type") or "text"
        if kind in ("radio", "checkbox") and not re.search(r"\schecked\b", tag):
            continue
        out.append((attr(tag, "name"), attr(tag, "value") or ""))
    for name, options in SELECT.findall(form):  # a list box posts its selected option
        out.extend((name, value) for value in re.findall(r'<option value="([^"]*)" selected>', options))
    return out


def imported(client, name: str) -> tuple[str, dict]:
    record = json.loads((RECORDS / name).read_text())
    made = client.post("/api/v1/records", json=record).get_json()
    client.get(f"/t/{made['id']}/join/{made['scorer_token']}")
    return made["id"], record


@pytest.mark.parametrize("name", sorted(p.name for p in RECORDS.glob("*.json")))
def test_every_event_of_every_game_comes_back_unchanged_through_the_correction_pickers(client, name):
    table, record = imported(client, name)
    before = client.get(f"/api/v1/tables/{table}").get_json()
    seen = set()
    for seq, event in enumerate(record["events"], start=1):
        if event["type"] in seen:
            continue  # one of each kind keeps the test quick
        seen.add(event["type"])
        page = client.get(f"/t/{table}/correct/{seq}").get_data(as_text=True)
        fields = form_as_posted(page)
        names = {n for n, _v in fields if n}  # a search box of the deck has no name
        for key, value in event.items():
            if key == "type" or value is None:
                continue
            if isinstance(value, list) and value and all(v == [] for v in value):
                continue  # no tile left in any hand: nothing to tap
            # posted as the entry's own surface posts it: a box per seat ("pips1": a Five Up hand's
            # end) or a box per tapped cell ("cell": a bead placement)
            as_entered = any(re.fullmatch(rf"{key}\d", n) for n in names) or key.removesuffix("s") in names
            # a bead starter by the numbers on its square, the tiles left by a picker per seat
            as_entered = as_entered or {"starter": "v00", "hands": "left0"}.get(key) in names
            assert key in names or f"{key}.0" in names or as_entered, (event, names)
            if (
                record["game"] != "bead-game"
                and isinstance(value, str)
                and re.fullmatch(r"\d-\d|(10|[2-9JQKA])[SHDC]", value)
            ):
                tag = next(
                    t for t in INPUT.findall(page) if attr(t, "name") == key and attr(t, "value") == value
                )
                assert 'type="radio"' in tag  # a picker, not a text field
        resp = client.post(f"/t/{table}/correct/{seq}", data=MultiDict(fields))
        assert resp.status_code == 302, (event, resp.get_data(as_text=True)[:2000])
    after = client.get(f"/api/v1/tables/{table}").get_json()
    assert after["totals"] == before["totals"]
    assert [same(e) for e in after["events"]] == [same(e) for e in before["events"]]


def same(event: dict) -> dict:
    """An event up to the order of its sets (tiles shown, cards of a bid): a picker ticks a set in
    picker order. The order of a trick's cards and of an opening draw is kept (one picker each)."""
    ordered = {("trick", "cards"), ("hand", "opening")}
    return {
        k: sorted(v)
        if isinstance(v, list) and all(isinstance(x, str) for x in v) and (event["type"], k) not in ordered
        else v
        for k, v in event.items()
        if k != "seq"
    }


def test_undo_names_the_event_and_redo_enters_it_again(client):
    made = client.post("/api/v1/tables", json={"game": "score-pad", "players": ["Aki", "Ben"]}).get_json()
    table = made["id"]
    client.get(f"/t/{table}/join/{made['scorer_token']}")
    client.post(f"/t/{table}/events", data={"type": "round", "points": ["7", "3"]})
    page = client.post(f"/t/{table}/undo", headers={"HX-Request": "true"}).get_data(as_text=True)
    answer = page[page.index('id="answer"') : page.index("</section>", page.index('id="answer"'))]
    assert "Undone:" in answer and "7" in answer and 'id="redo"' in answer
    page = client.post(f"/t/{table}/redo", data={"based_on": "2"}, headers={"HX-Request": "true"})
    assert page.status_code == 200
    state = client.get(f"/api/v1/tables/{table}").get_json()
    assert state["totals"] == [7, 3] and state["seq"] == 3
    assert 'id="redo"' not in page.get_data(as_text=True)
    # Something new after the undo: nothing to redo any more, and the table is unchanged.
    client.post(f"/t/{table}/undo")
    client.post(f"/t/{table}/events", data={"type": "round", "points": ["1", "1"]})
    refused = client.post(f"/t/{table}/redo", headers={"HX-Request": "true"})
    assert refused.status_code == 422 and "nothing to redo" in refused.get_data(as_text=True)
    assert refused.headers["HX-Retarget"] == "#answer"
    assert client.get(f"/api/v1/tables/{table}").get_json()["totals"] == [1, 1]


def test_the_answer_to_a_refused_undo_of_a_sealed_bid_shows_no_card(app, client):
    """Only the bidder changes a sealed bid (README, rules notes): the scorer's undo is refused, and
    neither the refusal in the answer box nor the page around it names a card of the bid."""
    made = client.post(
        "/api/v1/tables", json={"game": "ninety-nine", "players": ["Aki", "Ben", "Chie"]}
    ).get_json()
    table, auth = made["id"], {"Authorization": f"Bearer {made['scorer_token']}"}
    client.post(f"/api/v1/tables/{table}/events", json={"type": "deal", "dealer": 0}, headers=auth)
    bid = {"type": "bid", "seat": 1, "cards": ["7S", "10C", "8S"]}
    assert client.post(f"/api/v1/tables/{table}/events", json=bid, headers=auth).status_code == 201
    client.get(f"/t/{table}/join/{made['scorer_token']}")
    resp = client.post(f"/t/{table}/undo", headers={"HX-Request": "true"})
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    answer = page[page.index('id="answer"') : page.index("</section>", page.index('id="answer"'))]
    assert 'class="error"' in answer
    detail = client.get(f"/api/v1/tables/{table}", headers=auth).get_json()["detail"]
    assert detail["bid_status"][1] == "sealed"
    state = json.dumps({k: v for k, v in detail.items() if k != "pack"})  # the pack lists every card
    for card in ("7S", "10C", "8S", "7♠", "10♣", "8♠"):
        assert card not in answer and card not in state


def test_a_refused_correction_keeps_what_was_picked(client):
    table, _record = imported(client, "bingo-four-deals-to-eight.json")
    # Event 3 is the first trick (lead 0-0); 6-6 as the lead is refused by the replay.
    page = client.get(f"/t/{table}/correct/3").get_data(as_text=True)
    fields = [(n, "6-6" if n == "lead" else v) for n, v in form_as_posted(page)]
    resp = client.post(f"/t/{table}/correct/3", data=MultiDict(fields))
    assert resp.status_code == 422
    again = resp.get_data(as_text=True)
    assert 'role="alert"' in again
    assert ("lead", "6-6") in form_as_posted(again)
