"""The Domino Bead Game on the web: the HTML forms (starter, taps on the board, pass, end), every
refusal the issue lists, the "cannot play?" list, and the golden record through the JSON API."""

import json
import re
from collections import Counter
from pathlib import Path

import pytest

SQLITE_ONLY = "the bead game's forms and answers: the store's SQL is the same on both databases (tests/store, test_api)"

RECORDS = Path(__file__).resolve().parent.parent / "records"
HX = {"HX-Request": "true"}
DESIGNS = [f"{hi}-{lo}" for hi in range(5, 0, -1) for lo in range(hi, 0, -1)]


def scores(html: str) -> list[str]:
    return re.findall(r'class="score"[^>]*>([^<]*)<', html)


def alert(html: str) -> str:
    found = re.findall(r'class="error">([^<]*)<', html)
    return found[0] if found else ""


def api_state(client, url: str) -> dict:
    return client.get("/api/v1/tables/" + url.rsplit("/", 1)[1]).get_json()


@pytest.fixture
def url(client):
    resp = client.post("/new/bead-game", data={"players": ["Aki", "Ben", ""]})
    assert resp.status_code == 302
    return resp.headers["Location"]


def start_hand(client, url, values=("5", "1", "2", "5"), layout="columns", leader="1"):
    """The golden record's starter: [5-1] and [2-5] standing side by side."""
    v00, v10, v01, v11 = values
    form = {"layout": layout, "v00": v00, "v10": v10, "v01": v01, "v11": v11}
    if leader is not None:
        form["leader"] = leader
    return client.post(f"{url}/bead-game/hand", data=form, headers=HX)


def place(client, url, seat, tile, cells, turn="0"):
    form = {"seat": str(seat), "tile": tile, "turn": turn, "cell": list(cells)}
    return client.post(f"{url}/bead-game/place", data=form, headers=HX)


def test_the_starter_form_builds_the_two_tiles_as_they_lie(client, url):
    page = client.get(url).get_data(as_text=True)
    assert 'name="v00"' in page and 'name="leader"' in page and 'name="layout"' in page
    assert start_hand(client, url).status_code == 200
    state = api_state(client, url)
    assert state["events"][0] == {
        "seq": 1,
        "type": "hand",
        "leader": 1,
        "starter": [{"tile": "5-1", "cells": [[0, 0], [1, 0]]}, {"tile": "2-5", "cells": [[0, 1], [1, 1]]}],
    }


def test_a_lying_starter_and_a_missing_number(client, url):
    resp = client.post(
        f"{url}/bead-game/hand", data={"layout": "rows", "v00": "5", "v01": "1", "v10": "2"}, headers=HX
    )
    assert resp.status_code == 422 and "four starter cells" in alert(resp.get_data(as_text=True))
    assert api_state(client, url)["events"] == []
    start_hand(client, url, values=("3", "1", "2", "4"), layout="rows", leader="0")
    starter = api_state(client, url)["events"][0]["starter"]
    assert starter == [{"tile": "3-2", "cells": [[0, 0], [0, 1]]}, {"tile": "1-4", "cells": [[1, 0], [1, 1]]}]


def test_placements_from_taps_show_the_product_and_the_lines(client, url):
    start_hand(client, url)
    # Ben taps (1,2) then (0,2) and [3-1] turned round: 1 on top, 3 below, as in the golden record.
    resp = place(client, url, 1, "3-1", ["1,2", "0,2"], turn="1")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and not alert(html)
    assert api_state(client, url)["events"][-1] == {
        "seq": 2,
        "type": "place",
        "seat": 1,
        "tile": "1-3",
        "cells": [[0, 2], [1, 2]],
    }
    assert "1 × 3 × 3 = 9" in html
    assert "row of 5, 2, 1" in html and "row of 1, 5, 3" in html
    # Aki's double: 1 x 4 x 4 x 2 = 32, and the board grows a column.
    resp = place(client, url, 0, "4-4", ["0,3", "1,3"])
    html = resp.get_data(as_text=True)
    assert "1 × 4 × 4 × 2 = 32" in html and "a double scores twice" in html
    assert scores(html) == ["32", "9"]
    assert html.count('class="bead-tile') == 4
    assert 'value="2,5"' in html  # an empty cell two columns beyond the new tile can be tapped
    # Without htmx the form redirects back to the table.
    resp = client.post(f"{url}/bead-game/place", data={"seat": "1", "tile": "5-5", "cell": ["-1,1", "-1,2"]})
    assert resp.status_code == 302
    assert scores(client.get(url).get_data(as_text=True)) == ["32", "27"]


@pytest.mark.parametrize(
    ("tile", "cells", "turn", "reason"),
    [
        ("3-2", ["5,5", "5,6"], "0", "must share an edge with a tile on the table"),
        ("3-2", ["0,2", "1,2"], "1", "row would read 5, 2, 2, which is not a pattern"),
        ("3-2", ["0,0", "0,-1"], "0", "already holds a 5"),
        ("3-2", ["0,2", "2,2"], "0", "are not side by side"),
        ("3-2", ["0,2"], "0", "Tap two empty cells side by side"),
        ("3-2", ["0,2", "1,2", "2,2"], "0", "Tap two empty cells side by side"),
        ("", ["0,2", "1,2"], "0", "Tap the tile you placed."),
    ],
)
def test_refusals_answer_422_with_the_reason_and_change_nothing(client, url, tile, cells, turn, reason):
    start_hand(client, url)
    before = api_state(client, url)
    resp = place(client, url, 1, tile, cells, turn)
    html = resp.get_data(as_text=True)
    assert resp.status_code == 422
    assert reason in alert(html)
    assert api_state(client, url)["events"] == before["events"]


def test_a_third_copy_of_a_tile_is_refused(client, url):
    start_hand(client, url)
    assert (
        place(client, url, 1, "5-1", ["0,-1", "1,-1"], turn="1").status_code == 200
    )  # 1 over 5 at column -1
    before = api_state(client, url)["events"]
    resp = place(client, url, 0, "5-1", ["0,2", "1,2"])
    assert resp.status_code == 422
    assert "Both copies of 5-1 are already on the table" in alert(resp.get_data(as_text=True))
    assert api_state(client, url)["events"] == before
    # Both copies on the table: the tile picker greys the design out.
    html = client.get(url).get_data(as_text=True)
    assert re.search(r'name="tile" value="5-1" aria-label="[^"]*"\s+disabled', html)


def test_out_of_turn_is_refused(client, url):
    start_hand(client, url)
    resp = place(client, url, 0, "1-3", ["0,2", "1,2"])
    assert resp.status_code == 422 and "turn" in alert(resp.get_data(as_text=True))


def test_cannot_play_lists_every_legal_placement_with_its_score(client, url):
    start_hand(client, url)
    place(client, url, 1, "3-1", ["0,2", "1,2"], turn="1")
    html = client.get(f"{url}/bead-game/legal?hand=4-4", headers=HX).get_data(as_text=True)
    assert "1 × 4 × 4 × 2 = 32" in html and "Place this" in html
    first = html.index("<li>")
    assert "1 × 4 × 4 × 2 = 32" in html[first : html.index("</li>", first)]  # best first
    # "Place this" records the listed placement for the player to move.
    found = re.search(
        r'name="cell" value="([-\d,]+)"><input type="hidden" name="cell" value="([-\d,]+)"', html
    )
    resp = place(client, url, 0, "4-4", [found.group(1), found.group(2)])
    assert resp.status_code == 200 and scores(resp.get_data(as_text=True)) == ["32", "9"]
    html = client.get(f"{url}/bead-game/legal?hand=2-2&hand=3-3", headers=HX).get_data(as_text=True)
    assert "legal placements for 2-2, 3-3" in html
    html = client.get(f"{url}/bead-game/legal", headers=HX).get_data(as_text=True)
    assert "Tap the tiles in the hand first." in html
    html = client.get(f"{url}/bead-game/legal?hand=7-1", headers=HX).get_data(as_text=True)
    assert "not in this set" in html
    # Without htmx it is a page of its own with a way back.
    html = client.get(f"{url}/bead-game/legal?hand=4-4").get_data(as_text=True)
    assert "<html" in html and "Back to the table" in html


def test_a_hand_with_passes_and_the_end_form_then_the_next_hand(client, url):
    start_hand(client, url)
    place(client, url, 1, "3-1", ["0,2", "1,2"], turn="1")
    place(client, url, 0, "4-4", ["0,3", "1,3"])
    for seat in (1, 0):
        resp = client.post(f"{url}/events", data={"type": "pass", "seat": str(seat)}, headers=HX)
        assert resp.status_code == 200
    html = client.get(url).get_data(as_text=True)
    assert "Every player passed in turn" in html and 'name="left0"' in html and 'name="left1"' in html
    # The 26 tiles not on the table, split so that neither hand holds a design twice.
    rest = Counter({d: 2 for d in DESIGNS})
    rest.subtract(["5-1", "5-2", "3-1", "4-4"])
    tiles = sorted(rest.elements())
    hands = {"left0": tiles[0::2], "left1": tiles[1::2]}
    wrong = client.post(f"{url}/bead-game/end", data={"left0": tiles[:3], "left1": tiles[3:5]}, headers=HX)
    assert wrong.status_code == 422 and "so 13 are left, not 3" in alert(wrong.get_data(as_text=True))
    resp = client.post(f"{url}/bead-game/end", data=hands, headers=HX)
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200, alert(html)
    state = api_state(client, url)
    penalties = state["detail"]["hands"][0]["penalties"]
    assert penalties[0] == sum(-5 if t[0] == t[2] else -25 for t in hands["left0"])
    assert state["totals"] == [32 + penalties[0], 9 + penalties[1]]
    assert "Penalties" in html and 'name="leader"' not in html  # hand 2: the lead passes left
    assert start_hand(client, url, leader=None).status_code == 200
    assert api_state(client, url)["detail"]["leader"] == 0


def test_the_golden_record_imports_with_its_totals_and_renders(client):
    record = json.loads((RECORDS / "bead-game-two-hands.json").read_text())
    resp = client.post("/api/v1/records", json=record)
    assert resp.status_code == 201, resp.get_json()
    table_id = resp.get_json()["id"]
    state = client.get(f"/api/v1/tables/{table_id}").get_json()
    assert state["totals"] == [1132, 898] and state["finished"] is True and state["winners"] == [0]
    html = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert scores(html) == ["1132", "898"]
    assert "Hand total" in html and "−30" in html
    assert 'name="cell"' not in html  # finished: nothing to tap


def test_a_viewer_sees_the_board_but_no_forms(app, client, url):
    start_hand(client, url)
    place(client, url, 1, "3-1", ["0,2", "1,2"], turn="1")
    viewer = app.test_client()
    html = viewer.get(url).get_data(as_text=True)
    assert 'class="bead-svg"' in html and "1 × 3 × 3 = 9" in html
    assert 'name="cell"' not in html and "bead-game/place" not in html
    assert (
        viewer.post(
            f"{url}/bead-game/place", data={"seat": "0", "tile": "4-4", "cell": ["0,3", "1,3"]}
        ).status_code
        == 403
    )


def test_japanese_board_messages(client, url):
    start_hand(client, url)
    resp = client.post(
        f"{url}/bead-game/place",
        data={"seat": "1", "tile": "3-2", "turn": "1", "cell": ["0,2", "1,2"]},
        headers={**HX, "Accept-Language": "ja"},
    )
    message = alert(resp.get_data(as_text=True))
    assert resp.status_code == 422 and "5, 2, 2" in message and re.search(r"[\u3040-\u30ff]", message)


def shown_text(html: str) -> str:
    """What a player reads or hears: the text, the board's row and column numbers, the cells' names."""
    labels = " ".join(re.findall(r'aria-label="([^"]*)"', html))
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)) + " " + labels


# A coordinate as the board's own numbers would say it: "row -1", "column -3", "0,-2", "[-1, 1]"
NEGATIVE_CELL = re.compile(r"(?i)(?:row|column|行|列)\s*-\d|-?\d+\s*,\s*-\d|\[-?\d+, -?\d+\]|(?<![\d\w-])-\d+(?:行|列)")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_bead_page_or_answer_names_a_cell_by_a_negative_coordinate(client, lang):
    """The golden game grows up and left (rows -4, columns -5): the board numbers its rows and
    columns from 1 at its top left as drawn, the cells are named by those numbers, the lines by the
    numbers on them, and the legal placements and refusals say cells in the same words."""
    record = json.loads((Path(__file__).parent.parent / "records" / "bead-game-two-hands.json").read_text())
    made = client.post("/api/v1/records", json={**record, "events": record["events"][:19]}).get_json()
    table = made["id"]
    client.get(f"/t/{table}/join/{made['scorer_token']}")
    say = {"Accept-Language": lang}
    page = client.get(f"/t/{table}", headers=say).get_data(as_text=True)
    axis = [int(n) for n in re.findall(r'class="bead-axis"[^>]*>(-?\d+)<', page)]
    assert axis and min(axis) == 1, axis  # the board is drawn with rows -6 to 3 and columns -7 to 4
    said = shown_text(page)
    assert not NEGATIVE_CELL.search(said), NEGATIVE_CELL.search(said)
    assert ("row of" in said) if lang == "en" else ("の行" in said or "の列" in said)
    legal = client.get(f"/t/{table}/bead-game/legal", query_string={"hand": ["4-1", "3-3"]}, headers={**HX, **say})
    listed = shown_text(legal.get_data(as_text=True))
    assert re.search(r"on row \d+, column \d+ and row \d+, column \d+" if lang == "en" else r"\d+行\d+列", listed)
    assert not NEGATIVE_CELL.search(listed), NEGATIVE_CELL.search(listed)
    # refusals: cells not side by side, a cell taken, no contact, not a pattern
    for cells in (["-4,1", "-4,3"], ["-4,1", "-5,1"], ["-9,-9", "-9,-8"], ["-5,1", "-5,2"]):
        form = {"seat": "0", "tile": "3-2", "turn": "0", "cell": cells}
        resp = client.post(f"/t/{table}/bead-game/place", data=form, headers={**HX, **say})
        assert resp.status_code == 422
        answer = shown_text(resp.get_data(as_text=True))
        assert not NEGATIVE_CELL.search(answer), (cells, NEGATIVE_CELL.search(answer))


def test_a_hand_holding_both_copies_of_a_design_can_be_ended_and_corrected(client):
    """Two sets are in play (D1): the end-of-hand picker has a second box for a design both of whose
    copies may still be in hand, one box for a design with one copy on the table, none for a design
    whose two copies are down; a hand with both 2-2s is recorded, and so is its correction."""
    from tables import new_table, post

    table = new_table(client, "bead-game", ("Aki", "Ben"), scorer=True)
    url = f"/t/{table['id']}"
    start_hand(client, url)
    place(client, url, 1, "3-1", ["0,2", "1,2"], turn="1")
    place(client, url, 0, "4-4", ["0,3", "1,3"])
    for seat in (1, 0):
        client.post(f"{url}/events", data={"type": "pass", "seat": str(seat)}, headers=HX)
    html = client.get(url).get_data(as_text=True)
    boxes = Counter(re.findall(r'name="left1" value="(\d-\d)"', html))
    assert boxes["2-2"] == 2 and boxes["5-1"] == 1 and boxes["4-4"] == 1
    rest = Counter({d: 2 for d in DESIGNS})
    rest.subtract(["5-1", "5-2", "3-1", "4-4"])
    others = sorted((rest - Counter({"2-2": 2})).elements())
    aki, ben = ["2-2", "2-2", *others[:11]], others[11:]
    resp = client.post(f"{url}/bead-game/end", data={"left0": aki, "left1": ben}, headers=HX)
    assert resp.status_code == 200, alert(resp.get_data(as_text=True))
    state = api_state(client, url)
    assert state["detail"]["hands"][0]["left"][0].count("2-2") == 2
    end_seq = state["events"][-1]["seq"]
    swapped = {"type": "end", "hands": [others[:13], ["2-2", "2-2", *others[13:]]]}
    fixed = post(client, table, {"type": "correct", "target": end_seq, "event": swapped})
    assert fixed.status_code == 201, fixed.get_json()
    assert fixed.get_json()["state"]["detail"]["hands"][0]["left"][1].count("2-2") == 2
