"""Trick de Bingo at a table with phones: the scorer drafts two cards and enters a trick by tapping;
Aki's own phone (a second browser context, joined by seat link) sees the card flip."""

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .plays import table_in

# the first trick's cards as a screen reader says them in the steps' chips (issue 27: the chip said "AC")
CHIP_CARDS = {"AC": "ace of clubs", "3C": "three of clubs", "2H": "two of hearts", "4H": "four of hearts"}
pytestmark = pytest.mark.browser

RECORD = json.loads((Path(__file__).parent.parent / "records" / "trick-de-bingo-one-round.json").read_text())
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "locale": "en-GB"}


def tap_pick(page: Page, card: str, cell: int) -> None:
    page.locator("[data-tdb-filter]").fill(card)
    option = page.locator(f"label.tdb-option:has(input[value='{card}'])")
    expect(page.locator("label.tdb-option:visible")).to_have_count(1)
    option.tap()
    page.locator(f".tdb-cells label:has(input[value='{cell}'])").tap()
    page.get_by_role("button", name="Place the card").tap()


def test_draft_by_tapping_then_a_trick_flips_a_card_on_the_seat_phone(
    page: Page, browser: Browser, base_url: str
):
    created = page.request.post(
        f"{base_url}/api/v1/tables",
        data={"game": "trick-de-bingo", "players": RECORD["players"], "options": {"rounds": 1}},
    ).json()
    auth = {"Authorization": f"Bearer {created['scorer_token']}"}
    events = f"{base_url}/api/v1/tables/{created['id']}/events"

    page.goto(created["scorer_url"])
    expect(page.locator("#table")).to_be_visible()
    page.locator(".seats label:has(input[value='0'])").tap()
    page.get_by_role("button", name="Start the round").tap()
    expect(page.locator(".tdb-next")).to_contain_text("Aki picks")

    tap_pick(page, "TB-23", 5)
    expect(page.locator(".tdb-next")).to_contain_text("Ben picks")
    tap_pick(page, "TB-22", 5)
    expect(page.locator(".tdb-next")).to_contain_text("Chie picks")
    sheets = page.locator(".tdb-sheets .tdb-sheet")
    expect(sheets.nth(0).locator("[data-cell='5']")).to_have_attribute("data-card", "TB-23")
    expect(sheets.nth(1).locator("[data-cell='5']")).to_have_attribute("data-card", "TB-22")

    for ev in RECORD["events"][3:37]:  # the other 34 picks, as another phone would send them
        assert page.request.post(events, data=ev, headers=auth).status == 201

    seat = browser.new_context(**PHONE)
    try:
        aki = seat.new_page()
        aki.goto(f"{base_url}/t/{created['id']}/join/{created['seat_tokens'][0]}")
        mine = aki.locator(".tdb-mine .tdb-sheet.big")
        expect(mine).to_be_visible()
        expect(mine.locator("[data-cell='1']")).to_have_attribute("data-card", "TB-01")
        expect(mine.locator("[data-cell='1']")).not_to_have_class(re.compile(r"\bflipped\b"))
        expect(aki.get_by_role("button", name="Record the trick")).to_have_count(0)

        page.reload()
        expect(page.locator(".tdb-next")).to_contain_text("Trick 1")
        for n, card in enumerate(RECORD["events"][37]["cards"]):  # AC 3C 2H 4H, Aki leads
            page.locator(f"label.pick:has(input[name='cards.{n}'][value='{card}'])").tap()
            # the picker folds into its chip, showing the card, named as it is said; the next player's picker opens
            expect(page.locator(".step-chip").nth(n).locator(f".card[data-card='{card}']")).to_have_count(1)
            chip = page.locator(".step-chip").nth(n)
            expect(chip.get_by_role("img")).to_have_accessible_name(CHIP_CARDS[card])
        page.get_by_role("button", name="Record the trick").tap()
        expect(page.locator(".tdb-why")).to_contain_text("Aki won with A♣")
        expect(page.locator(".tdb-flipnews").first).to_contain_text("Aki flips square 1: ")  # the square, not the card's id

        # no reload: Aki's phone follows the table by itself (live polling)
        cell = aki.locator(".tdb-mine [data-cell='1']")
        expect(cell).to_have_class(re.compile(r"\bflipped\b.*\bin-line\b"))
        expect(cell).to_contain_text("trick 1")
        expect(aki.locator(".tdb-linenews")).to_contain_text("Aki completes the line 1-5-9")
        assert aki.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        seat.close()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_trick_that_ends_the_round_brings_each_players_round_points_into_view(page: Page):
    """Issue 27: after the round's last trick the answer says each player's points of the round, in view at
    390x844 with no scrolling, not only behind "Sheets and scores"; a tap on them says them by item (said by
    item at once they pushed the next round's Start off a 360x740 screen: newplayer11 #7)."""
    from .plays import entered, import_until, pick

    events = RECORD["events"]
    import_until(page, RECORD, len(events) - 1)
    for i, card in enumerate(events[-1]["cards"]):
        pick(page, f"cards.{i}", card).tap()
    page.locator("#record-trick").tap()
    entered(page, len(events))
    news = page.locator("#answer .tdb-roundnews")
    expect(news).to_contain_text("Points of round 1:")
    expect(news.locator(".tdb-roundpoints")).to_have_text(["Aki 18", "Ben 5", "Chie 3", "Dan 17"])
    news.locator("> summary").tap()
    expect(news.locator("li[data-seat='0']")).to_have_text(
        "Aki: 18 points this round (Bonus points 1, First Bingo 2, 7 flipped, 4 lines, Victory points 4), 19 in all"
    )
    expect(news).to_be_in_viewport(ratio=1)  # every line, not just an edge


# The chosen card's words in the draft's sheet: cut short (its box scrolls), on the screen (under the header,
# above the tab bar), and over none of the sheet's targets (its cells, Place the card, Another card).
PREVIEW = """label => { const words = label.querySelector('.tdb-chosen'), r = words.getBoundingClientRect();
  const tabs = document.querySelector('.table-tabs').getBoundingClientRect().top;
  const header = document.querySelector('header.bar').getBoundingClientRect().bottom;
  const over = [...document.querySelectorAll('.tdb-cells label.pick, .tdb-place > *')].filter(t => {
    const q = t.getBoundingClientRect();
    return q.left < r.right && r.left < q.right && q.top < r.bottom && r.top < q.bottom; });
  return {cut: words.scrollHeight > words.clientHeight + 1 || words.scrollWidth > words.clientWidth + 1,
          seen: r.height > 0 && r.top >= header - 1 && r.bottom <= tabs + 1, over: over.length,
          text: words.textContent.replace(/\\s+/g, ' ').trim()}; }"""


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(360, 740), (390, 844), (430, 932)], ids=["360x740", "390x844", "430x932"])
def test_every_draft_cards_condition_is_read_whole_before_it_is_placed(browser: Browser, base_url: str, size, lang):
    """Drafting without the printed deck (newplayer9 #22: 50 bare numbers): the number tapped shows the card's
    whole condition and bonus beside Place the card, for each of the 50 cards, the first pick of a round (the
    whole deck on the screen). 13 of them were cut at 360x740 in English ("... Victory poi" under the box's
    edge), one at 430x932."""
    from .plays import PHONE as TOUCH
    from .plays import table_in

    context = browser.new_context(base_url=base_url, **{**TOUCH, "viewport": {"width": size[0], "height": size[1]}})
    try:
        page = context.new_page()
        table_in(page, RECORD, 1, lang)
        numbers = page.locator("label.tdb-option")
        expect(numbers).to_have_count(50)
        bad = []
        for number in numbers.all():
            number.locator(".tdb-number").dispatch_event("click")  # every number, not only those a thumb reaches
            shown = number.evaluate(PREVIEW)
            if shown["cut"] or not shown["seen"] or shown["over"]:
                bad.append(shown)
        assert bad == [], f"{len(bad)} cards' words cut, off the screen or over a target: {bad[:3]}"
    finally:
        context.close()


# The room an input gives its text, and the width its placeholder takes in its own font.
PLACEHOLDER_FIT = """el => {
  const s = getComputedStyle(el), pen = document.createElement('canvas').getContext('2d');
  pen.font = s.font;
  return [pen.measureText(el.placeholder).width, el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)];
}"""


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(390, 844), (360, 740)], ids=["390x844", "360x740"])
def test_the_draft_search_box_says_its_whole_hint(browser: Browser, base_url: str, size, lang):
    """np13 #16: at 390x844 the draft's search box read "Search by number o", its hint cut by the box."""
    context = browser.new_context(base_url=base_url, **{**PHONE, "viewport": {"width": size[0], "height": size[1]}})
    try:
        page = context.new_page()
        table_in(page, RECORD, 1, lang)
        box = page.locator("input.tdb-filter")
        expect(box).to_be_visible()
        needs, room = box.evaluate(PLACEHOLDER_FIT)
        assert needs <= room, (box.get_attribute("placeholder"), needs, room)
    finally:
        context.close()
