"""Picker buttons carry their spoken names as accessible names (issue 33): a screen reader says
"six-four" or "6と4" for the tile button, "queen of hearts" or "ハートのクイーン" for the card button,
while the button still posts the record's spelling."""

from __future__ import annotations

import re

import pytest

from tests.web.test_one_screen_web import scorer_at


@pytest.mark.parametrize(
    ("record", "n", "value", "en", "ja"),
    [
        ("bingo-four-deals-to-eight", 3, "6-4", "six-four", "6と4"),
        ("bingo-four-deals-to-eight", 3, "6-6", "double six", "6のダブル"),
        ("ninety-nine-three-player-game-to-100", 3, "QH", "queen of hearts", "ハートのクイーン"),
    ],
)
def test_a_picker_button_is_named_as_it_is_said(client, record, n, value, en, ja):
    table = scorer_at(client, record, n)
    for lang, name in (("en", en), ("ja", ja)):
        html = client.get(f"/t/{table}", headers={"Accept-Language": lang}).get_data(as_text=True)
        buttons = re.findall(rf'<input [^>]*value="{re.escape(value)}" aria-label="([^"]*)"', html)
        assert buttons and set(buttons) == {name}


def test_two_totals_are_named_as_one_side_to_the_other(client):
    table = scorer_at(client, "bingo-four-deals-to-eight", 6)  # Aki 3, Ben 0 after the first deal
    for lang, name in (("en", "Totals: 3 to 0"), ("ja", "合計：3対0")):
        html = client.get(f"/t/{table}", headers={"Accept-Language": lang}).get_data(as_text=True)
        assert f'class="totals" aria-label="{name}"' in html


HX = {"HX-Request": "true"}


def alarm_of(html: str) -> str:
    """The text of the out-of-band swap into the layout's role=alert region (table/_alarm.html)."""
    found = re.findall(r'<div id="alarm" hx-swap-oob="innerHTML">(.*?)</div>', html, re.S)
    assert len(found) == 1 and html.rstrip().endswith("</div>")  # after the table, never inside it
    return found[0]


@pytest.mark.parametrize(
    ("lang", "said", "verdict", "refusal"),
    [
        ("en", "Recorded: A trick: double six led, five-two replied.", "Aki wins", "double blank"),
        ("ja", "6のダブル", "Akiさんの勝ち", "ブランクのダブル"),
    ],
)
def test_an_entry_is_said_in_spoken_forms_the_own_tap_only_by_its_verdict_or_refusal(client, lang, said, verdict, refusal):
    """Another phone says the whole answer (data-say, read by app.js into #announce); the phone that
    made the entry gets, out of band into #alarm, the verdict without the tap itself, or the refusal."""
    table = scorer_at(client, "bingo-four-deals-to-eight", 3)
    headers = {**HX, "Accept-Language": lang}
    resp = client.post(f"/t/{table}/events", data={"type": "trick", "lead": "6-6", "reply": "5-2"}, headers=headers)
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200
    say = re.search(r'class="answer-status" data-say="([^"]*)"', html)[1]
    assert said in say and "6-6" not in say and "5-2" not in say
    alarm = alarm_of(html)
    assert verdict in alarm and "6-6" not in alarm and "6のダブル" not in alarm  # the verdict, not the tap
    live = client.get(f"/t/{table}/live?since=0", headers=headers).get_data(as_text=True)
    assert 'id="alarm"' not in live and "data-say=" in live  # the live fragment never carries the swap
    again = client.post(f"/t/{table}/events", data={"type": "trick", "lead": "0-0", "reply": "4-0"}, headers=headers)
    assert again.status_code == 422
    alarm = alarm_of(again.get_data(as_text=True))
    assert refusal in alarm and "0-0" not in alarm and "<details" not in alarm


def test_a_page_asked_for_again_carries_no_verdict_to_say(client):
    """A Five Up end chosen (an htmx GET of the table) is no entry: nothing is said again."""
    table = scorer_at(client, "bingo-four-deals-to-eight", 3)
    html = client.get(f"/t/{table}", headers=HX).get_data(as_text=True)
    assert 'id="alarm"' not in html


# The page's voices: the layout's two regions, the connection status, and the bead game's list of
# legal placements (the answer to the player's own question, filled in place).
VOICES = {"announce", "alarm", "live-status", "bead-legal"}


@pytest.mark.parametrize(
    ("record", "n"),
    [
        ("bingo-four-deals-to-eight", 3),
        ("five-up-partners-to-61", 3),
        ("ninety-nine-three-player-game-to-100", 3),
        ("trick-de-bingo-one-round", 40),
        ("bead-game-two-hands", 19),
    ],
)
def test_a_table_page_speaks_only_through_its_announcement_regions(client, record, n):
    """Another phone's entry is said once, by #announce: no region inside the part of the page a live
    update replaces may announce it again (a Trick de Bingo status line once said "Ben picks" twice)."""
    table = scorer_at(client, record, n)
    html = client.get(f"/t/{table}").get_data(as_text=True)
    voices = re.findall(r'<[^>]*aria-live="[^"]*"[^>]*>', html)
    ids = {m.group(1) if (m := re.search(r'id="([^"]*)"', tag)) else tag for tag in voices}
    assert ids <= VOICES, ids - VOICES
