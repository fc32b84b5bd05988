"""Ninety-Nine's less frequent entries on the scorer's phone as one screen each (issue 27), at 360x740,
390x844 and 430x932 in English and Japanese: quick mode (a deal's tricks won as numbers) and a premium
bid open in a sheet from the deal's band, every field and button in view above the tab bar with nothing
scrolled, the page never moving by itself, and after a premium bid "Enter a bid" still in view (a new
player's round: the fields lay under the tab bar, the page jumped 114 px after Record, the premium form
opened up to 349 px below the fold and "Enter a bid" then sat 103-183 px above the view). A four-player seat's
sealed bid, its three cards from 52 and Seal, is one screen on its own phone at every size in both languages,
and the bid reaches no other page; so is a revealer's premium bid with his hand on his own phone."""

from __future__ import annotations

import itertools
import random

import pytest
from playwright.sync_api import Browser, Page, expect

from .plays import (
    PHONE,
    Tapper,
    entered,
    import_until,
    nn_bid,
    out_of_view,
    pick,
    ready,
    record,
    seat_phone,
    table_in,
)
from .targets import under_a_thumb
from .test_play_surface import IN_REACH, NN_FOUR, ninety_nine_bid_from_the_band, ninety_nine_scorer_bid

pytestmark = pytest.mark.browser

SIZES = [(360, 740), (390, 844), (430, 932)]
GOLDEN = "ninety-nine-three-player-game-to-100"


def table(browser: Browser, base_url: str, size: tuple[int, int], lang: str, n: int) -> Page:
    """The golden record's first ``n`` events on a scorer's phone of ``size``, in ``lang``."""
    context = browser.new_context(base_url=base_url, **{**PHONE, "viewport": {"width": size[0], "height": size[1]}})
    page = context.new_page()
    table_in(page, record(GOLDEN), n, lang)
    return page


def out_of_reach(page: Page, selector: str) -> list[str]:
    return out_of_view(page.locator(selector), "e => e.outerHTML.slice(0, 80)", IN_REACH)


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
        table_in(page, NN_FOUR, 3, lang)
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


def a_first_deal(players: int, seed: int) -> tuple[list[dict], list[list[str]], list[dict]]:
    """A game's first deal (no trump, Aki deals) from a seeded shuffle: each hand's bid (seat 2 the dummy's with
    two players) is its first three cards, and the tricks follow suit when they can (the hand's first such card,
    else its first card), each won by the highest card of the suit led, in the play order of N26 (two players)
    or from the dealer's left (three and four). Returns the bids in seat order, the cards each hand plays and the
    tricks."""
    pack = [rank + suit for suit in "SHDC" for rank in (RANKS if players == 4 else RANKS[4:])]
    random.Random(seed).shuffle(pack)
    hands = [pack[seat::max(players, 3)] for seat in range(max(players, 3))]
    bids = [{"type": "bid", "seat": seat, "cards": hand[:3]} for seat, hand in enumerate(hands)]
    played = [hand[3:] for hand in hands]
    hands = [list(hand) for hand in played]
    tricks, leader, controller = [], 1, 1
    while hands[0]:
        if players > 2:
            order = [(leader + i) % players for i in range(players)]
        else:
            order = [2, 1 - controller, controller] if leader == 2 else [leader, 1 - leader, 2]
        cards: list[str] = []
        for seat in order:
            follow = [c for c in hands[seat] if cards and c[-1] == cards[0][-1]]
            cards.append((follow or hands[seat])[0])
            hands[seat].remove(cards[-1])
        top = max(range(len(cards)), key=lambda i: RANKS.index(cards[i][:-1]) if cards[i][-1] == cards[0][-1] else -1)
        tricks.append({"type": "trick", "cards": cards})
        leader = order[top]
        controller = controller if leader == 2 else leader
    return bids, played, tricks


def a_deal_with_a_declared_premium() -> list[dict]:
    """Four players' first deal after the deal itself (Ben leads), in the order a table enters them: Ben declares,
    Ben's and Aki's bids on the scorer's phone, Chie's on her own, the first trick, Dan's bid on his phone after
    it, the other nine tricks."""
    bids, _, tricks = a_first_deal(4, 27)
    premium = {"type": "premium", "seat": 1, "kind": "declare"}
    return [premium, bids[1], bids[0], bids[2], tricks[0], bids[3], *tricks[1:]]


def ninety_nine_premium(page: Page, t: Tapper, ev: dict, own: bool = False) -> None:
    """A premium bid from the deal's band: its sheet, who (not on the bidder's ``own`` phone, which bids for its
    seat only), Record (declare is chosen already); a reveal with the revealer's hand face up: Reveal, the
    hand's fold, its cards."""
    t.tap(page.locator(".nn-other > .toggle"), "Declare or reveal" if own else "Premium bid or quick mode")
    if not own:
        t.tap(page.locator(".nn-premium fieldset.seats label.pick").nth(ev["seat"]), "who")
    if ev["kind"] == "reveal":
        t.tap(page.locator(".nn-premium label.pick:has(input[name=kind][value=reveal])"), "Reveal")
        t.tap(page.locator(".nn-premium details > summary"), "A revealer's hand")
        for card in sorted(ev.get("hand", []), key=lambda c: "SHDC".index(c[-1])):  # a suit at a time, as one holds them
            tab = page.locator(f".nn-suit-tabs label.pick:has(input[value='{card[-1]}'])")  # a 52-card pack's suits
            if tab.count() and not tab.locator("input").is_checked():
                t.tap(tab, f"suit {card[-1]}")
            assert out_of_reach(page, ".nn-premium label.pick:visible, #record-premium") == [], f"hand {card}"
            t.tap(pick(page, "hand", card), f"hand {card}")
    t.tap(page.locator("#record-premium"), "Record premium bid")


# the lines a button's words take (two: "トリックを記録" broke at 360 px, newplayer9)
LINES = """el => { const r = document.createRange(); r.selectNodeContents(el);
  return new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top))).size; }"""


def walk_a_deal(browser: Browser, base_url: str, players: int, events: list[dict], lang: str, phones: set[int],
                said: str = "", size: tuple[int, int] = (360, 740), own_premium: bool = False) -> None:
    """A game's first deal from its deal on, entered as a table does on phones of ``size`` in ``lang``: the bids
    of ``phones`` on their seats' own phones (and with ``own_premium`` the premium on its bidder's, who then sees
    "Bid in ✓, face up", and the scorer's phone its chip), the other bids, the premium and the tricks on the
    scorer's (a bid from the deal's band while tricks go on, from the form under the trick at the end). At every play: every
    tap in reach with nothing scrolled before or between the taps, every card a thumb's 44x44 px and on the
    screen before the first tap (a seat's bid cards, each step's cards of a trick), Record trick in one line,
    the page still after the entry and its answer in view: a trick's winner, "Sealed ✓" on the seat's phone,
    the deal's score and the next trump after the last entry, whose answer says ``said``."""
    viewport = {"width": size[0], "height": size[1]}
    context = browser.new_context(base_url=base_url, **{**PHONE, "viewport": viewport})
    try:
        scorer = context.new_page()
        start = {**NN_FOUR, "players": NN_FOUR["players"][:players], "events": NN_FOUR["events"][:1]}
        table_in(scorer, start, 1, lang)
        for n, ev in enumerate(events, start=2):
            where = f"entry {n} ({ev['type']}, {players} players, {lang})"
            mine = ev["type"] == "bid" or (ev["type"] == "premium" and own_premium)
            seat = ev["seat"] if mine and ev["seat"] in phones else None
            page = scorer if seat is None else seat_phone(scorer, seat, viewport=viewport)
            if page is not scorer and lang == "ja":
                page.locator("header.bar a[lang=ja]").click()
                expect(page.locator("html")).to_have_attribute("lang", "ja")
            ready(page)
            t = Tapper(page)
            y = t.scroll_y()
            if ev["type"] == "premium":
                ninety_nine_premium(page, t, ev, own=seat is not None)
                answer = "#answer .answer-last" if seat is None else "#my-bid-sealed"
                if seat is not None:  # the sheet, (Reveal, the hand's fold, a tap per card,) Record: no "who"
                    assert t.taps == (2 if ev["kind"] == "declare" else 4 + len(ev.get("hand", []))), (where, t.taps)
            elif seat is not None:
                assert under_a_thumb(page.locator(".nn-my-bid label.pick")) == []
                assert out_of_reach(page, ".nn-my-bid label.pick:visible, #seal-bid") == [], where
                nn_bid(page, t, ev)
                answer = "#my-bid-sealed"
            elif ev["type"] == "bid" and page.locator(".nn-bid-sheet").count():
                ninety_nine_bid_from_the_band(page, t, ev)
                answer = "#answer .answer-last"
            elif ev["type"] == "bid":
                assert out_of_reach(page, ".nn-scorer-bid label.pick:visible, #record-bid") == [], where
                ninety_nine_scorer_bid(page, t, ev)
                answer = "#answer .answer-last"
            else:
                if players < 4:  # (four players' chips leave Record trick a narrow column of two lines)
                    assert page.locator("#record-trick").evaluate(LINES) == 1, f"{where}: Record trick in two lines"
                for i in range(len(ev["cards"])):
                    step = f"form.stepping fieldset[data-picker='cards.{i}'] label.pick"
                    assert under_a_thumb(page.locator(step)) == [], where
                    assert out_of_reach(page, f"{step}:visible, #record-trick") == [], f"{where}, card {i + 1}"
                    t.tap(pick(page, f"cards.{i}", ev["cards"][i]), f"card {i + 1}")
                t.tap(page.locator("#record-trick"), "Record trick")
                answer = "#answer .answer-verdict"
            if n == len(events) + 1:
                answer = "#answer .nn-deal-score"
            entered(page, n)
            assert t.outside == [] and t.scroll_before == t.scroll_between == 0, (where, t.outside, t.scroll_before, t.scroll_between)
            assert t.scroll_y() == y, f"{where}: the page moved {t.scroll_y() - y}px by itself"
            assert page.locator(answer).evaluate(IN_REACH), f"{where}: {answer} is out of view"
            if page is not scorer:
                page.context.close()
                scorer.reload()
                ready(scorer)
                if ev["type"] == "premium":  # the whole table sees it at once: the bidder's chip says it
                    expect(scorer.locator(f"#bid-status li[data-seat='{seat}'] .status.premium")).to_have_count(1)
        expect(scorer.locator("#answer .nn-deal-score")).to_contain_text("Ben")
        if said:
            expect(scorer.locator("#answer .answer-last")).to_contain_text(said)
    finally:
        context.close()


DEALS_IN = "ja"
"""The whole deals below are walked on the hardest phone only, 360x740 in Japanese (its words are the longest:
"トリックを記録" broke over two lines, a seat's bid after a trick lay 4 px under the tab bar in Japanese alone).
Each of their kinds of entry is played in English and at every size by the shorter tests of this file: quick
mode, a premium bid, the bids missing, a seat's sealed bid from 52 cards, a revealed hand and its first trick,
the chips of a trick of two and of four players."""


def test_a_four_player_deal_with_a_declared_premium_is_one_screen_per_play(browser: Browser, base_url: str):
    """A whole four-player deal at 360x740 in Japanese (see DEALS_IN): Ben declares, two bids on the scorer's phone, Chie seals hers on her
    phone, the first trick, Dan seals his after it, nine more tricks (issue 27: the declarer's bid cards two rows
    high in its chip and the premium's two lines put a seat's last cards 112-129 px under the tab bar, the
    scorer's 145-165 px; the seat that bid after a trick was 4 px under it in Japanese; the deal's score ended
    under the tab bar; the page jumped -38 to -48 px after Record trick)."""
    walk_a_deal(browser, base_url, 4, a_deal_with_a_declared_premium(), DEALS_IN, {2, 3})


def test_a_two_player_deal_with_the_dummy_is_one_screen_per_play(browser: Browser, base_url: str):
    """Two players and the dummy, a whole first deal at 360x740 in Japanese (see DEALS_IN): Ben declares and seals his bid on his phone,
    told it is in, Aki seals his on his phone, nine tricks in N26's order, then the dummy's bid on the scorer's
    phone, whose answer is the deal's score (issue 27: trick 1's first card lay 55-70 px under Undo, later ones
    9-44 px under the tab bar, the dummy's last row of cards 152 px; the answer said the dummy's bid was
    "sealed" as it was turned up; the declarer's phone never said his bid was in)."""
    bids, _, tricks = a_first_deal(2, 5)
    events = [{"type": "premium", "seat": 1, "kind": "declare"}, bids[1], bids[0], *tricks, bids[2]]
    walk_a_deal(browser, base_url, 2, events, DEALS_IN, {0, 1}, said="ダミーのビッドを公開しました。")


def test_a_three_player_deal_with_a_revealed_hand_is_one_screen_per_play(browser: Browser, base_url: str):
    """Three players, a whole first deal at 360x740 in Japanese (see DEALS_IN): Ben reveals with his hand face up (9 cards), Ben's bid from
    the deal's band, Chie seals hers on her phone, the first trick, Aki's bid on his phone after it, eight more
    tricks (issue 27: the trick's first or last row of cards lay 11-63 px under the tab bar or Undo; with a
    revealed hand the whole pack was out of reach)."""
    bids, hands, tricks = a_first_deal(3, 5)
    events = [{"type": "premium", "seat": 1, "kind": "reveal", "hand": hands[1]}, bids[1], bids[2], tricks[0],
              bids[0], *tricks[1:]]  # fmt: skip
    walk_a_deal(browser, base_url, 3, events, DEALS_IN, {0, 2})


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_three_player_deal_with_a_reveal_from_the_revealers_own_phone_is_one_screen_per_play(
    browser: Browser, base_url: str, size, lang
):
    """Three players, a whole first deal, every bid sealed on its own phone, and Ben reveals from his own phone
    after sealing his bid: the sheet from the deal's band, Reveal, the hand's fold, his nine cards (his bid's
    three greyed) and Record, with nothing scrolled before or between the taps, the page still after and "Bid in
    ✓, face up: you revealed" in view; the scorer's phone then shows his premium (issue 27, newplayer10 #16: only
    the scorer's phone could enter a premium, under "Premium bid or quick mode")."""
    bids, hands, tricks = a_first_deal(3, 5)
    reveal = {"type": "premium", "seat": 1, "kind": "reveal", "hand": hands[1]}
    events = [bids[1], reveal, bids[2], tricks[0], bids[0], *tricks[1:]]
    walk_a_deal(browser, base_url, 3, events, lang, {0, 1, 2}, size=size, own_premium=True)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_revealed_hands_first_trick_is_one_screen(browser: Browser, base_url: str, size, lang):
    """Four players, Ben reveals with his ten cards face up, the four bids in: the first trick, every step's cards
    and Record trick above the tab bar with nothing scrolled, the revealer's step his hand only, the others' the
    pack without it (issue 27, walk2 finding 24: the hand's two rows of thumb-sized cards put all 52 cards out of
    reach at 360x740, 24 of 52 at 390x844, 17 at 430x932)."""
    bids, hands, tricks = a_first_deal(4, 27)
    reveal = {"type": "premium", "seat": 1, "kind": "reveal", "hand": hands[1]}
    rec = {**NN_FOUR, "events": [NN_FOUR["events"][0], reveal, *bids, tricks[0]]}
    context = browser.new_context(base_url=base_url, **{**PHONE, "viewport": {"width": size[0], "height": size[1]}})
    try:
        page = context.new_page()
        table_in(page, rec, len(rec["events"]) - 1, lang)
        expect(page.locator(".nn-revealed .card")).to_have_count(10)
        t = Tapper(page)
        for i, card in enumerate(tricks[0]["cards"]):
            step = f"form.stepping fieldset[data-picker='cards.{i}'] label.pick:visible"
            assert out_of_reach(page, f"{step}, #record-trick") == [], f"card {i + 1}"
            assert under_a_thumb(page.locator(step)) == []
            expect(page.locator(step)).to_have_count(10 if i == 0 else 42)  # Ben leads from his hand
            t.tap(pick(page, f"cards.{i}", card), f"card {i + 1}")
        t.tap(page.locator("#record-trick"), "Record trick")
        entered(page, len(rec["events"]))
        assert t.outside == [] and t.scroll_before == t.scroll_between == 0, (t.outside, t.scroll_between)
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("players", [2, 4])
def test_the_tricks_chips_and_record_trick_are_short(browser: Browser, base_url: str, players, size, lang):
    """A trick's chips with every card picked: two players' dummy chip in one or two lines ("3. Dummy (played by
    Ben)" took four, 78-95 px, at 360), four players' Record trick in one line in English (it kept two beside the
    four chips at 360), every chip and Record trick a thumb's 44x44 px (issue 27)."""
    bids, _, tricks = a_first_deal(players, 5)
    rec = {**NN_FOUR, "players": NN_FOUR["players"][:players], "events": [NN_FOUR["events"][0], *bids]}
    context = browser.new_context(base_url=base_url, **{**PHONE, "viewport": {"width": size[0], "height": size[1]}})
    try:
        page = context.new_page()
        table_in(page, rec, len(rec["events"]), lang)
        for i, card in enumerate(tricks[0]["cards"]):
            pick(page, f"cards.{i}", card).click()
        chips = page.locator("form.stepping .step-chip")
        expect(chips).to_have_count(3 if players == 2 else 4)
        assert under_a_thumb(page.locator("form.stepping .step-chip, #record-trick")) == []
        whos = [(c.inner_text(), c.evaluate(LINES)) for c in page.locator("form.stepping .step-chip .chip-who").all()]
        assert all(lines <= 2 for _, lines in whos), whos
        lines = 2 if players == 4 and lang == "ja" else 1  # (「トリックを記録」 in one line put cards under the tab bar)
        assert page.locator("#record-trick").evaluate(LINES) == lines, "Record trick in two lines"
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_revealers_hand_from_52_cards_is_one_screen(browser: Browser, base_url: str, size, lang):
    """Four players, the scorer enters Ben's reveal with his ten cards face up from the deal's band: every card,
    suit tab and Record premium bid in reach with nothing scrolled, a suit tab the only extra tap, three at most
    (issue 27: the 52 cards in eight rows put the sheet's last row 47 px and Record premium bid 101 px under its
    bottom at 360x740, the sheet scrolling inside itself)."""
    _, hands, _ = a_first_deal(4, 27)
    reveal = {"type": "premium", "seat": 1, "kind": "reveal", "hand": hands[1]}
    rec = {**NN_FOUR, "events": [NN_FOUR["events"][0], reveal]}
    context = browser.new_context(base_url=base_url, **{**PHONE, "viewport": {"width": size[0], "height": size[1]}})
    try:
        page = context.new_page()
        table_in(page, rec, 1, lang)
        t = Tapper(page)
        ninety_nine_premium(page, t, reveal)
        entered(page, 2)
        assert t.outside == [] and t.scroll_before == t.scroll_between == 0, (t.outside, t.scroll_between)
        assert t.taps <= 5 + 10 + 3, t.taps
        expect(page.locator(".nn-revealed .card")).to_have_count(10)
    finally:
        context.close()


# The deal's band's own boxes: the title's parts, the trump, each toggle's button.
BAND_BOXES = """top => [...top.querySelectorAll('.nn-head > span, .nn-trump > *, :scope > .sheet > .toggle')].map(e => {
  const r = e.getBoundingClientRect();
  return {what: e.textContent.trim().replace(/\\s+/g, ' '), x: r.left, y: r.top, r: r.right, b: r.bottom,
          lines: Math.round(r.height / parseFloat(getComputedStyle(e).lineHeight))};
})"""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_deal_band_keeps_words_whole_and_nothing_in_it_overlaps(browser: Browser, base_url: str, lang):
    """np13 #1: on the scorer's 360x740 phone in Japanese, deal 2 with clubs trump, "切り札 クラブ ♣" was
    drawn over "▸ トリックと得点" (the band's second row held the trump and three toggles in three columns)
    and the title broke inside a word ("ディーラ / ー"). The title's parts wrap whole, and no two of the
    band's boxes meet."""
    page = table(browser, base_url, (360, 740), lang, 14)
    try:
        boxes = page.locator(".nn-top").evaluate(BAND_BOXES)
        # two title parts, the trump's word and name, three toggles (tricks and scores, a bid, premium)
        assert len(boxes) == 7, boxes
        for a, b in itertools.combinations(boxes, 2):
            apart = a["r"] <= b["x"] + 0.5 or b["r"] <= a["x"] + 0.5 or a["b"] <= b["y"] + 0.5 or b["b"] <= a["y"] + 0.5
            assert apart, (a, b)
        assert [b["lines"] for b in boxes[:2]] == [1, 1], boxes[:2]
    finally:
        page.context.close()
