"""Ninety-Nine's less frequent entries on the scorer's phone as one screen each (issue 27), at 360x740,
390x844 and 430x932 in English and Japanese: quick mode (a deal's tricks won as numbers) and a premium
bid open in a sheet from the deal's band, every field and button in view above the tab bar with nothing
scrolled, the page never moving by itself, and after a premium bid "Enter a bid" still in view (a new
player's round: the fields lay under the tab bar, the page jumped 114 px after Record, the premium form
opened up to 349 px below the fold and "Enter a bid" then sat 103-183 px above the view)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from .plays import PHONE, Tapper, entered, import_until, pick, ready, record
from .test_play_surface import IN_REACH

pytestmark = pytest.mark.browser

SIZES = [(360, 740), (390, 844), (430, 932)]
GOLDEN = "ninety-nine-three-player-game-to-100"


def table(browser: Browser, base_url: str, size: tuple[int, int], lang: str, n: int) -> Page:
    """The golden record's first ``n`` events on a scorer's phone of ``size``, in ``lang``."""
    context = browser.new_context(base_url=base_url, **{**PHONE, "viewport": {"width": size[0], "height": size[1]}})
    page = context.new_page()
    import_until(page, record(GOLDEN), n)
    if lang == "ja":
        page.locator("header.bar a[lang=ja]").click()
        expect(page.locator("html")).to_have_attribute("lang", "ja")
    ready(page)
    return page


def out_of_reach(page: Page, selector: str) -> list[str]:
    return [x.evaluate("e => e.outerHTML.slice(0, 80)") for x in page.locator(selector).all()
            if not (Tapper(page).in_view(x) and x.evaluate(IN_REACH))]  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_quick_mode_is_one_screen_and_the_page_stays(browser: Browser, base_url: str, size, lang):
    page = table(browser, base_url, size, lang, 14)  # deal 2 dealt: its tricks told as numbers
    try:
        counts = record(GOLDEN)["events"][14]["counts"]
        t = Tapper(page)
        y = t.scroll_y()
        t.tap(page.locator(".nn-other > .toggle"), "Premium bid or quick mode")
        assert out_of_reach(page, ".nn-quick input[name=counts], #record-tricks") == []
        for i, n in enumerate(counts):
            t.tap(page.locator(".nn-quick input[name=counts]").nth(i), f"count {i}")
            page.keyboard.press("Control+A")
            page.keyboard.type(str(n))
        t.tap(page.locator("#record-tricks"), "Record tricks won")
        entered(page, 15)
        assert t.outside == [] and t.scroll_before == t.scroll_between == 0, (t.outside, t.scroll_before, t.scroll_between)
        assert t.taps == len(counts) + 2
        assert page.locator("#answer .answer-last").first.evaluate(IN_REACH), "the answer is out of view"
        assert t.scroll_y() == y, f"the page moved {t.scroll_y() - y}px by itself after Record"
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_premium_bid_is_one_screen_and_enter_a_bid_stays_in_view(browser: Browser, base_url: str, size, lang):
    page = table(browser, base_url, size, lang, 3)  # Ben and Chie have bid, Aki's bid still to come
    try:
        t = Tapper(page)
        y = t.scroll_y()
        t.tap(page.locator(".nn-other > .toggle"), "Premium bid or quick mode")
        assert out_of_reach(page, ".nn-premium > fieldset label.pick, #record-premium") == []
        t.tap(page.locator(".nn-premium fieldset.seats label.pick").nth(1), "Ben")
        t.tap(page.locator("#record-premium"), "Record premium bid")
        entered(page, 4)
        assert t.outside == [] and t.scroll_before == t.scroll_between == 0, (t.outside, t.scroll_before, t.scroll_between)
        assert t.taps == 3 and t.scroll_y() == y
        assert out_of_reach(page, ".nn-bid-sheet > .toggle") == [], "Enter a bid is out of view after the premium bid"
        assert pick(page, "cards.0", "KS").evaluate(IN_REACH)  # and the first trick's cards below it
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_four_players_bids_missing_fit_a_small_phone(browser: Browser, base_url: str, lang):
    """N30: four players, two bids still missing, on a 360x740 phone: the trick's 52 cards and Record trick
    above the tab bar in both languages (17-18 px too tall in Japanese: the trump wrapped under its label
    and each bid said "won 0" before any trick)."""
    from .test_play_surface import NN_FOUR

    context = browser.new_context(base_url=base_url, **{**PHONE, "viewport": {"width": 360, "height": 740}})
    try:
        page = context.new_page()
        import_until(page, NN_FOUR, 3)
        if lang == "ja":
            page.locator("header.bar a[lang=ja]").click()
            expect(page.locator("html")).to_have_attribute("lang", "ja")
        ready(page)
        assert out_of_reach(page, "form.stepping fieldset.current label.pick:visible, #record-trick") == []
    finally:
        context.close()
