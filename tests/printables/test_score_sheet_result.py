"""The printed score sheet of a finished match says who won, on its first page, in the reader's language:
a player holding the paper should not have to add up the last row (issue 27, "plain words, paper"). An
unfinished table's sheet says no winner. Read back from the PDF with pdftotext."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

RECORDS = Path(__file__).parents[1] / "records"
PAD = {"format": "referee-record", "version": 1, "game": "score-pad", "players": ["Aki", "Ben"]}

# record -> (English, Japanese): the winner and the final totals as the golden records end
FINISHED = {
    "bingo-four-deals-to-eight.json": ("Aki wins the match: 8–3.", "Akiさんがマッチに勝ちました：8–3。"),
    "five-up-partners-to-61.json": (
        "Aki & Chie win the match: 73–33.",  # partners: one side's total, named together
        "Akiさん & Chieさんがマッチに勝ちました：73–33。",
    ),
    "../acceptance/records/ninety-nine-fixed-target-200.json": (
        "{0} wins the match: {0} 202, {1} 21, {2} 74.",
        "{0}さんがマッチに勝ちました：{0} 202、{1} 21、{2} 74。",
    ),
    "trick-de-bingo-one-round.json": (
        "{0} wins the match: {0} 19, {1} 6, {2} 4, {3} 18.",
        "{0}さんがマッチに勝ちました：{0} 19、{1} 6、{2} 4、{3} 18。",
    ),
    "bead-game-two-hands.json": ("{0} wins the match: 1132–898.", "{0}さんがマッチに勝ちました：1132–898。"),
}


def first_page(client, record: dict, lang: str) -> str:
    table = client.post("/api/v1/records", json=record).get_json()
    data = client.get(f"/t/{table['id']}/print/score-sheet.pdf", headers={"Accept-Language": lang}).data
    out = subprocess.run(
        ["pdftotext", "-f", "1", "-l", "1", "-", "-"], input=data, capture_output=True, check=True
    )
    return " ".join(out.stdout.decode().split())


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name", sorted(FINISHED))  # Bingo, Five Up, Ninety-Nine, Trick de Bingo, bead game
def test_a_finished_matchs_sheet_says_who_won_on_its_first_page(client, name, lang):
    record = json.loads((RECORDS / name).read_text())
    said = FINISHED[name][lang == "ja"].format(*record["players"])
    assert said in first_page(client, record, lang)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_score_pad_ended_by_its_target_says_who_won_and_one_not_ended_says_nobody(client, lang):
    rounds = [{"type": "round", "points": [30, 12]}, {"type": "round", "points": [25, 20]}]
    won = first_page(client, {**PAD, "options": {"target": 50}, "events": rounds}, lang)
    assert ("Aki wins the match: 55–32." if lang == "en" else "Akiさんがマッチに勝ちました：55–32。") in won
    going = first_page(client, {**PAD, "options": {"target": 100}, "events": rounds}, lang)
    assert "wins the match" not in going and "勝ちました" not in going
    unfinished = json.loads((RECORDS / "ninety-nine-three-player-game-to-100.json").read_text())  # a rubber going on
    going = first_page(client, unfinished, lang)
    assert "wins the match" not in going and "勝ちました" not in going


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tie_is_said_as_a_shared_win(client, lang):
    rounds = [{"type": "round", "points": [30, 30]}]
    tied = first_page(client, {**PAD, "options": {"target": 30}, "events": rounds}, lang)
    said = (
        "Aki, Ben share the win: Aki 30, Ben 30."
        if lang == "en"
        else "Akiさん、Benさんが同点で勝ちました：Aki 30、Ben 30。"
    )
    assert said in tied
