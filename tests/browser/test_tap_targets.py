"""Every game's table page at 360 and 430 px (the narrowest and widest common phones): no two links or
buttons touch, and each is at least 44 px tall, so a thumb hits the one it aims at."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .plays import PLAYS, import_until, record
from .targets import target_problems

pytestmark = pytest.mark.browser

TABLES = [p for p in PLAYS if p.seat is None]  # one table of each game, mid-play


@pytest.mark.parametrize("width", [360, 430])
@pytest.mark.parametrize("play", TABLES, ids=[p.game for p in TABLES])
def test_table_page_targets_are_44px_and_never_touch(page: Page, play, width):
    page.set_viewport_size({"width": width, "height": 780})
    import_until(page, record(play.record), play.index)
    problems = target_problems(page)
    assert problems == {"touching": [], "short": []}, problems
