"""One entry numbering on the phone and on paper (issue 27, newplayer11 #2): an entry's number is its log
line (``seq``) on the table's History (its rows, its deal headings, its rule breaks and corrections),
in the dispute report and its QR moments, on the moment page ``?at=K`` and in the API's breaches. A
table with an undo and a correction is where a count of the entries that stand drifted from the log:
"entry 5" on the report was "entry 3" on the phone."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass

import pytest
from tables import new_table, post, state

from referee.games import game
from referee.store.replay import LogEntry, replay
from referee.web.tables.access import Access
from referee.web.tables.log_rows import log_rows
from referee.web.tables.presenting import public_events

# Each table: its entries as posted (undo and correction lines included), the entry the rule break is
# about and the one that proves it (by log line), and the log lines its first deal spans.
BINGO = (
    {"type": "deal", "indicator": "3-1", "leader": 0},  # 1
    {"type": "close", "seat": 0},  # 2
    {"type": "trick", "lead": "6-2", "reply": "5-1"},  # 3: undone by 4
    {"type": "undo"},  # 4
    {"type": "trick", "lead": "6-2", "reply": "5-1"},  # 5: B25, Ben still held 6-5
    {"type": "correct", "target": 2, "event": {"type": "close", "seat": 0}},  # 6
    {"type": "trick", "lead": "4-4", "reply": "6-5"},  # 7: proves it
    {"type": "claim", "seat": 0},  # 8
    {"type": "deal", "indicator": "1-0", "leader": 1},  # 9: deal 2
)
NINETY_NINE = (
    {"type": "deal", "dealer": 0},  # 1
    {"type": "trick", "cards": ["AH", "6S", "8H"]},  # 2: undone by 3
    {"type": "undo"},  # 3
    {"type": "trick", "cards": ["AH", "6S", "8H"]},  # 4: N10, Chie did not follow hearts
    {"type": "correct", "target": 1, "event": {"type": "deal", "dealer": 0}},  # 5
    {"type": "trick", "cards": ["QH", "7H", "9H"]},  # 6: proves it
)


@dataclass(frozen=True)
class Table:
    game: str
    players: tuple[str, ...]
    options: dict
    entries: tuple[dict, ...]
    breach: int  # the log line of the entry the rule break is about
    proof: int  # the log line of the entry that proves it
    standing: tuple[int, ...]  # the log lines of the entries that stand
    corrected: int  # the log line of the correction
    undone: int  # the log line undone

    @property
    def target(self) -> int:
        """The entry the correction corrected."""
        return self.entries[self.corrected - 1]["target"]


TABLES = {
    "bingo": Table("bingo", ("Aki", "Ben"), {"closeBeforeFirstTrick": True}, BINGO, 5, 7, (1, 2, 5, 7, 8, 9), 6, 3),
    "ninety-nine": Table("ninety-nine", ("Aki", "Ben", "Chie"), {}, NINETY_NINE, 4, 6, (1, 4, 6), 5, 2),
}  # fmt: skip
WORDS = {
    "en": {
        "row": "Entry {n}: ",
        "proof": "Proved by entry {n}.",
        "corrected": "corrected in entry {n} by",
        "undone": "Entry {n} undone by the scorer (API): ",
        "fixed": "Entry {n} corrected by the scorer (API): now ",
        "heading": "entries {first}–{last}",
        "report": "Entry {n} ·",
        "report_breach": "in entry {n}:",
        "report_proof": "(proved by entry {n})",
        "report_range": "Entries {first} to {to} of {last}",
        "moment": "after entry {n} of {last}",
        "undid": "This entry undid entry {n}.",
    },
    "ja": {
        "row": "記録{n}：",
        "proof": "記録{n}で判明しました。",
        "corrected": "記録{n}で",
        "undone": "記録{n}は記録係（API）が取り消しました：",
        "fixed": "記録{n}は記録係（API）が訂正しました。訂正後：",
        "heading": "記録{first}〜{last}",
        "report": "記録{n} ·",
        "report_breach": "記録{n}の反則",
        "report_proof": "（記録{n}で判明）",
        "report_range": "記録{first}〜{to}（全{last}）",
        "moment": "記録{n}（全{last}）の直後",
        "undid": "この記録は記録{n}を取り消しました。",
    },
}


def _flat(text: str) -> str:
    return " ".join(text.split())


def _visible(html: str) -> str:
    return _flat(re.sub(r"<[^>]+>", " ", re.sub(r'(?s)<details class="why">.*?</details>', "", html)))


def _table(client, spec: Table) -> dict:
    table = new_table(client, spec.game, spec.players, spec.options)
    for entry in spec.entries:
        assert post(client, table, entry).status_code == 201, entry
    return table


def _pdf_text(data: bytes) -> str:
    out = subprocess.run(["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True)
    return _flat(out.stdout.decode())


@pytest.fixture(params=sorted(TABLES))
def spec(request) -> Table:
    return TABLES[request.param]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_history_numbers_each_entry_by_its_log_line(client, spec, lang):
    """The rows, the rule break and the entry proving it, the correction and the undone entry: the log
    line each is on, as the report prints it (the undone line and the correction are the gaps)."""
    table = _table(client, spec)
    w = WORDS[lang]
    page = client.get(f"/t/{table['id']}", headers={"Accept-Language": lang}).get_data(as_text=True)
    rows = re.findall(r'<li data-seq="(\d+)" value="(\d+)">', page)
    assert sorted(int(seq) for seq, _ in rows) == sorted([*spec.standing, spec.undone + 1, spec.corrected])
    assert all(seq == value for seq, value in rows), rows  # the number shown is the log line
    breaks = _visible(re.search(r'(?s)<section class="breaches">(.*?)</section>', page).group(1))
    assert w["row"].format(n=spec.breach) in breaks and w["proof"].format(n=spec.proof) in breaks, breaks
    text = _visible(page)
    assert w["corrected"].format(n=spec.corrected) in text



@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_report_prints_the_same_numbers(client, spec, lang):
    """The dispute report read back with pdftotext: the same rule break, proof and entries."""
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext (poppler-utils) not installed")
    table = _table(client, spec)
    w = WORDS[lang]
    text = _pdf_text(client.get(f"/t/{table['id']}/print/report.pdf", headers={"Accept-Language": lang}).data)
    assert w["report_breach"].format(n=spec.breach) in text and w["report_proof"].format(n=spec.proof) in text
    for n in range(1, len(spec.entries) + 1):
        assert w["report"].format(n=n) in text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_moment_page_and_the_api_name_the_entry_by_the_same_number(client, spec, lang):
    """``?at=K`` of the rule break's entry is the table just after it, the entry the History calls K;
    the API's breach carries that number too (``event`` stays the index into ``events``)."""
    table = _table(client, spec)
    last = len(spec.entries)
    page = client.get(f"/t/{table['id']}?at={spec.breach}", headers={"Accept-Language": lang}).get_data(as_text=True)
    assert WORDS[lang]["moment"].format(n=spec.breach, last=last) in _visible(page)
    lines = sorted({*spec.standing, spec.undone + 1, spec.corrected}, reverse=True)
    assert re.findall(r'<li data-seq="(\d+)" value="(\d+)">', page) == [
        (str(n), str(n)) for n in lines if n <= spec.breach
    ]  # the history up to this moment, numbered as on the phone, its undo line too
    undo = client.get(f"/t/{table['id']}?at={spec.undone + 1}", headers={"Accept-Language": lang})
    assert WORDS[lang]["undid"].format(n=spec.undone) in _visible(undo.get_data(as_text=True))
    screen = client.get(f"/t/{table['id']}/screen").get_data(as_text=True)  # the big screen's last entries
    assert (seq := re.findall(r'<li data-seq="(\d+)" value="(\d+)">', screen)) and all(a == b for a, b in seq)
    assert f'href="/t/{table["id"]}?at={spec.breach}"' in client.get(f"/t/{table['id']}").get_data(as_text=True)
    (breach,) = state(client, table)["breaches"]
    events = state(client, table)["events"]
    assert (breach["seq"], breach["detected_seq"]) == (spec.breach, spec.proof)
    assert (events[breach["event"]]["seq"], events[breach["detected_at"]]["seq"]) == (spec.breach, spec.proof)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_deal_heading_spans_the_log_lines_the_report_prints_for_that_deal(client, lang):
    """Bingo's deal 1 is log lines 1-8 (its undo and correction lines included) on the History heading
    and on the report's ``?deal=1``; deal 2 starts at line 9 on both."""
    spec = TABLES["bingo"]
    table = _table(client, spec)
    w = WORDS[lang]
    headers = {"Accept-Language": lang}
    page = client.get(f"/t/{table['id']}", headers=headers).get_data(as_text=True)
    headings = [_visible(h) for h in re.findall(r'(?s)<h2 class="history-group"[^>]*>(.*?)</h2>', page)]
    assert [h.split("·")[1:] for h in headings] == [
        [],  # a group of one entry says no range ("entries 9–9", "entry 9"): its row shows its number
        [" " + w["heading"].format(first=1, last=8)],
    ], headings
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext (poppler-utils) not installed")
    for deal, (first, to) in ((1, (1, 8)), (2, (9, 9))):
        data = client.get(f"/t/{table['id']}/print/report.pdf?deal={deal}", headers=headers).data
        assert w["report_range"].format(first=first, to=to, last=9) in _pdf_text(data)


def test_an_undone_deal_is_no_deal_on_the_history_or_the_report(client):
    """Deal 2 recorded (line 9), undone (10) and recorded again (11): History has two deals, the second
    at line 11, and the report's ``?deal=2`` prints that one; it counted the undone deal as deal 2 and
    the standing one as deal 3."""
    spec = TABLES["bingo"]
    table = _table(client, spec)
    for entry in ({"type": "undo"}, BINGO[-1]):
        assert post(client, table, entry).status_code == 201
    page = client.get(f"/t/{table['id']}").get_data(as_text=True)
    headings = [_visible(h) for h in re.findall(r'(?s)<h2 class="history-group"[^>]*>(.*?)</h2>', page)]
    assert headings == ["Deal 2", "Deal 1 · entries 1–10"]
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext (poppler-utils) not installed")
    for deal, (first, to) in ((1, (1, 10)), (2, (11, 11))):
        text = _pdf_text(client.get(f"/t/{table['id']}/print/report.pdf?deal={deal}").data)
        assert f"Entries {first} to {to} of 11" in text
    assert client.get(f"/t/{table['id']}/print/report.pdf?deal=3").status_code == 422


@pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("pdftotext", "pdftoppm", "zbarimg")), reason="poppler-utils, zbar-tools"
)
def test_a_report_pages_code_opens_the_moment_its_words_name(client, spec, tmp_path):
    """Each page's QR code opens ``?at=K``, the page says "after entry K", and the moment page is the
    table after the entry the History numbers K."""
    table = _table(client, spec)
    data = client.get(f"/t/{table['id']}/print/report.pdf").data
    (tmp_path / "r.pdf").write_bytes(data)
    subprocess.run(["pdftoppm", "-png", "-r", "150", "-f", "1", "-l", "1", str(tmp_path / "r.pdf"), str(tmp_path / "p")], check=True)  # fmt: skip
    (png,) = tmp_path.glob("p*.png")
    (code,) = subprocess.run(["zbarimg", "-q", "--raw", str(png)], capture_output=True, text=True).stdout.split()
    k = int(code.rsplit("?at=", 1)[1])
    assert f"Scan to open the table as it stood after entry {k}." in _pdf_text(data)
    moment = _visible(client.get(f"/t/{table['id']}?at={k}").get_data(as_text=True))
    assert f"after entry {k} of {len(spec.entries)}" in moment
    history = client.get(f"/t/{table['id']}").get_data(as_text=True)
    assert f'<li data-seq="{k}" value="{k}">' in history and f'href="/t/{table["id"]}?at={k}"' in history


ENTRY_TAG = re.compile(r'<span class="entry-no">([^<]*)</span>')


def _rows(html: str) -> dict[int, str]:
    """The History's rows by their number, each as it reads (its links' words included) after its "entry N"
    tag, which must say the row's own number."""
    found = re.findall(r'(?s)<li data-seq="(\d+)" value="(\d+)">(.*?)</li>', html)
    assert all(seq == value for seq, value, _ in found), found
    for seq, _, row in found:
        tag = ENTRY_TAG.search(row)
        assert tag is None or re.search(rf"(?<!\d){seq}$", tag.group(1).strip()), (seq, row)
    return {int(seq): _visible(ENTRY_TAG.sub("", row)) for seq, _, row in found}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_undo_and_a_correction_are_rows_at_their_own_numbers(client, spec, lang):
    """Every log line has its row but the undone entry, which the undo's row names with what it was (a
    player reading "entries 3, 5" no longer wonders what 4 was): on the History, newest first, each
    linking to its moment and offering no "Correct", and on the moment page's list."""
    table = _table(client, spec)
    w = WORDS[lang]
    headers = {"Accept-Language": lang}
    rows = _rows(client.get(f"/t/{table['id']}", headers=headers).get_data(as_text=True))
    assert sorted(rows) == sorted([*spec.standing, spec.undone + 1, spec.corrected])
    undo, fix = rows[spec.undone + 1], rows[spec.corrected]
    assert undo.startswith(w["undone"].format(n=spec.undone)), undo
    assert fix.startswith(w["fixed"].format(n=spec.target)), fix
    page = client.get(f"/t/{table['id']}", headers=headers).get_data(as_text=True)
    for n in (spec.undone + 1, spec.corrected):
        row = re.search(rf'(?s)<li data-seq="{n}" value="{n}">(.*?)</li>', page).group(1)
        assert f'href="/t/{table["id"]}?at={n}"' in row and "/correct/" not in row
    last = len(spec.entries)
    moment = _rows(client.get(f"/t/{table['id']}?at={last}", headers=headers).get_data(as_text=True))
    assert moment[spec.undone + 1].startswith(w["undone"].format(n=spec.undone))
    assert moment[spec.corrected].startswith(w["fixed"].format(n=spec.target))
    assert sorted(moment) == sorted(rows)


def test_a_sealed_bid_corrected_by_its_player_says_whose_it_was_and_nothing_of_it(app, client):
    """Ben seals a bid, then replaces it from his phone: the correction's row names the entry and Ben to the
    viewer, to another seat and to the scorer, on the History and the moment page, and no card of either
    bid; Ben's own phone says what his bid is now."""
    table = new_table(client, "ninety-nine", ("Aki", "Ben", "Chie"))
    assert post(client, table, {"type": "deal", "dealer": 0}).status_code == 201
    ben = table["seat_tokens"][1]
    assert (
        post(client, table, {"type": "bid", "seat": 1, "cards": ["7S", "10C", "8S"]}, ben).status_code == 201
    )
    fix = {"type": "correct", "target": 2, "event": {"type": "bid", "seat": 1, "cards": ["7S", "10C", "9S"]}}
    assert post(client, table, fix, ben).status_code == 201

    def phone(token):
        c = app.test_client()
        if token:
            assert c.get(f"/t/{table['id']}/join/{token}").status_code == 302
        return c

    sealed = "Entry 2 (a sealed entry) changed by Ben."
    for token in (None, table["seat_tokens"][2], table["scorer_token"]):
        for path in (f"/t/{table['id']}", f"/t/{table['id']}?at=3"):
            html = phone(token).get(path).get_data(as_text=True)
            assert _rows(html)[3].startswith(sealed), (token, path)
            assert not re.search(r"10C|10♣|7S|7♠|9S|9♠|8S|8♠", _visible(html)), (token, path)
    mine = _rows(phone(ben).get(f"/t/{table['id']}").get_data(as_text=True))[3]
    assert mine.startswith("Entry 2 corrected by Ben: now ") and "9♠" in mine, mine


def test_an_undone_sealed_bid_says_whose_it_was_and_nothing_of_it(app):
    """A sealed bid taken back (only its player may, while it is sealed): the undo's row says whose bid it
    was to the viewer, to another seat and to the scorer, and names its cards to its player alone."""
    log = [
        LogEntry(1, "event", {"type": "deal", "dealer": 0}),
        LogEntry(2, "event", {"type": "bid", "seat": 1, "cards": ["7S", "10C", "8S"]}, author="seat1"),
        LogEntry(3, "undo", {}, author="seat1"),
    ]
    rep = replay(game("ninety-nine"), ("Aki", "Ben", "Chie"), {}, log)
    with app.test_request_context():
        for reader in (Access(), Access(seat=2), Access(scorer=True)):
            assert (
                log_rows(rep, reader, public_events(rep, reader))[-1][1]
                == "Entry 2 undone by Ben: Ben sealed a bid."
            )
        (row,) = log_rows(rep, Access(seat=1), public_events(rep, Access(seat=1)))
    assert row[0].seq == 3 and row[1].startswith("Entry 2 undone by Ben: ") and "10♣" in row[1], row
