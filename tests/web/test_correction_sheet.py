"""Corrections in a sheet over the play surface, in players' words (issue 27).

With htmx the history's "Correct" link brings the correction as a sheet beside the table (the page
behind is not reloaded); saving answers with the table and closes the sheet; a refusal (a stale
page, a rule) answers with the sheet again, the picks kept and the sentence why. Without JavaScript
the same address is a page of its own. The sheet names the play ("Fix trick 1"), the answer says
"Corrected:", and a player never reads "event": the history's word is "entry" (記録), in both languages.
"""

import re

import pytest
from test_undo_redo_correct import form_as_posted, imported
from werkzeug.datastructures import MultiDict

from tests.web.tables import new_table

HX = {"HX-Request": "true"}
JA = {"Accept-Language": "ja"}


def text_of(page: str) -> str:
    """What a reader sees: the page without its tags (attributes and hidden values are no words)."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def answer_of(page: str) -> str:
    start = page.index('id="answer"')
    return text_of(page[start : page.index("</section>", start)])


def test_the_correct_link_opens_a_sheet_beside_the_table(client):
    table, _record = imported(client, "bingo-four-deals-to-eight.json")
    page = client.get(f"/t/{table}").get_data(as_text=True)
    # the slot is outside #table (a live update of the table keeps an open sheet), and the history's
    # links fetch the sheet into it; their href is still the page of its own
    assert page.index('id="correction-slot"') > page.index("</main>")
    assert re.search(r'<ol class="events"[^>]*hx-target="#correction-slot"', page)
    assert f'<a class="edit" href="/t/{table}/correct/3" hx-get="/t/{table}/correct/3">' in page

    sheet = client.get(f"/t/{table}/correct/3", headers=HX).get_data(as_text=True)
    assert sheet.lstrip().startswith('<dialog open id="correction"') and "<html" not in sheet
    assert 'hx-post="' in sheet and 'hx-target="#correction"' in sheet
    assert 'form="correction-close"' in sheet and '<form method="dialog" id="correction-close">' in sheet
    plain = client.get(f"/t/{table}/correct/3").get_data(as_text=True)
    assert "<html" in plain and "<dialog" not in plain and "hx-post" not in plain


def score_pad(client) -> str:
    """A score pad of Aki and Ben with two rounds (7-3, 2-2), this client its scorer."""
    made = new_table(client, players=("Aki", "Ben"), scorer=True)
    for points in (["7", "3"], ["2", "2"]):
        client.post(f"/t/{made['id']}/events", data={"type": "round", "points": points})
    return made["id"]


def fixed(page: str) -> list[tuple[str, str]]:
    """The correction form of round 1 as posted, Aki's 7 changed to 9."""
    return [(n, "9" if (n, v) == ("points", "7") else v) for n, v in form_as_posted(page)]


def test_a_correction_saved_from_the_sheet_answers_with_the_table_and_says_corrected(client):
    table = score_pad(client)
    sheet = client.get(f"/t/{table}/correct/1", headers=HX).get_data(as_text=True)
    resp = client.post(f"/t/{table}/correct/1", data=MultiDict(fixed(sheet)), headers=HX)
    assert resp.status_code == 200
    assert (resp.headers["HX-Retarget"], resp.headers["HX-Reswap"]) == ("#table", "outerHTML")
    page = resp.get_data(as_text=True)
    assert page.lstrip().startswith('<main id="table"')
    assert '<div id="correction-slot" hx-swap-oob="true"></div>' in page  # the sheet closes
    answer = answer_of(page)
    assert "Corrected: Round 1: Aki +9, Ben +3" in answer and "Recorded" not in answer
    assert client.get(f"/api/v1/tables/{table}").get_json()["totals"] == [11, 5]
    ja = answer_of(client.get(f"/t/{table}", headers=JA).get_data(as_text=True))
    assert "訂正しました：" in ja and "記録しました" not in ja
    # the next entry is "Recorded:" again
    client.post(f"/t/{table}/events", data={"type": "round", "points": ["1", "1"]})
    assert "Recorded:" in answer_of(client.get(f"/t/{table}").get_data(as_text=True))


def test_without_javascript_a_saved_correction_opens_the_table_at_its_answer(client):
    table = score_pad(client)
    page = client.get(f"/t/{table}/correct/1").get_data(as_text=True)
    resp = client.post(f"/t/{table}/correct/1", data=MultiDict(fixed(page)))
    assert resp.status_code == 302 and resp.headers["Location"].endswith(f"/t/{table}#answer")
    assert "Corrected: Round 1: Aki +9, Ben +3" in answer_of(client.get(f"/t/{table}").get_data(as_text=True))


def test_a_refused_correction_stays_in_its_sheet_with_the_picks_and_why(client):
    table, _record = imported(client, "bingo-four-deals-to-eight.json")
    before = client.get(f"/api/v1/tables/{table}").get_json()
    sheet = client.get(f"/t/{table}/correct/3", headers=HX).get_data(as_text=True)
    # a rule: 6-6 as the lead of trick 1 is refused by the replay
    fields = [(n, "6-6" if n == "lead" else v) for n, v in form_as_posted(sheet)]
    resp = client.post(f"/t/{table}/correct/3", data=MultiDict(fields), headers=HX)
    assert resp.status_code == 422 and "HX-Retarget" not in resp.headers
    again = resp.get_data(as_text=True)
    assert again.lstrip().startswith('<dialog open id="correction"') and 'role="alert"' in again
    assert ("lead", "6-6") in form_as_posted(again)
    assert client.get(f"/api/v1/tables/{table}").get_json()["events"][2] == before["events"][2]


def test_a_stale_sheet_is_refused_in_the_sheet_with_the_picks_kept(client):
    table = score_pad(client)
    sheet = client.get(f"/t/{table}/correct/1", headers=HX).get_data(as_text=True)
    client.post(f"/t/{table}/events", data={"type": "round", "points": ["1", "1"]})  # another phone
    resp = client.post(f"/t/{table}/correct/1", data=MultiDict(fixed(sheet)), headers=HX)
    assert resp.status_code == 409
    again = resp.get_data(as_text=True)
    assert again.lstrip().startswith('<dialog open id="correction"') and 'role="alert"' in again
    assert "Someone else recorded something just now" in text_of(again)
    assert ("points", "9") in form_as_posted(again)
    assert client.get(f"/api/v1/tables/{table}").get_json()["totals"] == [10, 6]


@pytest.mark.parametrize(
    ("record", "seq", "en", "ja"),
    [
        ("bingo-four-deals-to-eight.json", 3, "Fix trick 1", "第1トリックを訂正"),
        ("bingo-four-deals-to-eight.json", 1, "Fix the start of deal 1", "第1ディールの始まりを訂正"),
        ("bingo-four-deals-to-eight.json", 2, "Fix this entry", "この記録を訂正"),  # a declaration
        ("five-up-partners-to-61.json", 1, "Fix the start of hand 1", "第1ハンドの始まりを訂正"),
        ("ninety-nine-three-player-game-to-100.json", 4, "Fix trick 1", "第1トリックを訂正"),
        ("trick-de-bingo-one-round.json", 1, "Fix the start of round 1", "第1ラウンドの始まりを訂正"),
        ("bead-game-two-hands.json", 2, "Fix this entry", "この記録を訂正"),
    ],
)
def test_the_correction_names_the_play_not_an_event(client, record, seq, en, ja):
    table, _record = imported(client, record)
    for headers, title in (({}, en), (JA, ja)):
        page = client.get(f"/t/{table}/correct/{seq}", headers=headers).get_data(as_text=True)
        assert f">{title}</h1>" in page
        assert not re.search(r"(?i)\bevent\b|イベント", text_of(page))


def test_a_score_pad_round_is_fixed_as_a_round(client):
    made = new_table(client, players=("Aki", "Ben"), scorer=True)
    client.post(f"/t/{made['id']}/events", data={"type": "round", "points": ["7", "3"]})
    assert ">Fix round 1</h1>" in client.get(f"/t/{made['id']}/correct/1").get_data(as_text=True)


def test_the_history_says_entry_for_what_players_call_an_entry(client):
    """Pending and rejected corrections and breaches name the entry by the number the history shows
    (its log line, as the dispute report and ``?at=`` do: issue 27), never "event"."""
    made = client.post(
        "/api/v1/tables",
        json={"game": "score-pad", "players": ["Aki", "Ben"], "options": {}, "confirm_corrections": True},
    ).get_json()
    table = made["id"]
    client.get(f"/t/{table}/join/{made['scorer_token']}")
    for points in (["1", "1"], ["2", "2"], ["3", "3"]):
        client.post(f"/t/{table}/events", data={"type": "round", "points": points})
    client.post(f"/t/{table}/undo")  # seq 4 undoes seq 3: seq 5 is the third entry that stands, entry 5
    client.post(f"/t/{table}/events", data={"type": "round", "points": ["4", "4"]})
    page = client.get(f"/t/{table}/correct/5").get_data(as_text=True)
    fields = [(n, "9" if n == "points" and v == "4" else v) for n, v in form_as_posted(page)]
    client.post(f"/t/{table}/correct/5", data=MultiDict(fields))
    for headers, word in (({}, "Entry 5: the scorer proposes"), (JA, "記録5：記録係の訂正案")):
        shown = text_of(client.get(f"/t/{table}", headers=headers).get_data(as_text=True))
        assert word in shown
        assert not re.search(r"(?i)\bevent\b|イベント", shown)


@pytest.mark.parametrize("record", ["bingo-four-deals-to-eight.json", "ninety-nine-three-player-game-to-100.json"])
def test_no_table_page_speaks_of_events(client, record):
    table, rec = imported(client, record)
    last = len(rec["events"])
    for headers in ({}, JA):
        for url in (f"/t/{table}", f"/t/{table}?at={last // 2}", f"/t/{table}/screen"):
            shown = text_of(client.get(url, headers=headers).get_data(as_text=True))
            assert not re.search(r"(?i)\bevents?\b|イベント", shown), url


def test_a_viewer_reads_why_it_cannot_record_and_how_to_get_a_scoring_link(client):
    made = client.post("/api/v1/tables", json={"game": "score-pad", "players": ["Aki", "Ben"]}).get_json()
    table = made["id"]
    viewer = text_of(client.get(f"/t/{table}").get_data(as_text=True))
    assert "cannot record: it opened the viewer link" in viewer and "scan the scorer link" in viewer
    ja = text_of(client.get(f"/t/{table}", headers=JA).get_data(as_text=True))
    assert "記録はできません" in ja and "記録係のリンク" in ja
    client.get(f"/t/{table}/join/{made['scorer_token']}")
    scorer = client.get(f"/t/{table}").get_data(as_text=True)
    assert 'id="viewer-note"' not in scorer


def inputs(page: str, name: str) -> dict[str, str]:
    """The picker ``name`` of a correction sheet: value -> its input tag."""
    tags = re.findall(rf'<input\b[^>]*name="{re.escape(name)}"[^>]*>', page)
    return {re.search(r'value="([^"]*)"', t).group(1): t for t in tags}


@pytest.mark.parametrize(
    "record, seq, name, own, spent, free, absent",
    [
        # Bingo deal 1, trick 2 (6-6, 5-2): trick 1's tiles and the tiles shown after the claim are
        # spent; 4-1, played only in deal 2, is free
        ("bingo-four-deals-to-eight.json", 4, "lead", "6-6", ["0-0", "5-3", "6-5"], ["4-1", "5-2"], []),
        # Ninety-Nine for three, deal 1, trick 1 (KS 6D 9S): the 36-card pack, no five or two; the other
        # tricks' cards of the same deal are spent, the sealed bids' cards (7S, QH) are not: greying them
        # would tell whoever opens the correction what was bid
        (
            "ninety-nine-three-player-game-to-100.json",
            4,
            "cards.0",
            "KS",
            ["9H"],
            ["7S", "QH"],
            ["5S", "2H"],
        ),
        # Ninety-Nine deal 2, Aki's bid (AC 8D 9S): deal 1's cards are free again, and so is Ben's sealed bid
        ("ninety-nine-three-player-game-to-100.json", 16, "cards", "AC", [], ["QS", "KS", "KH", "AS"], ["5S"]),
    ],
)
def test_a_correction_offers_the_games_own_pack_with_the_deals_other_tiles_and_cards_greyed(
    client, record, seq, name, own, spent, free, absent
):
    table, _record = imported(client, record)
    offered = inputs(client.get(f"/t/{table}/correct/{seq}", headers=HX).get_data(as_text=True), name)
    assert "checked" in offered[own] and "disabled" not in offered[own]  # the entry as it stands
    assert [v for v in spent if "disabled" not in offered[v]] == []
    assert [v for v in free if "disabled" in offered[v]] == []
    assert [v for v in absent if v in offered] == []


def test_a_ninety_nine_deal_is_corrected_without_a_turned_up_card_unless_the_table_plays_one(client):
    table, _record = imported(client, "ninety-nine-three-player-game-to-100.json")
    sheet = client.get(f"/t/{table}/correct/1", headers=HX).get_data(as_text=True)
    assert "dealer" in sheet and 'name="turnup"' not in sheet
