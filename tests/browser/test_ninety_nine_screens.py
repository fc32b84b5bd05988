"""Ninety-Nine's less frequent entries on the scorer's phone as one screen each (issue 27), at 360x740,
390x844 and 430x932 in English and Japanese: quick mode (a deal's tricks won as numbers) and a premium
bid open in a sheet from the deal's band, every field and button in view above the tab bar with nothing
scrolled, the page never moving by itself, and after a premium bid "Enter a bid" still in view (a new
player's round: the fields lay under the tab bar, the page jumped 114 px after Record, the premium form
opened up to 349 px below the fold and "Enter a bid" then sat 103-183 px above the view). A four-player seat's
sealed bid, its three cards from 52 and Seal, is one screen on its own phone at every size in both languages,
and the bid reaches no other page."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser, Page, expect

from .plays import PHONE, Tapper, entered, import_until, nn_bid, pick, ready, record, seat_phone
from .targets import under_a_thumb
from .test_play_surface import IN_REACH, NN_FOUR, ninety_nine_bid_from_the_band, ninety_nine_trick

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


# Four players' second deal (N30): the first scored from its tricks won, Aki has sealed, Dan's bid still to come.
# The band has its "Tricks and scores" and the totals their points, so it is the taller of the deals' screens.
FOUR_DEAL_2 = {**NN_FOUR, "events": [
    NN_FOUR["events"][0],
    *({"type": "bid", "seat": s, "cards": c} for s, c in enumerate([["2S", "3S", "4S"], ["5S", "6S", "7S"],
                                                                    ["8S", "9S", "10S"], ["2H", "3H", "4H"]])),
    {"type": "tricks", "counts": [3, 3, 2, 2]},
    {"type": "deal"},
    {"type": "bid", "seat": 0, "cards": ["2S", "3S", "4S"]},
]}  # fmt: skip
DANS_BID = ["AS", "KH", "2C"]  # the first card of the pack, one in the middle, its last (♠1 + ♥2 + ♣3 = 6)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_four_player_seats_sealed_bid_is_one_screen(browser: Browser, base_url: str, size, lang):
    """Dan's own phone, four players: all 52 cards (each a thumb's 44x44 px) and Seal my bid above the tab bar,
    then his three cards and Seal: 4 taps, nothing scrolled before or between them, the page still after, and
    "Sealed ✓" with his cards in view (issue 27: at 360x740 the last rows lay 62 px under the tab bar, 83 px in
    Japanese; the trick that waits for the bids, the help's three lines beside Seal and the cards' legend took
    the room). Private stays private: the scorer's phone and Chie's show Dan's bid as sealed, without a card."""
    n = len(FOUR_DEAL_2["events"])
    context = browser.new_context(base_url=base_url, **{**PHONE, "viewport": {"width": size[0], "height": size[1]}})
    try:
        scorer = context.new_page()
        import_until(scorer, FOUR_DEAL_2, n)
        dan = seat_phone(scorer, 3, viewport={"width": size[0], "height": size[1]})
        if lang == "ja":
            dan.locator("header.bar a[lang=ja]").click()
            expect(dan.locator("html")).to_have_attribute("lang", "ja")
        ready(dan)
        cards = dan.locator(".nn-my-bid label.pick")
        expect(cards).to_have_count(52)
        assert under_a_thumb(cards) == []
        assert out_of_reach(dan, ".nn-my-bid label.pick, #seal-bid") == []
        t = Tapper(dan)
        y = t.scroll_y()
        nn_bid(dan, t, {"cards": DANS_BID})
        entered(dan, n + 1)
        assert t.taps == 4 and t.outside == [] and t.scroll_before == t.scroll_between == 0, (t.outside, t.scroll_before, t.scroll_between)
        assert t.scroll_y() == y, f"the page moved {t.scroll_y() - y}px by itself after Seal"
        sealed = dan.locator("#my-bid-sealed")
        expect(sealed.locator(".card")).to_have_count(3)
        assert sealed.evaluate(IN_REACH), "Sealed ✓ is out of view"
        chie = seat_phone(scorer, 2)
        scorer.reload()
        for page in (scorer, chie):
            entered(page, n + 1)
            expect(page.locator("#bid-status li[data-seat='3'].bid-sealed")).to_have_count(1)
            shown = page.locator("#table").evaluate(
                """(el, cards) => [...el.querySelectorAll('#bid-status .card, .history .card')].map(c => c.dataset.card)
                                 .concat(cards.filter(c => el.querySelector('.history').textContent.includes(c)))""",
                DANS_BID,
            )
            assert not set(shown) & set(DANS_BID), f"Dan's bid on another page: {shown}"
        chie.context.close()
        dan.context.close()
    finally:
        context.close()


RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def a_deal_with_a_declared_premium() -> list[dict]:
    """Four players' first deal after the deal itself (no trump, Ben leads): Ben declares, each player bids the
    first three cards of their hand from a seeded shuffle, and the ten tricks follow suit when they can (the
    hand's first such card, else its first card), each won by the highest card of the suit led, whose player
    leads the next. In the order a table enters them: the premium, Ben's and Aki's bids on the scorer's phone,
    Chie's on her own, the first trick, Dan's bid on his phone after it, the other nine tricks."""
    pack = [rank + suit for suit in "SHDC" for rank in RANKS]
    random.Random(27).shuffle(pack)
    hands = [pack[seat::4] for seat in range(4)]
    bids = [{"type": "bid", "seat": seat, "cards": hand[:3]} for seat, hand in enumerate(hands)]
    hands = [hand[3:] for hand in hands]
    tricks, leader = [], 1
    for _ in range(10):
        order = [(leader + i) % 4 for i in range(4)]
        cards: list[str] = []
        for seat in order:
            follow = [c for c in hands[seat] if cards and c[-1] == cards[0][-1]]
            cards.append((follow or hands[seat])[0])
            hands[seat].remove(cards[-1])
        top = max(range(4), key=lambda i: RANKS.index(cards[i][:-1]) if cards[i][-1] == cards[0][-1] else -1)
        tricks.append({"type": "trick", "cards": cards})
        leader = order[top]
    premium = {"type": "premium", "seat": 1, "kind": "declare"}
    return [premium, bids[1], bids[0], bids[2], tricks[0], bids[3], *tricks[1:]]


def ninety_nine_premium(page: Page, t: Tapper, ev: dict) -> None:
    """A premium bid from the deal's band: its sheet, who, Record (declare is chosen already)."""
    t.tap(page.locator(".nn-other > .toggle"), "Premium bid or quick mode")
    t.tap(page.locator(".nn-premium fieldset.seats label.pick").nth(ev["seat"]), "who")
    t.tap(page.locator("#record-premium"), "Record premium bid")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_four_player_deal_with_a_declared_premium_is_one_screen_per_play(browser: Browser, base_url: str, lang):
    """A whole four-player deal at 360x740: Ben declares, two bids on the scorer's phone, Chie seals hers on her
    phone, the first trick, Dan seals his after it, nine more tricks. Every tap in reach with nothing scrolled
    before or between a play's taps, every card a thumb's 44x44 px, the page still after each entry and its
    answer in view: the trick's winner, "Sealed ✓" on the seat's phone, the deal's score and the next trump
    after the last trick (issue 27: the declarer's bid cards two rows high in its chip and the premium's two
    lines put a seat's last cards 112-129 px under the tab bar, the scorer's 145-165 px; the seat that bid after
    a trick was 4 px under it in Japanese; the deal's score ended under the tab bar)."""
    size = {"width": 360, "height": 740}
    context = browser.new_context(base_url=base_url, **{**PHONE, "viewport": size})
    try:
        scorer = context.new_page()
        import_until(scorer, {**NN_FOUR, "events": NN_FOUR["events"][:1]}, 1)
        if lang == "ja":
            scorer.locator("header.bar a[lang=ja]").click()
            expect(scorer.locator("html")).to_have_attribute("lang", "ja")
        ready(scorer)
        events = a_deal_with_a_declared_premium()
        for n, ev in enumerate(events, start=2):
            where = f"entry {n} ({ev['type']}, {lang})"
            seat = ev["seat"] if ev["type"] == "bid" and ev["seat"] >= 2 else None
            page = scorer if seat is None else seat_phone(scorer, seat, viewport=size)
            if page is not scorer and lang == "ja":
                page.locator("header.bar a[lang=ja]").click()
                expect(page.locator("html")).to_have_attribute("lang", "ja")
            ready(page)
            t = Tapper(page)
            y = t.scroll_y()
            if ev["type"] == "premium":
                ninety_nine_premium(page, t, ev)
                answer = "#answer .answer-last"
            elif seat is not None:
                assert under_a_thumb(page.locator(".nn-my-bid label.pick")) == []
                assert out_of_reach(page, ".nn-my-bid label.pick:visible, #seal-bid") == [], where
                nn_bid(page, t, ev)
                answer = "#my-bid-sealed"
            elif ev["type"] == "bid":
                ninety_nine_bid_from_the_band(page, t, ev)
                answer = "#answer .answer-last"
            else:
                assert under_a_thumb(page.locator("form.stepping fieldset.current label.pick")) == [], where
                assert out_of_reach(page, "form.stepping fieldset.current label.pick:visible, #record-trick") == [], where
                ninety_nine_trick(page, t, ev)
                answer = "#answer .nn-deal-score" if n == len(events) + 1 else "#answer .answer-verdict"
            entered(page, n)
            assert t.outside == [] and t.scroll_before == t.scroll_between == 0, (where, t.outside, t.scroll_before, t.scroll_between)
            assert t.scroll_y() == y, f"{where}: the page moved {t.scroll_y() - y}px by itself"
            assert page.locator(answer).evaluate(IN_REACH), f"{where}: {answer} is out of view"
            if page is not scorer:
                page.context.close()
                scorer.reload()
                ready(scorer)
        expect(scorer.locator("#answer .nn-deal-score")).to_contain_text("Ben")
    finally:
        context.close()
