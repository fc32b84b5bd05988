"""A game's own rule for its pickers lives in its folder, as a hook the shared pickers call (issue 30):
Bingo's reply picker greys the tile picked as the lead (games/bingo/static/bingo.js), on the table's
entry form as on the correction sheet (test_correction_sheet.py), also after the table is swapped."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.plays import Tapper, entered, import_until, pick, record, wait_until

pytestmark = pytest.mark.browser


def test_a_bingo_reply_is_greyed_where_it_is_the_leads_own_tile_on_the_entry_form(page: Page):
    rec = record("bingo-four-deals-to-eight")
    import_until(page, rec, 2)
    wait_until(page, "window.htmx !== undefined")
    for n in (2, 3):  # before and after the table is swapped by the trick entered
        ev = rec["events"][n]
        reply = page.locator(f"#bingo-trick input[name=reply][value='{ev['lead']}']")
        expect(reply).not_to_have_attribute("data-self", "")
        pick(page, "lead", ev["lead"]).tap()
        expect(reply).to_have_attribute("data-self", "")
        expect(page.locator("#bingo-trick input[name=reply][data-self]")).to_have_count(1)
        t = Tapper(page)
        t.tap(pick(page, "reply", ev["reply"]), "reply tile")
        t.tap(page.locator("#record-trick"), "Record trick")
        entered(page, n + 1)
