"""Plain words in both languages (issue 12, point 3).

Every game's pages mid-game (scorer, seat, viewer, big screen and the history in them, the new-table
form), in English and in Japanese, speak like a referee: no option id, no ``seat: N``, no JSON, no
bare card code (``QS``: a card is written ``Q♠``), rule ids only behind the small "why" disclosure,
and no untranslated English on a Japanese page. The history says who played what and who won.
"""

from __future__ import annotations

import html as htmlmod
import json
import re
from pathlib import Path

import pytest

from referee.games import GAMES
from referee.games.ninety_nine.rules import GAME as NINETY_NINE
from referee.games.ninety_nine.rules.events import Bid
from referee.rules.base import counted
from referee.rules.cards import Card
from referee.web.tables.words import rule_words, say_line, split_rules, unwhy, why, why_note

RECORDS = Path(__file__).resolve().parent.parent / "records"
# game -> (record, events kept: a table in the middle of play)
MID_GAME = {
    "bingo": ("bingo-four-deals-to-eight", 22),
    "five-up": ("five-up-partners-to-61", 30),
    "ninety-nine": ("ninety-nine-three-player-game-to-100", 24),  # deal 3: a premium, 2 sealed bids, 2 tricks
    "trick-de-bingo": ("trick-de-bingo-one-round", 45),
    "bead-game": ("bead-game-two-hands", 20),
}
NAMES = {"Aki", "Ben", "Chie", "Dai", "Dan"}
# Words a Japanese page may keep in Latin letters: the app's name, the language switch, file and code kinds,
# the IDA rule book's name (Trick de Bingo's bonus and victory points are spelled out since issue 27).
LATIN_OK = {"referee", "English", "PDF", "QR", "IDA"}
CARD_CODE = re.compile(r"(?<![\w-])(?:10|[2-9AKQJ])[SHDC](?![\w-])")
JSON_BITS = re.compile(r'[\[{]\s*"|"\s*:\s*[\["{\d]')
SEAT_FIELD = re.compile(r"\bseat: ?\d")


def visible_text(page: str) -> str:
    """What a player reads: no scripts or styles, no rule ids behind "why", no tags."""
    page = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", page)
    page = re.sub(r'(?s)<details class="why">.*?</details>', " ", page)
    page = re.sub(r"(?s)<[^>]+>", " ", page)
    return re.sub(r"\s+", " ", htmlmod.unescape(page))


def history_items(page: str) -> list[str]:
    section = re.search(r'(?s)<ol class="events" reversed[^>]*>(.*?)</ol>', page)
    assert section, "the page shows a history"
    items = re.findall(r"(?s)<li\b[^>]*>(.*?)</li>", section.group(1))
    # each entry also links to its moment ("As it stood then"): the sentence is what comes before it
    # and its entry number's tag ("entry 5") comes before it
    li_sentences = (re.sub(r'(?s)<a class="moment-link".*?</a>|<span class="entry-no">.*?</span>', "", li) for li in items)
    return [visible_text(li).strip() for li in li_sentences]


def open_pages(app, game_id: str, lang: str) -> dict[str, str]:
    name, keep = MID_GAME[game_id]
    record = json.loads((RECORDS / f"{name}.json").read_text())
    record["events"] = record["events"][:keep]

    def phone():
        c = app.test_client()
        c.set_cookie("lang", lang)
        return c

    scorer = phone()
    resp = scorer.post("/import", data={"text": json.dumps(record)})
    assert resp.status_code == 302, resp.get_data(as_text=True)
    url = resp.headers["Location"]
    pages = {"scorer": scorer.get(url).get_data(as_text=True)}
    join = re.findall(r'class="join-link" href="http://localhost(/t/[^"]+/join/[^"]+)"', pages["scorer"])
    seat = phone()
    assert seat.get(join[2]).status_code == 302  # join[0] is the scorer link, then seat 0, seat 1, ...
    pages["seat"] = seat.get(url).get_data(as_text=True)
    pages["viewer"] = phone().get(url).get_data(as_text=True)
    pages["screen"] = phone().get(f"{url}/screen").get_data(as_text=True)
    pages["new table"] = phone().get(f"/new/{game_id}").get_data(as_text=True)
    for page in pages.values():
        assert f'<html lang="{lang}"' in page
    return pages


def option_ids(game_id: str) -> list[str]:
    """The ids that are not also plain words (``handSize5All``, not ``rounds``)."""
    return [o.id for o in GAMES[game_id].options if re.search(r"[A-Z0-9_]", o.id)]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", list(MID_GAME))
def test_every_page_mid_game_speaks_plain_words(app, game_id, lang):
    for kind, page in open_pages(app, game_id, lang).items():
        text = visible_text(page)
        where = f"{game_id} {kind} ({lang})"
        for option in option_ids(game_id):
            assert not re.search(rf"\b{option}\b", text), f"{where}: option id {option}"
        assert not SEAT_FIELD.search(text), f"{where}: {SEAT_FIELD.search(text).group()}"
        assert not JSON_BITS.search(text), f"{where}: JSON {JSON_BITS.search(text).group()!r}"
        assert not CARD_CODE.search(text), f"{where}: bare card code {CARD_CODE.search(text).group()}"
        assert "(s)" not in text, f"{where}: a plural written (s)"
        if lang == "ja":
            words = re.findall(r"[A-Za-z][A-Za-z'’]{2,}", re.sub(r"https?://\S+", " ", text))
            latin = {w for w in words if w not in NAMES | LATIN_OK}
            assert not latin, f"{where}: English left on a Japanese page: {sorted(latin)}"


WINS = {
    "en": re.compile(r"^Trick \d+: .+ — \w+ wins\."),
    "ja": re.compile(r"^第\d+トリック：.+ — \w+さんの勝ち。"),
}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", ["bingo", "ninety-nine", "trick-de-bingo"])
def test_a_trick_in_the_history_says_who_played_what_and_who_won(app, game_id, lang):
    items = history_items(open_pages(app, game_id, lang)["viewer"])
    tricks = [i for i in items if WINS[lang].match(i)]
    assert tricks, items[:5]
    if game_id == "bingo":  # tiles as written on the table, with the players' names
        assert all(re.search(r"(Aki|Ben) \d-\d(, |、)(Aki|Ben) \d-\d", i) for i in tricks), tricks
    else:  # cards with suit symbols
        assert all(re.search(r"(?:10|[2-9AKQJ])[♠♥♦♣]", i) for i in tricks)


def test_a_sealed_bid_is_told_without_its_cards(app):
    """N3/N4: a bid is sealed until the deal is over; the history only says that it was made."""
    pages = open_pages(app, "ninety-nine", "en")
    bids = [i for i in history_items(pages["viewer"]) if "bid" in i and "premium bid" not in i]
    assert bids and all(re.fullmatch(r"(Aki|Ben|Chie) sealed a bid\.", i) for i in bids), bids
    with app.test_request_context():
        line = NINETY_NINE.narrate(Bid(seat=1, cards=(Card.parse("QS"), Card.parse("7C"))), ("Aki", "Ben"))
        assert say_line(line) == "Ben sealed a bid." and "cards" not in line.params


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [("en", "Aki draws 1 tile.", "Aki draws 2 tiles."), ("ja", "Akiさんが1枚引く。", "Akiさんが2枚引く。")],
)
@pytest.mark.storeless
def test_counts_take_the_right_plural(app, lang, one, two):
    line = "%(name)s draws %(n)s tile.", "%(name)s draws %(n)s tiles."
    with app.test_request_context(headers={"Cookie": f"lang={lang}"}):
        assert say_line(counted(*line, 1, name="Aki")) == one
        assert say_line(counted(*line, 2, name="Aki")) == two


def test_rule_ids_leave_the_sentence_for_the_why_disclosure(client):
    assert split_rules("Ben closed after trick 4: no drawing (B38, B41).") == (
        "Ben closed after trick 4: no drawing.",
        "B38, B41",
    )
    assert split_rules("ディール中は表示しません（B35）。") == ("ディール中は表示しません。", "B35")
    assert split_rules("R(18) = 4 points.") == ("R(18) = 4 points.", "")
    resp = client.post("/new/bingo", data={"players": ["Aki", "Ben"]})
    table = resp.headers["Location"]
    refused = client.post(f"{table}/events", data={"type": "deal", "indicator": "1-0"})  # no leader (B15)
    page = refused.get_data(as_text=True)
    alert = re.search(r'(?s)<div class="error">(.*?)</div>', page).group(1)
    assert refused.status_code == 422 and '<details class="why">' in alert
    assert not re.search(r"\(B\d+", visible_text(alert)), "the rule id is not in the sentence"


@pytest.mark.parametrize(
    ("lines", "sentences", "notes"),
    [
        (
            ["Tricks won: 4, 1 point each (N12).", "Bid 4 made exactly; 1 succeeded (N13).", "Tricks won: 1, 1 point each (N12)."],
            ["Tricks won: 4, 1 point each.", "Bid 4 made exactly; 1 succeeded.", "Tricks won: 1, 1 point each."],
            "N12; N13",
        ),
        (["Premium declare made (N14).", "Ben failed a reveal (N14)."], ["Premium declare made.", "Ben failed a reveal."], "N14"),
        (["R(18) = 4 points."], ["R(18) = 4 points."], ""),
    ],
)
@pytest.mark.storeless
def test_a_breakdown_of_many_lines_has_one_why_for_all_its_rules(app, lines, sentences, notes):
    """A Ninety-Nine deal score reads as short lines with their points; their rule ids, each once, wait
    behind a single "why?" (a disclosure a line would make the breakdown too tall for the answer)."""
    with app.test_request_context():
        assert [str(unwhy(line)) for line in lines] == sentences
        note = str(why_note(lines))
        assert note.count('<details class="why">') == (1 if notes else 0)
        assert (f'<span class="rule">{notes}</span>' in note) if notes else note == ""
        assert str(why(lines[0])) == (f"{sentences[0]} {why_note(lines[:1])}".strip())


def test_new_table_options_are_words_with_exclusive_choices_as_radios(client):
    page = client.get("/new/five-up").get_data(as_text=True)
    text = visible_text(page)
    assert "Tiles dealt to each player" in text and "Choose at most one" not in text
    radios = re.findall(r'<input type="radio" name="handSize" value="([^"]*)"', page)
    assert radios == ["", "handSize5All", "handSizeLeeflang", "handSize5Clou2p"]
    common, folded = page.split('<details class="more-options">')
    assert 'name="calledScore"' in common and 'name="skunk10"' in folded  # the common ones first
    assert 'class="submit-bar"' in page
    resp = client.post(
        "/new/five-up", data={"players": ["Aki", "Ben"], "handSize": "handSizeLeeflang", "reserve": ""}
    )
    assert resp.status_code == 302
    options = client.get("/api/v1/tables/" + resp.headers["Location"].rsplit("/", 1)[1]).get_json()["options"]
    assert options["handSizeLeeflang"] is True and options["handSize5All"] is False
    assert not any(options[o] for o in ("reserve2Always", "reserveClou", "reserveNone"))


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        ("en", "Entry 2: Chie did not follow ♥ in trick 1 (played 6♠) but held 7♥, played in trick 2."),
        ("ja", "記録2：Chieさんはトリック1で♥にフォローせず"),
    ],
)
def test_a_rule_break_found_afterwards_names_the_entry_player_and_cards(app, lang, sentence):
    """N10: a revoke proved by a later trick is listed in words; its rule id sits behind "why"."""
    record = {
        "format": "referee-record",
        "version": 1,
        "game": "ninety-nine",
        "players": ["Aki", "Ben", "Chie"],
        "options": {},
        "events": [
            {"type": "deal", "dealer": 0},
            {"type": "trick", "cards": ["AH", "6S", "8H"]},
            {"type": "trick", "cards": ["QH", "7H", "9H"]},
        ],
    }
    client = app.test_client()
    client.set_cookie("lang", lang)
    url = client.post("/import", data={"text": json.dumps(record)}).headers["Location"]
    page = client.get(url).get_data(as_text=True)
    breaks = re.search(r'(?s)<section class="breaches">.*?<li[^>]*>(.*?)</li>', page).group(1)
    assert visible_text(breaks).strip().startswith(sentence)
    assert '<details class="why">' in breaks and "N10" in breaks and "N10" not in visible_text(breaks)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "The first leader of the match is agreed or drawn by lot."),
        ("ja", "マッチ最初のリードは話し合いかくじ引きで決めます。"),
    ],
)
def test_why_says_the_rule_in_words_with_its_id_beside_it(client, lang, words):
    """Issue 27: "why?" showed only "B15"; it now says what the rule says, its id behind the words."""
    resp = client.post("/new/bingo", data={"players": ["Aki", "Ben"]})
    table = resp.headers["Location"]
    refused = client.post(
        f"{table}/events", data={"type": "deal", "indicator": "1-0"}, headers={"Accept-Language": lang}
    )
    why = re.search(r'(?s)<details class="why">(.*?)</details>', refused.get_data(as_text=True)).group(1)
    assert f'<span class="rule-words">{words}</span> <span class="rule">B15</span>' in why


@pytest.mark.storeless
def test_a_rule_without_its_words_keeps_its_id_alone(app):
    with app.test_request_context():
        assert (
            rule_words("B44 row 1") == "The table of game points for a claim, a close and a deal played out."
        )
        assert rule_words("B38, B41").count(".") == 2  # each cited rule in its words, once
        assert rule_words("B-Δ9") == ""  # no sentence cites it, so it has no words
