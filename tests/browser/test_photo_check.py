"""The "Photo" button on /check (issue 31), on a phone (headless Chromium, 390x844): a photo of the
claimer's trick pile pre-fills the picker; a tile read for sure is ticked, an unsure one has its
candidates outlined for one tap, a tile already ticked in the other pile is flagged, not ticked; and
nothing is checked until the player confirms.

The photo is the renderer's seed 1,000,455 (an evaluation seed, never trained on, outside the ranges the
benchmark's figures come from): 3-0, 3-2, 4-3, 4-4, 5-0, 6-1 and 6-4 on the table; the reader is sure of all
but 6-1, where it hesitates between 6-1 and 6-0. The page shrinks and re-encodes it before sending, always
the same way, so the reading is the same each run. (Seed 1,000,443, used until the weights were retrained
for issue 31's detector change, is now read all sure.)
"""

from pathlib import Path

import cv2
import pytest
from playwright.sync_api import Page, expect

from referee.sight.render import render

pytestmark = pytest.mark.browser
SEED = 1_000_455


def tile(page: Page, picker: str, value: str):
    return page.locator(f"fieldset[data-picker={picker}] label[data-tile='{value}']")


def claim_with_the_other_pile_started(page: Page) -> None:
    """Trump 5, Player 1 claims, Player 2's pile holds 4-3 and 1-0; back on Player 1's pile."""
    page.goto("/check")
    assert page.evaluate("[innerWidth, innerHeight]") == [390, 844]
    page.get_by_text("5", exact=True).first.tap()  # trump 5
    page.locator("fieldset.seats", has_text="Who claims?").get_by_text("Player 1").tap()
    page.locator("#bingo-claim-form .step-chip").nth(3).tap()  # one step at a time: Player 2's pile
    tile(page, "won1", "4-3").tap()  # in the photo too
    tile(page, "won1", "1-0").tap()
    page.locator("#bingo-claim-form .step-chip").nth(2).tap()  # back to Player 1's pile


def test_a_photo_prefills_the_pile_and_the_confirmed_claim_is_checked(page: Page, tmp_path):
    photo = tmp_path / "pile.jpg"
    photo.write_bytes(render(SEED).jpeg)
    claim_with_the_other_pile_started(page)

    block = page.locator("[data-photo-for=won0]")
    expect(block.get_by_text("Photo", exact=True)).to_be_visible()
    with page.expect_response("**/api/v1/photos/tiles") as answer:
        block.locator("input[type=file]").set_input_files(photo)
    assert answer.value.status == 200
    assert answer.value.request.headers["content-type"] == "image/jpeg"
    expect(block.locator(".photo-status")).to_contain_text("Ticked: 5. Unsure: 1.")
    expect(block.locator(".photo-status")).to_contain_text("6-1 or 6-0")
    expect(block.locator(".photo-status")).to_contain_text("Already taken elsewhere, not ticked: 4-3")
    # the button it asks for is the page's own (issue 27: it said "confirm", a button no page has)
    expect(block.locator(".photo-status")).to_contain_text("Check the tiles, then tap “Check the claim”.")

    for value in ("3-0", "3-2", "4-4", "5-0", "6-4"):
        expect(tile(page, "won0", value).locator("input")).to_be_checked()
    expect(tile(page, "won0", "4-3").locator("input")).not_to_be_checked()
    expect(tile(page, "won0", "4-3")).to_have_class("pick photo-used")
    for value in ("6-1", "6-0"):
        expect(tile(page, "won0", value)).to_have_class("pick photo-maybe")
        expect(tile(page, "won0", value).locator("input")).not_to_be_checked()
    expect(page.locator("#claim-answer")).to_have_count(0)  # nothing checked before the confirmation
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    tile(page, "won0", "6-1").tap()  # the one tap that settles the unsure tile
    page.get_by_role("button", name="Check the claim", exact=True).tap()
    # The confirmed piles are what is checked: the same answer as the API gives for them.
    told = {"trump": 5, "claimer": 0, "won": [["3-0", "3-2", "4-4", "5-0", "6-4", "6-1"], ["4-3", "1-0"]], "declarations": [[], []]}
    points = page.request.post("/api/v1/checks/bingo-claim", data=told).json()["points"]
    expect(page.locator("#claim-answer .qc-points")).to_have_text(f"Player 1: {points[0]} Player 2: {points[1]}")


def test_an_unsure_tile_shows_every_candidate_even_one_already_taken(page: Page, tmp_path: Path) -> None:
    """The reader's answer is given (not read): 6-6 sure, then a tile unsure between 6-6 and 6-5, and
    one unsure between 4-3 (ticked in Player 2's pile) and 4-0. Both candidates of each are outlined
    and named, the taken one as taken, and one tap settles it."""
    answer = {"width": 800, "height": 600, "tiles": [
        {"tile": "6-6", "sure": True, "box": [10, 10, 100, 50]},
        {"tile": None, "sure": False, "box": [200, 10, 100, 50], "candidates": ["6-6", "6-5"]},
        {"tile": None, "sure": False, "box": [400, 10, 100, 50], "candidates": ["4-3", "4-0"]},
    ]}
    page.route("**/api/v1/photos/tiles", lambda route: route.fulfill(json=answer))
    photo = tmp_path / "pile.jpg"
    photo.write_bytes(render(SEED).jpeg)
    claim_with_the_other_pile_started(page)

    block = page.locator("[data-photo-for=won0]")
    block.locator("input[type=file]").set_input_files(photo)
    expect(block.locator(".photo-status")).to_contain_text("Ticked: 1. Unsure: 2.")
    expect(block.locator(".photo-status")).to_contain_text("6-6 (already taken) or 6-5; 4-3 (already taken) or 4-0")
    expect(tile(page, "won0", "6-6")).to_have_class("pick photo-sure photo-maybe")
    expect(tile(page, "won0", "6-6").locator("input")).to_be_checked()
    for value in ("6-5", "4-3", "4-0"):
        expect(tile(page, "won0", value)).to_have_class("pick photo-maybe")
        expect(tile(page, "won0", value).locator("input")).not_to_be_checked()

    tile(page, "won0", "6-5").tap()  # one tap each settles the unsure tiles
    tile(page, "won0", "4-0").tap()
    for value in ("6-6", "6-5", "4-0"):
        expect(tile(page, "won0", value).locator("input")).to_be_checked()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_phone_shrinks_a_large_photo_before_sending_it(page: Page, tmp_path: Path) -> None:
    """A 4032x3024 camera photo leaves the phone as a JPEG of at most 1600 pixels (photo.js's canvas):
    a few hundred KB instead of megabytes, and the reader answers in the shrunk photo's pixels."""
    large = cv2.resize(render(SEED).image, (4032, 3024), interpolation=cv2.INTER_CUBIC)
    ok, enc = cv2.imencode(".jpg", large, [cv2.IMWRITE_JPEG_QUALITY, 95])
    assert ok
    photo = tmp_path / "camera.jpg"
    photo.write_bytes(enc.tobytes())
    claim_with_the_other_pile_started(page)

    block = page.locator("[data-photo-for=won0]")
    with page.expect_response("**/api/v1/photos/tiles") as answer:
        block.locator("input[type=file]").set_input_files(photo)
    # the answer's size is the photo's as the server received it
    assert (answer.value.json()["width"], answer.value.json()["height"]) == (1600, 1200)
    assert answer.value.request.sizes()["requestBodySize"] < len(enc.tobytes()) / 4
    expect(block.locator(".photo-status")).to_contain_text("Read from the photo")
