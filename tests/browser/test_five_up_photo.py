"""The "Photo" button at the end of a Five Up hand (issues 27 and 31), on a phone (headless Chromium,
390x844): a photo of the tiles a player still holds pre-fills that hand's picker; a tile lying on the
layout is flagged, not ticked; nothing is recorded until the player confirms with "Score the hand".

The photo is the renderer's seed 1,000,041 (as in test_photo_check.py): 2-1, 3-3, 4-0 and 0-0, the reader
sure of 2-1, 3-3 and 0-0. At the golden record's first domino 3-3 and 4-0 lie on the layout.
"""

import pytest
from playwright.sync_api import Page, expect

from referee.sight.render import render

from .plays import entered, import_until, pick, record

pytestmark = pytest.mark.browser
SEED = 1_000_041


def test_a_photo_prefills_a_hand_and_the_hand_is_scored_once_confirmed(page: Page, tmp_path):
    photo = tmp_path / "hand.jpg"
    photo.write_bytes(render(SEED).jpeg)
    # Aki went out; Ben, Chie and Dai hold one tile each
    import_until(page, record("five-up-partners-to-61"), 18)

    block = page.locator("[data-photo-for=left1]")
    expect(block.get_by_text("Photo", exact=True)).to_be_visible()
    with page.expect_response("**/api/v1/photos/tiles") as answer:
        block.locator("input[type=file]").set_input_files(photo)
    assert answer.value.status == 200
    status = block.locator(".photo-status")
    expect(status).to_contain_text("Ticked: 2.")
    expect(status).to_contain_text("Already taken elsewhere, not ticked: 3-3")  # on the layout
    for value in ("2-1", "0-0"):
        expect(pick(page, "left1", value).locator("input")).to_be_checked()
    expect(page.locator(".fu-left-tally[data-picker-for=left1]")).to_have_text("2/1 · 3 pips")
    entered(page, 18)  # nothing recorded from the photo

    pick(page, "left1", "2-1").tap()  # Ben holds one tile: the player keeps the right one
    expect(page.locator("label.fu-left-seat:has(input[value='2'])")).to_have_count(0)  # Chie, Aki's partner: not asked
    page.locator("label.fu-left-seat:has(input[value='3'])").tap()
    pick(page, "left3", "4-4").tap()
    page.locator("#fu-end").tap()
    entered(page, 19)
    expect(page.locator("#answer .fu-why, #answer .fu-hand-why")).to_contain_text(
        "Pips: Aki 0 · Ben 0 · Chie not counted · Dai 8."
    )
