"""/check on a phone (headless Chromium, 390x844): a Bingo claim checked by tapping tiles, with no
recorded game. The digest's B-E5: trump 5, A has 62 card points and declared a double (4-4, 3-3) for
82; B has 34 from a trick: the claim holds and A scores 1 game point (B44 row 1)."""


import re

import pytest
from playwright.sync_api import Page, expect

from .plays import Tapper, ready
from .targets import under_a_thumb

pytestmark = pytest.mark.browser


def tap_tile(page: Page, picker: str, tile: str) -> None:
    page.locator(f"fieldset[data-picker={picker}] label[data-tile='{tile}']").tap()


def step_chip(page: Page, check: str, n: int) -> None:
    """Open the n-th step of a check by its chip (one step shows at a time)."""
    page.locator(f"#{check}-form .step-chip").nth(n).tap()


CHECKS = ("bingo-claim", "five-up-count", "ninety-nine-bid", "ninety-nine-deal", "bead-line")


def choose(page: Page, tab: str, which: str) -> None:
    """Open one check by its tab (issue 27: one check at a time, not five under one another): it shows,
    every other one is hidden, and a second tap on its tab keeps it open."""
    for _ in range(2):
        page.get_by_role("button", name=tab, exact=True).tap()
        for other in CHECKS:
            shown = expect(page.locator(f"#{other}-check"))
            if other == which:
                shown.to_be_visible()
            else:
                shown.to_be_hidden()


def answer(page: Page, button: str, answer: str, *says) -> None:
    """The page fits the phone's width; the button is in view where the last tap left the page (it
    waits at the foot of the screen: /check had 1,749 px to scroll down to "Check the claim"), it is
    tapped, and its answer says each of ``says``."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    expect(page.get_by_role("button", name=button, exact=True)).to_be_in_viewport(ratio=1)
    page.get_by_role("button", name=button, exact=True).tap()
    for text in says:
        expect(page.locator(f"#{answer}")).to_contain_text(text)


def test_a_claim_checked_by_tapping_tiles(page: Page):  # the taps kept between two checks
    page.goto("/")
    page.locator("#check-link").tap()
    expect(page.get_by_role("heading", name="Quick checks")).to_be_visible()
    assert page.evaluate("[innerWidth, innerHeight]") == [390, 844]
    for other in CHECKS[1:]:  # the claim is the check that opens; the others wait behind their tabs
        expect(page.locator(f"#{other}-check")).to_be_hidden()
    page.get_by_text("5", exact=True).first.tap()  # trump 5
    page.locator("fieldset.seats", has_text="Who claims?").get_by_text("Player 1").tap()
    for tile in ("5-5", "6-6", "6-4", "3-0", "1-1", "6-1"):
        tap_tile(page, "won0", tile)
    step_chip(page, "bingo-claim", 3)  # one step at a time: Player 2's pile, then Player 1's declarations
    for tile in ("5-0", "0-0", "4-4", "2-1"):
        tap_tile(page, "won1", tile)
    step_chip(page, "bingo-claim", 4)
    # two rows of doubles, each named, each double a thumb's 44 px wide (newplayer7: 30x61, no labels)
    for legend in ("Doubles Player 1 declared:", "A second declaration by Player 1:"):
        box = page.get_by_text(legend).bounding_box()
        assert box and box["height"] > 10 and box["width"] > 100, (legend, box)  # read, not a clipped 1 px
    widths = page.locator("fieldset[data-picker^=decl0] label.pick").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().width)"
    )
    assert len(widths) == 14 and min(widths) >= 44, widths
    tap_tile(page, "decl0a", "4-4")
    tap_tile(page, "decl0a", "3-3")
    answer(
        page, "Check the claim", "claim-answer",
        "The claim holds.", "Game points for Player 1: 1", "Player 1: 82 card points in all",
        "Player 2: 34 card points in all",
    )  # fmt: skip
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # the taps are kept: a second check after changing one thing starts from the same table
    step_chip(page, "bingo-claim", 6)
    page.locator("fieldset.seats", has_text="Was the deal closed?").get_by_text("by Player 1").tap()
    page.locator("input[name=close_points]").fill("29")
    page.locator("input[name=close_trick]").check()
    page.get_by_role("button", name="Check the claim").tap()
    expect(page.locator("#claim-answer")).to_contain_text("Game points for Player 1: 2")


def test_an_impossible_pile_is_refused_with_the_reason(page: Page):
    page.goto("/check")
    page.get_by_text("5", exact=True).first.tap()
    page.locator("fieldset.seats", has_text="Who claims?").get_by_text("Player 2").tap()
    step_chip(page, "bingo-claim", 3)
    tap_tile(page, "won1", "6-6")
    page.get_by_role("button", name="Check the claim").tap()
    expect(page.get_by_role("main").get_by_role("alert")).to_contain_text("Tiles in player 2's pile: 1;")


def test_the_refusal_in_japanese_names_the_player_and_the_pile_as_the_page_does(page: Page):
    """One form of a default name (「プレイヤー2」, as the form writes it: no さん for a stand-in, i27-verdicts)
    and one word for a player's won tiles (取り札, as the page's pickers say it, not 山; issue 27)."""
    page.context.set_extra_http_headers({"Accept-Language": "ja"})
    page.goto("/check")
    page.get_by_text("5", exact=True).first.tap()
    page.locator("input[name=claimer][value=\"1\"]").locator("xpath=..").tap()  # the second player
    step_chip(page, "bingo-claim", 3)
    tap_tile(page, "won1", "6-6")
    page.locator("#check-claim").tap()
    refusal = page.get_by_role("main").get_by_role("alert")
    expect(refusal).to_contain_text("プレイヤー2の取り札は1枚です")
    expect(refusal).not_to_contain_text("プレイヤー2さん")
    expect(refusal).not_to_contain_text("山")


# Every check as a play surface (issue 27): a check is its tab, then taps on what lies on the table (the
# steps' chips, tiles, cards, numbers), then its button. Each tap must land where it is, with no scroll:
# wholly in view below the header and uncovered (elementFromPoint at its centre is the target), the page
# never moving by itself between taps; after the button the answer is in view. On main (feed905) every
# check failed at 360x740: the 6-6 of the claim lay under "Check the claim", Five Up's second end, the
# bid's A♣, the deal's second player and the bead line's fifth number were below the screen.
# A tap: ("chip", n) the check's n-th step chip; (name, value) the tile, card or choice of that value;
# ("type", name, text) a number box tapped, then typed in.
WALKS = {
    # B-E5: trump 5, Player 1 claims with 62 card points and the 4-4 3-3 declared (82) against 34: holds, 1
    "bingo-claim": (
        [("trump", "5"), ("claimer", "0"), *[("won0", t) for t in ("5-5", "6-6", "6-4", "3-0", "1-1", "6-1")],
         ("chip", 3), *[("won1", t) for t in ("5-0", "0-0", "4-4", "2-1")], ("chip", 4), ("decl0a", "4-4"), ("decl0a", "3-3")],
        "check-claim", "claim-answer", ("Game points for Player 1: 1", "Player 1: 82 card points in all"),
    ),
    # F-E1: 2-0 (2 free), 3-1 (1), the double 4-4, 5-0 (5), 6-4 (4): 2 + 1 + 4x2 + 5 + 4 = 20 scores 4 (F15-F16).
    # No chip is tapped: an end's free number (or a double's tile) opens the next end (newplayer10 #32).
    "five-up-count": (
        [("tile0", "2-0"), ("end0", "2"), ("tile1", "3-1"), ("end1", "1"), ("tile2", "4-4"),
         ("tile3", "5-0"), ("end3", "5"), ("tile4", "6-4"), ("end4", "4")],
        "check-count", "count-answer", ("2 + 1 + 4×2 + 5 + 4 = 20", "scores 4"),
    ),
    "ninety-nine-bid": ([("bid", "AC"), ("bid", "KC"), ("bid", "QC")], "check-bid", "bid-answer", ("Bid: 9", "A♣ 3 + K♣ 3 + Q♣ 3 = 9")),
    # N-E3: A♣ K♦ Q♦ (3), K♣ A♠ J♦ (4), A♥ 10♦ 9♦ (2), tricks 3, 5, 1 score 33, 5, 1 (3 players, the opening)
    "ninety-nine-deal": (
        [("bidcards0", "AC"), ("bidcards0", "KD"), ("bidcards0", "QD"), ("type", "tricks0", "3"), ("chip", 2),
         ("bidcards1", "KC"), ("bidcards1", "AS"), ("bidcards1", "JD"), ("type", "tricks1", "5"), ("chip", 3),
         ("bidcards2", "AH"), ("bidcards2", "10D"), ("bidcards2", "9D"), ("type", "tricks2", "1")],
        "check-deal", "deal-answer", ("Player 1: 33", "Bid: 4", "Player 3: 1"),
    ),
    # D13: 5, 1, 5, 2 is not a pattern
    "bead-line": ([("bead0", "5"), ("bead1", "1"), ("bead2", "5"), ("bead3", "2")], "check-line", "line-answer", ("not a pattern",)),
}


@pytest.mark.parametrize(
    ("which", "size", "lang"),
    [*((w, (360, 740), "en") for w in WALKS), ("bingo-claim", (390, 844), "en"), ("bingo-claim", (360, 740), "ja"),
     ("ninety-nine-deal", (360, 740), "ja"), ("five-up-count", (360, 740), "ja"), ("ninety-nine-bid", (390, 844), "ja"),
     ("ninety-nine-bid", (430, 932), "en")],
    ids=lambda v: "x".join(map(str, v)) if isinstance(v, tuple) else v,
)
def test_every_tap_of_a_check_lands_where_it_is_and_the_answer_is_in_view(page: Page, which, size, lang):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    if lang == "ja":
        page.context.set_extra_http_headers({"Accept-Language": "ja"})
    page.goto("/check")
    ready(page)
    taps, button, answer_id, says = WALKS[which]
    form = page.locator(f"#{which}-form")
    tapper = Tapper(page)
    tapper.tap(page.locator(f"#{which}-tab"), "tab")
    if which == "ninety-nine-deal":  # N1: it opens at 3 players, whose pack is the 36 cards 6 to ace
        expect(form.locator("fieldset[data-picker=bidcards0] label.pick:visible")).to_have_count(36)
        expect(form.locator(".step-chip:visible")).to_have_count(5)  # players, 3 players, a premium
    # every card a thumb's 44x44 px (the bid's 52 were 38 px wide on every phone: newplayer6)
    cards = form.locator("fieldset.picker.cards label.pick")
    assert under_a_thumb(cards) == [], f"{which}: cards under 44x44 px at {size}"
    for tap in taps:
        if tap[0] == "chip":
            tapper.tap(form.locator(".step-chip").nth(tap[1]), f"chip {tap[1]}")
        elif tap[0] == "type":
            tapper.tap(form.locator(f"input[name={tap[1]}]"), tap[1])
            page.keyboard.type(tap[2])
        else:
            tapper.tap(form.locator(f"label:has(> input[name='{tap[0]}'][value='{tap[1]}'])"), f"{tap[0]} {tap[1]}")
    tapper.tap(page.locator(f"#{button}"), button)
    expect(page.locator(f"#{answer_id}")).to_be_visible()
    if lang == "en":
        for text in says:
            expect(page.locator(f"#{answer_id}")).to_contain_text(text)
    assert tapper.outside == [], f"{which}: out of view or covered when their turn came"
    assert (tapper.scroll_before, tapper.scroll_between) == (0, 0)
    assert page.evaluate("Math.round(window.scrollY)") == tapper.last_y  # the answer came without a jump
    expect(page.locator(f"#{answer_id} .qc-verdict").first).to_be_in_viewport()
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]


def test_a_card_outside_the_three_player_pack_is_named_and_unticked_in_place(page: Page):
    """N1 at 360x740: 4♦ ticked for a 4-player deal, then 3 players chosen: the card stays in sight, the
    refusal names it, and the steps stay one at a time (no page of four stacked packs to scroll through)."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto("/check")
    ready(page)
    form = page.locator("#ninety-nine-deal-form")
    tapper = Tapper(page)
    tapper.tap(page.locator("#ninety-nine-deal-tab"), "tab")
    tapper.tap(form.locator(".step-chip").nth(0), "players chip")
    tapper.tap(form.locator("label:has(> input[name=players][value='4'])"), "4 players")
    tapper.tap(form.locator(".step-chip").nth(1), "player 1 chip")
    expect(form.locator("fieldset[data-picker=bidcards0] label.pick:visible")).to_have_count(52)
    assert under_a_thumb(form.locator("fieldset[data-picker=bidcards0] label.pick")) == []  # 52 cards, 7 a row
    for card in ("AC", "KD", "4D"):
        tapper.tap(form.locator(f"label:has(> input[name=bidcards0][value='{card}'])"), card)
    tapper.tap(form.locator(".step-chip").nth(0), "players chip")
    tapper.tap(form.locator("label:has(> input[name=players][value='3'])"), "3 players")
    tapper.tap(page.locator("#check-deal"), "Score the deal")
    expect(page.get_by_role("main").get_by_role("alert")).to_contain_text("Not in the pack for 3 players: 4♦.")
    expect(page.get_by_role("main").get_by_role("alert")).to_be_in_viewport()
    expect(form).not_to_have_class(re.compile("all-open"))
    tapper.tap(form.locator(".step-chip").nth(1), "player 1 chip")
    tapper.tap(form.locator("label:has(> input[name=bidcards0][value='4D'])"), "untick 4D")
    expect(form.locator("label:has(> input[name=bidcards0][value='4D'])")).to_be_hidden()  # outside the pack again
    assert tapper.outside == [] and (tapper.scroll_before, tapper.scroll_between) == (0, 0)


def in_japanese_at_360(page: Page) -> None:
    """/check at 360x740, switched to Japanese from the header as a player does."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto("/check")
    page.locator("header.bar a[lang=ja]").click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    ready(page)


# Each chip's words as laid out, its lines joined by "/".
CHIP_LINES = """els => els.map(el => { const lines = []; let top = null;
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) for (let i = 0; i < n.length; i++) {
    const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1); const b = r.getBoundingClientRect();
    if (!b.width) continue;
    if (top === null || b.top - top > 4) { lines.push(''); top = b.top; }
    lines[lines.length - 1] += n.data[i]; }
  return lines.join('/'); })"""


@pytest.mark.parametrize("which", ["bingo-claim", "ninety-nine-deal"])
def test_the_chips_keep_japanese_words_whole_on_a_small_phone(page: Page, which):
    """At 360x740 in Japanese no chip's line starts with a long-vowel mark or a small kana: four chips to a row
    broke 「プレイヤー」 as 「プレイヤ／ー」 (issue 27)."""
    in_japanese_at_360(page)
    page.locator(f"#{which}-tab").tap()
    lines = page.locator(f"#{which}-form .step-chip:visible").evaluate_all(CHIP_LINES)
    assert any("プレイヤー" in chip for chip in lines), lines
    assert [c for c in lines if re.search(r"(^|/)[ーァィゥェォッャュョ]", c)] == [], lines


@pytest.mark.parametrize("size", [(360, 740), (390, 844)])
def test_the_tabs_and_the_claimer_keep_japanese_words_whole(page: Page, size):
    """In Japanese no check's tab breaks a game's name over two lines (five tabs to a row broke 「ファイブ／アップの」,
    「ナインテ／ィナイン」, 「ビーズゲ／ーム」), and the claim's chip says who claims without 「クレームす／る人」 (issue 27)."""
    in_japanese_at_360(page)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    tabs = page.locator(".qc-tabs > .toggle").evaluate_all(CHIP_LINES)
    assert len(tabs) == 5 and any("ナインティナイン" in t for t in tabs), tabs
    assert [t for t in tabs if re.search(r"[ァ-ヺー]/[ァ-ヺー]", t)] == [], tabs
    chips = page.locator("#bingo-claim-form .step-chip:visible .chip-who").evaluate_all(CHIP_LINES)
    assert [c for c in chips if re.search(r"[ぁ-ゖァ-ヺー]/[ぁ-ゖ]", c)] == [], chips


BOXES = """() => ['#bingo-claim-form .step-chips', '#check-claim'].map(s => {
  const r = document.querySelector(s).getBoundingClientRect(); return [r.top, r.bottom]; })"""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_refusal_lands_under_the_button_without_moving_the_chips(page: Page, lang):
    """At 360x740 a refused check says why just under the chips and the button, in view, and the chips and the
    button stay where the thumb left them (above them the refusal pushed both 98 px down, issue 27)."""
    if lang == "ja":
        in_japanese_at_360(page)
    else:
        page.set_viewport_size({"width": 360, "height": 740})
        page.goto("/check")
        ready(page)
    page.locator("input[name=trump][value='5']").locator("xpath=..").tap()
    page.locator("input[name=claimer][value='1']").locator("xpath=..").tap()
    step_chip(page, "bingo-claim", 3)
    tap_tile(page, "won1", "6-6")
    before = page.evaluate(BOXES)
    page.locator("#check-claim").tap()
    refusal = page.get_by_role("main").get_by_role("alert")
    expect(refusal).to_be_in_viewport(ratio=1)
    assert page.evaluate(BOXES) == before
    assert page.evaluate("scrollY") == 0
    assert refusal.bounding_box()["y"] >= before[1][1]  # under the button


def test_an_ends_chip_says_its_tile_and_free_number_and_the_next_end_opens(page: Page):
    """Five Up's count: the free number tapped opens the next end, whose tile then lies there, not on the end
    just filled (a new player laid five tiles on end 1: newplayer10 #32); a double opens the next end at once;
    each end's chip shows its number beside its tile."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/check")
    ready(page)
    form = page.locator("#five-up-count-form")
    page.locator("#five-up-count-tab").tap()
    form.locator("label:has(> input[name=tile0][value='5-2'])").tap()
    expect(form.locator(".step-chip").nth(0)).to_have_class(re.compile("current"))  # the number is still asked
    form.locator("label:has(> input[name=end0][value='2'])").tap()
    expect(form.locator(".step-chip").nth(1)).to_have_class(re.compile("current"))
    expect(form.locator(".step-chip").nth(0).locator(".chip-also")).to_have_text("2")
    form.locator("label:has(> input[name=tile1][value='3-3'])").tap()
    expect(form.locator(".step-chip").nth(2)).to_have_class(re.compile("current"))
    expect(form.locator("input[name=tile0][value='5-2']")).to_be_checked()
    expect(form.locator("input[name=end1][value='']")).to_be_checked()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_second_claim_check_is_as_one_screen_as_the_first(page: Page, lang):
    """At 360x740, after a first claim check its answer stands under the chips: one tile of Player 1's pile
    changed (its chip, the tile off, the right one on) and the claim checked again, every tap where it is with nothing scrolled, the
    new answer in view (newplayer11 #8: the tile lay at 953 px and "Check the claim" at -302 px)."""
    page.set_viewport_size({"width": 360, "height": 740})
    if lang == "ja":
        page.context.set_extra_http_headers({"Accept-Language": "ja"})
    page.goto("/check")
    ready(page)
    taps, button, answer_id, _says = WALKS["bingo-claim"]
    form = page.locator("#bingo-claim-form")
    for tap in taps:
        if tap[0] == "chip":
            form.locator(".step-chip").nth(tap[1]).tap()
        else:
            form.locator(f"label:has(> input[name='{tap[0]}'][value='{tap[1]}'])").tap()
    page.locator(f"#{button}").tap()
    expect(page.locator(f"#{answer_id}")).to_be_visible()
    points = page.locator(f"#{answer_id} .qc-points").inner_text()
    tapper = Tapper(page)
    tapper.last_y = page.evaluate("Math.round(window.scrollY)")
    tapper.tap(form.locator(".step-chip").nth(2), "Player 1's pile")
    for tile in ("1-1", "3-1"):  # 1-1 was 3-1: 82 - 2 (a double that is not trump)
        tapper.tap(form.locator(f"label:has(> input[name='won0'][value='{tile}'])"), f"won0 {tile}")
    tapper.tap(page.locator(f"#{button}"), button)
    assert tapper.outside == [], f"out of view or covered when their turn came: {tapper.outside}"
    assert (tapper.scroll_before, tapper.scroll_between) == (0, 0)
    expect(page.locator(f"#{answer_id} .qc-points")).not_to_have_text(points)
    assert page.evaluate("Math.round(window.scrollY)") == tapper.last_y  # the answer came without a jump
    expect(page.locator(f"#{answer_id} .qc-verdict")).to_be_in_viewport()
