"""Ninety-Nine through the API and the HTML forms: sealed bids, seat links, tricks, refusals, the golden record."""

import json
import re
from html import unescape
from pathlib import Path

import pytest
from tables import assert_refused_unchanged, new_table, post, state

GOLDEN = json.loads(
    (Path(__file__).parents[1] / "records" / "ninety-nine-three-player-game-to-100.json").read_text()
)
DEAL1 = GOLDEN["events"][:13]  # deal, two sealed bids, nine tricks, the dealer's bid at the end


def test_a_seat_token_records_its_own_bid_only(client):
    t = new_table(client, "ninety-nine")
    assert post(client, t, DEAL1[0]).status_code == 201
    assert (
        post(client, t, DEAL1[1], token=t["seat_tokens"][0]).status_code == 403
    )  # seat 1's bid, seat 0's token
    assert post(client, t, DEAL1[1], token=t["seat_tokens"][1]).status_code == 201
    assert (
        post(client, t, {"type": "trick", "cards": ["KS", "6D", "9S"]}, token=t["seat_tokens"][1]).status_code
        == 403
    )


def test_sealed_bids_stay_private_to_their_seat_until_the_deal_is_complete(client):
    t = new_table(client, "ninety-nine")
    post(client, t, DEAL1[0])
    post(client, t, DEAL1[1], token=t["seat_tokens"][1])  # Ben: 7S 10C 8S
    secret = ("7S", "10C", "8S")
    for reader in (None, t["seat_tokens"][0], t["seat_tokens"][2], t["scorer_token"]):
        seen = state(client, t, reader)
        assert seen["detail"]["bids"] == [None, None, None], reader
        assert [e for e in seen["events"] if e["type"] == "bid"] == [
            {"seq": 2, "type": "bid", "seat": 1, "sealed": True}
        ]
        record = client.get(
            f"/api/v1/tables/{t['id']}/record",
            headers={"Authorization": f"Bearer {reader}"} if reader else {},
        )
        assert all(e["type"] != "bid" for e in record.get_json()["events"])
    own = state(client, t, t["seat_tokens"][1])
    assert own["detail"]["bids"][1]["cards"] == list(secret)
    assert state(client, t)["detail"]["bid_status"] == ["missing", "sealed", "missing"]
    for ev in DEAL1[2:]:
        assert post(client, t, ev).status_code == 201, ev
    done = state(client, t)
    assert done["detail"]["bid_status"] == ["shown"] * 3
    assert done["detail"]["bids"][1]["cards"] == list(secret)
    assert done["detail"]["private_events"] == []


@pytest.mark.parametrize(
    ("setup", "event", "message"),
    [
        ([], {"type": "trick", "cards": ["KS", "6D"]}, "A trick has 3 cards"),
        (
            [{"type": "trick", "cards": ["KS", "6D", "9S"]}],
            {"type": "trick", "cards": ["KS", "AD", "KH"]},
            "already played",
        ),
        (
            [{"type": "bid", "seat": 1, "cards": ["7S", "10C", "8S"]}, {"type": "premium", "seat": 1, "kind": "declare"}],
            {"type": "trick", "cards": ["KS", "7S", "9S"]},
            "bid cards",
        ),
        ([], {"type": "bid", "seat": 0, "cards": ["QS", "6S"]}, "three different cards"),
        (
            [{"type": "premium", "seat": 1, "kind": "reveal"}],
            {"type": "premium", "seat": 2, "kind": "declare"},
            "priority",
        ),
    ],
)
def test_refusals_answer_422_and_change_nothing(client, setup, event, message):
    t = new_table(client, "ninety-nine")
    post(client, t, {"type": "deal", "dealer": 0})
    for ev in setup:
        assert post(client, t, ev).status_code == 201, ev
    assert_refused_unchanged(client, t, event, message)


def test_the_golden_record_imports_with_its_totals(client):
    resp = client.post("/api/v1/records", json=GOLDEN)
    assert resp.status_code == 201, resp.get_json()
    s = client.get(f"/api/v1/tables/{resp.get_json()['id']}").get_json()
    assert s["totals"] == GOLDEN_TOTALS
    assert s["detail"]["games"] and s["detail"]["games"][0]["winner"] is not None
    page = client.get(f"/t/{resp.get_json()['id']}").get_data(as_text=True)
    assert "Deal" in page and "nn-sheet" in page


def bids_of(html: str) -> str:
    return html.split('id="bid-status"', 1)[1].split("</ul>", 1)[0]


def history_of(html: str) -> str:
    return html.split('class="events"', 1)[1].split("</ol>", 1)[0]


def join(app, table, token):
    c = app.test_client()
    assert c.get(f"/t/{table['id']}/join/{token}").status_code == 302
    return c


def form(phone, t, data, htmx=False):
    """Post a form from the table page on ``phone`` (htmx: the #table fragment comes back)."""
    return phone.post(f"/t/{t['id']}/events", data=data, headers={"HX-Request": "true"} if htmx else {})


def test_html_flow_seat_bid_trick_pickers_and_scoring(app, client):
    t = new_table(client, "ninety-nine")
    scorer = join(app, t, t["scorer_token"])
    ben = join(app, t, t["seat_tokens"][1])
    page = scorer.get(f"/t/{t['id']}").get_data(as_text=True)
    assert 'name="dealer"' in page
    assert form(scorer, t, {"type": "deal", "dealer": "0"}).status_code == 302
    mine = ben.get(f"/t/{t['id']}").get_data(as_text=True)
    assert 'id="seal-bid"' in mine and "Your bid, Ben" in mine
    assert form(ben, t, {"type": "bid", "seat": "1", "cards": ["7S", "10C", "8S"]}).status_code == 302
    assert form(ben, t, {"type": "bid", "seat": "2", "cards": ["10D", "8H", "6H"]}).status_code == 403
    table_page = scorer.get(f"/t/{t['id']}").get_data(as_text=True)
    assert "bid sealed" in bids_of(table_page) and 'data-card="10C"' not in bids_of(table_page)
    assert "10C" not in history_of(table_page)
    assert 'data-card="10C"' in bids_of(ben.get(f"/t/{t['id']}").get_data(as_text=True))
    assert post(client, t, DEAL1[2]).status_code == 201
    # a trick from one picker per position, in play order
    r = form(scorer, t, {"type": "trick", "cards.0": "KS", "cards.1": "6D", "cards.2": "9S"}, htmx=True)
    assert r.status_code == 200 and "wins" in r.get_data(as_text=True)
    bad = form(scorer, t, {"type": "trick", "cards.0": "9H", "cards.1": "AD"}, htmx=True)
    assert bad.status_code == 422 and "A trick has 3 cards" in bad.get_data(as_text=True)
    for ev in DEAL1[4:12]:
        data = {"type": "trick", **{f"cards.{i}": c for i, c in enumerate(ev["cards"])}}
        assert form(scorer, t, data).status_code == 302
    assert form(scorer, t, {"type": "bid", "seat": "0", "cards": ["QS", "6S", "QH"]}).status_code == 302
    done = scorer.get(f"/t/{t['id']}").get_data(as_text=True)
    # Aki bid 4 and made it, the only one (N13: +30); Ben and Chie missed (N4: no bonus)
    assert "Deal 1 scored" in done and "made exactly" in done and "no bonus" in done
    assert state(client, t)["totals"] == state_after_deal1(client) == [34, 4, 1]


def state_after_deal1(client):
    """The same deal sent through the API."""
    t = new_table(client, "ninety-nine")
    for ev in DEAL1:
        assert post(client, t, ev).status_code == 201, ev
    return state(client, t)["totals"]


def test_a_seat_link_from_the_share_panel_joins_that_seat_to_seal_a_bid(app, client):
    t = new_table(client, "ninety-nine")
    scorer = join(app, t, t["scorer_token"])
    assert scorer.post(f"/t/{t['id']}/links/seat0").status_code == 302
    page = scorer.get(f"/t/{t['id']}").get_data(as_text=True)
    assert "seals their bid on their phone" in page
    link = re.search(r'data-role="seat0">.*?class="join-link" href="([^"]+)"', page, re.S).group(1)
    phone = app.test_client()
    assert phone.get(link.replace("http://localhost", "")).status_code == 302
    assert 'id="seal-bid"' not in phone.get(f"/t/{t['id']}").get_data(as_text=True)  # no deal yet


GOLDEN_TOTALS = [276, 44, 245]  # the rubber so far: first game to 100 with its bonus, then the next


def test_the_dummy_is_named_in_the_readers_language(app, client):
    t = new_table(client, "ninety-nine", ("Aki", "Ben"))
    post(client, t, {"type": "deal", "dealer": 0})
    events = [{"type": "deal", "dealer": 0}, {"type": "bid", "seat": 2, "cards": ["7S", "10C", "8S"]}]
    events.append({"type": "trick", "cards": ["KS", "7S", "9S"]})  # a record has nothing sealed: refused
    record = {"format": "referee-record", "version": 1, "game": "ninety-nine", "players": ["Aki", "Ben"]}
    resp = client.post("/api/v1/records", json={**record, "events": events})
    assert resp.status_code == 422 and "the dummy's bid cards" in resp.get_json()["error"]["message"]
    resp = client.post("/api/v1/records", json={**record, "events": events}, headers={"Accept-Language": "ja"})
    assert "ダミーのビッドカード" in resp.get_json()["error"]["message"]
    scorer = join(app, t, t["scorer_token"])
    scorer.set_cookie("lang", "ja")
    # the trick's step for the dummy says who plays its card (the scorer's form, issue 27)
    page = scorer.get(f"/t/{t['id']}").get_data(as_text=True)
    assert "ダミー (Benさんが出す)" in page
    # the dummy is no person: no さん, and its card is played from it (issue 27)
    assert "ダミーから出したカードを選んでください。" in page and "ダミーさん" not in page


def test_a_sealed_bid_cannot_be_opened_through_the_correction_page(app, client):
    """The scorer is a player too: until the deal is complete another seat's bid stays sealed,
    in the history (no Correct link) and on the correction page (403)."""
    t = new_table(client, "ninety-nine")
    post(client, t, DEAL1[0])
    post(client, t, DEAL1[1], token=t["seat_tokens"][DEAL1[1]["seat"]])
    scorer = join(app, t, t["scorer_token"])
    page = scorer.get(f"/t/{t['id']}").get_data(as_text=True)
    assert f"/t/{t['id']}/correct/2" not in page and f"/t/{t['id']}/correct/1" in page
    assert scorer.get(f"/t/{t['id']}/correct/2").status_code == 403
    assert scorer.post(f"/t/{t['id']}/correct/2", data={"type": "bid", "seat": "1"}).status_code == 403


def test_the_dummys_sealed_bid_is_answered_and_listed_with_the_dummys_name(app, client):
    """Two players: the dummy's bid from the scorer's phone before the tricks is "set aside, face down" in the
    answer and in the history (N22), never a "?" for a name, in both languages (issue 27: the answer said
    "sealed" where the history said "set aside")."""
    t = new_table(client, "ninety-nine", ("Aki", "Ben"))
    scorer = join(app, t, t["scorer_token"])
    form(scorer, t, {"type": "deal", "dealer": "0"})
    resp = form(scorer, t, {"type": "bid", "seat": "2", "cards": ["7S", "10C", "8S"]}, htmx=True)
    html = resp.get_data(as_text=True)
    words = unescape(" ".join(re.sub(r"<[^>]+>", " ", html).split()))
    assert resp.status_code == 200 and "Recorded: The dummy's bid is set aside, face down." in words
    assert "? sealed" not in html and "The dummy's bid is set aside, face down." in unescape(history_of(html))
    scorer.set_cookie("lang", "ja")
    assert "ダミーのビッドを伏せて置きました。" in history_of(scorer.get(f"/t/{t['id']}").get_data(as_text=True))


@pytest.mark.parametrize(("lang", "said"), [("en", "The dummy's bid is turned up."), ("ja", "ダミーのビッドを公開しました。")])
def test_the_dummys_bid_after_the_tricks_is_answered_turned_up_while_a_bid_is_missing(app, client, lang, said):
    """Two players: the dummy's bid entered after the tricks, Aki's bid still missing, stays private, and the
    scorer's answer says it is turned up, as the history does (issue 27: it said "The dummy's bid is sealed.",
    「ダミーのビッドを伏せました」, the opposite)."""
    t = new_table(client, "ninety-nine", ("Aki", "Ben"))
    post(client, t, {"type": "deal", "dealer": 0})
    post(client, t, {"type": "bid", "seat": 1, "cards": ["6H", "7H", "8H"]}, token=t["seat_tokens"][1])
    assert post(client, t, {"type": "tricks", "counts": [3, 3, 3]}).status_code == 201
    scorer = join(app, t, t["scorer_token"])
    scorer.set_cookie("lang", lang)
    resp = form(scorer, t, {"type": "bid", "seat": "2", "cards": ["6D", "7D", "8D"]}, htmx=True)
    html = resp.get_data(as_text=True)
    answer = html.split('class="answer-last"', 1)[1].split("</p>", 1)[0]
    assert resp.status_code == 200 and said in unescape(" ".join(re.sub(r"<[^>]+>", " ", answer).split()))
    assert said in unescape(history_of(html)) and "8♦" not in html


@pytest.mark.parametrize(
    ("lang", "kind", "said"),
    [
        ("en", "declare", "Bid in ✓, face up: you declared."),
        ("ja", "declare", "ビッドを確定しました ✓（デクレアのため公開）"),
        ("en", "reveal", "Bid in ✓, face up: you revealed."),
    ],
)
def test_a_premium_bidder_sealing_his_bid_on_his_phone_is_told_it_is_in(app, client, lang, kind, said):
    """A declarer's or revealer's bid lies face up (N5), "shown", so "Sealed ✓" never came on his phone after
    Seal my bid (issue 27): he is told in words that his bid is in, and why it is face up."""
    t = new_table(client, "ninety-nine")
    post(client, t, DEAL1[0])
    premium = {"type": "premium", "seat": 1, "kind": kind}
    if kind == "reveal":
        premium["hand"] = ["KS", "QS", "JS", "AS", "9S", "6S", "AH", "KH", "QH"]
    assert post(client, t, premium).status_code == 201
    ben = join(app, t, t["seat_tokens"][1])
    ben.set_cookie("lang", lang)
    resp = form(ben, t, {"type": "bid", "seat": "1", "cards": ["7S", "10C", "8S"]}, htmx=True)
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and 'id="my-bid-sealed"' in html, html
    assert said in unescape(html.split('id="my-bid-sealed"', 1)[1].split("</p>", 1)[0])


def test_a_scorers_correction_putting_a_card_in_two_bids_is_refused_at_once(client):
    """N3: a card is in one hand only. The scorer's phone, which enters or sees every bid, is refused
    at once with the sentence; a seat correcting its own sealed bid is not told what another bid holds
    (the conflict is held back and reported when the bids open, as before)."""
    t = new_table(client, "ninety-nine")
    for ev in DEAL1[:3]:
        assert post(client, t, ev).status_code == 201
    before = state(client, t)
    clash = {"type": "bid", "seat": 2, "cards": ["10D", "8H", "8S"]}  # 8♠ is in Ben's bid
    resp = post(client, t, {"type": "correct", "target": 3, "event": clash})
    assert resp.status_code == 422 and "8♠ is one of Ben's bid cards." in resp.get_json()["error"]["message"]
    assert state(client, t) == before
    own = post(client, t, {"type": "correct", "target": 3, "event": clash}, token=t["seat_tokens"][2])
    assert own.status_code == 201 and "bid cards" not in json.dumps(own.get_json())


TRICK_AND_PREMIUM = {
    "en": ("Ben wins: K♠ is the highest card of the suit led", "Chie makes a premium bid: declare (30)."),
    "ja": ("Benさんの勝ち：", "Chieさんがプレミアムビッド：デクレア（30点）。"),
}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tricks_winner_and_a_premium_bid_are_said_as_sentences(app, client, lang):
    """N11, N14: the trick's answer puts a colon after the winner ("Ben wins K♠ is the highest ..." ran on), and a
    premium bid says which premium and its worth ("Chie bids to declare." left a new player asking "what?")."""
    t = new_table(client, "ninety-nine")
    scorer = join(app, t, t["scorer_token"])
    scorer.set_cookie("lang", lang)
    for ev in DEAL1[:3]:
        assert post(client, t, ev).status_code == 201
    first = next(ev for ev in DEAL1 if ev["type"] == "trick")
    trick = form(scorer, t, {"type": "trick", "cards": first["cards"]}, htmx=True).get_data(as_text=True)
    won, premium = TRICK_AND_PREMIUM[lang]
    assert won in " ".join(re.sub(r"<[^>]+>", " ", trick).split()).replace(" :", ":"), trick
    t2 = new_table(client, "ninety-nine")
    assert post(client, t2, DEAL1[0]).status_code == 201
    assert post(client, t2, {"type": "premium", "seat": 2, "kind": "declare"}).status_code == 201
    scorer2 = join(app, t2, t2["scorer_token"])
    scorer2.set_cookie("lang", lang)
    assert premium in history_of(scorer2.get(f"/t/{t2['id']}").get_data(as_text=True))


@pytest.mark.parametrize(("lang", "name"), [("en", "Joker"), ("ja", "ジョーカー")])
def test_a_joker_turn_up_is_shown_as_a_joker_not_a_bare_j(app, lang, name):
    """The joker turned up for trump (a 4-player deal) is written "JK": drawn by its name and its sign,
    and said as the joker, where a card's picture split it into a rank "J" and no suit (issue 27)."""
    macro = '{% from "_pickers.html" import card_face %}{{ card_face("JK") }}'
    with app.test_request_context(headers={"Cookie": f"lang={lang}"}):
        html = app.jinja_env.from_string(macro).render()
    shown = re.sub(r"<[^>]+>", "", html).strip()
    assert shown == f"{name}🃏", html
    assert 'aria-label="' + ("joker" if lang == "en" else "ジョーカー") + '"' in html


@pytest.mark.parametrize(("lang", "dummy"), [("en", "Dummy"), ("ja", "ダミー")])
def test_a_two_player_deal_score_names_the_dummys_score(app, client, lang, dummy):
    """Two players: the deal's verdict in the answer gives the dummy's row too (issue 27: it left the dummy
    out, so the next trump's reason, the successes counted with the dummy's, could not be followed)."""
    t = new_table(client, "ninety-nine", ("Aki", "Ben"))
    post(client, t, {"type": "deal", "dealer": 0})
    for seat, cards in enumerate((["6S", "7S", "8S"], ["6H", "7H", "8H"], ["6D", "7D", "8D"])):
        post(client, t, {"type": "bid", "seat": seat, "cards": cards})
    scorer = join(app, t, t["scorer_token"])
    scorer.set_cookie("lang", lang)
    resp = form(scorer, t, {"type": "tricks", "counts": ["3", "3", "3"]}, htmx=True)
    assert resp.status_code == 200
    score = resp.get_data(as_text=True).split('class="nn-deal-score"', 1)[1].split("</ul>", 1)[0]
    rows = [unescape(" ".join(re.sub(r"<[^>]+>", " ", li).split())) for li in score.split("<li>")[1:]]
    assert [r.split()[0] for r in rows] == ["Aki", "Ben", dummy], rows


BEN_BID, CHIE_BID = ["7S", "10C", "8S"], ["10D", "8H", "6H"]
BEN_HAND = ["KS", "QS", "JS", "AS", "9S", "6S", "AH", "KH", "QH"]  # his nine cards left to play, face up (N5)


def seq_of(html: str) -> str:
    """The seq of the table a page shows, which its forms post as ``based_on``."""
    return re.search(r'data-seq="(\d+)"', html).group(1)


def premium_form(seat: int, kind: str, based_on: str) -> dict:
    fields = {"type": "premium", "seat": str(seat), "kind": kind, "based_on": based_on}
    return {**fields, "hand": BEN_HAND} if kind == "reveal" else fields


def sealed_deal(app, client):
    """A three-player deal with Ben's and Chie's bids sealed on their own phones: the table, Ben's, Chie's."""
    t = new_table(client, "ninety-nine")
    assert post(client, t, DEAL1[0]).status_code == 201
    ben, chie = join(app, t, t["seat_tokens"][1]), join(app, t, t["seat_tokens"][2])
    assert form(ben, t, {"type": "bid", "seat": "1", "cards": BEN_BID}).status_code == 302
    assert form(chie, t, {"type": "bid", "seat": "2", "cards": CHIE_BID}).status_code == 302
    return t, ben, chie


@pytest.mark.parametrize(("kind", "chip"), [("declare", "declared (30)"), ("reveal", "revealed (60)")])
def test_a_seat_phone_makes_its_own_premium_bid_and_every_phone_sees_it_at_once(app, client, kind, chip):
    """Ben declares (or reveals, his hand face up) from his own phone's play surface, for his own seat only (no
    "Who?"): his phone says his bid is in face up; the scorer's phone, Chie's and the viewer's show his premium
    and his bid cards (N5) at once, and Chie's sealed bid stays hers on every other phone and in the API."""
    t, ben, chie = sealed_deal(app, client)
    scorer, viewer = join(app, t, t["scorer_token"]), app.test_client()
    mine = ben.get(f"/t/{t['id']}").get_data(as_text=True)
    sheet = mine.split('id="nn-my-premium-panel"', 1)[1].split("</form>", 1)[0]
    assert '<input type="hidden" name="seat" value="1">' in sheet and 'name="seat" value="0"' not in sheet
    assert 'id="record-premium"' in sheet and 'value="reveal"' in sheet
    assert 'value="declare" required checked' in sheet  # a declare is the sheet and Record: two taps
    assert "nn-my-premium-panel" not in scorer.get(f"/t/{t['id']}").get_data(as_text=True)  # the scorer's has "Who?"
    resp = form(ben, t, premium_form(1, kind, seq_of(mine)), htmx=True)
    html = unescape(resp.get_data(as_text=True))
    assert resp.status_code == 200, html
    assert f"Ben makes a premium bid: {kind}" in html.split('id="answer"', 1)[1]
    assert f"you {kind.removesuffix('e')}ed" in html.split('id="my-bid-sealed"', 1)[1].split("</p>", 1)[0]
    assert "nn-my-premium-panel" not in html  # his premium is in: nothing more to make
    for phone in (scorer, chie, viewer, ben):
        page = unescape(phone.get(f"/t/{t['id']}").get_data(as_text=True))
        ben_chip = bids_of(page).split('data-seat="1"', 1)[1].split("</li>", 1)[0]
        assert chip in ben_chip and all(f'data-card="{c}"' in ben_chip for c in BEN_BID)
        if phone is not chie:
            assert not any(f'data-card="{c}"' in bids_of(page) for c in CHIE_BID)
            assert not any(c in history_of(page) for c in CHIE_BID)
    for reader in (None, t["seat_tokens"][1], t["scorer_token"]):
        seen = state(client, t, reader)
        assert seen["detail"]["premiums"][0] | {"seat": 1, "kind": kind} == seen["detail"]["premiums"][0]
        assert seen["detail"]["bid_status"] == ["missing", "shown", "sealed"] and seen["detail"]["bids"][2] is None
    assert client.get(f"/api/v1/tables/{t['id']}/record").get_json()["events"][-1]["type"] == "premium"


def test_a_stale_premium_form_from_a_seats_second_phone_is_refused_and_the_first_entry_stands(app, client):
    """Ben's two phones both show the premium sheet; he declares on one, then reveals on the other, whose page
    is older: refused as stale (a reveal outranks a declare, N7: it must be made knowing the declare), his
    declare stands, and the answer shows the table as it now is."""
    t, _ben, _chie = sealed_deal(app, client)
    first, second = join(app, t, t["seat_tokens"][1]), join(app, t, t["seat_tokens"][1])
    seen = seq_of(second.get(f"/t/{t['id']}").get_data(as_text=True))
    assert form(first, t, premium_form(1, "declare", seen), htmx=True).status_code == 200
    before = state(client, t)
    resp = form(second, t, premium_form(1, "reveal", seen), htmx=True)
    html = unescape(resp.get_data(as_text=True))
    assert resp.status_code == 409 and "Someone else recorded something just now" in html
    assert "declared (30)" in bids_of(html)
    after = state(client, t)
    assert after == before and after["detail"]["premiums"][0]["kind"] == "declare"


@pytest.mark.parametrize(
    ("lang", "for_another", "not_a_seats"),
    [
        ("en", "This phone enters only its own player's entries", "it is entered on the scorer's phone"),
        ("ja", "このスマホで記録できるのは", "記録係のスマホで記録してください"),
    ],
)
def test_a_seat_phone_writing_what_is_not_its_own_is_told_why_and_nothing_changes(
    app, client, lang, for_another, not_a_seats
):
    """Chie's phone sends a premium for Ben, and a trick: each refused with a sentence in her language that
    names no card (Ben's bid stays sealed), the table unchanged; the API says the same to her token (403)."""
    t, _ben, chie = sealed_deal(app, client)
    chie.set_cookie("lang", lang)
    before = state(client, t)
    seen = seq_of(chie.get(f"/t/{t['id']}").get_data(as_text=True))
    trick = {"type": "trick", "cards.0": "KS", "cards.1": "6D", "cards.2": "9S", "based_on": seen}
    for fields, said in ((premium_form(1, "declare", seen), for_another), (trick, not_a_seats)):
        resp = form(chie, t, fields, htmx=True)
        html = unescape(resp.get_data(as_text=True))
        assert resp.status_code == 422 and said in html.split('id="answer"', 1)[1], html
        assert not any(f'data-card="{c}"' in html or card_in_words(c) in html for c in BEN_BID)
        assert form(chie, t, fields).status_code == 403  # without JavaScript
        assert state(client, t) == before
    api = post(client, t, {"type": "premium", "seat": 1, "kind": "declare"}, token=t["seat_tokens"][2])
    assert api.status_code == 403 and "its own player's entries" in api.get_json()["error"]["message"]
    assert state(client, t) == before and before["detail"]["bid_status"] == ["missing", "sealed", "sealed"]


def card_in_words(code: str) -> str:
    """A card as the page writes it (7♠)."""
    return code[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[code[-1]]


def test_a_reveal_from_a_seat_phone_holding_a_sealed_bids_card_tells_nothing_of_it(app, client):
    """A probe from Ben's phone: he reveals a hand with 10♦ in it, one of Chie's sealed bid cards. A refusal would
    tell him what Chie holds (issue 13), so it is taken like any reveal: his answer, his page and what the API
    answers his token (and the viewer) say nothing of Chie's bid, which is told to everyone only when it opens."""
    t, ben, _chie = sealed_deal(app, client)
    seen = seq_of(ben.get(f"/t/{t['id']}").get_data(as_text=True))
    resp = form(ben, t, {**premium_form(1, "reveal", seen), "hand": [*BEN_HAND[:-1], "10D"]}, htmx=True)
    html = unescape(resp.get_data(as_text=True))
    assert resp.status_code == 200 and "you revealed" in html
    assert "Chie's bid" not in html and "10♦ is one of" not in html
    for reader in (t["seat_tokens"][1], None):
        seen_by = state(client, t, reader)
        assert seen_by["breaches"] == [] and seen_by["detail"]["bids"][2] is None
        assert "Chie's bid" not in json.dumps(seen_by, ensure_ascii=False)


def test_two_players_seat_phone_only_declares(app, client):
    """With two players and the dummy nobody may reveal (N23): Ben's phone offers "Declare (30)" alone, and his
    declare goes in from it."""
    t = new_table(client, "ninety-nine", players=("Aki", "Ben"))
    assert post(client, t, {"type": "deal", "dealer": 0}).status_code == 201
    ben = join(app, t, t["seat_tokens"][1])
    assert form(ben, t, {"type": "bid", "seat": "1", "cards": BEN_BID}).status_code == 302
    mine = unescape(ben.get(f"/t/{t['id']}").get_data(as_text=True))
    band = mine.split('class="sheet nn-other nn-my-premium"', 1)[1].split("</form>", 1)[0]
    assert ">Declare (30)</button>" in band and 'value="reveal"' not in band
    resp = form(ben, t, premium_form(1, "declare", seq_of(mine)), htmx=True)
    assert resp.status_code == 200 and "you declared" in unescape(resp.get_data(as_text=True))


@pytest.mark.parametrize(
    ("lang", "before", "after"),
    [
        ("en", "Aki, Chie have not bid yet.", "Aki has not bid yet."),
        ("ja", "Akiさん、Chieさんはまだビッドしていません。", "Akiさんはまだビッドしていません。"),
    ],
)
def test_the_trick_form_says_whose_bids_are_still_to_come(app, client, lang, before, after):
    """Bids may come at the end of the deal (N15), so tricks are recorded without them; the trick form says whose
    bids are still missing, so a table does not play the deal out having forgotten them (np13 finding 17)."""
    t = new_table(client, "ninety-nine")
    scorer = join(app, t, t["scorer_token"])
    scorer.set_cookie("lang", lang)

    def trick_form() -> str:
        page = scorer.get(f"/t/{t['id']}").get_data(as_text=True)
        return " ".join(re.sub(r"<[^>]+>", " ", page.split("nn-trick-form", 1)[1].split("</form>", 1)[0]).split())

    for ev in DEAL1[:2]:  # the deal and Ben's sealed bid
        assert post(client, t, ev).status_code == 201
    assert before in trick_form()
    assert post(client, t, DEAL1[3]).status_code == 201  # a trick before Chie's bid
    assert post(client, t, DEAL1[2]).status_code == 201  # Chie's bid
    form_now = trick_form()
    assert after in form_now and before not in form_now, form_now
