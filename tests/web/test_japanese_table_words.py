"""The table page in Japanese reads as a Japanese player writes (issue 27): a player is named one way
in a sentence (「Benさんの勝ち」, never 「Benの勝ち」 beside it), no "trump: no trump", trick counters as
players count (第1フェーズ・第3トリック), no English word inside a sentence ("blank"), and "entry" is 記録
(never イベント), no half-width colon after Japanese. Every game's golden record is cut at several points and its scorer's page read, as
text, in Japanese. The catalogues' sentences use Japanese punctuation (：and （） around Japanese words)."""

import io
import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from pypdf import PdfReader

from referee import translation_catalogs

RECORDS = Path(__file__).parent.parent / "records"
JA = {"Accept-Language": "ja"}
JP = "\u3040-\u30ff\u4e00-\u9fff"


def shown_text(page: str) -> list[str]:
    """The page's visible lines (tags dropped, entities of & undone)."""
    page = page[page.find("<main") :].replace("&amp;", "&")
    return [" ".join(line.split()) for line in re.sub(r"<[^>]+>", "\n", page).split("\n") if line.strip()]


def unnatural(line: str, players: list[str]) -> list[str]:
    names = "|".join(map(re.escape, players))
    found = []
    if re.search(rf"(?:{names})(?=[がはのにをへ])", line):
        found.append("a name without さん before a particle")
    if "切り札は切り札なし" in line:
        found.append("trump: no trump")
    if re.search(r"トリック中 第", line):
        found.append("a trick counter")
    if re.search(rf"[{JP}](?:blank|blanks|no trump)|(?:blank|no trump)[{JP}]", line):
        found.append("an English word")
    if "イベント" in line:
        found.append("イベント")
    if re.search(rf"[{JP}]\s*:", line):  # a template's colon after a translated word: ：
        found.append("a half-width colon")
    if re.search(rf"(?:{names})(?:、(?:{names}))+さん", line):  # 「Aki、Benさん」: one way for every name
        found.append("さん after the last name of a list only")
    return found


@pytest.mark.parametrize("name", sorted(p.name for p in RECORDS.glob("*.json")))
def test_every_table_page_string_reads_naturally_in_japanese(client, name):
    record = json.loads((RECORDS / name).read_text())
    events = record["events"]
    bad = {}
    for cut in sorted({2, 5, len(events) // 3, len(events) // 2, len(events) - 3, len(events)}):
        made = client.post("/api/v1/records", json={**record, "events": events[:cut]}).get_json()
        client.get(f"/t/{made['id']}/join/{made['scorer_token']}")
        for line in shown_text(client.get(f"/t/{made['id']}", headers=JA).get_data(as_text=True)):
            if found := unnatural(line, record["players"]):
                bad[line] = found
    assert bad == {}


@pytest.mark.parametrize("area", translation_catalogs.areas())
def test_japanese_sentences_use_japanese_punctuation(area):
    """What the screens show (the printed sheets' rule texts keep their own typesetting)."""
    with translation_catalogs.po_path(area, "ja").open("rb") as f:
        catalog = read_po(f)
    bad = []
    for message in catalog:
        locations = [path for path, _line in message.locations]
        if not message.id or (locations and all(path.startswith("printables/") for path in locations)):
            continue
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            if re.search(rf"[{JP}]\s*:|\([^()]*[{JP}][^()]*\)", text or ""):
                bad.append(text)
    assert bad == []


def test_japanese_words_for_one_thing_are_one_word():
    """Issue 27: a Japanese player met 宣言 and クレーム for a claim, ゾロ目 beside ダブル, 台札のスート
    beside リードされたスート, "ディーラーはFayです" beside "Fayさん", "第1 / 4ラウンド". One word each, as
    the Japanese rule documents write them: 宣言 declares doubles, クレーム claims, ダブル is a double."""
    strings: dict[str, str] = {}
    for area in translation_catalogs.areas():
        with translation_catalogs.po_path(area, "ja").open("rb") as f:
            for m in read_po(f):
                forms = m.string if isinstance(m.string, tuple) else (m.string,)
                strings.update({f"{area}: {m.id if isinstance(m.id, str) else m.id[0]}": s for s in forms if s})
    claims = {k: v for k, v in strings.items() if re.search(r"(?i)\bclaim", k) and not k.startswith("trick_de")}
    # 宣言 only where the English also speaks of declarations (a claim counts declared doubles)
    assert claims and [k for k, v in claims.items() if "宣言" in v and not re.search(r"(?i)declar", k)] == []
    assert [k for k, v in strings.items() if "ゾロ目" in v or "台札" in v] == []
    # Ninety-Nine's premium: デクレア on the chips and forms, never ディクレア in the "why?" (newplayer9)
    assert [k for k, v in strings.items() if "ディクレア" in v] == []
    person = r"%\((?:player|name|owner|winner|leader|dealer)\)s"
    assert [v for v in strings.values() if re.search(rf"{person}(?!さん)[{JP}]", v)] == []
    assert [v for v in strings.values() if re.search(r"第%\(\w+\)s / ", v)] == []


def japanese_page(client, name: str, cut: int | None = None) -> str:
    """The scorer's page of a golden record (its first ``cut`` events), in Japanese."""
    record = json.loads((RECORDS / name).read_text())
    made = client.post("/api/v1/records", json={**record, "events": record["events"][:cut]}).get_json()
    client.get(f"/t/{made['id']}/join/{made['scorer_token']}")
    return client.get(f"/t/{made['id']}", headers=JA).get_data(as_text=True)


def test_trick_de_bingo_score_headers_name_the_bingo(client):
    """Issue 27: 「ファースト」「ラスト」 alone say nothing; the round's table heads its columns
    ファーストビンゴ and ラストビンゴ, as the printed sheet does."""
    page = japanese_page(client, "trick-de-bingo-one-round.json")
    heads = re.findall(r"<th>([^<]*)</th>", page[page.index("tdb-breakdown") :])
    assert "ファーストビンゴ" in heads and "ラストビンゴ" in heads
    assert "ファースト" not in heads and "ラスト" not in heads


def test_bead_game_tile_counts_are_written_as_japanese_counters(client):
    """Issue 27: "Aki 11 枚" had a space before the counter; Japanese writes 11枚 (as 残り11枚)."""
    page = japanese_page(client, "bead-game-two-hands.json", 8)
    hands = page[page.index("bead-hands") : page.index("</ul>", page.index("bead-hands"))]
    assert re.sub(r"<[^>]+>", "", hands.split(">", 1)[1]).split() == ["Aki", "11枚Ben", "10枚"]
    assert re.search(r"<b>11</b>枚</li>", page)


def test_a_list_of_players_in_a_japanese_sentence_is_joined_with_the_japanese_comma(app, client):
    """Issue 27: "順番：Ben, Chie, Aki。" mixed an English comma into Japanese; a list the page joins
    for a Japanese reader uses 、 (the trick's order, as a viewer's phone reads it)."""
    record = json.loads((RECORDS / "ninety-nine-three-player-game-to-100.json").read_text())
    made = client.post("/api/v1/records", json={**record, "events": record["events"][:3]}).get_json()
    viewer = app.test_client()
    page = viewer.get(f"/t/{made['id']}", headers=JA).get_data(as_text=True)
    assert "順番：Ben、Chie、Aki。" in page


def test_the_dispute_reports_lists_are_joined_with_the_japanese_comma(client):
    """The same in the printed report: its players and totals are lists inside Japanese lines."""
    events = [{"type": "round", "points": [3, 1]}, {"type": "round", "points": [2, 5]}]
    record = {"format": "referee-record", "version": 1, "game": "score-pad", "players": ["Aki", "Ben"]}
    made = client.post("/api/v1/records", json={**record, "events": events}).get_json()
    pdf = client.get(f"/t/{made['id']}/print/report.pdf", headers=JA).data
    flat = "".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).split())
    assert "最終合計：Aki5、Ben6" in flat and "Aki、Ben" in flat


def test_every_player_of_a_list_in_a_japanese_sentence_gets_san(client):
    """Issue 27: 「次のゲームはBen、Danさんが…」 honoured only the last name of the list; every name in a
    sentence gets its さん (the lower side of a partnership game leads the next game, F5)."""
    page = japanese_page(client, "five-up-partners-to-61.json")
    record = json.loads((RECORDS / "five-up-partners-to-61.json").read_text())
    ben, dan = record["players"][1], record["players"][3]
    assert f"次のゲームは{ben}さん、{dan}さんが最初にリードします。" in page


def test_the_dummy_winning_or_leading_a_trick_is_no_person(app, client):
    """Issue 27: the two-player dummy won a trick as 「ダミーさんの勝ち」 in the trick list and led the
    next one as 「ダミーさんのリード」 on a viewer's phone; the dummy is no person: 「ダミーの勝ち」. The
    history named its card in English (「the dummy A♠」)."""
    events = [{"type": "deal", "dealer": 0}]
    bids = {0: ["6C", "7C", "8C"], 1: ["6D", "7D", "8D"], 2: ["6H", "7H", "8H"]}  # 2: the dummy's
    events += [{"type": "bid", "seat": seat, "cards": cards} for seat, cards in bids.items()]
    events.append({"type": "trick", "cards": ["9S", "10S", "AS"]})  # Ben leads, Aki, then the dummy's A♠
    record = {"format": "referee-record", "version": 1, "game": "ninety-nine", "players": ["Aki", "Ben"]}
    made = client.post("/api/v1/records", json={**record, "events": events}).get_json()
    client.get(f"/t/{made['id']}/join/{made['scorer_token']}")
    scorer = client.get(f"/t/{made['id']}", headers=JA).get_data(as_text=True)
    viewer = app.test_client().get(f"/t/{made['id']}", headers=JA).get_data(as_text=True)
    tricks = scorer.index('class="nn-tricks"')
    assert "ダミーの勝ち" in scorer[tricks : scorer.index("</ol>", tricks)]  # the trick list
    assert "第2トリック：ダミーのリード。" in viewer
    assert "ダミーさん" not in scorer and "ダミーさん" not in viewer
    assert "第1トリック：Ben 9♠、Aki 10♠、ダミー A♠ — ダミーの勝ち。" in scorer and "the dummy" not in scorer
