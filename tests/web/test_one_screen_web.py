"""The pages behind "one play, one screen" (issue 12 point 2), as served (no JavaScript): stepping
pickers and a record bar in the entry forms, only the fitting tiles in the Five Up sheet, the bid values
behind the Ninety-Nine bid picker (N3, N33), and Trick de Bingo sheets in words for the scorer."""

from __future__ import annotations

import json
import re
from pathlib import Path

from referee.games.ninety_nine.web import nn_bid_values

RECORDS = Path(__file__).parents[1] / "records"


def scorer_at(client, name: str, n: int) -> str:
    """The table of a golden record cut after ``n`` events, this client holding its scorer link."""
    record = json.loads((RECORDS / f"{name}.json").read_text())
    made = client.post("/api/v1/records", json={**record, "events": record["events"][:n]}).get_json()
    assert client.get(f"/t/{made['id']}/join/{made['scorer_token']}").status_code == 302
    return made["id"]


def test_bid_values_follow_the_bid_code_and_the_joker_stands_for_the_turn_up():
    # N3: clubs 3, hearts 2, spades 1, diamonds 0, whatever the rank
    assert nn_bid_values(["AC", "6H", "10S", "KD"], None) == {"AC": 3, "6H": 2, "10S": 1, "KD": 0}
    # N33: the Joker counts as the turned-up card
    assert nn_bid_values(["JK"], "9H") == {"JK": 2}


def test_a_bingo_trick_steps_from_lead_to_reply_above_a_record_bar(client):
    html = client.get(f"/t/{scorer_at(client, 'bingo-four-deals-to-eight', 3)}").get_data(as_text=True)
    form = html[html.index('id="bingo-trick"') : html.index("</form>", html.index('id="bingo-trick"'))]
    assert "data-steps" in form
    assert (
        len(re.findall(r'<fieldset class="picker tiles [^"]*" data-picker="(lead|reply)" data-step', form))
        == 2
    )
    assert re.search(r'<div class="record-bar"><button[^>]+id="record-trick"', form)
    assert "js/pickers.js" in html


def test_the_five_up_sheet_offers_only_the_tiles_that_fit_the_tapped_end(client):
    table = scorer_at(client, "five-up-partners-to-61", 2)  # 4-0 led
    html = client.get(f"/t/{table}?on=4-0&n=4").get_data(as_text=True)
    sheet = html[html.index('id="fu-sheet"') : html.index("</form>", html.index('id="fu-sheet"'))]
    assert "bottom-sheet" in html[html.index('id="fu-sheet"') - 80 : html.index('id="fu-sheet"')]
    offered = re.findall(r'name="tile" value="([0-9-]+)"', sheet)
    assert offered == ["6-4", "5-4", "4-4", "4-3", "4-2", "4-1"]  # every 4 but 4-0, on the table


def test_ninety_nine_cards_nine_to_a_row_and_a_counted_bid_picker(client):
    html = client.get(f"/t/{scorer_at(client, 'ninety-nine-three-player-game-to-100', 1)}").get_data(
        as_text=True
    )
    assert 'data-picker="cards" data-ranks="9"' in html and 'data-need="3"' in html
    assert 'data-count="{n} of 3"' in html and 'data-sum="bid {n}"' in html
    assert re.search(r'data-value="3">\s*<input type="checkbox" name="cards" value="AC"', html)


def test_the_scorer_reads_trick_de_bingo_sheets_in_words(client):
    html = client.get(f"/t/{scorer_at(client, 'trick-de-bingo-one-round', 2)}").get_data(as_text=True)
    sheets = html[html.index('class="tdb-sheets"') :]
    cell = re.search(r'data-cell="5" data-card="TB-23">\s*<span class="tdb-text">([^<]+)</span>', sheets)
    assert cell and "TB-" not in cell.group(1) and len(cell.group(1).split()) >= 3
    # the scorer is told the players can draft on their own phones
    assert "pick on their own phone" in html
