"""Three phones at a Ninety-Nine table in headless Chromium: the scorer's phone shows a seat code,
Ben and Chie seal their bids on their own phones, Chie declares, the scorer taps nine tricks and
Aki's bid at the end, and every phone sees the scores."""

import pytest
from playwright.sync_api import Browser, Page, expect

from .plays import open_tab

pytestmark = pytest.mark.browser

TRICKS = [
    ("KS", "6D", "9S"), ("9H", "AD", "KH"), ("AS", "JS", "JC"), ("JH", "AH", "8D"), ("10H", "6C", "7H"),
    ("QC", "AC", "9C"), ("8C", "QD", "KC"), ("JD", "9D", "KD"), ("7D", "10S", "7C"),
]  # fmt: skip
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "locale": "en-GB"}


def tap_cards(scope, picker: str, cards) -> None:
    for card in cards:
        scope.locator(f"fieldset[data-picker='{picker}'] label:has(input[value='{card}'])").tap()


def seat_link(scorer: Page, seat: int) -> str:
    """The scorer makes this seat's link in the share panel; the link under its QR code."""
    open_tab(scorer, "share")
    box = scorer.locator(f"details.link[data-role='seat{seat}']")
    box.locator("summary").tap()
    with scorer.expect_navigation():  # a plain form: wait for the page it loads before reading the panel
        box.get_by_role("button", name="Make a link").tap()
    open_tab(scorer, "share")
    box = scorer.locator(f"details.link[data-role='seat{seat}']")
    if not box.evaluate("el => el.open"):
        box.locator("summary").tap()
    link = box.locator("a.join-link")
    expect(link).to_be_visible()
    expect(box.get_by_role("img", name="QR code of this link")).to_be_visible()
    href = link.get_attribute("href")
    scorer.locator("#tab-share > .toggle").tap()  # the panel closes over the play surface again
    return href


def test_sealed_bids_a_declare_a_deal_of_tricks_and_the_scores(page: Page, browser: Browser, base_url: str):
    made = page.request.post(
        f"{base_url}/api/v1/tables", data={"game": "ninety-nine", "players": ["Aki", "Ben", "Chie"]}
    ).json()
    page.goto(made["scorer_url"])
    expect(page.locator("#table")).to_be_visible()
    links = {name: seat_link(page, seat) for seat, name in ((1, "Ben"), (2, "Chie"))}

    page.locator("fieldset.seats label", has_text="Aki").first.tap()
    page.get_by_role("button", name="Start the deal", exact=True).tap()
    expect(page.locator("#trump")).to_have_text("No trump")

    phones = {name: browser.new_context(**PHONE) for name in links}
    try:
        seats = {}
        for name, cards in (("Ben", ("7S", "10C", "8S")), ("Chie", ("10D", "8H", "6H"))):
            p = phones[name].new_page()
            p.goto(links[name])
            expect(p.get_by_role("heading", name=f"Your bid, {name}")).to_be_visible()
            tap_cards(p, "cards", cards)
            p.get_by_role("button", name="Seal my bid").tap()
            expect(p.locator("#my-bid-sealed")).to_be_visible()
            expect(p.locator("#bid-status li", has_text=name).locator(".card")).to_have_count(3)
            seats[name] = p
        # Ben cannot see Chie's sealed cards, nor can the scorer
        page.reload()
        expect(page.locator("#bid-status li", has_text="Chie")).to_contain_text("bid sealed")
        expect(page.locator("#bid-status .card")).to_have_count(0)
        seats["Ben"].reload()
        expect(seats["Ben"].locator("#bid-status li", has_text="Chie").locator(".card")).to_have_count(0)

        # Chie declares: her bid is face up for everyone
        page.locator(".nn-other > .toggle").tap()  # the premium bid's sheet, from the deal's band
        page.locator(".nn-premium fieldset.seats label", has_text="Chie").tap()
        page.get_by_role("button", name="Record premium bid").tap()
        chie = page.locator("#bid-status li", has_text="Chie")  # her chip says the premium and her bid
        expect(chie.locator(".premium")).to_have_text("declared (30)")
        expect(chie.locator(".bid-value")).to_have_text("= 4")
        expect(page.locator("#bid-status li", has_text="Chie").locator(".card")).to_have_count(3)

        for n, cards in enumerate(TRICKS, 1):
            for i, card in enumerate(cards):
                tap_cards(page, f"cards.{i}", [card])
            page.get_by_role("button", name="Record trick").tap()
            expect(page.locator(".nn-tricks li")).to_have_count(n)
        expect(page.locator(".nn-tricks li").first).to_contain_text("Ben wins")

        page.locator(".nn-scorer-bid fieldset.seats label", has_text="Aki").tap()
        tap_cards(page, "cards", ("QS", "6S", "QH"))
        page.get_by_role("button", name="Record bid").tap()
        expect(page.locator(".total .score")).to_have_text(["64", "34", "1"])
        expect(page.locator(".nn-last")).to_contain_text("Chie failed a declare")
        for p in seats.values():
            p.reload()
            expect(p.locator(".total .score")).to_have_text(["64", "34", "1"])
            expect(p.locator("#bid-status .card")).to_have_count(9)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        box = page.get_by_role("button", name="Start the deal", exact=True).bounding_box()
        assert box and box["height"] >= 44
    finally:
        for ctx in phones.values():
            ctx.close()
