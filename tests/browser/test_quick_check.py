"""/check on a phone (headless Chromium, 390x844): a Bingo claim checked by tapping tiles, with no
recorded game. The digest's B-E5: trump 5, A has 62 card points and declared a double (4-4, 3-3) for
82; B has 34 from a trick: the claim holds and A scores 1 game point (B44 row 1)."""


import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def tap_tile(page: Page, picker: str, tile: str) -> None:
    page.locator(f"fieldset[data-picker={picker}] label[title='{tile}']").tap()


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


def test_a_claim_checked_by_tapping_tiles(page: Page):
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
    for tile in ("5-0", "0-0", "4-4", "2-1"):
        tap_tile(page, "won1", tile)
    page.get_by_text("Declarations", exact=True).tap()
    tap_tile(page, "decl0a", "4-4")
    tap_tile(page, "decl0a", "3-3")
    answer(
        page, "Check the claim", "claim-answer",
        "The claim holds.", "Game points for Player 1: 1", "Player 1: 82 card points in all",
        "Player 2: 34 card points in all",
    )  # fmt: skip
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # the taps are kept: a second check after changing one thing starts from the same table
    page.locator("fieldset.seats", has_text="Was the deal closed?").get_by_text("by Player 1").tap()
    page.locator("input[name=close_points]").fill("29")
    page.locator("input[name=close_trick]").check()
    page.get_by_role("button", name="Check the claim").tap()
    expect(page.locator("#claim-answer")).to_contain_text("Game points for Player 1: 2")


def test_an_impossible_pile_is_refused_with_the_reason(page: Page):
    page.goto("/check")
    page.get_by_text("5", exact=True).first.tap()
    page.locator("fieldset.seats", has_text="Who claims?").get_by_text("Player 2").tap()
    tap_tile(page, "won1", "6-6")
    page.get_by_role("button", name="Check the claim").tap()
    expect(page.get_by_role("main").get_by_role("alert")).to_contain_text("Player 2's pile has 1 tiles")


def test_a_five_up_count_by_tapping_the_tiles_at_the_ends(page: Page):
    """F-E1 tapped on a phone: 2-0 (2 free), 3-1 (1 free), the double 4-4 with a side free, 5-0 (5 free)
    and 6-4 (4 free) count 2 + 1 + 4x2 + 5 + 4 = 20: 4 points (F15-F16)."""
    page.goto("/check")
    choose(page, "Five Up count", "five-up-count")
    for i, (tile, free) in enumerate((("2-0", "2"), ("3-1", "1"), ("4-4", None), ("5-0", "5"), ("6-4", "4"))):
        if i >= 2:  # the first two ends are unfolded
            page.locator(f".qc-end[data-end='{i}'] > summary").tap()
        tap_tile(page, f"tile{i}", tile)
        if free is not None:
            page.locator(f".qc-end[data-end='{i}'] input[name=end{i}][value='{free}'] + span").tap()
    answer(page, "Count", "count-answer", "2 + 1 + 4×2 + 5 + 4 = 20", "scores 4")


def test_a_ninety_nine_deal_scored_from_tapped_bid_cards(page: Page):
    """N-E3 on a phone: bid cards A♣ K♦ Q♦ (3), K♣ A♠ J♦ (4), A♥ 10♦ 9♦ (2), tricks 3, 5, 1: 33, 5, 1."""
    page.goto("/check")
    choose(page, "Ninety-Nine deal", "ninety-nine-deal")
    hands = (("AC", "KD", "QD"), ("KC", "AS", "JD"), ("AH", "10D", "9D"))
    for i, (hand, tricks) in enumerate(zip(hands, ("3", "5", "1"), strict=True)):
        for card in hand:
            page.locator(f"fieldset[data-picker=bidcards{i}] label:has(input[value='{card}'])").tap()
        page.locator(f"input[name=tricks{i}]").fill(tricks)
    answer(page, "Score the deal", "deal-answer", "Player 1: 33", "Bid: 4", "Player 3: 1")


# Each tile or card of the open check, brought into view with the least scroll (what the browser does for
# a control it scrolls to): its centre must then be the tile itself, not the header bar above nor the
# button's bar at the foot (newplayer4 at 360x740: the first row of tiles lay under "Check the claim").
COVERED = """root => [...root.querySelectorAll('label.pick')].filter(l => l.getClientRects().length).filter(l => {
  l.scrollIntoView({block: 'nearest'});
  const r = l.getBoundingClientRect(), hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !(hit && l.contains(hit)); }).map(l => l.title || l.textContent.trim())"""


@pytest.mark.parametrize("size", [(360, 740), (390, 844)], ids=["360x740", "390x844"])
def test_every_tile_of_every_check_can_be_tapped_clear_of_the_button(page: Page, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto("/check")
    tabs = page.locator(".qc-tabs > .toggle")
    for i in range(tabs.count()):
        tabs.nth(i).tap()
        check = page.locator(".quick-check form:visible")
        check.locator("details").evaluate_all("els => els.forEach(d => { d.open = true; })")  # every picker
        assert check.locator("label.pick").count() > 20
        assert check.evaluate(COVERED) == [], f"{tabs.nth(i).inner_text()}: tiles under a bar"
