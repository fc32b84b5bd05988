"""A whole Bingo deal played by keyboard through the accessibility tree (issue 33): every tile is found
by its role and spoken name ("three-two" in the group "Aki leads:"), every button by its name, and
each is worked with the keys (Space ticks a tile, Enter presses a button or opens a sheet). A second
phone, the viewer's, follows, and its live region says each entry exactly once.

The sheets of the less common plays open by real toggle buttons (``aria-expanded``), found by role and
name like every other control; opening one moves the focus into it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from referee.rules import spoken

from .plays import PHONE, cell_name, entered, import_until, record, wait_until
from .test_announcements import LISTEN, said

pytestmark = pytest.mark.browser


def tick(page: Page, group: str, tile: str) -> None:
    page.get_by_role("group", name=re.compile(group)).get_by_role("radio", name=tile).press("Space")


def press(page: Page, name: str | re.Pattern[str]) -> None:
    page.get_by_role("button", name=name).press("Enter")


def test_a_whole_bingo_deal_by_keyboard_and_names_with_a_viewer_told_each_entry_once(
    page: Page, browser: Browser, base_url: str
):
    rec = record("bingo-four-deals-to-eight")
    import_until(page, rec, 6)  # deal 1 is over; deal 2 is the walk (events 6 to 12)
    wait_until(page, "window.htmx !== undefined")
    viewer = browser.new_context(base_url=base_url, **PHONE).new_page()
    try:
        viewer.goto(page.url.split("?")[0])
        wait_until(viewer, "window.htmx !== undefined")
        viewer.evaluate(LISTEN)
        seq = 6

        def done() -> None:
            nonlocal seq
            seq += 1
            entered(page, seq)
            expect(viewer.locator("#table")).to_have_attribute("data-seq", str(seq))

        tick(page, "Trump indicator", "three-two")
        press(page, "Start the deal")
        done()
        for lead, reply in (
            ("three-blank", "double one"),
            ("four-one", "four-two"),
            ("four-blank", "five-two"),
        ):
            tick(page, "leads:$", lead)
            tick(page, "replies:$", reply)
            press(page, "Record trick")
            done()
        sheet = page.get_by_role("button", name=re.compile(r"^Declare · "))
        expect(sheet).to_have_attribute("aria-expanded", "false")
        sheet.press("Enter")
        expect(sheet).to_have_attribute("aria-expanded", "true")
        expect(page.locator("#bingo-plays-sheet")).to_be_focused()  # the focus is in the open sheet
        press(page, "Ben declares doubles")
        doubles = page.get_by_role("group", name=re.compile("Doubles shown"))
        for double in ("double four", "double blank"):
            doubles.get_by_role("checkbox", name=double).press("Space")
        press(page, re.compile("^Declare$"))  # the sheet's own button, not its toggles
        done()
        tick(page, "leads:$", "double blank")
        tick(page, "replies:$", "double three")
        press(page, "Record trick")
        done()
        press(page, re.compile(r"Claim 70$"))
        press(page, "Ben claims 70")
        press(page, re.compile("^Tap again: Ben claims 70"))  # a claim asks twice
        done()
        expect(page.locator("#answer")).to_contain_text("Ben")

        told = said(viewer)["announce"]
        assert len(told) == 7 and len(set(told)) == 7  # each of the seven entries, once
        assert told[0].startswith("Recorded: New deal: the indicator is three-two.")  # said, not "3 minus 2"
        assert not [t for t in told if re.search(r"\b\d-\d\b", t)]
        assert said(viewer)["alarm"] == []
    finally:
        viewer.context.close()


def test_a_whole_five_up_hand_by_keyboard_and_names(page: Page):
    """Hand 1 of a partnership game after its start: the lead, sixteen plays each on an open end found
    by its name ("Open end 3 on 3-3: adds 0"), then each hand chosen and the pips it still holds typed into its box."""
    rec = record("five-up-partners-to-61")
    import_until(page, rec, 1)
    wait_until(page, "window.htmx !== undefined")
    seq = 1
    for ev in rec["events"][1:18]:
        tile = spoken.tile(ev["tile"], str)
        if "on" in ev:
            number = sorted(set(ev["on"].split("-")) & set(ev["tile"].split("-")))[0]
            end = page.get_by_role("link", name=re.compile(rf"^Open end {number} on {ev['on']}:"))
            end.first.press("Enter")
            page.get_by_role("radio", name=tile).press("Space")
        else:
            tick(page, "leads: which tile", tile)
        press(page, "Play it")
        seq += 1
        entered(page, seq)
    for name, pips in zip(rec["players"], rec["events"][18]["pips"], strict=True):
        hand = page.get_by_role("radio", name=re.compile(f"^{name}"))
        if not hand.count():  # an empty hand has nothing to count
            continue
        hand.press("Space")  # this hand's picker, where its total can also be typed
        box = page.get_by_role("spinbutton", name=f"Pips left in the hand of {name}")
        box.focus()
        box.press_sequentially(str(pips))
    press(page, "Score the hand")
    entered(page, 19)  # the hand is scored: the next hand is the table's to start


# --- every other game by the accessibility tree only (issue 33): Ninety-Nine, Trick de Bingo, the bead
# game and the score pad. Each control is found by its role and accessible name, focused as a keyboard
# user reaches it, checked to show (nothing drawn over it: the record bar, the tab bar), then worked with
# its key. The plays are a seeded record's, so each is legal and the walk is the same every run.

SAY_EN = lambda msgid: msgid  # noqa: E731 - English: the msgids are the words

SHOWN = """el => {
  // the focused control (or the label drawn for it) is in the window and no sticky or fixed bar lies over it
  const box = (el.closest('label') || el).getBoundingClientRect();
  if (box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth) return 'off screen';
  for (const bar of document.querySelectorAll('body *')) {
    const pos = getComputedStyle(bar).position;
    if ((pos !== 'sticky' && pos !== 'fixed') || bar.contains(el) || !bar.checkVisibility()) continue;
    const r = bar.getBoundingClientRect();
    if (r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom) return bar.className || bar.tagName;
  }
  return '';
}"""


def work(control: Locator, key: str) -> None:
    """Focus ``control`` as the Tab key would bring it, check that it is not hidden under a sticky bar,
    then press ``key`` on it."""
    control.focus()
    hidden = control.evaluate(SHOWN)
    assert not hidden, f"{control} is focused but hidden: {hidden}"
    control.press(key)


def cards_trick(page: Page, cards: list[str], record: str) -> None:
    """One trick: each card ticked in the group of its place ("1. Aki (leads)"), then the record button."""
    for i, card in enumerate(cards):
        group = page.get_by_role("group", name=re.compile(rf"^{i + 1}\. "))
        work(group.get_by_role("radio", name=spoken.card(card, SAY_EN), exact=True), "Space")
    work(page.get_by_role("button", name=record, exact=True), "Enter")


def bead_place(page: Page, ev: dict) -> None:
    """Two board cells by their names ("Row 3, column 5, empty": as drawn, from 1 at the top left), the one
    that takes the higher number first, then the tile: Space ticks it (the arrow keys may pass over others
    on the way), Enter places it (issue 27)."""
    a, b = (int(x) for x in ev["tile"].split("-"))  # the record's first number lies top/left
    for r, c in ev["cells"] if a >= b else reversed(ev["cells"]):
        work(page.get_by_role("checkbox", name=cell_name(page, r, c), exact=True), "Space")
    tile = page.get_by_role("group", name="Tile").get_by_role("radio", name=spoken.tile(ev["tile"], SAY_EN), exact=True)
    work(tile, "Space")
    expect(tile).to_be_checked()  # ticked, not yet placed
    work(tile, "Enter")


@pytest.mark.parametrize(
    ("name", "start", "stop"),
    [
        ("ninety-nine-three-player-game-to-100", 3, 12),  # deal 1: its nine tricks, bids sealed before
        ("trick-de-bingo-one-round", 37, 50),  # the round's thirteen tricks, after the sheets were filled
        ("bead-game-two-hands", 1, 30),  # hand 1: every placement after the starter, then its end
    ],
)
def test_a_whole_deal_round_or_hand_of_every_other_game_by_keyboard_and_names(page: Page, name, start, stop):
    rec = record(name)
    import_until(page, rec, start)
    wait_until(page, "window.htmx !== undefined")
    for n in range(start, stop):
        ev = rec["events"][n]
        if ev["type"] == "trick" and name.startswith("ninety"):
            cards_trick(page, ev["cards"], "Record trick")
        elif ev["type"] == "trick":
            cards_trick(page, ev["cards"], "Record the trick")
        elif ev["type"] == "place":
            bead_place(page, ev)
        else:  # the bead hand's end, nobody holding a tile: nothing to tick
            assert ev == {"type": "end", "hands": [[], []]}
            work(page.get_by_role("button", name="Record the end of the hand"), "Enter")
        entered(page, n + 1)
    expect(page.locator("#answer .error")).to_have_count(0)


def test_a_score_pad_round_by_keyboard_and_names(page: Page, base_url: str):
    """The score pad: each player's number set with its named step buttons, then "Record round"."""
    made = page.request.post(f"{base_url}/api/v1/tables", data={"game": "score-pad", "players": ["Aki", "Ben"]})
    page.goto(made.json()["scorer_url"])
    wait_until(page, "window.htmx !== undefined")
    for button in ("Aki plus 5", "Aki plus 1", "Ben plus 5", "Ben minus 1"):
        work(page.get_by_role("button", name=button, exact=True), "Enter")
    expect(page.get_by_role("spinbutton", name="Aki")).to_have_value("6")
    work(page.get_by_role("button", name="Record round"), "Enter")
    entered(page, 1)
    expect(page.locator(".total .score")).to_have_text(["6", "4"])


# --- the plays made on the seats' own phones (issue 33): a sealed Ninety-Nine bid and a Trick de Bingo
# draft pick, each by the keyboard and the accessibility tree on its seat's phone. The other seat's phone
# is told the entry once, and "Your turn" once when the entry (or the scorer's deal) made it its turn;
# a sealed bid's cards are never said on another phone.


def seat_phones(browser: Browser, base_url: str, made: dict, seats: tuple[int, ...]) -> list[Page]:
    phones = []
    for seat in seats:
        phone = browser.new_context(base_url=base_url, **PHONE).new_page()
        phone.goto(f"/t/{made['id']}/join/{made['seat_tokens'][seat]}")
        wait_until(phone, "window.htmx !== undefined")
        phone.evaluate(LISTEN)
        phones.append(phone)
    return phones


def told(phone: Page, n: int) -> list[str]:
    """What ``phone``'s polite region said, once it has said ``n`` things (the live poll runs each second)."""
    for _ in range(60):  # (wait_for_function's predicate is an eval, which the page's CSP refuses)
        if len(said(phone)["announce"]) >= n:
            break
        phone.wait_for_timeout(250)
    phone.wait_for_timeout(2500)  # and nothing more (a second saying would come with the next polls)
    return said(phone)["announce"]


def test_a_sealed_bid_and_a_draft_pick_on_the_seat_phones_by_keyboard_and_names(
    browser: Browser, base_url: str
):
    """Ninety-Nine: the scorer deals (by the API), Aki and Ben each seal a bid on their own phone; then
    Trick de Bingo: the round started, Aki and Ben each place a card on their own phone, in turn."""
    api = browser.new_context(base_url=base_url)
    phones: list[Page] = []
    try:
        made = api.request.post(
            "/api/v1/tables", data={"game": "ninety-nine", "players": ["Aki", "Ben", "Chie"]}
        ).json()
        scorer = {"Authorization": f"Bearer {made['scorer_token']}"}
        phones = aki, ben = seat_phones(browser, base_url, made, (0, 1))
        dealt = api.request.post(
            f"/api/v1/tables/{made['id']}/events", data={"type": "deal", "dealer": 0}, headers=scorer
        )
        assert dealt.status == 201
        for phone, name in ((aki, "Aki"), (ben, "Ben")):  # the deal asks every seat for its bid at once
            expect(phone.get_by_role("heading", name=f"Your bid, {name}")).to_be_visible()
        for phone, cards in ((aki, ("KS", "QH", "7C")), (ben, ("AD", "9H", "8C"))):
            bid = phone.get_by_role("group", name=re.compile("^Bid cards"))
            for card in cards:
                work(bid.get_by_role("checkbox", name=spoken.card(card, SAY_EN), exact=True), "Space")
            work(phone.get_by_role("button", name="Seal my bid"), "Enter")
            expect(phone.locator("#my-bid-sealed")).to_contain_text("Sealed ✓")
            assert said(phone)["alarm"] == []  # the own seal: its verdict only, and a sealed bid has none
            if phone is aki:  # Ben's phone hears Aki's bid before Ben seals: were Ben quicker than his
                told(ben, 2)  # poll, his own answer would show her bid and nothing would be said to him
        for phone, other, cards in (
            (aki, "Ben", ("ace of diamonds", "nine of hearts")),
            (ben, "Aki", ("king of spades",)),
        ):
            heard = told(phone, 2)
            assert len(heard) == 2 and heard[0].endswith("Your turn"), heard  # the deal, then the other's bid
            assert other in heard[1] and "Your turn" not in heard[1], heard
            assert not [c for c in cards if c in " ".join(heard)]  # the other's sealed cards are never said

        for phone in phones:
            phone.context.close()
        phones = []
        made = api.request.post(
            "/api/v1/tables",
            data={
                "game": "trick-de-bingo",
                "players": ["Aki", "Ben", "Chie", "Dan"],
                "options": {"rounds": 1},
            },
        ).json()
        scorer = {"Authorization": f"Bearer {made['scorer_token']}"}
        assert api.request.post(
            f"/api/v1/tables/{made['id']}/events", data={"type": "round", "dealer": 0}, headers=scorer
        ).ok
        phones = aki, ben = seat_phones(browser, base_url, made, (0, 1))
        expect(ben.get_by_role("group", name="Condition card")).to_have_count(0)  # not Ben's pick yet
        for phone, card, cell in ((aki, "23", "5"), (ben, "22", "5")):  # as the golden round's draft starts
            work(
                phone.get_by_role("group", name="Condition card").get_by_role("radio", name=card, exact=True),
                "Space",
            )
            work(
                phone.get_by_role("group", name="Square on the sheet").get_by_role(
                    "radio", name=cell, exact=True
                ),
                "Space",
            )
            work(phone.get_by_role("button", name="Place the card"), "Enter")
            expect(phone.get_by_role("group", name="Condition card")).to_have_count(0)  # the next seat picks
        heard = told(ben, 1)
        assert len(heard) == 1 and "Aki" in heard[0] and heard[0].endswith("Your turn"), heard
        heard = told(aki, 1)
        assert len(heard) == 1 and "Ben" in heard[0] and "Your turn" not in heard[0], heard  # Chie picks next
    finally:
        for phone in phones:
            phone.context.close()
        api.close()
