"""Every game's table page at 360 and 430 px (the narrowest and widest common phones): no two links or
buttons touch, and each is at least 44 px tall, so a thumb hits the one it aims at. The scorer's page
of one table of each game mid-play, and a player's own seat page where the game has one."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .plays import PLAYS, import_until, record, seat_phone
from .targets import target_problems

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
