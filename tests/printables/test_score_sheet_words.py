"""A score sheet is for the players at the table: its legend says the rules in plain words, with no rule ids
(B44, N17, T20 belong behind "why?" on the phone; np12-check, the Ninety-Nine and Trick de Bingo legends
printed them), in both languages, for every game, an agreed-total Ninety-Nine included."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from printables.registry import find
from referee.games import GAMES

RULE_ID = re.compile(r"[(（]\s*[A-Z]{1,2}(?:-Δ)?\d+")


def words(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", [g for g in GAMES if find(g, "score-sheet") is not None])
def test_a_blank_score_sheet_says_no_rule_id(client, game, lang):
    resp = client.get(f"/print/{game}/score-sheet.pdf", headers={"Accept-Language": lang})
    assert resp.status_code == 200
    text = words(resp.data)
    assert not RULE_ID.search(text), text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_agreed_total_ninety_nine_sheet_says_no_rule_id(client, lang):
    made = client.post(
        "/api/v1/tables", json={"game": "ninety-nine", "players": ["Aki", "Ben", "Chie"], "options": {"fixedTarget": 200}}
    ).get_json()
    with client.session_transaction() as session:
        session["tokens"] = {f"{made['id']}:scorer": made["scorer_token"]}
    text = words(client.get(f"/t/{made['id']}/print/score-sheet.pdf", headers={"Accept-Language": lang}).data)
    assert "200" in text and not RULE_ID.search(text), text
