"""Three phones seal their Ninety-Nine bids at the same moment (issue 12, point 4): every page was
drawn before any bid went in, yet all three bids are accepted and each phone shows "Sealed ✓"
with its own three cards, and none of the others'."""

import re

import pytest
from playwright.sync_api import Browser, expect

from .test_ninety_nine import PHONE, tap_cards

pytestmark = pytest.mark.browser

BIDS = {"Aki": ("KS", "QH", "7C"), "Ben": ("AD", "9H", "8C"), "Chie": ("JS", "10H", "6C")}


def test_three_seats_seal_at_the_same_moment_and_all_are_sealed(browser: Browser, base_url: str):
    api = browser.new_context()
    made = api.request.post(
        f"{base_url}/api/v1/tables", data={"game": "ninety-nine", "players": list(BIDS)}
    ).json()
    dealt = api.request.post(
        f"{base_url}/api/v1/tables/{made['id']}/events",
        data={"type": "deal", "dealer": 0},
        headers={"Authorization": f"Bearer {made['scorer_token']}"},
    )
    assert dealt.status == 201
    contexts = [browser.new_context(**PHONE) for _ in BIDS]
    try:
        pages = []
        for context, token, name in zip(contexts, made["seat_tokens"], BIDS, strict=True):
            page = context.new_page()
            page.goto(f"{base_url}/t/{made['id']}/join/{token}")
            expect(page.get_by_role("heading", name=f"Your bid, {name}")).to_be_visible()
            tap_cards(page, "cards", BIDS[name])
            pages.append(page)
        for page in pages:  # all three drawn at seq 1; now every seal goes off before any answer
            page.get_by_role("button", name="Seal my bid").tap(no_wait_after=True)
        for page, name in zip(pages, BIDS, strict=True):
            sealed = page.locator("#my-bid-sealed")
            expect(sealed).to_contain_text("Sealed ✓")
            expect(sealed.locator(".card")).to_have_count(3)
            for card in BIDS[name]:
                expect(sealed.locator(f".card[data-card='{card}']")).to_have_count(1)
            expect(page.locator(".error, [role=alert]:not(#alarm)")).to_have_count(0)
            others = [c for n, cards in BIDS.items() if n != name for c in cards]
            for card in others:
                expect(page.locator(f"#bid-status .card[data-card='{card}']")).to_have_count(0)
        state = api.request.get(f"{base_url}/api/v1/tables/{made['id']}").json()
        assert state["detail"]["bid_status"] == ["sealed"] * 3

        # Ben tapped a wrong card: only he can change his sealed bid, from his own phone.
        ben = pages[1]
        ben.locator(".nn-change-bid > summary").tap()
        tap_cards(ben.locator(".nn-change-bid"), "cards", ("AS", "9H", "8C"))
        ben.get_by_role("button", name="Seal the new bid").tap()
        expect(ben.locator("#my-bid-sealed .card[data-card='AS']")).to_have_count(1)
        expect(ben.locator("#my-bid-sealed .card[data-card='AD']")).to_have_count(0)
        aki = pages[0]
        aki.reload()
        expect(aki.locator(".history")).to_contain_text(re.compile(r"corrected in entry \d+ by Ben"))
        expect(aki.locator(".history .card, .history [aria-label='AS']")).to_have_count(0)
        for card in ("AS", "AD", "9H", "8C"):
            expect(aki.locator(".history")).not_to_contain_text(re.compile(rf"\b{card}\b"))
    finally:
        for context in contexts:
            context.close()
        api.close()
