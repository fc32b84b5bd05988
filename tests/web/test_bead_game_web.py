"""The Domino Bead Game on the web: the HTML forms (starter, taps on the board, pass, end), every
refusal the issue lists, the "cannot play?" list, and the golden record through the JSON API."""

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from tests.web.tables import new_table_by_form

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
    return new_table_by_form(client, "bead-game", ("Aki", "Ben", ""))


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


def golden_table(client, events: int) -> str:
    """The golden record's first ``events`` events as a table this client scores; its address."""
    record = json.loads((RECORDS / "bead-game-two-hands.json").read_text())
    made = client.post("/api/v1/records", json={**record, "events": record["events"][:events]}).get_json()
    client.get(f"/t/{made['id']}/join/{made['scorer_token']}")
    return f"/t/{made['id']}"


def answer_text(html: str) -> str:
    """The answer box's words, spaces squeezed (a tile's name kept whole is inline: no space)."""
    box = re.sub(r'<span class="tile-name">([^<]*)</span>', r"\1", html[html.index('id="answer"') :])
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", box)).strip()


@pytest.mark.parametrize(
    ("tiles", "en", "ja"),
    [
        (["2-3", "4-4"], "1 tile at −25, 1 double at −5", "牌1枚×−25点、ダブル1枚×−5点"),  # D-E12: −30
        (["4-1"], "1 tile at −25", "牌1枚×−25点"),
        (["2-2", "1-1"], "2 doubles at −5 each", "ダブル2枚×−5点"),
        (  # round 4's blocked hand: Max held 12 tiles, −200
            ["5-5", "5-3", "5-1", "4-3", "4-2", "4-1", "3-3", "3-2", "2-2", "2-1", "1-1", "1-1"],
            "7 tiles at −25 each, 5 doubles at −5 each",
            "牌7枚×−25点、ダブル5枚×−5点",
        ),
        ([], "no tile left", "残り牌なし"),
    ],
)
def test_a_penalty_says_why_counted_by_kind(app, tiles, en, ja):
    """D21: −25 for a tile left in hand, −5 for a double; the answer says how many of each."""
    from referee.games.bead_game.web import bead_penalty_words

    items = [{"tile": t, "points": -5 if t[0] == t[2] else -25} for t in tiles]
    for lang, words in (("en", en), ("ja", ja)):
        with app.test_request_context(headers={"Accept-Language": lang}):
            assert bead_penalty_words(items) == words


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            [
                "Recorded: Hand over. Aki still holds 5-1, 4-4. Ben still holds 4-4, 4-1.",
                "Hand 2 scored",
                "Aki −30 1 tile at −25, 1 double at −5",
                "Ben −30 1 tile at −25, 1 double at −5",
                "Totals: Aki 1132 (+399 this hand), Ben 898 (+385 this hand)",
                "Aki won by 234 after hand 2.",
            ],
        ),
        (
            "ja",
            [
                "ハンド終了。Akiさんの手に残った牌：5-1、4-4。Benさんの手に残った牌：4-4、4-1。",
                "第2ハンドの得点",
                "Aki −30 牌1枚×−25点、ダブル1枚×−5点",
                "合計：Aki 1132点（このハンド+399点）、Ben 898点（このハンド+385点）",
                "第2ハンド終了時点でAkiさんが234点差で勝ちました。",
            ],
        ),
    ],
)
def test_the_end_of_a_hand_answers_with_penalties_totals_and_the_winner(client, lang, said):
    """The golden game's last entry, tapped: the tiles listed with commas, each player's penalty with
    its reason, the new totals with the hand's points, and who won (issue 27)."""
    url = golden_table(client, 57)
    form = {"left0": ["5-1", "4-4"], "left1": ["4-4", "4-1"]}
    resp = client.post(f"{url}/bead-game/end", data=form, headers={**HX, "Accept-Language": lang})
    assert resp.status_code == 200, alert(resp.get_data(as_text=True))
    answer = answer_text(resp.get_data(as_text=True))
    for words in said:
        assert words in answer, (words, answer)
    assert "5-1 4-4" not in answer  # no list of tiles run together


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tile_in_the_recorded_line_never_breaks_after_its_hyphen(client, lang):
    """newplayer5: the end of a hand's tile list wrapped inside a name ("5-" then "3" on the next line).
    Each name in the "Recorded:" line is one unbreakable span, which app.css keeps on one line."""
    url = golden_table(client, 57)
    form = {"left0": ["5-1", "4-4"], "left1": ["4-4", "4-1"]}
    html = client.post(f"{url}/bead-game/end", data=form, headers={**HX, "Accept-Language": lang}).get_data(as_text=True)
    recorded = html[html.index('class="answer-last"') :]
    recorded = recorded[: recorded.index("</p>")]
    assert re.findall(r'<span class="tile-name">(\d-\d)</span>', recorded) == ["5-1", "4-4", "4-4", "4-1"]
    assert re.findall(r"\d-\d", re.sub(r'<span class="tile-name">\d-\d</span>', "", recorded)) == []
    assert ".tile-name { white-space: nowrap; }" in client.get("/static/css/app.css").get_data(as_text=True)


def test_a_hand_ended_with_no_tile_left_says_who_leads(client):
    url = golden_table(client, 29)
    resp = client.post(f"{url}/bead-game/end", data={}, headers=HX)
    answer = answer_text(resp.get_data(as_text=True))
    assert "Recorded: Hand over; no tile left in any hand." in answer
    assert "Aki 0 no tile left" in answer and "Ben 0 no tile left" in answer
    assert "Totals: Aki 733 (+733 this hand), Ben 513 (+513 this hand)" in answer
    assert "Aki leads by 220 after hand 1." in answer


def test_the_pass_is_beside_cannot_play_under_the_board_and_the_tiles_left_are_steps(client):
    """Passing is a play on the surface (issue 27): its button in the row under the board, before the
    answer, not at the foot of the entry form; once play stops the board waits in a sheet and each
    player's tiles left are a step of the end form."""
    url = golden_table(client, 55)
    page = client.get(url).get_data(as_text=True)
    tools = page.index('class="bead-tools"')
    assert tools < page.index('id="bead-pass"') < page.index('id="answer"')
    assert page.index('id="bead-cannot-sheet"') < page.index('id="bead-pass"')
    assert client.post(f"{url}/events", data={"type": "pass", "seat": "0"}, headers=HX).status_code == 200
    client.post(f"{url}/events", data={"type": "pass", "seat": "1"}, headers=HX)
    page = client.get(url).get_data(as_text=True)
    assert 'id="bead-pass"' not in page
    assert page.index('id="bead-board-sheet"') < page.index('class="bead-svg"')  # the board in its sheet
    form = page[page.index('class="stack bead-left-form"') :]
    assert " data-steps " in form[:80]
    steps = re.findall(r'data-picker="(left\d)" data-step\s+data-chip="(\w+)"\s+data-need="(\d+)"', form)
    assert steps == [("left0", "Aki", "2"), ("left1", "Ben", "2")]


def test_the_big_screen_and_a_moment_show_the_ended_hands_board_itself(client):
    """Only the play surface puts the ended hand's board in a sheet: the big screen and a moment of the
    dispute tools show it as it lies."""
    url = golden_table(client, 57)
    seq = api_state(client, url)["events"][-1]["seq"]
    for page in (client.get(f"{url}/screen"), client.get(f"{url}?at={seq}")):
        html = page.get_data(as_text=True)
        assert page.status_code == 200 and 'class="bead-svg"' in html and "bead-board-sheet" not in html


@pytest.mark.parametrize(
    ("lang", "says", "not_said"),
    [("en", "No one holds a tile: nothing is taken off.", "Tap the tiles each player still holds"),
     ("ja", "手に牌を持っている人はいないので、差し引く点はありません。", "25")],
)  # fmt: skip
def test_a_hand_whose_players_hold_no_tile_asks_for_no_taps(client, lang, says, not_said):
    """np13 finding 15: both hands empty, the end form still said "Tap the tiles each player still holds" with
    nothing to tap; it says there is nothing to take off."""
    from tests.web.tables import new_table, post

    record = json.loads((RECORDS / "bead-game-two-hands.json").read_text())
    table = new_table(client, "bead-game", tuple(record["players"]), scorer=True)
    for event in record["events"][:29]:  # hand 1 played out: both hands empty
        assert post(client, table, event).status_code == 201, event
    page = client.get(f"/t/{table['id']}", headers={"Accept-Language": lang}).get_data(as_text=True)
    hint = page.split('class="muted bead-left-hint">', 1)[1].split("</p>", 1)[0]
    assert says in hint and not_said not in hint and "has no tiles left" not in hint, hint
