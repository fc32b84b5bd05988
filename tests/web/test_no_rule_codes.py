"""No rule codes in what a player reads (issue 27, "Plain words only"): "(N19)", "(F35)", "B44 row 1" belong
behind a "why?" disclosure, which says the rule in words first. Checked on every game's new-table options,
on the table and moment pages of every game's golden record (and Five Up's going-out bonus note, which
printed "(F35)" in its sentence), and on a refusal, in English and Japanese."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from referee.games import GAMES

RECORDS = Path(__file__).parents[1] / "records"
ACCEPTANCE = Path(__file__).parents[1] / "acceptance" / "records"
CODE = re.compile(r"[(（][^()（）]*\b[A-Z]{1,2}(?:-Δ)?\d+[a-z]?\b[^()（）]*[)）]|\b[A-Z]-Δ\d")
WHY = re.compile(r'(?s)<details class="why">.*?</details>')


def visible(html: str) -> str:
    """What the page says outside its "why?" disclosures (and scripts and styles)."""
    html = re.sub(r"(?s)<(script|style)\b[^>]*>.*?</\1>", " ", WHY.sub(" ", html))
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def codes(html: str) -> list[str]:
    return [m.group(0) for m in CODE.finditer(visible(html))]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_new_table_options_say_no_rule_code_outside_why(client, game, lang):
    html = client.get(f"/new/{game}", headers={"Accept-Language": lang}).get_data(as_text=True)
    assert codes(html) == []
    if game != "score-pad":  # the rule ids are one tap away
        assert any(CODE.search(d) or re.search(r"\b[A-Z]{1,2}\d+", d) for d in WHY.findall(html)), game


def records() -> list[Path]:
    return [*sorted(RECORDS.glob("*.json")), ACCEPTANCE / "five-up-2p-spinners-domino-bonus2.json"]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("path", records(), ids=lambda p: p.stem)
def test_the_table_and_its_moments_say_no_rule_code_outside_why(client, path, lang):
    record = json.loads(path.read_text())
    made = client.post("/api/v1/records", json=record).get_json()
    client.get(f"/t/{made['id']}/join/{made['scorer_token']}")
    n = len(record["events"])
    for url in (f"/t/{made['id']}", f"/t/{made['id']}?at={n // 2}", f"/t/{made['id']}?at={n - 1}"):
        html = client.get(url, headers={"Accept-Language": lang}).get_data(as_text=True)
        assert codes(html) == [], url


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_refusal_keeps_its_rule_code_behind_why(client, lang):
    """Oxford Whist is for three players (N34): the new-table page refuses four, saying why in words."""
    form = {"players": ["Aki", "Ben", "Chie", "Dan"], "oxfordWhist": "true"}
    resp = client.post("/new/ninety-nine", data=form, headers={"Accept-Language": lang})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 422 and ("Oxford Whist" in visible(html) or "オックスフォード" in visible(html))
    assert codes(html) == [] and "N34" in "".join(WHY.findall(html))
