"""Every "why?" says the rule in words, in both languages, and no answer shows a raw id (issue 27).

Each game's golden record is entered one event at a time; after the first entries of each kind and
every entry that closes a run of them (the trick that ends a deal, the bid that scores it, the round's
last pick), the scorer's page is read in English and in Japanese. Every "why?" disclosure on it holds
the cited rules as sentences, ids beside them, and the answer to that entry, read as a player reads it,
has none of the raw identifiers of tests/raw_ids.py. A refused entry of each game is checked the same way.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from tables import new_table, post
from test_plain_words import visible_text

from referee import translation_catalogs
from referee.web.tables.words import _RULE_ID, _RULE_NOTE, RULE_WORDS, rule_words, split_rules
from tests.conftest import close_app, fresh_sqlite, make_app
from tests.raw_ids import RAW, page_words, raw_names

RECORDS = Path(__file__).resolve().parent.parent / "records"
GAMES = {  # game -> its golden record (the score pad: a few rounds of its own)
    "bingo": "bingo-four-deals-to-eight",
    "five-up": "five-up-partners-to-61",
    "ninety-nine": "ninety-nine-three-player-game-to-100",
    "trick-de-bingo": "trick-de-bingo-one-round",
    "bead-game": "bead-game-two-hands",
    "score-pad": None,
}
SCORE_PAD = {"game": "score-pad", "players": ["Aki", "Ben", "Chie"], "options": {},
             "events": [{"type": "round", "points": [5, -2, 0]}, {"type": "round", "points": [1, 2, 3]}]}  # fmt: skip
WHY = re.compile(r'(?s)<details class="why"><summary>[^<]*</summary>(.*?)</details>')
WORDS = re.compile(r'<span class="rule-words">([^<]+)</span> <span class="rule">([^<]+)</span>$')
SENTENCE = {"en": re.compile(r"^[A-Z\[].*[a-z].*\.$"), "ja": re.compile(r"^.*[ぁ-んァ-ヶ一-龯].*。$")}


@pytest.fixture
def app(request):
    """SQLite only: what the pages say does not depend on the database (the suite's other tests cover
    PostgreSQL), and these walks are long enough once."""
    with fresh_sqlite(request) as url:
        app = make_app(url, schema=False, WTF_CSRF_ENABLED=False)
        yield app
        close_app(app, url)


def record(game: str) -> dict:
    name = GAMES[game]
    return json.loads((RECORDS / f"{name}.json").read_text()) if name else SCORE_PAD


def checked(events: list[dict]) -> list[int]:
    """The entries to read the page after: the first two of each kind, and each that ends a run of
    its kind (the next entry is of another kind, or there is none)."""
    seen: dict[str, int] = {}
    out = []
    for i, ev in enumerate(events):
        seen[ev["type"]] = seen.get(ev["type"], 0) + 1
        last_of_run = i + 1 == len(events) or events[i + 1]["type"] != ev["type"]
        if seen[ev["type"]] <= 2 or last_of_run:
            out.append(i)
    return out


def assert_whys_in_words(html: str, lang: str, where: str) -> int:
    """Every "why?" in the html says its rules in sentences, each cited id with its words; returns how
    many there were."""
    whys = WHY.findall(html)
    for inner in whys:
        found = WORDS.search(inner)
        assert found, f"{where}: a 'why?' with the rule id only: {inner!r}"
        words, ids = found.groups()
        assert SENTENCE[lang].match(words), f"{where}: not a sentence: {words!r}"
        assert all(code in RULE_WORDS for code in _RULE_ID.findall(ids)), f"{where}: {ids} without words"
        assert not re.search(r"\b[A-Z]-?Δ?\d", words), f"{where}: an id in the words: {words!r}"
    return len(whys)


# Elements that hold phrasing content only: a <details> in one is invalid. A browser ends a <p> at the
# <details> ("why?" dropped to a 44 px line of its own, under an empty paragraph left by the </p>); in a
# <label> a tap on "why?" may also toggle the label's control; in a <legend> its words join the group's name.
PHRASING_ONLY = ("p", "label", "legend", "small", "span", "b", "strong", "em", "a", "button", "h1", "h2", "h3", "summary")


class _WhyInPhrasing(HTMLParser):
    """Each "why?" opened while an element of :data:`PHRASING_ONLY` is open, as the page's source has it."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, str]] = []  # (tag, its start tag) of each open phrasing-only element
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "p":  # a <p> is never nested: a new one ends the last
            self.handle_endtag("p")
        if tag in PHRASING_ONLY:
            self.open.append((tag, self.get_starttag_text() or f"<{tag}>"))
        elif tag == "details" and self.open:
            self.found.append(self.open[0][1])

    def handle_endtag(self, tag: str) -> None:
        if tag in PHRASING_ONLY and any(t == tag for t, _ in self.open):
            while self.open.pop()[0] != tag:
                pass


def whys_in_phrasing(html: str) -> list[str]:
    """The start tags of the outermost phrasing-only elements the html opens a <details> in (none, in
    valid markup)."""
    parser = _WhyInPhrasing()
    parser.feed(html)
    return parser.found


def assert_no_raw_id(html: str, where: str) -> None:
    said = visible_text(html)
    raw = [m.group(0) for p in RAW for m in p.finditer(said)]
    assert not raw, f"{where}: raw identifiers in the answer: {raw} in {said!r}"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", list(GAMES))
def test_every_why_after_each_kind_of_entry_says_the_rule_in_words(client, game, lang):
    rec = record(game)
    table = new_table(client, rec["game"], rec["players"], rec.get("options"), scorer=True)
    client.set_cookie("lang", lang)
    events, read = rec["events"], set(checked(rec["events"]))
    whys = 0
    for i, ev in enumerate(events):
        assert post(client, table, ev).status_code == 201, (i, ev)
        if i in read:
            page = client.get(f"/t/{table['id']}").get_data(as_text=True)
            assert f'<html lang="{lang}"' in page
            where = f"{game} entry {i} ({ev['type']}, {lang})"
            whys += assert_whys_in_words(page, lang, where)
            assert not whys_in_phrasing(page), f"{where}: a 'why?' inside {whys_in_phrasing(page)}"
            answer = re.search(r'(?s)<section id="answer".*?</section>', page)
            assert answer, f"{where}: no answer"
            assert_no_raw_id(answer.group(0), where)
            assert not page_words(page), f"{where}: {page_words(page)}"  # 5×2, −4, 4-3, no R(10) (issue 27)
            assert not raw_names(page), f"{where}: named by ids: {sorted(set(raw_names(page)))}"  # "AC", "6-4"
    if game not in ("score-pad", "bead-game"):  # these cite rules only in refusals and options (below)
        assert whys > 0


# A refused entry per game whose reason cites a rule (the score pad's: a round short of a score).
REFUSED = {
    "bingo": ([], "events", {"type": "deal", "indicator": "1-0"}, "B15"),
    "five-up": ([], "events", {"type": "hand"}, None),
    "ninety-nine": ([{"type": "deal", "dealer": 0}], "events",
                    {"type": "bid", "seat": "0", "cards": ["AS", "AS", "KS"]}, "N3"),
    "trick-de-bingo": ([], "events", {"type": "round"}, "T4"),
    "bead-game": ([], "bead-game/hand", {"layout": "rows", "v00": "5", "v01": "1", "v10": "2", "v11": "5"}, "D3"),
    "score-pad": ([], "events", {"type": "round", "points": ["1"]}, None),
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", list(REFUSED))
def test_a_refusal_says_its_rule_in_words(client, game, lang):
    before, path, form, rule = REFUSED[game]
    rec = record(game)
    table = new_table(client, rec["game"], rec["players"], rec.get("options"), scorer=True)
    for ev in before:
        assert post(client, table, ev).status_code == 201
    resp = client.post(f"/t/{table['id']}/{path}", data=form, headers={"Accept-Language": lang})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 422 and 'class="error"' in page, page[:500]
    assert not whys_in_phrasing(page), f"{game} refused ({lang}): {whys_in_phrasing(page)}"
    error = re.search(r'(?s)<div class="error">(.*?)</div>', page).group(1)
    assert assert_whys_in_words(error, lang, f"{game} refused ({lang})") == (1 if rule else 0)
    assert_no_raw_id(error, f"{game} refused ({lang})")
    if rule:
        assert f'<span class="rule">{rule}' in error


@pytest.mark.parametrize("area", ["bingo", "five_up", "ninety_nine", "trick_de_bingo", "bead_game"])
def test_every_rule_a_sentence_cites_has_its_words_in_both_languages(app, area):
    """Every game: each rule any of its sentences cites (an option's help, a refusal, a rule break, a score
    line, a printed sheet's note) has its words, and those words have their Japanese."""
    cited = {
        code
        for message in translation_catalogs.extract(area)
        for msgid in (message.id if isinstance(message.id, tuple) else (message.id,))
        for note in _RULE_NOTE.finditer(msgid or "")
        for code in _RULE_ID.findall(note.group(1))
    }
    assert cited
    missing = sorted(code for code in cited if code not in RULE_WORDS)
    assert not missing, f"rules cited without their words: {missing}"
    with app.test_request_context(headers={"Cookie": "lang=ja"}):
        for code in cited:
            said = rule_words(code)
            assert said != RULE_WORDS[code] and SENTENCE["ja"].match(said), (code, said)


HALF_WIDTH_COLON = re.compile(r"[ぁ-んァ-ヶー一-龯）]\s*:|:\s*[ぁ-んァ-ヶ一-龯]")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_japanese_table_title_is_punctuated_in_japanese(client, game):
    rec = record(game)
    table = new_table(client, rec["game"], rec["players"], rec.get("options"))
    client.set_cookie("lang", "ja")
    for path in ("", "/screen", "?at=0"):
        page = client.get(f"/t/{table['id']}{path}").get_data(as_text=True)
        title = re.search(r"<title>(.*?)</title>", page, re.S).group(1)
        assert "：" in title and title.endswith("、".join(rec["players"])) and ":" not in title, (path, title)


def test_the_legal_placements_read_as_japanese(client):
    """D19 in Japanese: every legal placement with its score, punctuated as Japanese is written."""
    rec = record("bead-game")
    table = new_table(client, rec["game"], rec["players"], rec.get("options"))
    assert post(client, table, rec["events"][0]).status_code == 201
    client.set_cookie("lang", "ja")
    page = client.get(f"/t/{table['id']}/bead-game/legal?hand=2-2&hand=3-3").get_data(as_text=True)
    listed = re.search(r'(?s)<p class="bead-legal-count">.*?</ol>', page).group(0)
    text = visible_text(listed)
    assert "2-2、3-3 の置ける場所は" in text and re.search(r"に置くと\d+点 （", text), text
    assert not HALF_WIDTH_COLON.search(text), text


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "“Win a trick with a club” was already drafted by Aki in this round."),
        ("ja", "「クラブでトリックに勝つ」はこのラウンドですでにAkiさんが取っています。"),
    ],
)
def test_a_refusal_names_a_condition_card_by_what_it_says(client, lang, said):
    """Issue 27: "TB-01 was already drafted" named the card by an id no player reads; it says the card."""
    table = new_table(client, "trick-de-bingo", ["Aki", "Ben", "Chie", "Dan"], {"rounds": 1}, scorer=True)
    assert post(client, table, {"type": "round", "dealer": 0}).status_code == 201
    assert post(client, table, {"type": "pick", "seat": 0, "card": "TB-01", "cell": 5}).status_code == 201
    resp = client.post(
        f"/t/{table['id']}/events",
        data={"type": "pick", "seat": "1", "card": "TB-01", "cell": "5"},
        headers={"Accept-Language": lang},
    )
    error = re.search(r'(?s)<div class="error">(.*?)</div>', resp.get_data(as_text=True)).group(1)
    assert resp.status_code == 422 and visible_text(error).strip() == said
    assert_no_raw_id(error, lang)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", ["bingo", "five-up", "ninety-nine", "trick-de-bingo", "bead-game"])
def test_the_new_table_options_say_their_rules_in_words(client, game, lang):
    """An option's "why?" (the decision or rule it changes) is a sentence too, not only "N-Δ1"; it sits
    beside the option's label or legend, not in it (issue 27: in <small> in a <label>)."""
    client.set_cookie("lang", lang)
    page = client.get(f"/new/{game}").get_data(as_text=True)
    assert assert_whys_in_words(page, lang, f"new {game} ({lang})") > 0
    assert whys_in_phrasing(page) == []


@pytest.mark.parametrize(
    ("text", "sentence", "note"),
    [
        ("Annさんに3ゲームポイント (B44の表の1行目)", "Annさんに3ゲームポイント", "B44の表の1行目"),
        ("Ann scores 3 game points (B44 row 1)", "Ann scores 3 game points", "B44 row 1"),
    ],
)
def test_a_rule_note_goes_behind_the_why_also_when_japanese_follows_the_id(text, sentence, note):
    """The Japanese claim verdict read "(B44の表の1行目)" inline: its note is split off like the English one."""
    assert split_rules(text) == (sentence, note)
