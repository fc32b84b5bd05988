"""A rule break found after the fact is said in the answer of the entry that finds it, in every game that can
find one (issue 27, newplayer11 #3: Ninety-Nine scored a deal with a card used twice and only a history badge
said so). Ninety-Nine's card in a sealed bid names that bid's card, so it is said only once the bids are open
(the deal's end): before that, no phone, API answer or refusal tells it."""

import json
import re
from html import unescape

from tables import new_table, post, state
from test_ninety_nine_web import DEAL1, form, join, seq_of

from tests.five_up_missed_draw import MISSED_DRAW
from tests.rules.test_trick_de_bingo_support import PLAYERS, SHEETS, draft_events

# Chie's bid holds 7♦, which Aki then leads in the last trick: a card used twice, kept sealed until Aki's bid ends the deal
CHIE_BID = ["7D", "8H", "6H"]
BREACH = {
    "en": "Rule break in this deal: Aki played 7♦ in trick 9, but it is one of Chie's bid cards.",
    "ja": "このディールのルール違反：",
}
TELLS = ("7♦ in trick 9", "Rule break", "ルール違反", "Chie's bid cards", "Chieさんのビッドカード")


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", unescape(html)).split()).replace(" :", ":").replace(" .", ".")


def answer(html: str) -> str:
    """The answer box's words (its own sections nested in it, as Trick de Bingo's trick, included)."""
    start, depth = html.index('id="answer"'), 0
    for tag in re.finditer(r"<(/?)section\b", html[start:]):
        if not tag.group(1):
            depth += 1
        elif depth:
            depth -= 1
        else:  # the answer's own closing tag
            return text(html[start : start + tag.start()])
    raise AssertionError("the answer box is not closed")


def test_a_card_used_twice_is_told_in_the_answer_once_the_bids_are_open_and_nowhere_before(app, client):
    t = new_table(client, "ninety-nine")
    assert post(client, t, DEAL1[0]).status_code == 201
    ben, chie = join(app, t, t["seat_tokens"][1]), join(app, t, t["seat_tokens"][2])
    scorer, viewer = join(app, t, t["scorer_token"]), app.test_client()
    assert form(ben, t, {"type": "bid", "seat": "1", "cards": DEAL1[1]["cards"]}).status_code == 302
    assert form(chie, t, {"type": "bid", "seat": "2", "cards": CHIE_BID}).status_code == 302
    tricks = [ev for ev in DEAL1 if ev["type"] == "trick"]
    for ev in tricks[:-1]:
        assert post(client, t, ev).status_code == 201, ev
    # the trick that uses Chie's card, from the scorer's phone: accepted, its answer silent about it
    last = form(scorer, t, {"type": "trick", "cards": tricks[-1]["cards"]}, htmx=True)
    said = text(last.get_data(as_text=True))
    assert last.status_code == 200 and not [w for w in TELLS if w in said], said
    # a refusal tells nothing either
    refused = form(scorer, t, {"type": "trick", "cards": ["7D", "8H"]}, htmx=True)
    assert "error" in refused.get_data(as_text=True)
    seen = [text(refused.get_data(as_text=True))]
    for phone in (scorer, viewer, ben, chie):
        seen += [text(phone.get(f"/t/{t['id']}").get_data(as_text=True))]
    for token in (None, t["scorer_token"], *t["seat_tokens"]):
        seen += [json.dumps(state(client, t, token), ensure_ascii=False)]
    for said in seen:
        assert not any(w in said for w in TELLS), said
    # Aki's bid ends the deal: every bid is open, the scorer's answer says it above the deal's score, and so do the others'
    page = scorer.get(f"/t/{t['id']}").get_data(as_text=True)
    aki = {"type": "bid", "seat": "0", "cards": DEAL1[12]["cards"], "based_on": seq_of(page)}
    done = answer(form(scorer, t, aki, htmx=True).get_data(as_text=True))
    assert BREACH["en"] in done and done.index(BREACH["en"]) < done.index("Deal 1 scored"), done
    assert "N3" in done  # the rule, behind "why?"
    for phone in (viewer, ben):
        assert BREACH["en"] in answer(phone.get(f"/t/{t['id']}").get_data(as_text=True))
    viewer.set_cookie("lang", "ja")
    said = answer(viewer.get(f"/t/{t['id']}").get_data(as_text=True))
    assert (
        BREACH["ja"] in said
        and "Akiさんがトリック9で7♦を出しましたが、それはChieさんのビッドカードです。" in said
    )


def test_five_ups_play_that_proves_a_missed_play_says_so_in_its_answer(client):
    """F21: Ben drew while 5-0 fitted; the play of 5-0 that proves it says it in the answer, the play before not."""
    t = new_table(client, "five-up", ("Aki", "Ben"), scorer=True)
    events = MISSED_DRAW
    for n, ev in enumerate(events):
        assert post(client, t, ev).status_code == 201, ev
        said = answer(client.get(f"/t/{t['id']}").get_data(as_text=True))
        found = "Rule break found: In hand 1, with 6, 5 open, Ben could have played 5-0 instead of drawing"
        assert (found in said) == (n == len(events) - 1), said


def test_ninety_nines_trick_that_proves_a_revoke_says_so_in_its_answer(client):
    """N10: Chie played 6♠ to a ♥ lead in trick 1 and a ♥ in trick 2: trick 2's answer says it (no bid involved)."""
    record = {
        "format": "referee-record",
        "version": 1,
        "game": "ninety-nine",
        "players": ["Aki", "Ben", "Chie"],
    }
    events = [{"type": "deal", "dealer": 0}, {"type": "trick", "cards": ["AH", "6S", "8H"]}]
    first = client.post("/api/v1/records", json={**record, "events": events}).get_json()
    assert "Rule break" not in answer(client.get(f"/t/{first['id']}").get_data(as_text=True))
    events.append({"type": "trick", "cards": ["QH", "7H", "9H"]})
    table = client.post("/api/v1/records", json={**record, "events": events}).get_json()
    said = answer(client.get(f"/t/{table['id']}").get_data(as_text=True))
    assert (
        "Rule break found: Chie did not follow ♥ in trick 1 (played 6♠) but held 7♥, played in trick 2."
        in said
    ), said


def test_trick_de_bingos_trick_that_proves_a_revoke_says_so_in_its_answer(client):
    """T11: Ben discarded 2♠ to a ♣ lead in trick 1 and plays 3♣ in trick 2: trick 2's answer says it."""
    record = {"format": "referee-record", "version": 1, "game": "trick-de-bingo", "players": list(PLAYERS)}
    events = [
        {"type": "round", "dealer": 0},
        *draft_events(SHEETS),
        {"type": "trick", "cards": ["AC", "2S", "2H", "4H"]},
    ]
    first = client.post("/api/v1/records", json={**record, "events": events}).get_json()
    assert "Rule break" not in answer(client.get(f"/t/{first['id']}").get_data(as_text=True))
    events.append({"type": "trick", "cards": ["KC", "3C", "3H", "10S"]})
    table = client.post("/api/v1/records", json={**record, "events": events}).get_json()
    said = answer(client.get(f"/t/{table['id']}").get_data(as_text=True))
    found = "Rule break found: Ben did not follow clubs in trick 1 of round 1 but still held 3♣ (played in trick 2)."
    assert found in said, said
