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
