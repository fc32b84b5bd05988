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
    # the tiles not on the layout, to tap; the pips as recorded typed in for each hand that holds any
    free = [attr(t, "value") for t in picker(page, "left1")]
    assert len(free) == 11 and "5-3" in free
    assert [(n, v) for n, v in form_as_posted(page) if n and n.startswith("pips")] == [
        ("pips1", "10"),
        ("pips2", "4"),
        ("pips3", "8"),
    ]
    assert "Score the hand" not in page and "Save the correction" in page


def test_a_five_up_hand_end_corrected_by_tapping_tiles_recounts_the_pips(client):
    table, seq = five_up_end(client)
    page = sheet(client, table, seq)
    # Ben held 5-3, not a ten: tapping it outweighs the typed 10
    fields = form_as_posted(page) + [("left1", "5-3")]
    resp = client.post(f"/t/{table}/correct/{seq}", data=MultiDict(fields), headers=HX)
    assert resp.status_code == 200, resp.get_data(as_text=True)[:1500]
    assert "Corrected:" in resp.get_data(as_text=True)
    assert client.get(f"/api/v1/tables/{table}").get_json()["events"][seq - 1]["pips"] == [0, 8, 4, 8]


@pytest.mark.parametrize(
    ("extra", "why"),
    [
        ([("left1", "5-3"), ("left1", "6-1")], "Tiles ticked for Ben: 2; tiles in their hand: 1."),
        ([("left1", "5-3"), ("left2", "5-3")], "5-3 is ticked for both Ben and Chie."),
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
    assert "Ben cannot play and draws: how many tiles?" in page
    assert re.search(r'<input id="fu-draw-count-fix" name="count" type="number"[^>]*value="1"', page)
    assert ("seat", "1") in form_as_posted(page) and 'data-step="1"' in page


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
