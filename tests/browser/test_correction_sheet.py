"""A correction opens as a sheet over the play surface (issue 27): the history's "Correct" link brings
it without leaving the page or moving it; saving closes it and the answer says "Corrected:"; Cancel
closes it with nothing sent. On a 390x844 phone with touch, with a clean console."""

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.plays import Tapper, import_until, open_tab, ready, record, tap_round

pytestmark = pytest.mark.browser


def test_a_correction_is_a_sheet_over_the_table(page: Page, base_url: str):
    made = page.request.post(
        f"{base_url}/api/v1/tables", data={"game": "score-pad", "players": ["Aki", "Ben"]}
    ).json()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{base_url}/t/{made['id']}/join/{made['scorer_token']}")
    ready(page)
    tap_round(page, {0: ["plus 5"], 1: ["plus 1"]})
    tap_round(page, {0: ["plus 1"], 1: ["plus 5"]})
    address = page.url

    open_tab(page, "history")
    y = page.evaluate("scrollY")
    page.locator("#tab-history li[data-seq='1'] a.edit").tap()
    sheet = page.locator("dialog#correction")
    expect(sheet).to_be_visible()
    expect(sheet.get_by_role("heading", name="Fix round 1")).to_be_visible()
    assert page.url == address and page.evaluate("scrollY") == y  # no new page, nothing moved
    # Cancel: closed, nothing sent
    sheet.get_by_role("button", name="Cancel").tap()
    expect(sheet).to_be_hidden()
    assert page.url == address

    page.locator("#tab-history li[data-seq='1'] a.edit").tap()
    sheet = page.locator("dialog#correction")
    expect(sheet).to_be_visible()
    sheet.get_by_role("button", name=re.compile(r"^Aki plus 1$")).tap()
    sheet.get_by_role("button", name="Save the correction").tap()
    expect(page.locator("dialog#correction")).to_have_count(0)
    answer = page.locator("#answer")
    expect(answer).to_contain_text("Corrected: Round 1: Aki +6, Ben +1")
    assert answer.evaluate(
        "el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"
    )
    expect(page.locator(".total .score")).to_have_text(["7", "6"])
    assert page.url == address
    assert errors == []


def swap(i: int, j: int):
    """A fix of a trick's cards: the cards of positions i and j were the other way round."""

    def fix(ev: dict) -> None:
        ev["cards"][i], ev["cards"][j] = ev["cards"][j], ev["cards"][i]

    return fix


def step_to(sheet, step: int, value: str) -> None:
    """Open the step ``cards.<step>`` by its chip (a correction's steps are all filled) and tap ``value``."""
    sheet.locator(".step-chip").nth(step).tap()
    sheet.locator(f"fieldset[data-picker='cards.{step}'] label.pick:has(input[value='{value}'])").tap()


def fix_bingo(sheet) -> None:
    sheet.locator("label.pick:has(input[name='reply'][value='6-0'])").tap()


def fix_ninety_nine(sheet) -> None:  # Chie played the KH and Aki the AD, not the other way round
    step_to(sheet, 1, "KH")
    step_to(sheet, 2, "AD")


def fix_trick_de_bingo(sheet) -> None:  # the leader played the 3C and the next player the AC
    step_to(sheet, 0, "3C")
    step_to(sheet, 1, "AC")


def fix_five_up(sheet) -> None:  # Ben held 5-3, not ten pips: his hand's chip is chosen first
    expect(sheet.locator("label.fu-left-seat:has(input[value='1']) input")).to_be_checked()
    sheet.locator("label.pick:has(input[name='left1'][value='5-3'])").tap()
    expect(sheet.locator("[data-picker-for='left1']")).to_have_text("1/1 · 8 pips")


def fix_bead(sheet) -> None:  # Aki's 4-4 lay under the starter: two taps move it
    for cell in ("2,0", "2,1"):
        sheet.locator(f".bead-cell:has(input[value='{cell}'])").tap()
    expect(sheet.locator(".bead-cell input:checked")).to_have_count(2)


def set_cells(ev: dict) -> None:
    ev["cells"] = [[2, 0], [2, 1]]


def set_reply(ev: dict) -> None:
    ev["reply"] = "6-0"


def fix_five_up_play(sheet) -> None:  # Chie played 2-0 on the 0 of 4-0: the end, then the tile
    sheet.locator("input[name='on'][value='4-0'][data-number='0']").tap()
    sheet.locator("label.pick:has(input[name='tile'][value='2-0'])").tap()


def set_play(ev: dict) -> None:
    ev.update(tile="2-0", on="4-0")


def set_pips(ev: dict) -> None:
    ev["pips"] = [0, 8, 4, 8]


@pytest.mark.parametrize(
    ("name", "cut", "seq", "taps", "fix"),
    [
        ("bingo-four-deals-to-eight", 5, 4, fix_bingo, set_reply),  # trick 2: Ben's reply was the 6-0
        ("ninety-nine-three-player-game-to-100", 13, 5, fix_ninety_nine, swap(1, 2)),
        ("trick-de-bingo-one-round", 50, 38, fix_trick_de_bingo, swap(0, 1)),
        ("five-up-partners-to-61", 19, 19, fix_five_up, set_pips),
        ("five-up-partners-to-61", 4, 4, fix_five_up_play, set_play),
        ("bead-game-two-hands", 3, 3, fix_bead, set_cells),
    ],
)
def test_a_correction_is_made_on_the_entrys_own_surface(page: Page, base_url: str, name, cut, seq, taps, fix):
    """The history's "Correct" opens the entry's own surface in the sheet, the entry ticked; a few taps
    on it fix the entry and the totals are those of the table as it should have been recorded. Save
    stays at the sheet's foot, in reach with nothing scrolled inside the sheet (newplayer4: 100-520 px)."""
    rec = record(name)
    right = {
        **rec,
        "events": [
            dict(e, **({"cards": list(e["cards"])} if "cards" in e else {})) for e in rec["events"][:cut]
        ],
    }
    fix(right["events"][seq - 1])
    made = page.request.post(f"{base_url}/api/v1/records", data=right).json()
    expected = page.request.get(f"{base_url}/api/v1/tables/{made['id']}").json()["totals"]
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    import_until(page, rec, cut)
    ready(page)
    # the bar's totals, a partnership's once (its first seat's: data-seat)
    seats = page.locator(".total .score").evaluate_all("els => els.map(e => +e.dataset.seat)")
    expected = [expected[s] for s in seats]
    before = page.locator(".total .score").all_inner_texts()
    assert before != [str(n) for n in expected]  # the fix matters to the score

    open_tab(page, "history")
    y = page.evaluate("scrollY")
    page.locator(f"#tab-history li[data-seq='{seq}'] a.edit").tap()
    sheet = page.locator("dialog#correction")
    expect(sheet).to_be_visible()
    save = sheet.get_by_role("button", name="Save the correction")
    thumb = Tapper(page)
    assert thumb.in_view(save) and sheet.evaluate("el => el.scrollTop") == 0, "Save out of reach as it opens"
    taps(sheet)
    assert page.evaluate("scrollY") == y  # the page behind the sheet did not move
    assert thumb.in_view(save), "Save out of reach after the fix"
    save.tap()
    expect(page.locator("dialog#correction")).to_have_count(0)
    expect(page.locator("#answer")).to_contain_text("Corrected:")
    expect(page.locator(".total .score")).to_have_text([str(n) for n in expected])
    assert errors == []


IN_VIEW = "el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"


def test_history_opens_on_the_latest_deal_and_reaches_an_older_one_by_its_name(page: Page):
    """History -> Correct took 485-1,063 px of scrolling in the History panel (5,739 px for an early
    entry; newplayer3): the entries come in one list per deal, newest first, before the race chart, and
    a row of the deals' names jumps to an older one. Nothing is scrolled by hand."""
    rec = record("bingo-four-deals-to-eight")
    import_until(page, rec, 24)
    ready(page)
    open_tab(page, "history")
    panel = page.locator("#tab-history-panel")
    jump = panel.locator("nav.history-jump a")
    expect(jump).to_have_text(["Deal 3", "Deal 2", "Deal 1"])
    # opened, the latest entry's Correct is in view with nothing scrolled; the race chart comes after
    latest = panel.locator("li[data-seq='24'] a.edit")
    assert latest.evaluate(IN_VIEW) and panel.evaluate("el => el.scrollTop") == 0
    assert panel.evaluate(
        "el => el.querySelector('#race').getBoundingClientRect().top > el.querySelector('ol.events').getBoundingClientRect().bottom"
    )
    y = page.evaluate("scrollY")
    for name, number in (("Deal 1", 1), ("Deal 2", 2)):
        jump.filter(has_text=name).tap()
        heading = panel.locator(f"#history-{number}")
        expect(heading).to_contain_text(name)
        page.wait_for_function(
            "h => { const r = h.getBoundingClientRect(); return r.top >= 0 && r.top < 200; }",
            arg=heading.element_handle(),
        )
        first_of_deal = heading.locator("xpath=following-sibling::ol[1]/li[1]//a[contains(@class, 'edit')]")
        assert first_of_deal.evaluate(IN_VIEW), f"{name}: its latest entry is not in view"
        assert page.evaluate("scrollY") == y  # the panel scrolled, not the page behind it
    first_of_deal.tap()  # and the correction opens on it as before
    expect(page.locator("dialog#correction")).to_be_visible()


def test_the_historys_correct_link_is_44px_wide_in_japanese_too(page: Page):
    """Issue 27: every tap target 44x44 px; the history's 「訂正」 (Correct) link was 40 px wide at 430x932
    (English "Correct" is wider), so a thumb aiming at it could miss (newplayer8)."""
    page.set_viewport_size({"width": 430, "height": 932})
    import_until(page, record("bingo-four-deals-to-eight"), 4)
    page.locator("header.bar a[lang=ja]").click()
    ready(page)
    open_tab(page, "history")
    link = page.locator("#tab-history li[data-seq='2'] a.edit")
    expect(link).to_have_text("訂正")
    box = link.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44, box


def correction_of(page: Page, name: str, events: int, seq: int) -> Locator:
    """The correction sheet of entry ``seq``, opened from the History of the record's table after its first
    ``events`` entries, as a player opens it."""
    import_until(page, record(name), events)
    ready(page)
    open_tab(page, "history")
    page.locator(f"#tab-history li[data-seq='{seq}'] a.edit").tap()
    sheet = page.locator("dialog#correction")
    expect(sheet).to_be_visible()
    return sheet


@pytest.mark.parametrize("size", [(360, 740), (390, 844), (430, 932)])
def test_a_bingo_tricks_correction_has_44px_tiles_and_no_reply_to_its_own_lead(page: Page, size):
    """Issue 27 (newplayer): the correction sheet's tiles were 30 px wide at every size (the entry form's
    44 px rule named its own form only), and the lead of the trick being corrected could be tapped as
    its reply. The reply picker greys the lead picked (greyed, not disabled: the entry form's pickers never
    take a choice away), and follows a new lead."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    sheet = correction_of(page, "bingo-four-deals-to-eight", 5, 4)
    lead = sheet.locator("fieldset[data-picker='lead'] input:checked").get_attribute("value")
    expect(sheet.locator(f"fieldset[data-picker='reply'] input[value='{lead}']")).to_have_attribute("data-self", "")
    expect(sheet.locator(f"fieldset[data-picker='reply'] input[value='{lead}'] + *")).to_have_css("opacity", "0.3")
    sheet.locator(".step-chip").nth(0).tap()
    boxes = sheet.locator("fieldset[data-picker='lead'] label.pick").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })"
    )
    assert len(boxes) == 28 and all(w >= 44 and h >= 44 for w, h in boxes), boxes
    sheet.locator(
        "fieldset[data-picker='lead'] label.pick:has(input:not(:disabled):not(:checked))"
    ).first.tap()
    new = sheet.locator("fieldset[data-picker='lead'] input:checked").get_attribute("value")
    assert new != lead
    expect(sheet.locator(f"fieldset[data-picker='reply'] input[value='{new}']")).to_have_attribute("data-self", "")
    expect(sheet.locator(f"fieldset[data-picker='reply'] input[value='{lead}']")).not_to_have_attribute("data-self", "")


def test_undo_after_correcting_the_latest_entry_says_it_takes_back_the_corrected_entry(page: Page):
    """Issue 27 (newplayer): Undo right after correcting the latest trick took that trick back, as
    corrected, while its confirm said "the latest entry, not the correction". It says so now."""
    import_until(page, record("bingo-four-deals-to-eight"), 4)
    ready(page)
    open_tab(page, "history")
    page.locator("#tab-history li[data-seq='4'] a.edit").tap()
    sheet = page.locator("dialog#correction")
    fix_bingo(sheet)
    sheet.get_by_role("button", name="Save the correction").tap()
    expect(page.locator("#answer")).to_contain_text("Corrected:")
    expect(page.locator("#undo")).to_have_attribute(
        "data-confirm", re.compile(r"^Tap again to take back the latest entry as corrected: .*6-0 replied")
    )


# The lines a button's words take, as laid out.
LINES = """el => new Set([...(() => { const r = document.createRange(); r.selectNodeContents(el); return r.getClientRects(); })()]
  .filter(b => b.width > 0).map(b => Math.round(b.top))).size"""


def test_the_sheets_buttons_keep_their_words_on_one_line_in_japanese(page: Page):
    """At 360x740 in Japanese the correction sheet's 「キャンセル」 broke as 「キャンセ／ル」 in its third of the bar
    (newplayer10 #41): each of the sheet's buttons says its words on one line."""
    page.set_viewport_size({"width": 360, "height": 740})
    import_until(page, record("bingo-four-deals-to-eight"), 5)
    page.locator("header.bar a[lang=ja]").click()
    ready(page)
    open_tab(page, "history")
    page.locator("#tab-history li[data-seq='4'] a.edit").tap()
    actions = page.locator("dialog#correction .sheet-actions").locator("button, a")
    expect(actions.nth(1)).to_have_text("キャンセル")
    assert [actions.nth(i).evaluate(LINES) for i in range(actions.count())] == [1, 1]
    assert [actions.nth(i).evaluate("el => el.scrollWidth <= el.clientWidth") for i in range(2)] == [True, True]


def test_a_trick_de_bingo_picks_correction_has_44px_cards_on_a_small_phone(page: Page):
    """The correction of a drafted card offers the deck as 44 px chips, as the draft does (38x44 at 360 in
    the sheet, where the draft's own rule named the play surface only: newplayer11)."""
    page.set_viewport_size({"width": 360, "height": 740})
    sheet = correction_of(page, "trick-de-bingo-one-round", 6, 2)
    boxes = sheet.locator(".tdb-deck-list label.tdb-option").evaluate_all(
        "els => els.filter(e => e.checkVisibility()).map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })"
    )
    assert len(boxes) >= 40 and all(w >= 44 and h >= 44 for w, h in boxes), boxes[:5]


@pytest.mark.parametrize("size", [(360, 740), (430, 932)])
def test_a_five_up_plays_correction_offers_44px_tiles(page: Page, size):
    """The correction of a Five Up play offers the tiles not on the layout as 44 px targets, as the entry form
    does (30x60 px in the sheet, where the form's own rule named the play surface only: newplayer11 #19)."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    sheet = correction_of(page, "five-up-partners-to-61", 6, 3)
    boxes = sheet.locator("fieldset[data-picker='tile'] label.pick").evaluate_all(
        "els => els.filter(e => e.checkVisibility()).map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })"
    )
    assert len(boxes) >= 4 and all(w >= 44 and h >= 44 for w, h in boxes), boxes
