"""A correction is made on the entry's own play surface (issue 27, "Corrections as good as entries"):
the same triangles, card steps or hands of tiles the entry was made with, drawn as the table stood
just before the entry, the entry as recorded ticked, the tiles and cards the deal's other entries
took greyed, the game's own pack. A Five Up hand's end is corrected by tapping the tiles left in each
hand, as it is entered."""

import json
import re

import pytest
from test_undo_redo_correct import INPUT, RECORDS, attr, form_as_posted, imported
from werkzeug.datastructures import MultiDict

HX = {"HX-Request": "true"}


def picker(page: str, name: str) -> list[str]:
    """The input tags of the picker ``name`` (a fieldset with data-picker)."""
    start = page.index(f'data-picker="{name}"')
    return INPUT.findall(page[start : page.index("</fieldset>", start)])


def ticked(tags: list[str]) -> list[str]:
    return [attr(t, "value") for t in tags if re.search(r"\schecked\b", t)]


def greyed(tags: list[str]) -> set[str]:
    return {attr(t, "value") for t in tags if re.search(r"\sdisabled\b", t)}


def sheet(client, table: str, seq: int) -> str:
    return client.get(f"/t/{table}/correct/{seq}", headers=HX).get_data(as_text=True)


def test_a_bingo_trick_is_corrected_on_its_two_triangles_one_step_each(client):
    table, _record = imported(client, "bingo-four-deals-to-eight.json")
    page = sheet(client, table, 3)  # trick 1 of deal 1: Aki leads 0-0, Ben replies 5-3
    assert re.search(r"<form [^>]*data-steps", page)
    lead, reply = picker(page, "lead"), picker(page, "reply")
    assert len(lead) == len(reply) == 28  # the double-six triangle, as at entry
    assert (ticked(lead), ticked(reply)) == (["0-0"], ["5-3"])
    # the next trick's tiles (6-6, 5-2) are greyed; this trick's own are not
    assert {"6-6", "5-2"} <= greyed(lead) & greyed(reply)
    assert "0-0" not in greyed(lead) and "5-3" not in greyed(reply)
    # Aki had declared 5-5 and 0-0, so the lead is one of them, as the entry form asked; 5-5 is
    # greyed too: Aki showed it in hand at the end of the deal
    assert {attr(t, "value") for t in lead} - greyed(lead) == {"0-0"}
    assert "Aki leads:" in page and "Ben replies:" in page
    assert page.count("data-step") >= 2


def test_a_ninety_nine_trick_is_corrected_on_the_tables_own_36_card_pack(client):
    table, _record = imported(client, "ninety-nine-three-player-game-to-100.json")
    page = sheet(client, table, 5)  # trick 2 of deal 1: 9H AD KH
    steps = [picker(page, f"cards.{i}") for i in range(3)]
    assert [len(tags) for tags in steps] == [36, 36, 36]  # 6 to ace: three players, no 2s
    assert not re.search(r'value="[2-5][SHDC]"', page)
    assert 'name="turnup"' not in page  # no turned-up card unless the table plays with one
    assert [ticked(tags) for tags in steps] == [["9H"], ["AD"], ["KH"]]
    # trick 1 (KS 6D 9S) and trick 3 (AS JS JC) are greyed in every step; the bids are sealed
    for tags in steps:
        assert {"KS", "6D", "9S", "AS", "JS", "JC"} <= greyed(tags)
        assert not {"7S", "10C", "8S", "9H", "AD", "KH"} & greyed(tags)
    # the steps name the players in the trick's play order, as at entry
    assert re.search(r"1\. Ben.*2\. Chie.*3\. Aki", re.sub(r"\s+", " ", page))


def test_a_ninety_nine_trick_corrected_on_its_steps_is_recorded_in_play_order(client):
    table, _record = imported(client, "ninety-nine-three-player-game-to-100.json")
    page = sheet(client, table, 4)
    # trick 1 was KS 6D 9S; Chie's 6D was in fact the 9S and Aki's 9S the 6D
    fields = [
        (n, {"6D": "9S", "9S": "6D"}.get(v, v) if n.startswith("cards.") else v)
        for n, v in form_as_posted(page)
    ]
    resp = client.post(f"/t/{table}/correct/4", data=MultiDict(fields), headers=HX)
    assert resp.status_code == 200 and "Corrected:" in resp.get_data(as_text=True)
    assert client.get(f"/api/v1/tables/{table}").get_json()["events"][3]["cards"] == ["KS", "9S", "6D"]


def test_a_trick_de_bingo_trick_is_corrected_on_its_four_card_steps(client):
    table, record = imported(client, "trick-de-bingo-one-round.json")
    tricks = [i for i, e in enumerate(record["events"], start=1) if e["type"] == "trick"]
    page = sheet(client, table, tricks[1])
    steps = [picker(page, f"cards.{i}") for i in range(4)]
    assert [ticked(tags) for tags in steps] == [[c] for c in record["events"][tricks[1] - 1]["cards"]]
    other = set(record["events"][tricks[0] - 1]["cards"]) | set(record["events"][tricks[2] - 1]["cards"])
    assert all(other <= greyed(tags) for tags in steps)
    assert re.search(r"<form [^>]*data-steps", page) and "(leads)" in page


def five_up_end(client) -> tuple[str, int]:
    table, record = imported(client, "five-up-partners-to-61.json")
    return table, next(i for i, e in enumerate(record["events"], start=1) if e["type"] == "end")


def test_a_five_up_hand_end_is_corrected_on_the_hands_of_tiles_with_its_pips_typed_in(client):
    table, seq = five_up_end(client)  # the end of hand 1 was recorded as pips 0, 10, 4, 8
    page = sheet(client, table, seq)
    assert "data-fu-left" in page and "Ben still holds 1 tile:" in page
    # the tiles not on the layout, to tap; the pips as recorded typed in for each hand that holds any and
    # counts; Chie's (Aki's partner's, F25 ignores it) is not asked, its recorded number carried unchanged
    free = [attr(t, "value") for t in picker(page, "left1")]
    assert len(free) == 11 and "5-3" in free
    assert [(n, v) for n, v in form_as_posted(page) if n and n.startswith("pips")] == [
        ("pips2", "4"),
        ("pips1", "10"),
        ("pips3", "8"),
    ]
    assert 'name="pips2" value="4"' in page and 'type="hidden" name="pips2"' in page
    assert "Score the hand" not in page and "Save the correction" in page


def test_a_five_up_hand_end_corrected_by_tapping_tiles_recounts_the_pips(client):
    table, seq = five_up_end(client)
    page = sheet(client, table, seq)
    # Ben held 5-3, not a ten: tapping it outweighs the typed 10
    fields = form_as_posted(page) + [("left1", "5-3")]
    resp = client.post(f"/t/{table}/correct/{seq}", data=MultiDict(fields), headers=HX)
    assert resp.status_code == 200, resp.get_data(as_text=True)[:1500]
    assert "Corrected:" in resp.get_data(as_text=True)
    # Chie's 4, not asked, stays as recorded: the player changed Ben's hand only (it scores nothing either way)
    assert client.get(f"/api/v1/tables/{table}").get_json()["events"][seq - 1]["pips"] == [0, 8, 4, 8]


@pytest.mark.parametrize(
    ("extra", "why"),
    [
        ([("left1", "5-3"), ("left1", "6-1")], "Tiles ticked for Ben: 2; tiles in their hand: 1."),
        ([("left1", "5-3"), ("left3", "5-3")], "5-3 is ticked for both Ben and Dai."),
    ],
)
def test_a_refused_hand_end_correction_keeps_the_tiles_and_says_why(client, extra, why):
    table, seq = five_up_end(client)
    before = client.get(f"/api/v1/tables/{table}").get_json()
    resp = client.post(
        f"/t/{table}/correct/{seq}",
        data=MultiDict(form_as_posted(sheet(client, table, seq)) + extra),
        headers=HX,
    )
    assert resp.status_code == 422
    again = resp.get_data(as_text=True)
    assert again.lstrip().startswith('<dialog open id="correction"') and 'role="alert"' in again
    assert why in re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", again))
    assert "5-3" in ticked(picker(again, "left1"))  # what was tapped is kept
    assert client.get(f"/api/v1/tables/{table}").get_json() == before


def test_a_bingo_declaration_is_corrected_on_its_row_of_doubles(client):
    table, _record = imported(client, "bingo-four-deals-to-eight.json")
    page = sheet(client, table, 2)  # Aki declared 5-5 and 0-0
    doubles = picker(page, "doubles")
    assert [attr(t, "value") for t in doubles] == [f"{n}-{n}" for n in range(6, -1, -1)]  # one row
    assert ticked(doubles) == ["5-5", "0-0"]
    assert ("seat", "0") in form_as_posted(page) and 'class="grid bingo-points"' in page
    # Aki showed the 6-6 (led in trick 2), not the 5-5 (still in hand at the end)
    fields = [(n, "6-6" if (n, v) == ("doubles", "5-5") else v) for n, v in form_as_posted(page)]
    resp = client.post(f"/t/{table}/correct/2", data=MultiDict(fields), headers=HX)
    assert resp.status_code == 200, resp.get_data(as_text=True)[:1500]
    assert client.get(f"/api/v1/tables/{table}").get_json()["events"][1]["doubles"] == ["6-6", "0-0"]


def test_a_five_up_draw_is_corrected_on_its_counter(client):
    table, _seq = five_up_end(client)
    page = sheet(client, table, 25)  # Ben drew 1 tile
    assert "Ben draws: how many tiles?" in page
    assert re.search(r'<input id="fu-draw-count-fix" name="count" type="number"[^>]*value="1"', page)
    assert ("seat", "1") in form_as_posted(page) and 'data-step="1"' in page


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "How many tiles were drawn? Set it with −1 and +1, or type it in the box, then tap “Save the correction”.",
        ),
        (
            "ja",
            "何枚引きましたか？−1と+1で合わせるか、枠に枚数を入力して「訂正を保存」をタップしてください。",
        ),
    ],
)
def test_a_five_up_draw_corrected_with_its_box_empty_is_told_what_the_sheet_shows(client, lang, said):
    """The sheet has −1, +1 and "Save the correction", not the table's numbers and "Record the draw": its
    refusal names what the player sees there, in their language, and the sheet stays open."""
    table, _seq = five_up_end(client)
    client.set_cookie("lang", lang)
    before = client.get(f"/api/v1/tables/{table}").get_json()
    fields = [(n, "" if n == "count" else v) for n, v in form_as_posted(sheet(client, table, 25))]
    resp = client.post(f"/t/{table}/correct/25", data=MultiDict(fields), headers=HX)
    assert resp.status_code == 422
    again = resp.get_data(as_text=True)
    assert again.lstrip().startswith('<dialog open id="correction"')
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", again))
    assert said in text and "Record the draw" not in text and "引いた枚数を記録" not in text
    assert client.get(f"/api/v1/tables/{table}").get_json() == before


def bead_table(client, n: int) -> str:
    """The bead record's first ``n`` entries, this client its scorer."""
    record = json.loads((RECORDS / "bead-game-two-hands.json").read_text())
    made = client.post("/api/v1/records", json={**record, "events": record["events"][:n]}).get_json()
    client.get(f"/t/{made['id']}/join/{made['scorer_token']}")
    return made["id"]


def test_a_bead_placement_is_corrected_on_the_board_as_it_stood(client):
    table = bead_table(client, 3)
    page = sheet(client, table, 3)  # Aki placed 4-4 on row 0 and 1 of column 3
    cells = [t for t in INPUT.findall(page) if attr(t, "name") == "cell"]
    assert {attr(t, "value") for t in cells if re.search(r"\schecked\b", t)} == {"0,3", "1,3"}
    assert not any(attr(t, "form") for t in cells)  # the sheet's own board, not the table's form
    assert ticked(picker(page, "tile")) == ["4-4"] and "Higher number on the bottom or right cell" in page
    # saved unchanged it is the same placement; moved to column -1 it is that placement
    same = client.post(f"/t/{table}/correct/3", data=MultiDict(form_as_posted(page)), headers=HX)
    assert same.status_code == 200, same.get_data(as_text=True)[:1500]
    moved = [
        (n, {"0,3": "0,-1", "1,3": "1,-1"}.get(v, v) if n == "cell" else v)
        for n, v in form_as_posted(sheet(client, table, 3))
    ]
    resp = client.post(f"/t/{table}/correct/3", data=MultiDict(moved), headers=HX)
    assert resp.status_code == 200, resp.get_data(as_text=True)[:1500]
    assert client.get(f"/api/v1/tables/{table}").get_json()["events"][2]["cells"] == [[0, -1], [1, -1]]


def test_a_bead_placement_correction_keeps_its_way_round_unless_a_turn_is_tapped(client):
    table = bead_table(client, 2)
    page = sheet(client, table, 2)  # Ben placed 1-3: the 1 on the top cell, turned
    assert ticked(picker(page, "tile")) == ["3-1"] and ("turn", "1") in form_as_posted(page)
    turned = [("turn", "0")] + form_as_posted(page)  # the "higher number on the top" button, tapped
    assert client.post(f"/t/{table}/correct/2", data=MultiDict(turned), headers=HX).status_code == 200
    assert client.get(f"/api/v1/tables/{table}").get_json()["events"][1]["tile"] == "3-1"
    page = sheet(client, table, 2)
    one = [(n, v) for n, v in form_as_posted(page) if n != "cell"] + [("cell", "0,2")]
    resp = client.post(f"/t/{table}/correct/2", data=MultiDict(one), headers=HX)
    assert resp.status_code == 422 and "Tap two empty cells side by side, then the tile." in resp.get_data(
        as_text=True
    )
    assert ticked(picker(resp.get_data(as_text=True), "tile")) == ["3-1"]


def test_a_five_up_play_is_corrected_on_the_layout_as_it_stood(client):
    table, _seq = five_up_end(client)
    page = sheet(client, table, 4)  # Chie played 3-3 on the 3 of 4-3 (layout: 4-0, 4-3)
    ends = [t for t in INPUT.findall(page) if attr(t, "name") == "on"]
    assert {(attr(t, "value"), attr(t, "data-number")) for t in ends} == {("4-0", "0"), ("4-3", "3")}
    assert [attr(t, "value") for t in ends if re.search(r"\schecked\b", t)] == ["4-3"]
    tiles = picker(page, "tile")
    assert ticked(tiles) == ["3-3"] and len(tiles) == 28
    # on the layout, and played later in the hand (3-2 by Dai, 6-3 by Aki): greyed; 3-3 is not
    assert {"4-0", "4-3", "3-2", "6-3"} <= greyed(tiles) and "3-3" not in greyed(tiles)
    assert ("seat", "2") in form_as_posted(page) and 'class="fu-svg"' in page


def test_a_five_up_play_corrected_on_another_end_is_recorded_there(client):
    record = json.loads((RECORDS / "five-up-partners-to-61.json").read_text())
    made = client.post("/api/v1/records", json={**record, "events": record["events"][:4]}).get_json()
    table = made["id"]
    client.get(f"/t/{table}/join/{made['scorer_token']}")
    fields = [(n, {"on": "4-0", "tile": "2-0"}.get(n, v)) for n, v in form_as_posted(sheet(client, table, 4))]
    resp = client.post(f"/t/{table}/correct/4", data=MultiDict(fields), headers=HX)
    assert resp.status_code == 200, resp.get_data(as_text=True)[:1500]
    got = client.get(f"/api/v1/tables/{table}").get_json()
    assert (got["events"][3]["tile"], got["events"][3]["on"], got["totals"]) == ("2-0", "4-0", [1, 0, 1, 0])


def test_a_trick_de_bingo_pick_is_corrected_on_the_deck_and_the_sheet(client):
    table, _record = imported(client, "trick-de-bingo-one-round.json")
    page = sheet(client, table, 10)  # Aki placed TB-39 on cell 9 (after TB-23 on 5 and TB-01 on 1)
    deck = [t for t in INPUT.findall(page) if attr(t, "name") == "card"]
    cells = [t for t in INPUT.findall(page) if attr(t, "name") == "cell"]
    assert ticked(deck) == ["TB-39"] and ticked(cells) == ["9"]
    assert not {"TB-23", "TB-01"} & {attr(t, "value") for t in deck}  # out of the deck before this pick
    assert "TB-31" in greyed(deck) and "TB-39" not in greyed(deck)  # picked later in the round
    assert greyed(cells) == {"5", "1"}  # Aki's cells filled before
    assert ("seat", "0") in form_as_posted(page)
    # cell 8 is where Aki's ninth card went: refused in the sheet, the picks kept
    fields = [(n, "8" if n == "cell" else v) for n, v in form_as_posted(page)]
    resp = client.post(f"/t/{table}/correct/10", data=MultiDict(fields), headers=HX)
    assert resp.status_code == 422 and 'role="alert"' in resp.get_data(as_text=True)
    again = [t for t in INPUT.findall(resp.get_data(as_text=True)) if attr(t, "name") in ("card", "cell")]
    assert ticked(again) == ["TB-39", "8"]
    # TB-40, which nobody picked this round, is taken instead
    fields = [(n, "TB-40" if n == "card" else v) for n, v in form_as_posted(page)]
    assert client.post(f"/t/{table}/correct/10", data=MultiDict(fields), headers=HX).status_code == 200
    assert client.get(f"/api/v1/tables/{table}").get_json()["events"][9]["card"] == "TB-40"


def test_a_ninety_nine_bid_is_corrected_on_its_counted_cards_of_the_tables_pack(client):
    table, _record = imported(client, "ninety-nine-three-player-game-to-100.json")
    page = sheet(client, table, 2)  # Ben bid 7S 10C 8S
    cards = picker(page, "cards")
    assert len(cards) == 36 and sorted(ticked(cards)) == ["10C", "7S", "8S"]
    assert 'data-need="3"' in page and "data-sum=" in page  # "2 of 3 · bid 5" as at the entry
    # the deal's tricks are greyed; Chie's bid (8H 6H 10D) is not: a bid's cards are never told
    assert {"KS", "6D", "9S"} <= greyed(cards) and not {"10D", "8H", "6H"} & greyed(cards)
    assert ("seat", "1") in form_as_posted(page)


def made(client, name: str, n: int, options: dict | None = None, more: tuple = ()) -> str:
    """A table of the record ``name``'s first ``n`` entries (options overridden, entries added),
    this client its scorer."""
    record = json.loads((RECORDS / name).read_text())
    record = {**record, "options": {**record["options"], **(options or {})}}
    body = {**record, "events": record["events"][:n] + list(more)}
    made = client.post("/api/v1/records", json=body).get_json()
    assert "id" in made, made
    client.get(f"/t/{made['id']}/join/{made['scorer_token']}")
    return made["id"]


def words(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def fixed(client, table: str, seq: int, fields: list) -> dict:
    """The entry ``seq`` after a correction posted as ``fields``."""
    resp = client.post(f"/t/{table}/correct/{seq}", data=MultiDict(fields), headers=HX)
    assert resp.status_code == 200, words(resp.get_data(as_text=True))[:1500]
    return client.get(f"/api/v1/tables/{table}").get_json()["events"][seq - 1]


def swapped(fields: list, name: str, new: str) -> list:
    return [(n, new if n == name else v) for n, v in fields]


def test_a_bingo_deal_is_corrected_on_its_leader_and_indicator(client):
    table = made(client, "bingo-four-deals-to-eight.json", 1)
    page = sheet(client, table, 1)  # deal 1: Aki leads, indicator 1-0
    assert "Who leads first?" in words(page)
    assert ticked(picker(page, "indicator")) == ["1-0"] and len(picker(page, "indicator")) == 28
    assert ("leader", "0") in form_as_posted(page)
    assert fixed(client, table, 1, swapped(form_as_posted(page), "indicator", "2-0"))["indicator"] == "2-0"


def test_a_later_bingo_deal_says_who_leads_as_its_entry_does(client):
    table, record = imported(client, "bingo-four-deals-to-eight.json")
    seq = [i for i, e in enumerate(record["events"], start=1) if e["type"] == "deal"][1]
    page = sheet(client, table, seq)
    assert re.search(r"\w+ leads this deal", words(page)) and 'name="leader" type="radio"' not in page
    assert ticked(picker(page, "indicator")) == [record["events"][seq - 1]["indicator"]]


@pytest.mark.parametrize(("seq", "says"), [(5, "Aki claims 70"), (19, "Ben closes")])
def test_a_bingo_claim_or_close_is_corrected_on_buttons_that_say_the_play(client, seq, says):
    table, _record = imported(client, "bingo-four-deals-to-eight.json")
    page = sheet(client, table, seq)
    seats = [t for t in INPUT.findall(page) if attr(t, "name") == "seat"]
    checked = next(t for t in seats if re.search(r"\schecked\b", t))
    label = page[page.index(checked) : page.index("</label>", page.index(checked))]
    assert says in words(label)
    assert fixed(client, table, seq, form_as_posted(page))["seat"] == int(attr(checked, "value"))


def test_a_bingo_show_is_corrected_on_the_hands_tiles_with_the_deals_tiles_greyed(client):
    table, record = imported(client, "bingo-four-deals-to-eight.json")
    page = sheet(client, table, 6)  # Aki shows 2-0 2-2 4-0 5-5 6-1 6-2 6-5
    assert "Tiles in Aki's hand:" in words(page) and ("seat", "0") in form_as_posted(page)
    tiles = picker(page, "tiles")
    assert sorted(ticked(tiles)) == sorted(record["events"][5]["tiles"])
    assert {"0-0", "5-3", "6-6", "5-2"} <= greyed(tiles)  # played in the deal's tricks
    fields = [(n, v) for n, v in form_as_posted(page) if (n, v) != ("tiles", "6-5")]
    assert "6-5" not in fixed(client, table, 6, fields)["tiles"]


def test_a_five_up_hand_is_corrected_on_its_leader_and_opening_draw(client):
    table, _seq = five_up_end(client)
    page = sheet(client, table, 1)  # Aki leads by the draw 6-5 2-1 5-4 3-0
    assert page.count('<select name="opening"') == 4
    assert [v for n, v in form_as_posted(page) if n == "opening"] == ["6-5", "2-1", "5-4", "3-0"]
    assert ("leader", "0") in form_as_posted(page) and "The highest tile leads" in page
    # a later hand: who leads is said, as at the entry
    later = sheet(client, table, 20)
    assert "leads this hand." in words(later) and "<select" not in later


def test_a_five_up_call_is_corrected_on_its_counter(client):
    events = [{"type": "hand", "leader": 0}, {"type": "play", "seat": 0, "tile": "5-5"}]
    body = {"game": "five-up", "players": ["Aki", "Ben"], "options": {"calledScore": True, "muggins": True}}
    created = client.post(
        "/api/v1/records",
        json={**body, "format": "referee-record", "version": 1,
              "events": [*events, {"type": "call", "seat": 0, "points": 1}]},
    ).get_json()
    table = created["id"]
    client.get(f"/t/{table}/join/{created['scorer_token']}")
    page = sheet(client, table, 3)
    assert "Points Aki announced" in words(page)
    assert re.search(r'<input id="fu-call-points-fix" name="points" type="number"[^>]*value="1"', page)
    assert ("seat", "0") in form_as_posted(page) and 'data-step="1"' in page
    assert fixed(client, table, 3, swapped(form_as_posted(page), "points", "2"))["points"] == 2


def test_a_five_up_pass_is_corrected_in_words_not_on_a_seat_picker(client):
    table, _seq = five_up_end(client)
    page = sheet(client, table, 63)  # Chie passes
    assert "Chie passes" in words(page)
    assert not [t for t in INPUT.findall(page) if attr(t, "name") == "seat" and attr(t, "type") == "radio"]
    assert fixed(client, table, 63, form_as_posted(page))["seat"] == 2


def test_a_ninety_nine_deal_is_corrected_on_who_deals(client):
    table, _record = imported(client, "ninety-nine-three-player-game-to-100.json")
    page = sheet(client, table, 1)
    assert "Who deals first?" in words(page) and ("dealer", "0") in form_as_posted(page)
    assert 'name="turnup"' not in page  # no turned-up card at this table
    assert fixed(client, table, 1, swapped(form_as_posted(page), "dealer", "1"))["dealer"] == 1


def test_a_ninety_nine_premium_bid_is_corrected_on_its_own_choices(client):
    table, _record = imported(client, "ninety-nine-three-player-game-to-100.json")
    page = sheet(client, table, 20)  # Chie declares
    posted = form_as_posted(page)
    assert ("seat", "2") in posted and ("kind", "declare") in posted
    assert "Declare (30)" in words(page) and "Reveal (60)" in words(page)
    assert len(picker(page, "hand")) == 36 and not ticked(picker(page, "hand"))


def test_a_trick_de_bingo_round_is_corrected_on_its_dealer(client):
    table, _record = imported(client, "trick-de-bingo-one-round.json")
    page = sheet(client, table, 1)
    assert ("dealer", "0") in form_as_posted(page) and "Dealer" in words(page)
    # a later round: the deal passes to the left, as the entry form says
    record = json.loads((RECORDS / "trick-de-bingo-one-round.json").read_text())
    n = len(record["events"])
    later = made(client, "trick-de-bingo-one-round.json", n, {"rounds": 2}, ({"type": "round"},))
    again = sheet(client, later, n + 1)
    assert "The deal passes to the left: Ben deals." in words(again)
    assert not [t for t in INPUT.findall(again) if attr(t, "name") == "dealer"]


def test_a_trick_de_bingo_claim_is_corrected_on_the_claimants_sheet(client):
    claim = {"type": "claim", "seat": 0, "card": "TB-01"}  # Aki won trick 1 with the ace of clubs
    table = made(client, "trick-de-bingo-one-round.json", 38, {"manualClaims": True}, (claim,))
    page = sheet(client, table, 39)
    assert "Aki claims" in words(page) and ("seat", "0") in form_as_posted(page)
    cards = [t for t in INPUT.findall(page) if attr(t, "name") == "card"]
    assert ticked(cards) == ["TB-01"] and len(cards) == 9  # Aki's sheet, nothing flipped before
    assert "Win a trick with a club" in words(page) and "TB-01" not in words(page)


def test_a_bead_hand_is_corrected_on_its_starter_square(client):
    table = bead_table(client, 2)
    page = sheet(client, table, 1)  # 5-1 and 2-5 standing side by side; Ben leads
    posted = dict(form_as_posted(page))
    assert {k: posted[k] for k in ("layout", "v00", "v10", "v01", "v11", "leader")} == {
        "layout": "columns", "v00": "5", "v10": "1", "v01": "2", "v11": "5", "leader": "1",
    }
    # the bottom right number was 4
    got = fixed(client, table, 1, swapped(form_as_posted(page), "v11", "4"))
    assert got["starter"][1] == {"tile": "2-4", "cells": [[0, 1], [1, 1]]}


def test_a_bead_end_is_corrected_on_the_tiles_left_in_each_hand(client):
    table = bead_table(client, 58)
    page = sheet(client, table, 58)  # Aki held 5-1 and 4-4, Ben 4-4 and 4-1
    assert sorted(ticked(picker(page, "left0"))) == ["4-4", "5-1"]
    assert sorted(ticked(picker(page, "left1"))) == ["4-1", "4-4"]
    assert "Aki: 2 tiles left" in words(page)
    # the designs whose two copies are both on the board are greyed, as at the entry
    assert {"3-3", "5-5", "2-1"} <= greyed(picker(page, "left0")) and "4-1" not in greyed(picker(page, "left0"))
    # Aki held the 4-1 and Ben the 5-1
    fields = {("left0", "5-1"): ("left0", "4-1"), ("left1", "4-1"): ("left1", "5-1")}
    hands = fixed(client, table, 58, [fields.get(f, f) for f in form_as_posted(page)])["hands"]
    assert [sorted(h) for h in hands] == [["4-1", "4-4"], ["4-4", "5-1"]]
