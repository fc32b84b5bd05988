"""A card used twice in Ninety-Nine, said in the answer when Aki's bid ends the deal (issue 27, newplayer11 #3): in
real Chromium at the three phone sizes, in English and Japanese, the rule break is in view without scrolling."""

import pytest
from playwright.sync_api import Page, expect

from .test_ninety_nine import TRICKS, tap_cards

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("width", "height", "lang"), [(360, 740, "ja"), (390, 844, "en"), (430, 932, "en")])
def test_the_card_used_twice_is_in_view_after_the_bid_that_ends_the_deal(
    page: Page, base_url: str, width: int, height: int, lang: str
):
    page.set_viewport_size({"width": width, "height": height})
    made = page.request.post(
        f"{base_url}/api/v1/tables", data={"game": "ninety-nine", "players": ["Aki", "Ben", "Chie"]}
    ).json()

    def post(event: dict, token: str) -> None:
        resp = page.request.post(
            f"{base_url}/api/v1/tables/{made['id']}/events", data=event, headers={"Authorization": f"Bearer {token}"}
        )
        assert resp.status == 201, resp.text()

    post({"type": "deal", "dealer": 0}, made["scorer_token"])
    post({"type": "bid", "seat": 1, "cards": ["7S", "10C", "8S"]}, made["seat_tokens"][1])
    post({"type": "bid", "seat": 2, "cards": ["7D", "8H", "6H"]}, made["seat_tokens"][2])  # 7♦, led in trick 9
    for cards in TRICKS:
        post({"type": "trick", "cards": list(cards)}, made["scorer_token"])
    page.context.add_cookies([{"name": "lang", "value": lang, "url": base_url}])
    page.goto(made["scorer_url"])
    page.locator(".nn-scorer-bid fieldset.seats label", has_text="Aki").tap()
    tap_cards(page, "cards", ("QS", "6S", "QH"))
    page.locator(".nn-scorer-bid button[type=submit]").last.tap()
    found = page.locator("#answer .breach-found")
    expect(found).to_contain_text("7♦")
    expect(found).to_be_in_viewport(ratio=1)
