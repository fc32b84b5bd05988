"""Five Up's layout picture on real phones (headless Chromium): the walk's 3-player hand (i27-walk2 #15, #22),
whose picture shrank to specks after one play and offered dead open ends as targets; and a whole hand whose layout
grows to 24 tiles, the fullest the picture must hold (issue 27)."""

from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.five_up_fullest import FULLEST_HAND
from tests.five_up_walk2 import WALK2

from .plays import PHONE, Tapper, import_until, open_tab, ready
from .test_play_surface import Walk, five_up_draw, five_up_ends_in_reach, five_up_hand_end, five_up_play, walk

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


# The tiles' drawn size, their shorter side in CSS px (a half tile is as wide as the tile)
HALF_TILES = """() => [...document.querySelectorAll(".fu-tile .face")].map(t => {
    const r = t.getBoundingClientRect();
    return Math.min(r.width, r.height);
})"""


def readable(enter: Callable[[Page, Tapper, dict], None]) -> Callable[[Page, Tapper, dict], None]:
    """A Five Up entry made while every tile on the picture is 8 CSS px a half tile or more, then entered as
    ever (the fullest layouts' tiles were 3.3-4.5 px a half tile, issue 27)."""

    def entry(page: Page, t: Tapper, ev: dict) -> None:
        halves = page.evaluate(HALF_TILES)
        assert not halves or min(halves) >= 8, f"tiles {min(halves):.1f} px a half tile"
        enter(page, t, ev)

    return entry


FULLEST = Walk(
    "five_up",
    FULLEST_HAND,
    1,
    len(FULLEST_HAND["events"]) - 1,  # the lead, 23 plays, five draws, then the tile Ann has left
    {
        "play": (readable(five_up_ends_in_reach(five_up_play)), 3),
        "draw": (readable(five_up_ends_in_reach(five_up_draw)), 1),
        "end": (five_up_hand_end, 2),
    },
    {"play": ".answer-verdict", "draw": ".answer-last", "end": ".fu-hand-score"},
)
FULLEST_FROM = (
    20  # in Japanese and on the large phone, from the 17-tile layout on (a whole hand takes minutes)
)


@pytest.mark.parametrize(
    ("size", "japanese", "first"),
    [((360, 740), False, FULLEST.first), ((360, 740), True, FULLEST_FROM), ((430, 932), False, FULLEST_FROM)],
    ids=["360x740", "360x740-ja", "430x932"],
)
def test_a_whole_hand_to_a_24_tile_layout_is_one_screen_per_play(
    browser: Browser, base_url: str, size, japanese, first
):
    """Issue 27: at 21 tiles this hand's picture gave its ten open ends, four of them dead, a thumb's square
    each: they did not fit the box, the ends came out 41 px and the tiles 3.5 px a half tile. Every play, draw
    and the hand's end, from the lead (in Japanese and at 430x932 from the 17-tile layout) to Ben's domino: every
    open end a 44 px target of its own in reach, the tiles 8 px a half tile or more, every tap in view, nothing
    scrolled, the answer in view after each."""
    w = FULLEST
    walk(
        browser,
        base_url,
        Walk(w.game, w.record, first, w.last, w.enter, w.verdict),
        width=size[0],
        height=size[1],
        japanese=japanese,
    )


# A correction's open ends (radio buttons in the sheet): size, whether a tap at the middle lands on that end's
# own input, and which ends are drawn dead, in CSS px.
SHEET_ENDS = """() => ({
    ends: [...document.querySelectorAll("dialog#correction input[name=on]")].map(e => {
        const r = e.getBoundingClientRect(), hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return {end: `${e.value}:${e.dataset.number}`, w: r.width, h: r.height, own: hit === e, checked: e.checked};
    }),
    dead: [...document.querySelectorAll("dialog#correction g.fu-end.dead")].map(e => `${e.dataset.on}:${e.dataset.number}`),
})"""


@pytest.mark.parametrize("size", [(360, 740), (390, 844), (430, 932)], ids=["360x740", "390x844", "430x932"])
def test_a_plays_correction_offers_thumb_wide_ends(browser: Browser, base_url: str, size):
    """i27-fiveup2 left it: in the correction sheet a play's open ends were radio buttons only as big as their
    circle (25-35 px). The correction of Cy's 5-3 on the 6-5 (event 20) offers each live end as a 44 px target
    of its own, as the table does, the end played on ticked; the two dead ends (every 6 is on the layout) are
    drawn, not offered; a tap on another end ticks it."""
    context = browser.new_context(
        base_url=base_url, **{**PHONE, "viewport": {"width": size[0], "height": size[1]}}
    )
    try:
        page = context.new_page()
        import_until(page, RECORD, 20)
        ready(page)
        open_tab(page, "history")
        page.locator("#tab-history li[data-seq='20'] a.edit").tap()
        sheet = page.locator("dialog#correction")
        expect(sheet.locator("input[name=on]").first).to_be_attached()
        seen = page.evaluate(SHEET_ENDS)
        small = [e for e in seen["ends"] if min(e["w"], e["h"]) < 44 - 0.5 or not e["own"]]
        assert small == [], small
        assert [e["end"] for e in seen["ends"] if e["checked"]] == ["6-5:5"]
        assert sorted(seen["dead"]) == ["6-1:6", "6-6:6"], seen["dead"]
        assert len(seen["ends"]) >= 3 and not [e for e in seen["ends"] if e["end"] in seen["dead"]]
        other = next(e["end"] for e in seen["ends"] if not e["checked"])
        on, number = other.split(":")
        end = sheet.locator(f"input[name=on][value='{on}'][data-number='{number}']")
        end.tap()
        expect(end).to_be_checked()
    finally:
        context.close()
