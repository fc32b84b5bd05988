"""Five Up's layout picture on real phones (headless Chromium): the walk's 3-player hand (i27-walk2 #15, #22),
whose picture shrank to specks after one play and offered dead open ends as targets."""

import pytest
from playwright.sync_api import Browser, expect

from tests.five_up_walk2 import WALK2

from .plays import PHONE, import_until

pytestmark = pytest.mark.browser

# i27-walk2: a 3-player game played by random legal entries from the home page, its first 20 events
RECORD = {
    "format": "referee-record",
    "version": 1,
    "game": "five-up",
    "players": list(WALK2["players"]),
    "options": {"profile": "IDA", "sets": 1},
    "events": WALK2["events"][:20],
}

# The open ends' tap targets as the phone lays them out: size, whether a tap at the middle lands on that end,
# and the tiles' drawn size (their longer side), all in CSS px.
MEASURE = """() => ({
    ends: [...document.querySelectorAll("a.fu-end")].map(e => {
        const r = e.getBoundingClientRect(), hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return {end: `${e.dataset.on}:${e.dataset.number}`, w: r.width, h: r.height,
                own: !!hit && hit.closest("a.fu-end") === e};
    }),
    tiles: [...document.querySelectorAll(".fu-tile .face")].map(t => {
        const r = t.getBoundingClientRect();
        return Math.max(r.width, r.height);
    }),
    dead: [...document.querySelectorAll("g.fu-end.dead")].map(e => `${e.dataset.on}:${e.dataset.number}`),
})"""


@pytest.mark.parametrize("size", [(360, 740), (390, 844), (430, 932)], ids=["360x740", "390x844", "430x932"])
def test_the_walks_layout_keeps_thumb_wide_ends_and_readable_tiles_and_offers_no_dead_end(
    browser: Browser, base_url: str, size
):
    """i27-walk2 #15: after Bo's 4-3 on the 6-4 (event 18) the picture shrank to tiles 5 px long and ends
    37 px; #22: at event 19 the 6s of 6-6 and 6-1 (every 6 is on the layout) were green targets. From event 17
    to 20, every open end is a target 44 px or more that takes its own tap, every tile is drawn 24 px long or
    more, and a dead end is drawn, not offered."""
    context = browser.new_context(
        base_url=base_url, **{**PHONE, "viewport": {"width": size[0], "height": size[1]}}
    )
    try:
        page = context.new_page()
        for n in (17, 18, 19, 20):
            import_until(page, RECORD, n)
            seen = page.evaluate(MEASURE)
            assert seen["ends"], n
            small = [e for e in seen["ends"] if min(e["w"], e["h"]) < 44 or not e["own"]]
            assert small == [], (n, small)
            assert min(seen["tiles"]) >= 24, (n, min(seen["tiles"]))
            if n == 19:
                assert sorted(seen["dead"]) == ["6-1:6", "6-6:6"], seen["dead"]
                assert not [e for e in seen["ends"] if e["end"] in ("6-1:6", "6-6:6")]
                expect(page.locator("g.fu-end.dead")).to_have_count(2)
    finally:
        context.close()
