"""A Five Up draw corrected after its hand ended (issue 27, newplayer11 #4): the end was counted with the hand
sizes of the old draw, so the correction's answer says whose hand size changed and asks for the end to be
corrected too, instead of a bare "No total changed."."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

HX = {"HX-Request": "true"}


RECORD = json.loads((Path(__file__).parents[1] / "records" / "five-up-partners-to-61.json").read_text("utf-8"))


def scorer_table(client, events) -> str:
    made = client.post("/api/v1/records", json={**RECORD, "events": events}).get_json()
    with client.session_transaction() as session:
        session["tokens"] = {f"{made['id']}:scorer": made["scorer_token"]}
    return made["id"]


def correct_draw(client, table: str, seq: int, count: int) -> str:
    """The draw logged as ``seq`` corrected to ``count`` on its sheet; the answer's words."""
    page = client.get(f"/t/{table}/correct/{seq}", headers=HX).get_data(as_text=True)
    based_on = re.search(r'name="based_on" value="(\d+)"', page).group(1)
    seat = re.search(r'name="seat" value="(\d+)"', page).group(1)
    data = {"type": "draw", "seat": seat, "count": str(count), "based_on": based_on}
    resp = client.post(f"/t/{table}/correct/{seq}", data=data, headers=HX)
    html = unescape(resp.get_data(as_text=True))
    assert resp.status_code == 200, html
    box = html[html.index('id="answer"') : html.index("</section>", html.index('id="answer"'))]
    return " ".join(re.sub(r"<[^>]+>", " ", box).split())


def test_a_draw_corrected_after_the_hand_ended_asks_for_the_end_to_be_corrected(client):
    """Hand 7 of the golden record: Chie draws 2 (event 152), Dai goes out, the end counts Chie's pips from the 3
    tiles she showed. Her draw corrected to 1: her pips still can be, so the correction stands, but she held one
    tile fewer than the end counted. (A correction that makes the end's pips impossible is refused as before.)"""
    table = scorer_table(client, RECORD["events"][:161])
    said = correct_draw(client, table, 153, 1)
    assert "Corrected: Chie draws 1 tile." in said and "No total changed." in said, said
    check = "Chie now holds 2 tiles at the end of hand 7, not 3 as when its end was counted: correct the end of the hand too."
    assert f"Check: {check}" in said, said
    client.set_cookie("lang", "ja")  # the answer stays until the next entry: a reload says it again, in Japanese here
    page = " ".join(re.sub(r"<[^>]+>", " ", unescape(client.get(f"/t/{table}").get_data(as_text=True))).split())
    assert "確認： 第7ハンドの終わりのChieさんの手牌は2枚です（終わりを数えたときは3枚）。ハンドの終わりも訂正してください。" in page


def test_one_tile_and_a_hand_in_play(client):
    """Singular: Dai's draw of 2 in hand 4 corrected to 1 leaves him 1 tile. And a draw corrected in the hand
    still in play (no end recorded yet) says nothing more."""
    table = scorer_table(client, RECORD["events"][:88])
    assert "Check: Dai now holds 1 tile at the end of hand 4, not 2 as when" in correct_draw(client, table, 77, 1)
    table = scorer_table(client, RECORD["events"][:155])
    said = correct_draw(client, table, 153, 1)
    assert "Corrected: Chie draws 1 tile." in said and "Check:" not in said, said


def test_a_draw_correction_the_end_cannot_take_names_the_end_to_fix_first(client):
    """Hand 7: Aki's draw of 2 (entry 145) corrected to 1 leaves her 3 tiles at the end (entry 161), whose pips
    (counted from 4) a hand of 3 cannot hold: refused, and the refusal names the end as the entry to fix first,
    not only "Tiles in Aki's hand: 3" as if the draw's own sheet were wrong (np12-check #1). Both languages."""
    table = scorer_table(client, RECORD["events"][:161])
    for lang, words in (
        ("en", "Entry 161, later in the game, does not fit this change: Tiles in Aki's hand: 3."),
        ("ja", "記録161（この後の記録）がこの訂正と合いません："),
    ):
        client.set_cookie("lang", lang)
        page = client.get(f"/t/{table}/correct/145", headers=HX).get_data(as_text=True)
        based_on = re.search(r'name="based_on" value="(\d+)"', page).group(1)
        data = {"type": "draw", "seat": "0", "count": "1", "based_on": based_on}
        resp = client.post(f"/t/{table}/correct/145", data=data, headers=HX)
        said = " ".join(re.sub(r"<[^>]+>", " ", unescape(resp.get_data(as_text=True))).split())
        assert resp.status_code == 422 and words in said, said
    assert len(client.get(f"/api/v1/tables/{table}").get_json()["events"]) == 161  # nothing changed
