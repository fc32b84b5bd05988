"""Trick de Bingo through the HTML forms and the JSON API: drafting, tricks, refusals, seats, a
scanned card link, custom cards and the golden record."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tables import new_table

RECORD = json.loads((Path(__file__).parent.parent / "records" / "trick-de-bingo-one-round.json").read_text())
PLAYERS = RECORD["players"]
PICKS = RECORD["events"][1:37]
TRICKS = RECORD["events"][37:]
GOLDEN_TOTALS = [19, 6, 4, 18]


def join(client, table_id, token):
    assert client.get(f"/t/{table_id}/join/{token}").status_code == 302


def state(client, table_id):
    return client.get(f"/api/v1/tables/{table_id}").json


def api_event(client, created, event, token=None):
    headers = {"Authorization": f"Bearer {token or created['scorer_token']}"}
    return client.post(f"/api/v1/tables/{created['id']}/events", json=event, headers=headers)


def play_trick(client, table_id, cards, htmx=False):
    data = {"type": "trick", **{f"cards.{i}": c for i, c in enumerate(cards)}}
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/t/{table_id}/events", data=data, headers=headers)


@pytest.fixture
def scorer(client):
    created = new_table(client, "trick-de-bingo", PLAYERS, {"rounds": 1})
    join(client, created["id"], created["scorer_token"])
    return created


def drafted(client, created):
    for ev in [RECORD["events"][0], *PICKS]:
        assert api_event(client, created, ev).status_code == 201


def test_full_round_through_the_forms(client, scorer):
    tid = scorer["id"]
    page = client.get(f"/t/{tid}")
    assert page.status_code == 200
    assert 'name="dealer"' in page.text and "Start the round" in page.text
    assert client.post(f"/t/{tid}/events", data={"type": "round", "dealer": "0"}).status_code == 302

    page = client.get(f"/t/{tid}").text
    assert "Aki picks" in page and 'name="card" value="TB-01"' in page and "data-tdb-filter" in page
    for ev in PICKS:
        r = client.post(
            f"/t/{tid}/events",
            data={"type": "pick", "seat": ev["seat"], "card": ev["card"], "cell": ev["cell"]},
        )
        assert r.status_code == 302, r.text
    page = client.get(f"/t/{tid}").text
    assert "Trick 1" in page and 'name="cards.0"' in page and 'name="cards.3"' in page

    r = play_trick(client, tid, TRICKS[0]["cards"], htmx=True)
    assert r.status_code == 200
    assert "Aki won with A♣" in r.text
    assert "Aki flips square 1: " in r.text  # the square on the sheet, not the card id (issue 27)
    assert "Bingo! Aki completes the line 1-5-9." in r.text
    assert "First Bingo: Aki +2" in r.text
    assert re.search(r'class="tdb-cell flipped[^"]*"\s+data-cell="1" data-card="TB-01"', r.text)

    for ev in TRICKS[1:]:
        assert play_trick(client, tid, ev["cards"]).status_code == 302
    s = state(client, tid)
    assert s["finished"] and s["totals"] == GOLDEN_TOTALS and s["winners"] == [0]
    page = client.get(f"/t/{tid}").text
    assert "Finished." in page and "Last Bingo: Dan +2" in page
    assert (
        '<tr data-seat="0"><td>Aki</td><td>1</td><td>2</td><td>0</td><td>7</td><td>4</td><td>4</td><td><b>18</b></td></tr>'
        in page
    )


def test_golden_record_import(client):
    r = client.post("/api/v1/records", json=RECORD)
    assert r.status_code == 201
    s = state(client, r.json["id"])
    assert s["totals"] == GOLDEN_TOTALS and s["finished"] and s["winners"] == [0]
    rows = s["detail"]["score_rows"][0]["rows"]
    assert [row["total"] for row in rows] == [18, 5, 3, 17]
    assert [(b["seat"], b["kind"], b["trick"]) for b in s["detail"]["bonuses"]] == [
        (0, "first", 1),
        (3, "last", 13),
    ]


def refused(client, tid, response, message):
    assert response.status_code == 422, response.text
    assert message in response.text
    return response


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (
            {"type": "pick", "seat": "1", "card": "TB-01", "cell": "1"},
            "It is Aki&#39;s turn to pick a card. <details class=\"why\">",
        ),
        (
            {"type": "pick", "seat": "0", "card": "TB-99", "cell": "1"},
            "There is no condition card TB-99 at this table.",
        ),
        ({"type": "pick", "seat": "0", "card": "TB-01", "cell": "10"}, "A sheet has squares 1 to 9"),
        ({"type": "claim", "seat": "0", "card": "TB-01"}, "claims are only used when the table chose that players claim"),
    ],
)
def test_draft_refusals_leave_the_table_unchanged(client, scorer, event, message):
    tid = scorer["id"]
    client.post(f"/t/{tid}/events", data={"type": "round", "dealer": "0"})
    before = state(client, tid)
    r = client.post(f"/t/{tid}/events", data=event, headers={"HX-Request": "true"})
    refused(client, tid, r, message)
    assert state(client, tid)["seq"] == before["seq"]


def test_taken_card_and_cell_and_early_trick_are_refused(client, scorer):
    tid = scorer["id"]
    client.post(f"/t/{tid}/events", data={"type": "round", "dealer": "0"})
    client.post(f"/t/{tid}/events", data={"type": "pick", "seat": "0", "card": "TB-01", "cell": "5"})
    seq = state(client, tid)["seq"]
    hx = {"HX-Request": "true"}
    refused(
        client,
        tid,
        client.post(
            f"/t/{tid}/events", data={"type": "pick", "seat": "1", "card": "TB-01", "cell": "5"}, headers=hx
        ),
        "“Win a trick with a club” was already drafted by Aki in this round.",
    )
    refused(
        client,
        tid,
        play_trick(client, tid, ["AS", "2S", "3S", "4S"], htmx=True),
        "Drafting is not finished: 1 of 36 cards",
    )
    assert state(client, tid)["seq"] == seq


def test_trick_refusals(client, scorer):
    drafted(client, scorer)
    tid = scorer["id"]
    seq = state(client, tid)["seq"]
    refused(client, tid, play_trick(client, tid, ["AS", "2S", "3S"], htmx=True), "A trick has four cards")
    refused(
        client,
        tid,
        play_trick(client, tid, ["AS", "2S", "AS", "4S"], htmx=True),
        "A♠ appears twice in this trick.",
    )
    assert play_trick(client, tid, ["AS", "2S", "3S", "4S"]).status_code == 302
    r = refused(
        client,
        tid,
        play_trick(client, tid, ["AS", "5S", "6S", "7S"], htmx=True),
        "A♠ was already played in trick 1.",
    )
    # Only the answer box comes back, onto #answer: the trick form keeps the cards as picked.
    assert r.headers["HX-Retarget"] == "#answer" and 'id="table"' not in r.text
    assert state(client, tid)["seq"] == seq + 1


def test_manual_claims_wrong_and_right(client):
    created = new_table(client, "trick-de-bingo", PLAYERS, {"rounds": 1, "manualClaims": True})
    tid = created["id"]
    join(client, tid, created["scorer_token"])
    drafted(client, created)
    assert play_trick(client, tid, TRICKS[0]["cards"]).status_code == 302
    page = client.get(f"/t/{tid}").text
    assert "Can be claimed now" in page and "Record a claim" in page
    seq = state(client, tid)["seq"]
    # TB-09 (lose a trick with an Ace) is on Aki's sheet, and Aki won trick 1 with the Ace of clubs
    r = client.post(
        f"/t/{tid}/events",
        data={"type": "claim", "seat": "0", "card": "TB-09"},
        headers={"HX-Request": "true"},
    )
    refused(client, tid, r, "“Lose a trick with an Ace” is not achieved by trick 1: Aki played A♣ and won it.")
    assert state(client, tid)["seq"] == seq
    assert (
        client.post(f"/t/{tid}/events", data={"type": "claim", "seat": "0", "card": "TB-01"}).status_code
        == 302
    )
    cells = state(client, tid)["detail"]["sheets"][0]
    assert next(c for c in cells if c["card"] == "TB-01")["flipped"]


def test_seat_phone_sees_its_sheet_and_claims_only_for_itself(client, app):
    created = new_table(client, "trick-de-bingo", PLAYERS, {"rounds": 1, "manualClaims": True})
    tid = created["id"]
    drafted(client, created)
    api_event(client, created, {"type": "trick", "cards": TRICKS[0]["cards"]})
    seat = app.test_client()
    join(seat, tid, created["seat_tokens"][0])
    page = seat.get(f"/t/{tid}").text
    assert "Your sheet (Aki)" in page and 'class="tdb-sheet big"' in page
    assert "Aki claims" in page and 'name="cards.0"' not in page
    assert (
        seat.post(f"/t/{tid}/events", data={"type": "claim", "seat": "1", "card": "TB-05"}).status_code == 403
    )
    assert (
        seat.post(f"/t/{tid}/events", data={"type": "claim", "seat": "0", "card": "TB-01"}).status_code == 302
    )
    # the API answers the same way to the seat token
    r = api_event(
        client, created, {"type": "claim", "seat": 1, "card": "TB-05"}, token=created["seat_tokens"][0]
    )
    assert r.status_code == 403


def first_seats_phone(client, app):
    """A one-round table whose round is started, and the first seat's phone joined to it."""
    created = new_table(client, "trick-de-bingo", PLAYERS, {"rounds": 1})
    api_event(client, created, {"type": "round", "dealer": 0})
    seat = app.test_client()
    join(seat, created["id"], created["seat_tokens"][0])
    return created, created["id"], seat


def test_seat_picks_its_own_card(client, app):
    created, tid, seat = first_seats_phone(client, app)
    page = seat.get(f"/t/{tid}").text
    assert "Place the card" in page
    assert (
        seat.post(
            f"/t/{tid}/events", data={"type": "pick", "seat": "0", "card": "TB-07", "cell": "5"}
        ).status_code
        == 302
    )
    r = api_event(
        client,
        created,
        {"type": "pick", "seat": 1, "card": "TB-08", "cell": "5"},
        token=created["seat_tokens"][0],
    )
    assert r.status_code == 403
    assert state(client, tid)["detail"]["sheets"][0][4]["card"] == "TB-07"


def test_scanned_card_link(client, app):
    r = client.get("/c/TB-07")
    assert r.status_code == 200
    assert "クラブをリードしてトリックに勝つ" in r.text and "Lead a club and win that trick" in r.text
    assert "Open your seat link" in r.text and "/print/trick-de-bingo/deck.pdf" in r.text
    assert client.get("/c/NOPE").status_code == 404

    created = new_table(client, "trick-de-bingo", PLAYERS, {"rounds": 1})
    tid = created["id"]
    api_event(client, created, {"type": "round", "dealer": 0})
    phone = app.test_client()
    join(phone, tid, created["seat_tokens"][1])  # Ben: not his turn yet
    assert "It is Aki's turn to pick, not Ben's." in phone.get("/c/TB-07").text
    aki = app.test_client()
    join(aki, tid, created["seat_tokens"][0])
    page = aki.get("/c/tb-07").text
    assert "Place it on Aki's sheet" in page and 'name="cell"' in page
    assert (
        aki.post(
            f"/t/{tid}/events", data={"type": "pick", "seat": "0", "card": "TB-07", "cell": "3"}
        ).status_code
        == 302
    )
    assert "TB-07 is already on a sheet" in phone.get("/c/TB-07").text


def test_custom_card_builder(client, scorer):
    tid = scorer["id"]
    form = {"kind": "trick", "outcome": "win", "suit": "S", "example": "AS 10S 4S KH"}
    r = client.post(
        f"/t/{tid}/trick-de-bingo/custom", data={**form, "action": "preview"}, headers={"HX-Request": "true"}
    )
    assert r.status_code == 200 and 'id="tdb-preview"' in r.text
    assert "achieves it" in r.text and "does not" not in r.text
    r = client.post(
        f"/t/{tid}/trick-de-bingo/custom",
        data={**form, "example": "2S 10S 4S KH", "action": "preview"},
        headers={"HX-Request": "true"},
    )
    assert "does not achieve it" in r.text
    page = client.get(f"/t/{tid}/trick-de-bingo/custom").text
    assert "Make a custom card" in page and "Add it to this table" in page

    r = client.post(f"/t/{tid}/trick-de-bingo/custom", data={**form, "action": "save", "card_id": "TB-01", "vp": "2"})
    assert r.status_code == 422 and "The card id TB-01 is already used" in r.text
    r = client.post(f"/t/{tid}/trick-de-bingo/custom", data={**form, "action": "save", "card_id": "MY-01", "vp": "2"})
    assert r.status_code == 302
    s = state(client, tid)
    card = s["detail"]["custom_cards"][0]
    assert (
        card["id"] == "MY-01"
        and card["vp"] == 2
        and json.loads(s["events"][-1]["condition"])["kind"] == "trick"
    )
    client.post(f"/t/{tid}/events", data={"type": "round", "dealer": "0"})
    assert 'value="MY-01"' in client.get(f"/t/{tid}").text
    assert "MY-01" in client.get("/c/MY-01").text


def test_viewer_cannot_use_the_trick_or_custom_endpoints(client, app):
    created = new_table(client, "trick-de-bingo", PLAYERS, {"rounds": 1})
    viewer = app.test_client()
    assert viewer.post(f"/t/{created['id']}/events", data={"type": "trick", "cards.0": "AS"}).status_code == 403
    r = viewer.post(
        f"/t/{created['id']}/trick-de-bingo/custom", data={"action": "save", "card_id": "X1", "outcome": "win"}
    )
    assert r.status_code == 403
    assert viewer.get("/t/nope/trick-de-bingo/custom").status_code == 404


def test_printables_are_offered(client, scorer):
    for kind in ("deck", "deck-duplex", "mat", "score-sheet"):
        r = client.get(f"/print/trick-de-bingo/{kind}.pdf")
        assert r.status_code == 200 and r.data.startswith(b"%PDF"), kind
        r = client.get(f"/t/{scorer['id']}/print/{kind}.pdf")
        assert r.status_code == 200 and r.data.startswith(b"%PDF"), kind
    assert f"/t/{scorer['id']}/print/deck.pdf" in client.get(f"/t/{scorer['id']}").text


def test_a_custom_card_is_printed_with_the_table_deck_on_letter(client, scorer):
    from io import BytesIO

    from pypdf import PdfReader

    tid = scorer["id"]
    form = {"kind": "count", "n": "3", "outcome": "lose", "action": "save", "card_id": "MY-02", "vp": "3"}
    assert client.post(f"/t/{tid}/trick-de-bingo/custom", data=form).status_code == 302
    r = client.get(f"/t/{tid}/print/deck.pdf?paper=letter")
    reader = PdfReader(BytesIO(r.data))
    assert len(reader.pages) == 6  # 51 cards, 9 a page
    assert round(float(reader.pages[0].mediabox.width)) == 612
    assert "MY-02" in reader.pages[5].extract_text()
    r = client.get("/print/trick-de-bingo/deck-duplex.pdf?back_dx=2&back_dy=-1")
    assert len(PdfReader(BytesIO(r.data)).pages) == 12


def test_rules_words_in_messages_are_translated_too(app):
    """A breach or refusal from the rules carries its msgid and parameters; words the rules put into
    the parameters (suit names, won/lost) are translated with it."""
    from referee.games.trick_de_bingo.rules.view import _SUIT_NAMES
    from referee.web.site.i18n import say

    msgid = (
        "%(player)s did not follow %(suit)s in trick %(trick)s of round %(round)s but still held "
        "%(card)s (played in trick %(later)s)."
    )
    params = {"player": "Ben", "suit": _SUIT_NAMES["C"], "trick": "1", "round": "1", "card": "3♣", "later": "2"}
    with app.test_request_context(headers={"Accept-Language": "ja"}):
        text = say(msgid, params)
    assert "クラブ" in text and "clubs" not in text and "Ben" in text


def test_the_trick_that_ends_the_round_says_each_players_points_by_item(client, scorer):
    """Issue 27: the answer after the round's last trick carries the round's score per player in
    words, item by item (T20), not only in the "Sheets and scores" sheet."""
    tid = scorer["id"]
    drafted(client, scorer)
    for ev in TRICKS[:-1]:
        r = play_trick(client, tid, ev["cards"], htmx=True)
        assert r.status_code == 200 and "Points of round" not in r.text  # only once the round is over
    r = play_trick(client, tid, TRICKS[-1]["cards"], htmx=True)
    answer = r.text[r.text.index('id="answer"') :]
    assert "Points of round 1:" in answer
    # BP and VP spelled out (issue 27): a new player does not know the abbreviations
    # each line adds up to the score bar, which holds the starting chip (newplayer9 #21: "Ada: 4 points" beside "Ada 5")
    assert "Aki: 18 points this round (Bonus points 1, First Bingo 2, 7 flipped, 4 lines, Victory points 4), 19 in all" in answer
    assert "Dan: 17 points this round (" in answer and "Last Bingo 2" in answer
    assert "The score bar adds the starting chip of 1." in answer  # Aki 19 on the bar: newplayer9, i27-walk2
    page = client.get(f"/t/{tid}", headers={"Accept-Language": "ja"}).text
    assert "第1ラウンドの得点：" in page and "Akiさん：このラウンド18点（ボーナス点 1、ファーストビンゴ 2、7枚裏返し、4ライン、勝利点 4）、合計19点" in page
    assert "スコアバーの点数には、初期チップ1枚も入っています。" in page


@pytest.mark.parametrize(("lang", "number"), [("en", "No. 24"), ("ja", "24番")])
def test_sheets_and_scores_name_a_card_by_its_condition_and_printed_number_not_its_id(client, lang, number):
    """Issue 27 (newplayer5): every card of "Sheets and scores" read "TB-02", "TB-06" ... in both languages.
    A player reads the condition, and the number printed big on the card to find it on the table: never
    the id the record keeps. The golden round puts TB-24 on the fourth player's square 3."""
    made = client.post("/api/v1/records", json=RECORD).get_json()
    join(client, made["id"], made["scorer_token"])
    page = client.get(f"/t/{made['id']}", headers={"Accept-Language": lang}).get_data(as_text=True)
    shown = re.sub(r"<[^>]+>", " ", page[page.find("<main") :])
    assert re.findall(r"TB-\d+", shown) == []
    assert number in shown


def test_the_draft_form_and_its_sentence_name_a_place_on_the_sheet_one_way(client, app):
    """The form asks for a square, and the answer says the card went on a square: one word for one thing."""
    _, tid, seat = first_seats_phone(client, app)
    assert "<legend>Square on the sheet</legend>" in seat.get(f"/t/{tid}").text
    seat.post(f"/t/{tid}/events", data={"type": "pick", "seat": "0", "card": "TB-07", "cell": "5"})
    page = seat.get(f"/t/{tid}").text
    assert "on square 5." in page
    assert not re.search(r"\bcells?\b", re.sub(r"<[^>]*>", " ", page), re.IGNORECASE)


def test_no_sentence_of_the_game_calls_a_square_a_cell():
    """Every English sentence of the game (its catalogue's msgids) says "square": a player meets one word."""
    import babel.messages.pofile

    po = Path(__file__).parents[2] / "referee/games/trick_de_bingo/translations/ja/LC_MESSAGES/messages.po"
    with po.open("rb") as f:
        ids = [m.id if isinstance(m.id, str) else " ".join(m.id) for m in babel.messages.pofile.read_po(f) if m.id]
    words = [re.sub(r"%\(\w+\)s", "", i) for i in ids]  # a placeholder's name is no word a player reads
    assert [w for w in words if re.search(r"\bcells?\b", w, re.IGNORECASE)] == []
