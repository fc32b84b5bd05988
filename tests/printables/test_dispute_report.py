"""The dispute report PDF (issue 15) read back: players, every entry, each Bingo claim's lines against
70, the final totals, Japanese, A4 and Letter, a range or one deal, sealed bids kept sealed, and a QR
code on each page that opens the table at that page's moment."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

TESTS = Path(__file__).parents[1]
BINGO = json.loads((TESTS / "records" / "bingo-four-deals-to-eight.json").read_text(encoding="utf-8"))


def text_of(data: bytes) -> tuple[str, list[tuple[float, float]]]:
    reader = PdfReader(io.BytesIO(data))
    text = "\n".join(p.extract_text() for p in reader.pages)
    return text, [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages]


def _table(client, record=BINGO):
    resp = client.post("/api/v1/records", json=record)
    assert resp.status_code == 201
    return resp.get_json()


def test_the_report_tells_the_whole_match(client):
    table = _table(client)
    state = client.get(f"/api/v1/tables/{table['id']}").get_json()
    resp = client.get(f"/t/{table['id']}/print/report.pdf")
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    text, sizes = text_of(resp.data)
    flat = " ".join(text.split())
    assert "Dispute report" in flat and "Aki, Ben" in flat
    for n in range(1, len(BINGO["events"]) + 1):
        assert f"Entry {n} " in flat
    # every settled deal's claim, line by line against 70 (B33), with who scores what (B44)
    for deal in state["detail"]["deals"]:
        claim = deal.get("claim") or {}
        if claim.get("claimer") is None:
            continue
        name = BINGO["players"][claim["claimer"]]
        verdict = "holds" if claim["correct"] else "fails"
        assert f"{name} claims with {claim['total']} points, 70 needed: the claim {verdict}." in flat
    assert "card points in all" in flat and "A trick: 0-0 led, 5-3 replied." in flat
    totals = ", ".join(f"{n} {t}" for n, t in zip(state["players"], state["totals"], strict=True))
    assert f"Final totals: {totals}" in flat
    assert all(abs(w - 595.28) < 1 and abs(h - 841.89) < 1 for w, h in sizes)  # A4


def test_letter_and_japanese(client):
    table = _table(client)
    resp = client.get(f"/t/{table['id']}/print/report.pdf?paper=letter", headers={"Accept-Language": "ja"})
    text, sizes = text_of(resp.data)
    flat = " ".join(text.split())
    assert all(abs(w - 612) < 1 and abs(h - 792) < 1 for w, h in sizes)
    assert "裁定レポート" in flat and "クレーム" in flat and "最終合計" in flat and "記録1" in flat


def test_a_range_and_one_deal(client):
    table = _table(client)
    types = [e["type"] for e in BINGO["events"]]
    deals = [i + 1 for i, t in enumerate(types) if t == "deal"]
    flat = " ".join(text_of(client.get(f"/t/{table['id']}/print/report.pdf?deal=2").data)[0].split())
    assert f"Entry {deals[1]} " in flat and f"Entry {deals[2] - 1} " in flat
    assert f"Entry {deals[1] - 1} " not in flat and f"Entry {deals[2]} " not in flat
    flat = " ".join(text_of(client.get(f"/t/{table['id']}/print/report.pdf?from=3&to=5").data)[0].split())
    assert "Entry 3 " in flat and "Entry 5 " in flat and "Entry 2 " not in flat and "Entry 6 " not in flat
    for bad in ("?from=0&to=999", "?deal=9", "?to=x"):
        assert client.get(f"/t/{table['id']}/print/report.pdf{bad}").status_code == 422


def test_undo_and_correction_with_who_and_when(client):
    table = client.post("/api/v1/tables", json={"game": "score-pad", "players": ["Aki", "Ben"]}).get_json()
    auth = {"Authorization": f"Bearer {table['scorer_token']}"}
    for body in (
        {"type": "round", "points": [3, 1]},
        {"type": "round", "points": [5, 0]},
        {"type": "undo"},
        {"type": "correct", "target": 1, "event": {"type": "round", "points": [7, 0]}},
    ):
        assert client.post(f"/api/v1/tables/{table['id']}/events", json=body, headers=auth).status_code == 201
    flat = " ".join(text_of(client.get(f"/t/{table['id']}/print/report.pdf").data)[0].split())
    assert "the scorer (API): undid entry 2: A round: Aki +5, Ben +0" in flat
    assert "corrected entry 1 from A round: Aki +3, Ben +1 to A round: Aki +7, Ben +0" in flat
    assert "Final totals: Aki 7, Ben 0" in flat


def test_a_sealed_bid_stays_sealed_in_the_report(client):
    record = json.loads((TESTS / "records" / "ninety-nine-three-player-game-to-100.json").read_text())
    first_bid = next(i for i, e in enumerate(record["events"]) if e["type"] == "bid")
    partial = {**record, "events": record["events"][: first_bid + 1]}
    table = _table(client, partial)
    bid = record["events"][first_bid]
    flat = " ".join(text_of(client.get(f"/t/{table['id']}/print/report.pdf").data)[0].split())
    assert f"{record['players'][bid['seat']]} made a sealed bid." in flat
    assert not any(card in flat for card in _faces(bid["cards"]))
    client.get(
        f"/t/{table['id']}/join/{table['seat_tokens'][bid['seat']]}"
    )  # this phone is now the bidder's seat
    mine = " ".join(text_of(client.get(f"/t/{table['id']}/print/report.pdf").data)[0].split())
    assert "made a sealed bid" not in mine and all(card in mine for card in _faces(bid["cards"]))


def _faces(cards):
    """Cards as the report writes them: rank and suit symbol (9S is 9♠)."""
    return [c[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[c[-1]] for c in cards]


@pytest.mark.skipif(
    not shutil.which("pdftoppm") or not shutil.which("zbarimg"), reason="poppler-utils, zbar-tools"
)
def test_each_page_has_a_qr_code_of_its_moment(client, tmp_path):
    table = _table(client)
    data = client.get(f"/t/{table['id']}/print/report.pdf").data
    (tmp_path / "r.pdf").write_bytes(data)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "150", str(tmp_path / "r.pdf"), str(tmp_path / "p")], check=True
    )
    pages = sorted(tmp_path.glob("p*.png"))
    assert len(pages) == len(PdfReader(io.BytesIO(data)).pages) >= 2
    seen = []
    for png in pages:
        out = subprocess.run(
            ["zbarimg", "-q", "--raw", str(png)], capture_output=True, text=True
        ).stdout.split()
        assert len(out) == 1 and f"/t/{table['id']}?at=" in out[0]
        seen.append(int(out[0].rsplit("=", 1)[1]))
    assert seen == sorted(seen) and seen[-1] == len(BINGO["events"])


def test_five_up_counts_and_ninety_nine_deal_scores(client):
    five = json.loads((TESTS / "records" / "five-up-partners-to-61.json").read_text(encoding="utf-8"))
    table = _table(client, five)
    flat = " ".join(text_of(client.get(f"/t/{table['id']}/print/report.pdf").data)[0].split())
    assert "= 10 is a multiple of 5: Chie scores 2" in flat  # the count after each play (F15-F16)
    nn = json.loads(
        (TESTS / "records" / "ninety-nine-three-player-game-to-100.json").read_text(encoding="utf-8")
    )
    table = _table(client, nn)
    state = client.get(f"/api/v1/tables/{table['id']}").get_json()
    flat = " ".join(text_of(client.get(f"/t/{table['id']}/print/report.pdf").data)[0].split())
    first = state["detail"]["sheet"][0]
    for seat, name in enumerate(nn["players"]):
        assert f"{name}: {first['scores'][seat]} " in flat  # each deal's score, line by line (N12-N14)
    assert "Tricks won: 4, 1 point each" in flat


def test_a_changed_sealed_bid_shows_who_and_when_only(client):
    record = json.loads((TESTS / "records" / "ninety-nine-three-player-game-to-100.json").read_text())
    first_bid = next(i for i, e in enumerate(record["events"]) if e["type"] == "bid")
    table = _table(client, {**record, "events": record["events"][: first_bid + 1]})
    bid = record["events"][first_bid]
    other = [c for c in ("6C", "7C", "8C", "9C", "10C", "JC") if c not in bid["cards"]][:3]
    change = {"type": "correct", "target": first_bid + 1, "event": {**bid, "cards": other}}
    url = f"/api/v1/tables/{table['id']}/events"
    statuses = [
        client.post(url, json=change, headers={"Authorization": f"Bearer {token}"}).status_code
        for token in (table["seat_tokens"][bid["seat"]], table["scorer_token"])
    ]
    assert 201 in statuses, statuses  # the seat (or the scorer) may change a sealed bid
    flat = " ".join(text_of(client.get(f"/t/{table['id']}/print/report.pdf").data)[0].split())
    assert f"changed sealed entry {first_bid + 1}" in flat
    assert not any(card in flat for card in _faces(bid["cards"]) + _faces(other))


def test_breaches_with_the_entry_that_breaks_the_rule(client):
    """F18-F21: drawing or passing while holding a tile that fitted is a breach once the player later
    plays that tile (entry 6 proves it)."""
    events = [
        {"type": "hand", "leader": 0},
        {"type": "play", "seat": 0, "tile": "6-6"},
        {"type": "draw", "seat": 1, "count": 12},
        {"type": "pass", "seat": 1},
        {"type": "play", "seat": 0, "tile": "6-5", "on": "6-6"},
        {"type": "play", "seat": 1, "tile": "6-1", "on": "6-6"},
    ]
    record = {
        "format": "referee-record",
        "version": 1,
        "game": "five-up",
        "players": ["Aki", "Ben"],
        "events": events,
    }
    table = _table(client, record)
    state = client.get(f"/api/v1/tables/{table['id']}").get_json()
    (breach,) = state["breaches"]
    flat = " ".join(text_of(client.get(f"/t/{table['id']}/print/report.pdf").data)[0].split())
    entry = state["events"][breach["event"]]["seq"]
    assert f"Rule break ({breach['rule']}) in entry {entry}:" in flat and "6-1" in flat
    if breach.get("detected_at") is not None:  # the rules name the entry that proves it
        assert f"(proved by entry {state['events'][breach['detected_at']]['seq']})" in flat


@pytest.mark.parametrize(
    ("query", "lang", "label"),
    [("", "en", "Page{n}of{total}"), ("?deal=1", "ja", "{total}ページ中{n}ページ")],
)
def test_every_page_says_its_number_out_of_all_the_pages_the_race_chart_included(client, query, lang, label):
    """A two-page report (one page of entries, the race chart) said "Page 1 of 1" (newplayer11)."""
    table = _table(client)
    data = client.get(f"/t/{table['id']}/print/report.pdf{query}", headers={"Accept-Language": lang}).data
    pages = ["".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(data)).pages]
    assert len(pages) >= 2
    for n, text in enumerate(pages, start=1):
        assert label.format(n=n, total=len(pages)) in text
