"""Five Up through the API and the table page's forms: a hand, refusals, the golden record."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from five_up_hands import SPINNER, play
from tables import new_table, post, state

from tests.five_up_missed_draw import MISSED_DRAW

RECORD = Path(__file__).parents[1] / "records" / "five-up-partners-to-61.json"


FOUR = ("Aki", "Ben", "Chie", "Dai")


def form(client, table, **fields):
    """Post a form as the table page does (htmx: the #table fragment comes back)."""
    data = {k: v for k, v in fields.items()}
    return client.post(f"/t/{table['id']}/events", data=data, headers={"HX-Request": "true"})


def test_the_page_draws_the_layout_and_offers_only_fitting_tiles(client):
    table = new_table(client, "five-up", FOUR, scorer=True)
    for e in SPINNER[:3]:
        assert post(client, table, e).status_code == 201
    html = client.get(f"/t/{table['id']}").get_data(as_text=True)
    assert 'class="fu-svg"' in html and html.count('<g class="fu-tile') == 2
    assert "5×2 + 0 = 10" in html  # the double's free side still counts twice
    ends = re.findall(r'<a href="[^"]*\?on=([0-9-]+)&amp;n=(\d)', html)
    assert sorted(ends) == [("5-0", "0"), ("5-5", "5")]
    assert "tap an open end" in html
    picked = client.get(f"/t/{table['id']}?on=5-5&n=5").get_data(as_text=True)
    enabled = re.findall(r'name="tile" value="([0-9-]+)" aria-label="[^"]*"\s+required', picked)
    assert set(enabled) == {"6-5", "5-4", "5-3", "5-2", "5-1"}  # tiles with a 5, not yet on the table
    assert 'name="on" value="5-5"' in picked


def test_a_hand_entered_through_the_forms(client):
    table = new_table(client, "five-up", ("Aki", "Ben"), scorer=True)
    resp = form(client, table, type="hand", leader="0")
    assert resp.status_code == 200 and "Aki leads: which tile?" in resp.get_data(as_text=True)
    resp = form(client, table, type="play", seat="0", tile="6-4")
    html = resp.get_data(as_text=True)
    assert 'id="fu-count">10<' in html and "6 + 4 = 10" in html and "+2" in html
    resp = form(client, table, type="play", seat="1", tile="4-1", on="6-4")
    assert "6 + 1 = 7" in resp.get_data(as_text=True)
    resp = form(client, table, type="draw", seat="0", count="2")
    assert resp.status_code == 200
    s = state(client, table)
    assert s["totals"] == [2, 0] and s["detail"]["hand"]["held"] == [8, 6]


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (play(1, "5-5", "5-5"), "already played"),
        (play(1, "6-2", "5-5"), "does not match"),
        (play(2, "5-2", "5-5"), "turn"),
        ({"type": "draw", "seat": 1, "count": 30}, "draw"),
    ],
)
def test_refusals_answer_422_with_a_reason_and_change_nothing(client, event, message):
    table = new_table(client, "five-up", FOUR, scorer=True)
    for e in SPINNER[:2]:
        post(client, table, e)
    before = state(client, table)
    resp = post(client, table, event)
    assert resp.status_code == 422
    assert message in resp.get_json()["error"]["message"]
    assert state(client, table) == before
    page = form(client, table, **{k: str(v) for k, v in event.items()})
    assert page.status_code == 422 and message in page.get_data(as_text=True)
    assert state(client, table) == before


def test_a_fifth_tile_on_a_spinner_is_refused(client):
    table = new_table(client, "five-up", FOUR, scorer=True)
    for e in SPINNER:
        assert post(client, table, e).status_code == 201
    before = state(client, table)
    resp = post(client, table, play(1, "6-5", "5-5"))
    assert resp.status_code == 422 and "four neighbours" in resp.get_json()["error"]["message"]
    assert state(client, table) == before
    assert before["detail"]["hand"]["count"] == 0 + 3 + 1 + 4  # 5-0, 5-3, 5-1, 5-4 around a full spinner


@pytest.mark.parametrize(
    ("pips", "message"),
    [
        ([0, 5], "still on"),
        ([0, 200, 4, 8], "pips"),
        ([3, 10, 4, 8], "went out and holds no tiles"),
    ],
)
def test_pips_that_cannot_be_are_refused(client, pips, message):
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    if len(pips) == 2:  # a 2-player hand still in play
        table = new_table(client, "five-up", ("Aki", "Ben"), scorer=True)
        post(client, table, {"type": "hand", "leader": 0})
    else:  # the golden record up to its first domino: the pips are due
        resp = client.post("/api/v1/records", json={**record, "events": record["events"][:18]})
        table = resp.get_json()
        assert client.get(f"/api/v1/tables/{table['id']}").get_json()["detail"]["phase"] == "end"
    before = state(client, table)
    resp = post(client, table, {"type": "end", "pips": pips})
    assert resp.status_code == 422 and message in resp.get_json()["error"]["message"]
    assert state(client, table) == before


def test_drawing_into_the_reserve_is_refused(client):
    table = new_table(client, "five-up", ("Aki", "Ben"), scorer=True)
    post(client, table, {"type": "hand", "leader": 0})
    post(client, table, play(0, "6-6"))
    before = state(client, table)
    assert before["detail"]["hand"]["drawable"] == 12
    resp = post(client, table, {"type": "draw", "seat": 1, "count": 13})
    assert resp.status_code == 422 and "the boneyard keeps its last 2" in resp.get_json()["error"]["message"]
    assert state(client, table) == before


def test_the_golden_record_imports_with_its_totals_and_game_points(client):
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    resp = client.post("/api/v1/records", json=record)
    assert resp.status_code == 201, resp.get_json()
    table = resp.get_json()
    s = client.get(f"/api/v1/tables/{table['id']}").get_json()
    assert s["totals"] == [73, 33, 73, 33] and s["finished"] is True
    assert s["game_points"] == [40, -40, 40, -40] and s["winners"] == [0, 2]
    html = client.get(f"/t/{table['id']}").get_data(as_text=True)
    assert "Game points" in html and 'id="fu-game-points"' in html and ">−40<" in html and "R(" not in html


def test_the_opening_draw_form_finds_the_first_leader_and_the_partners(client):
    table = new_table(client, "five-up", FOUR, scorer=True)
    html = client.get(f"/t/{table['id']}").get_data(as_text=True)
    assert "draw for the lead" in html and html.count('name="opening"') == 4
    resp = client.post(
        f"/t/{table['id']}/events",
        data={"type": "hand", "opening": ["6-5", "2-1", "5-4", "3-0"]},
        headers={"HX-Request": "true"},
    )
    assert resp.status_code == 200, resp.get_data(as_text=True)
    assert state(client, table)["detail"]["hand"]["leader"] == 0
    bad = new_table(client, "five-up", FOUR, scorer=True)
    resp = client.post(
        f"/t/{bad['id']}/events",
        data={"type": "hand", "opening": ["6-5", "5-4", "2-1", "3-0"]},
        headers={"HX-Request": "true"},
    )
    assert resp.status_code == 422 and "opposite" in resp.get_data(as_text=True)


def test_called_scores_are_entered_after_a_play_and_a_wrong_call_is_listed(client):
    table = new_table(client, "five-up", ("Aki", "Ben"), {"calledScore": True, "muggins": True}, scorer=True)
    post(client, table, {"type": "hand", "leader": 0})
    html = form(client, table, type="play", seat="0", tile="5-5").get_data(as_text=True)
    assert "Record the call" in html and 'name="seat" value="0"' in html
    html = form(client, table, type="call", seat="0", points="1").get_data(as_text=True)
    assert "Aki called 1; the play was worth 2." in html and "Muggins" in html
    s = state(client, table)
    assert s["detail"]["calls"][0]["called"] == 1 and s["detail"]["awaiting_call"] is None


def test_a_draw_breach_after_a_two_tile_draw_is_reported_once_at_the_turns_first_draw(client):
    """F19/F21: Ben draws 2 and plays [6-3] at once, then later [5-0], which fitted when he drew.
    One breach at the draw (event 2), detected at the [5-0] play (event 5), in the API and on the page."""
    t = new_table(client, "five-up", ("Aki", "Ben"), scorer=True)
    events = MISSED_DRAW
    for ev in events:
        assert post(client, t, ev).status_code == 201, ev
    (breach,) = state(client, t)["breaches"]
    assert (breach["event"], breach["detected_at"], breach["rule"], breach["seat"]) == (2, 5, "F21", 1)
    # a sentence a player says (issue 27), not "Played later and fitting ...: [5-0]; tiles drawn ...: 0"
    assert breach["message"] == "In hand 1, with 6, 5 open, Ben could have played 5-0 instead of drawing: it fitted then and was played later (F21)."
    ja = client.get(f"/api/v1/tables/{t['id']}", headers={"Accept-Language": "ja"}).get_json()
    assert ja["breaches"][0]["message"] == "第1ハンド、場の端が6、5のとき、Benさんは引かずに5-0を出せました。そのとき場に付けられる牌で、あとで出しています(F21)。"
    page = client.get(f"/t/{t['id']}").get_data(as_text=True)
    assert page.count('class="breach"') == 1 and "Proved by entry 6." in page


def test_f35_the_page_says_the_plus_two_is_credited_when_the_pips_are_entered(client):
    """Rules notes: with dominoBonus2 the +2 for going out is credited at ``end``; the page says so
    while the pips are due and in the hand's row afterwards."""
    t = new_table(client, "five-up", ("Aki", "Ben"), {"handSizeLeeflang": True, "dominoBonus2": True}, scorer=True)
    steps = [("6-6", None), ("6-1", "6-6"), ("6-2", "6-6"), ("2-2", "6-2"), ("2-3", "2-2"), ("1-1", "6-1"),
             ("1-4", "1-1"), ("6-0", "6-6"), ("4-4", "1-4"), ("6-3", "6-6"), ("4-0", "4-4")]  # fmt: skip
    assert post(client, t, {"type": "hand", "leader": 0}).status_code == 201
    for i, (tile, on) in enumerate(steps):
        assert post(client, t, play(i % 2, tile, on)).status_code == 201
    page = client.get(f"/t/{t['id']}").get_data(as_text=True)
    assert "Aki went out: +2 for going out is added when the pips are entered." in page  # F35 behind "why?"
    assert ">1 tile<" in page and "1 tiles" not in page  # Ben's one tile left, beside his pips
    assert post(client, t, {"type": "end", "pips": [0, 8]}).status_code == 201
    page = client.get(f"/t/{t['id']}").get_data(as_text=True)
    assert "Aki went out: +2 for going out, added at the end of the hand." in page
    said = " ".join(re.sub(r"<[^>]+>", " ", page).split())
    assert "End of hand 1: Aki +4 · Ben +0" in said  # 2 for the pips and the +2, Aki's alone
    assert "Hand 1 in all, plays and end: Aki 4 · Ben 2" in said  # Ben scored 2 by his plays
    assert "1 0 + 2 + 2 2 + 0" in said  # the hand's row: plays + pips + going out, for Aki only


@pytest.mark.parametrize(
    ("count", "reason"),
    [
        ("13", "Tiles that can be drawn now: 12; the boneyard keeps its last 2."),
        ("0", "A draw takes at least one tile."),
        # the box left empty: what to do, not the generic "Nothing was chosen for “How many”" (issue 27)
        ("", "How many tiles are drawn? Tap a number, or type it in the box, then tap “Record the draw”."),
    ],
)
def test_the_draw_asks_how_many_and_the_referee_refuses_a_count_that_cannot_be_with_the_reason(
    client, count, reason
):
    """Issue 27: the draw reads as a question; its box for a count not on a button is empty (newplayer10
    #10: it held a 6, which "Record the draw" recorded untyped) and has no limits the browser enforces
    alone: a count that cannot be drawn is refused by the referee, the reason in the answer."""
    table = new_table(client, "five-up", ("Aki", "Ben"), scorer=True)
    post(client, table, {"type": "hand", "leader": 0})
    post(client, table, play(0, "6-6"))
    page = client.get(f"/t/{table['id']}").get_data(as_text=True)
    draw = page[page.index('class="stack fu-draw"') : page.index("</form>", page.index('class="stack fu-draw"'))]
    assert "Or how many? (at most 12)" in draw
    box = re.search(r'<input id="fu-draw-count"[^>]*>', draw)
    assert box and not re.search(r"\b(value|min|max|required)\b", box.group(0)), box
    before = state(client, table)
    resp = form(client, table, type="draw", seat="1", count=count, based_on=str(before["seq"]))
    html = resp.get_data(as_text=True)
    assert resp.status_code == 422 and reason in html[html.index('id="answer"') :]
    assert state(client, table) == before


def test_the_empty_draw_box_is_answered_in_japanese_too(client):
    table = new_table(client, "five-up", ("Aki", "Ben"), scorer=True)
    post(client, table, {"type": "hand", "leader": 0})
    post(client, table, play(0, "6-6"))
    client.set_cookie("lang", "ja")
    resp = form(client, table, type="draw", seat="1", count="", based_on=str(state(client, table)["seq"]))
    html = resp.get_data(as_text=True)
    said = "何枚引きますか？数字をタップするか、枠に枚数を入力して「引いた枚数を記録」をタップしてください。"
    assert resp.status_code == 422 and said in html[html.index('id="answer"') :]


def test_a_draw_of_any_usual_count_is_one_tap(client):
    """newplayer9 row 8: a draw of 10 tiles was 10 taps (9 x "+1", then Record the draw). The question comes
    with one button per count, 1 to 5 and all that may be drawn, each recording the draw; any other count
    is typed beside Record the draw."""
    table = new_table(client, "five-up", ("Aki", "Ben"), scorer=True)
    post(client, table, {"type": "hand", "leader": 0})
    post(client, table, play(0, "6-6"))
    page = client.get(f"/t/{table['id']}").get_data(as_text=True)
    chips = page[page.index('class="fu-draw-chips"') : page.index("</form>", page.index('class="fu-draw-chips"'))]
    assert "Ben draws: how many tiles?" in chips
    assert re.findall(r'type="submit" name="count" value="(\d+)">\s*([^<]+?)\s*</button>', chips) == [
        ("1", "1"), ("2", "2"), ("3", "3"), ("4", "4"), ("5", "5"), ("12", "all 12")
    ]
    before = state(client, table)
    assert form(client, table, type="draw", seat="1", count="12", based_on=str(before["seq"])).status_code == 200
    after = state(client, table)
    assert after["seq"] == before["seq"] + 1 and after["detail"]["hand"]["held"][1] == 19


def test_the_answer_to_a_play_says_the_tile_and_the_score_once(client):
    """Issue 27: a new player read "Count: 10 · Aki scores 2", "Aki played 6-4. 6 + 4 = 10 is a multiple
    of 5: Aki scores 2" and "+2" as three verdicts. The answer names the tile once (Recorded) and says
    the count and the score once, in one sentence (F16)."""
    table = new_table(client, "five-up", ("Aki", "Ben"), scorer=True)
    form(client, table, type="hand", leader="0")
    html = form(client, table, type="play", seat="0", tile="6-4").get_data(as_text=True)
    answer = html[html.index('id="answer"') :]
    answer = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer[: answer.index("</section>")]))
    assert "6 + 4 = 10 is a multiple of 5: Aki scores 2." in answer
    assert answer.count("scores 2") == 1 and answer.count("6-4") == 1 and "+2" not in answer
    assert answer.count("10") == 1  # the count, inside the sentence


def test_a_lone_lead_double_shows_half_its_count_on_each_side_and_says_it_counts_once(client):
    """F15, issue 27: a lone 5-5 read "10" on one side and "0" on the other; then "10" on both, read as
    10 + 10 = 20 (newplayer9 row 7); then "10" and a blank: each circle says 5, adding up to the count."""
    table = new_table(client, "five-up", ("Aki", "Ben"), scorer=True)
    form(client, table, type="hand", leader="0")
    html = form(client, table, type="play", seat="0", tile="5-5").get_data(as_text=True)
    assert re.findall(r'dy="0.35em">(\d*)</text>', html) == ["5", "5"]
    assert html.count("the double counts 10 once, while a side is free") == 2  # both sides, to a screen reader
    assert "Both sides of 5-5 are open: it counts 10 once, and still does when one side is covered." in html
    ja = client.get(f"/t/{table['id']}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "5-5は両側が空いています。" in ja


def test_an_open_end_no_tile_left_can_fit_is_no_target_and_offers_no_play(client):
    """Every tile with a 6 is on the layout and two ends still show a 6: they are drawn as dead ends, not
    links (i27-walk2 #22: tapped like live ones, two taps for nothing), with what they add; a link to one
    kept from before says in words that no tile is left for it, with no Play it button; a play form sent
    without a tile names the missing choice as its picker does, never as the record format's field."""
    table = new_table(client, "five-up", ("Aki", "Ben"), scorer=True)
    events = [
        {"type": "hand", "leader": 0},
        play(0, "6-6"),
        play(1, "6-5", "6-6"),
        play(0, "6-4", "6-6"),
        play(1, "6-3", "6-6"),
        play(0, "6-2", "6-6"),
        play(1, "2-1", "6-2"),
        play(0, "1-6", "2-1"),
        play(1, "5-0", "6-5"),
        play(0, "0-6", "5-0"),
    ]
    for e in events:
        assert post(client, table, e).status_code == 201, post(client, table, e).get_json()
    page = client.get(f"/t/{table['id']}").get_data(as_text=True)
    links = re.findall(r"\?on=([0-9-]+)&amp;n=(\d)", page)
    assert links and all(n != "6" for _, n in links), links
    dead = re.findall(r'<g class="fu-end[^"]* dead" aria-label="([^"]+)" data-on="([0-9-]+)" data-number="(\d)"', page)
    assert ("Open end 6 on 6-1: adds 6; no tile is left that can go there", "6-1", "6") in dead
    html = client.get(f"/t/{table['id']}?on=6-1&n=6").get_data(as_text=True)
    assert "No tile is left that can go on the 6 of 6-1" in html
    assert 'id="fu-play"' not in html and 'name="tile"' not in html
    resp = form(client, table, type="play", seat="1", on="6-1")
    text = resp.get_data(as_text=True)
    assert resp.status_code == 422 and "Nothing was chosen for “Tile”" in text
    assert "entry needs its" not in text
