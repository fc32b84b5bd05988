"""Every game's table page at 360 and 430 px (the narrowest and widest common phones): no two links or
buttons touch, and each is at least 44 px tall, so a thumb hits the one it aims at. The scorer's page
of one table of each game mid-play, and a player's own seat page where the game has one."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .plays import PLAYS, import_until, open_tab, record, seat_phone
from .targets import MIN_TARGET_PX, target_problems

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width", [360, 430])
@pytest.mark.parametrize("play", PLAYS, ids=[p.game for p in PLAYS])
def test_table_page_targets_are_44px_and_never_touch(page: Page, play, width):
    import_until(page, record(play.record), play.index)
    phone = page if play.seat is None else seat_phone(page, play.seat)
    try:
        phone.set_viewport_size({"width": width, "height": 780})
        problems = target_problems(phone)
        assert problems == {"touching": [], "short": []}, problems
    finally:
        if phone is not page:
            phone.context.close()


def test_the_viewer_link_is_a_thumb_high_even_on_one_line(page: Page):
    """The viewer address wraps or not with the server's port and the table's id (a narrow id fitted one
    line at 430 px and made a 20 px link in one loaded run); held sideways (800 px) it is always one line."""
    play = next(p for p in PLAYS if p.seat is None)
    import_until(page, record(play.record), play.index)
    page.set_viewport_size({"width": 800, "height": 400})
    open_tab(page, "share")
    link = page.locator("#viewer-link")
    assert link.evaluate("el => el.getClientRects().length") == 1
    box = link.bounding_box()
    assert box is not None and box["height"] >= MIN_TARGET_PX - 0.5, box


def test_a_two_letter_name_is_a_thumb_wide_seat(page: Page):
    """Every seat chip is at least a thumb wide whatever the name: "Cy" was 39 px in Ninety-Nine's premium
    sheet, whose chips are narrower to fit (newplayer11); chips in a closed sheet count too."""
    rec = record("ninety-nine-three-player-game-to-100")
    import_until(page, {**rec, "players": ["Cy", "Jo", "Al"]}, 1)
    seats = page.locator("label.pick.seat span")
    assert seats.count() >= 6
    narrow = seats.evaluate_all(
        """els => els.map(e => [e.innerText || e.textContent, parseFloat(getComputedStyle(e).minWidth) || 0,
                                e.getBoundingClientRect().width])
                     .filter(([, least, width]) => Math.max(least, width) < 44).map(([name]) => name.trim())"""
    )
    assert narrow == []
