"""One play, one screen (issue 12 point 2), on a 390x844 phone in headless Chromium.

A play of each game takes at most its target taps (Bingo and Five Up 3, Ninety-Nine and Trick de Bingo
one per card + 1, the bead game 3) and nothing scrolls between them: window.scrollY stays put and every
tap target is inside the viewport, below the sticky header, when its turn comes. Also: Trick de Bingo
is drafted on the players' own phones in turn, the Ninety-Nine bid picker counts "2 of 3" and adds up
the bid, and the stepping pickers still post without JavaScript.
"""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from .plays import (
    PHONE,
    PLAYS,
    Tapper,
    entered,
    import_until,
    pick,
    play_once,
    record,
    seat_phone,
    table_in,
    tdb_pick,
)

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("play", PLAYS, ids=[p.game for p in PLAYS])
def test_a_play_takes_at_most_its_taps_with_no_scrolling_between_them(page: Page, play):
    t = play_once(page, play)
    assert t.taps <= play.target
    assert t.scroll_between == 0, f"scrolled {t.scroll_between}px between the taps of one play"
    # only the first target may need bringing into view (from wherever the last answer left the page)
    assert t.outside in ([], t.outside[:1]) and (not t.outside or t.scroll_before > 0)


def test_trick_de_bingo_players_draft_in_turn_on_their_own_phones(page: Page):
    rec = record("trick-de-bingo-one-round")
    import_until(page, rec, 1)  # the round is dealt: Aki picks first (T6)
    expect(page.locator(".tdb-seat-draft")).to_be_visible()  # the scorer is told players can pick
    aki = seat_phone(page, 0)
    ben = seat_phone(page, 1)
    try:
        expect(ben.get_by_role("group", name="Condition card")).to_have_count(0)  # not Ben's turn yet
        for phone, ev, n in ((aki, rec["events"][1], 2), (ben, rec["events"][2], 3)):
            # the turn reaches this phone by itself (live update), and the pick is three taps, no scroll
            expect(phone.get_by_role("group", name="Condition card")).to_be_visible()
            t = Tapper(phone)
            tdb_pick(phone, t, ev)  # the whole deck on the screen: nothing scrolls, not even a list
            entered(phone, n)
            assert t.taps == 3 and t.scroll_between == 0 and t.outside == []
            expect(phone.locator("#answer .answer-last")).to_contain_text(" on square ")
            expect(phone.locator("#answer .answer-last")).not_to_contain_text("TB-")  # the card in words
            # the sheet on that phone shows the condition in words
            expect(phone.locator(f".tdb-mine [data-cell='{ev['cell']}'] .tdb-text")).not_to_be_empty()
            expect(phone.get_by_role("group", name="Condition card")).to_have_count(0)
        # the scorer's phone follows, and its sheets say what each card asks, not only "TB-23"
        expect(page.locator("#table")).to_have_attribute("data-seq", "3")
        cell = page.locator(".tdb-sheets .tdb-sheet[data-seat='0'] [data-cell='5']")
        expect(cell).to_have_attribute("data-card", rec["events"][1]["card"])
        expect(cell.locator(".tdb-text")).to_have_text(re.compile(r"\w+ \w+"))
    finally:
        aki.context.close()
        ben.context.close()


def test_the_bid_picker_counts_two_of_three_and_adds_up_the_bid(page: Page):
    rec = record("ninety-nine-three-player-game-to-100")
    import_until(page, rec, 1)  # dealt; nobody has bid
    ben = seat_phone(page, 1)
    try:
        count = ben.locator(".nn-my-bid output.pick-count")
        t = Tapper(ben)
        t.tap(pick(ben, "cards", "7S"), "first card")  # spade 1
        expect(count).to_have_text("1 of 3 · bid 1")
        t.tap(pick(ben, "cards", "10C"), "second card")  # club 3
        expect(count).to_have_text("2 of 3 · bid 4")
        t.tap(pick(ben, "cards", "8H"), "third card")  # heart 2 (N3: clubs 3, hearts 2, spades 1, diamonds 0)
        expect(count).to_have_text("3 of 3 · bid 6")
        # a fourth card replaces the oldest: a bid is three cards
        ben.locator("label.pick:has(input[name=cards][value='6D'])").tap()
        expect(count).to_have_text("3 of 3 · bid 5")
        expect(ben.locator("input[name=cards][value='7S']")).not_to_be_checked()
        t.tap(ben.locator("#seal-bid"), "Seal my bid")
        entered(ben, 2)
        assert t.taps == 4 and t.scroll_between == 0  # one tap per card + 1
        expect(ben.locator("#my-bid-sealed")).to_be_visible()
    finally:
        ben.context.close()


def test_the_scorers_bids_follow_one_another_where_they_are_tapped(page: Page):
    """Bids entered for every seat on the scorer's phone while play could start (newplayer3): after a
    bid the form stays open for the next, in view (it closed, and the page jumped 279-352 px up)."""
    rec = record("ninety-nine-three-player-game-to-100")
    import_until(page, rec, 1)  # dealt; nobody has bid
    bids = page.locator(".nn-bid-sheet > .toggle")  # a sheet over the trick form (issue 27)
    bids.tap()
    for n, (seat, cards) in enumerate([(0, ["9H", "9D", "9C"]), (1, ["7S", "10C", "8S"])], start=1):
        expect(bids).to_have_attribute("aria-expanded", "true")
        page.locator(f".nn-scorer-bid label.pick:has(input[name=seat][value='{seat}'])").tap()
        for card in cards:
            page.locator(f".nn-scorer-bid label.pick:has(input[name=cards][value='{card}'])").tap()
        page.locator("#record-bid").tap()
        entered(page, 1 + n)
        # the next bid's seats, cards and button are where the thumb is: no scrolling back down to them
        expect(bids).to_have_attribute("aria-expanded", "true")
        for target in ("label.pick:has(input[name=seat])", "label.pick:has(input[name=cards])", "#record-bid"):
            expect(page.locator(f".nn-scorer-bid {target}").first).to_be_in_viewport(ratio=1)
    assert page.locator(".nn-scorer-bid input[name=seat]").count() == 1  # Chie's is still missing


def test_without_javascript_every_picker_shows_and_the_trick_posts(browser: Browser, base_url: str):
    rec = record("bingo-four-deals-to-eight")
    context = browser.new_context(base_url=base_url, java_script_enabled=False, **PHONE)
    try:
        page = context.new_page()
        cut = {**rec, "events": rec["events"][:3]}
        page.goto("/import")
        page.locator("textarea[name=text]").fill(json.dumps(cut))
        page.get_by_role("button", name="Import").click()
        expect(page.locator("#table")).to_have_attribute("data-seq", "3")
        expect(page.locator("fieldset[data-picker=lead]")).to_be_visible()
        expect(page.locator("fieldset[data-picker=reply]")).to_be_visible()  # no stepping without JS
        ev = rec["events"][3]
        pick(page, "lead", ev["lead"]).click()
        pick(page, "reply", ev["reply"]).click()
        page.locator("#record-trick").click()
        expect(page.locator("#table")).to_have_attribute("data-seq", "4")
    finally:
        context.close()


def test_bead_sheet_rises_with_two_cells_and_lowers_to_choose_others(page: Page):
    rec = record("bead-game-two-hands")
    import_until(page, rec, 3)
    cells = [page.locator(f".bead-cell:has(input[value='{r},{c}'])") for r, c in rec["events"][3]["cells"]]
    for cell in cells:
        cell.tap()
    sheet = page.locator("#bead-place.bottom-sheet")
    expect(sheet).to_be_visible()
    # the tiles and the hint that a tap on one places it, the first cell taking the higher number
    expect(page.locator("#bead-sheet-hint")).to_be_in_viewport(ratio=1)
    expect(page.locator("#bead-place label[data-tile='5-5']")).to_be_in_viewport(ratio=1)
    expect(page.locator("#bead-place-button")).to_be_hidden()
    page.get_by_role("button", name="Choose other cells").tap()
    expect(sheet).to_have_count(0)
    expect(page.locator(".bead-cell input:checked")).to_have_count(0)


# Each of the two ticked cells, drawn and uncovered above the sheet: wholly above its top edge, inside the
# board's box, and what a thumb on its middle hits.
CELLS_SEEN = """() => {
  const top = document.getElementById('bead-place').getBoundingClientRect().top;
  const box = document.querySelector('#table [data-bead-board]').getBoundingClientRect();
  return Array.from(document.querySelectorAll('#table .bead-cell input:checked')).map(el => {
    const r = el.getBoundingClientRect(), hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.bottom <= top && r.top >= box.top && r.bottom <= box.bottom && !!hit && !!hit.closest('.bead-cell')
      && hit.closest('.bead-cell').contains(el); }); }"""


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(360, 740), (390, 844), (430, 932)], ids=["360x740", "390x844", "430x932"])
def test_the_two_chosen_bead_cells_stay_in_sight_while_the_tile_is_chosen(browser: Browser, base_url: str, size, lang):
    """Two cells ticked at the foot of the board's box, where the tile sheet rises: the board box scrolls
    them up above the sheet, the page stays where it was (newplayer9: the sheet covered the chosen cells)."""
    context = browser.new_context(base_url=base_url, **{**PHONE, "viewport": {"width": size[0], "height": size[1]}})
    try:
        page = context.new_page()
        rec = record("bead-game-two-hands")
        table_in(page, rec, 27, lang)  # Ben's 4-5 standing at the foot of the board
        ev = rec["events"][27]
        low = page.locator(f".bead-cell:has(input[value='{ev['cells'][1][0]},{ev['cells'][1][1]}'])")
        low.evaluate("""el => { const box = el.closest('[data-bead-board]');
                               box.scrollTop += el.getBoundingClientRect().bottom - box.getBoundingClientRect().bottom; }""")
        y = page.evaluate("scrollY")
        for r, c in reversed(ev["cells"]):  # the 5 below: its cell first (a crowded board zooms there too)
            page.locator(f".bead-cell:has(input[value='{r},{c}'])").tap()
        expect(page.locator("#bead-place.bottom-sheet")).to_be_visible()
        assert page.evaluate(CELLS_SEEN) == [True, True]
        assert page.evaluate("scrollY") == y
    finally:
        context.close()


def test_recording_with_a_player_left_out_opens_that_players_picker(page: Page):
    rec = record("bingo-four-deals-to-eight")
    import_until(page, rec, 3)
    pick(page, "lead", rec["events"][3]["lead"]).tap()
    expect(page.locator("fieldset[data-picker=reply]")).to_be_visible()
    page.locator(".step-chip").first.tap()  # back to the lead: the reply is still to choose
    expect(page.locator("fieldset[data-picker=lead]")).to_be_visible()
    page.locator("#record-trick").tap()
    # the browser refuses the form (a reply is required) and the reply's picker is the one shown
    expect(page.locator("fieldset[data-picker=reply]")).to_be_visible()
    expect(page.locator("fieldset[data-picker=lead]")).to_be_hidden()
    expect(page.locator("#table")).to_have_attribute("data-seq", "3")


def test_without_javascript_a_turned_bead_tile_is_placed_by_its_button(browser: Browser, base_url: str):
    rec = record("bead-game-two-hands")
    ev = rec["events"][1]  # Ben: [1-3], 1 on the top cell: the higher number below, the tile turned
    assert ev["tile"] == "1-3"
    context = browser.new_context(base_url=base_url, java_script_enabled=False, **PHONE)
    try:
        page = context.new_page()
        page.goto("/import")
        page.locator("textarea[name=text]").fill(json.dumps({**rec, "events": rec["events"][:1]}))
        page.get_by_role("button", name="Import").click()
        expect(page.locator("#table")).to_have_attribute("data-seq", "1")
        for r, c in ev["cells"]:
            page.locator(f".bead-cell:has(input[value='{r},{c}'])").click()
        pick(page, "tile", "3-1").click()
        page.locator("#bead-place-turned").click()
        expect(page.locator("#table")).to_have_attribute("data-seq", "2")
        table_id = urlsplit(page.url).path.rstrip("/").rsplit("/", 1)[1]  # the URL may end in #answer
        placed = page.request.get(f"/t/{table_id}/record.json").json()["events"][-1]
        assert placed["tile"] == "1-3" and placed["cells"] == ev["cells"]
    finally:
        context.close()
