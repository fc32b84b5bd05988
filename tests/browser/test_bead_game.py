"""The Domino Bead Game on a phone (headless Chromium, 390x844): the starter square, then three
placements tapped on the board (one a double; each two cells and the tile), the product shown, and the
"cannot play?" list."""

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.plays import (
    BEAD_CROWDED,
    PHONE,
    RECORDS,
    Tapper,
    cell_name,
    entered,
    import_until,
    ready,
    record,
    table_in,
)
from tests.browser.test_play_surface import IN_REACH, bead_hand_end, bead_starter

pytestmark = pytest.mark.browser


def start_table(page: Page) -> None:
    page.goto("/new/bead-game")
    page.locator("input[name=players]").nth(0).fill("Aki")
    page.locator("input[name=players]").nth(1).fill("Ben")
    page.get_by_role("button", name="Start the table").tap()
    expect(page.locator("#table")).to_be_visible()


def tap_starter(page: Page) -> None:
    """Ben leads; [5-1] and [2-5] stand side by side: 5 2 over 1 5."""
    page.locator(".seat", has_text="Ben").tap()
    for pos, value in (("00", 5), ("01", 2), ("10", 1), ("11", 5)):
        page.locator(f"[data-cell='{pos}'] .pick").nth(value - 1).tap()
    page.get_by_role("button", name="Start the hand").tap()
    expect(page.locator(".bead-svg")).to_be_visible()


def tap_place(page: Page, first: tuple, second: tuple, tile: str, turned: bool = False) -> None:
    """Two cells by the names they have on the board now (given by the record's coordinates), the one
    that takes the higher number first (the bottom/right one when ``turned``), then the tile, which
    places it: three taps (issue 27)."""
    high, low = (second, first) if turned else (first, second)
    page.get_by_role("checkbox", name=cell_name(page, *high), exact=True).tap()
    page.get_by_role("checkbox", name=cell_name(page, *low), exact=True).tap()
    expect(page.locator("#bead-sheet-hint")).to_be_in_viewport(ratio=1)
    page.locator(f"#bead-place label[data-tile='{tile}']").tap()


def test_starter_and_three_placements_with_a_double(page: Page):
    start_table(page)
    tap_starter(page)
    expect(page.locator(".bead-tile")).to_have_count(2)
    expect(page.locator(".bead-to-move")).to_contain_text("Ben")

    # Ben: [3-1] turned round, 1 on top at row 0 column 2: 1 x 3 x 3 = 9.
    tap_place(page, (0, 2), (1, 2), "3-1", turned=True)
    expect(page.locator(".bead-product")).to_have_text("1 × 3 × 3 = 9")
    expect(page.locator(".bead-counted li")).to_have_text(
        ["row of 5, 2, 1", "row of 1, 5, 3"]
    )
    # Aki: the double [4-4] at column 3: 1 x 4 x 4 x 2 = 32.
    tap_place(page, (0, 3), (1, 3), "4-4")
    expect(page.locator(".bead-product")).to_have_text("1 × 4 × 4 × 2 = 32")
    expect(page.locator(".total .score")).to_have_text(["32", "9"])
    # Ben: the double [5-5] lying above: 1 x 3 x 3 x 2 = 18; a third tap drops the oldest cell.
    page.get_by_role("checkbox", name=cell_name(page, 3, 0), exact=True).tap()
    tap_place(page, (-1, 1), (-1, 2), "5-5")
    expect(page.locator(".bead-product")).to_have_text("1 × 3 × 3 × 2 = 18")
    expect(page.locator(".total .score")).to_have_text(["32", "27"])
    expect(page.locator(".bead-tile")).to_have_count(5)
    expect(page.locator(".bead-tile.last")).to_have_attribute("data-tile", "5-5")

    # Nothing scrolls sideways but the board itself, and the targets are thumb-sized.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for button in (
        page.get_by_role("button", name="Aki passes"),
        page.get_by_role("button", name="Undo last"),
    ):
        box = button.bounding_box()
        assert box and box["height"] >= 44
    # a cell's label, which a tap anywhere on ticks, is 32 px at least (the whole board fitted to its box;
    # smaller, the first tap zooms it: BEAD_CROWDED)
    box = page.get_by_role("checkbox", name=cell_name(page, 2, 2), exact=True)
    cell = page.locator(".bead-cell", has=box).bounding_box()
    assert cell and cell["width"] >= BEAD_CROWDED and cell["height"] >= BEAD_CROWDED

    # Zoom in with the + button: the board gets bigger and scrolls inside its frame.
    before = page.locator(".bead-svg").bounding_box()
    page.get_by_role("button", name="Zoom in").tap()
    after = page.locator(".bead-svg").bounding_box()
    assert before and after and after["width"] > before["width"] * 1.2
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # A refused placement says why, and the table stays as it was; the cells and the tile stay ticked.
    tap_place(page, (0, 4), (1, 4), "4-4")
    expect(page.get_by_role("alert")).to_contain_text("not a pattern")
    said = page.locator("#bead-place.bottom-sheet .sheet-refusal")  # in the open sheet, not behind it
    expect(said).to_contain_text("not a pattern")
    expect(said).to_be_in_viewport(ratio=1)
    expect(page.locator(".total .score")).to_have_text(["32", "27"])
    expect(page.locator("#bead-place input[name=tile][value='4-4']")).to_be_checked()
    expect(page.locator("#table .bead-cell input:checked")).to_have_count(2)
    # "Choose other cells" starts a new choice: the refusal of the last one goes, from the sheet and
    # from the answer behind it (newplayer5: it stayed after the new choice was started)
    page.get_by_role("button", name="Choose other cells").tap()
    expect(page.locator(".sheet-refusal")).to_have_count(0)
    expect(page.locator("#answer")).not_to_contain_text("not a pattern")


def test_cannot_play_lists_placements_and_one_tap_places(page: Page):
    start_table(page)
    tap_starter(page)
    # "Cannot play?" is in view under the board, not under the whole entry form (867 px down: newplayer3)
    cannot = page.get_by_role("button", name="Cannot play?")
    expect(cannot).to_be_in_viewport(ratio=1)
    y = page.evaluate("scrollY")
    cannot.tap()
    assert page.evaluate("scrollY") == y  # its sheet opens over the board: the page did not move
    for tile in ("4-4", "3-2"):
        page.locator(f".bead-cannot label[data-tile='{tile}']").tap()
    page.get_by_role("button", name="Show legal placements").tap()
    expect(page.locator(".bead-legal-count")).to_contain_text(
        re.compile(r"\d+ legal placements for 4-4, 3-2")
    )
    best = page.locator(".bead-legal li").first
    score = re.search(r": (\d+) points", best.inner_text()).group(1)  # "[4-4] on 0,1 and 0,2: 12 points"
    best.get_by_role("button", name="Place this").tap()
    expect(page.locator(".total .score")).to_have_text(["0", score])


def test_a_board_wider_than_the_phone_opens_whole_with_its_last_tile(page: Page):
    """The imported two-hand game ends on a board twice the phone's width at 48 px a cell: the board box
    shows it whole, the last tile played among it, with nothing to pan (the page itself does not scroll
    sideways either; at b72b15e it showed a part, centred on the last tile). The game is over, so the board
    waits in its sheet (issue 27) and is fitted once opened."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto("/import")
    page.set_input_files("input[name=record]", str(RECORDS / "bead-game-two-hands.json"))
    page.get_by_role("button", name="Import").tap()
    # the table's page, its scripts run (a "load" waited for right after the tap can be the import page's own,
    # and a tap before the sheet's script was ready opened nothing: CI, load ~9)
    expect(page).to_have_url(re.compile(r"/t/[^/]+$"))
    ready(page)
    expect(page.locator(".bead-tile.last")).to_be_hidden()
    page.get_by_role("button", name="The board").tap()
    expect(page.locator(".bead-tile.last")).to_be_visible()
    inside = """el => { const b = el.getBoundingClientRect();
                        const r = el.querySelector('.bead-tile.last').getBoundingClientRect();
                        return el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight
                               && el.querySelector('svg').dataset.width > el.clientWidth
                               && r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1; }"""
    page.wait_for_load_state("domcontentloaded")  # deferred scripts have run
    assert page.locator("[data-bead-board]").evaluate(inside)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


def test_a_tile_ticked_for_one_hand_is_greyed_out_in_the_others(page: Page):
    """The end of the second hand: 5-1 has one copy unseen, 4-4 two. Ticked for Aki, 5-1 is greyed out in
    Ben's grid; one 4-4 for Aki leaves Ben one, both leave him none (newplayer9: Ben's grid offered every
    tile ticked for Aki, and the end was refused only once recorded)."""
    import_until(page, record("bead-game-two-hands"), 57)
    ready(page)
    form = page.locator("#table .bead-left-form")
    aki, ben = (f"input[name=left{seat}]" for seat in (0, 1))
    expect(form.locator(f"{aki}[value='5-1']")).to_have_count(1)
    expect(form.locator(f"{aki}[value='4-4']")).to_have_count(2)
    form.locator(f"label.pick:has({aki}[value='5-1'])").tap()
    form.locator(f"label.pick:has({aki}[value='4-4'])").first.tap()  # Aki's two: Ben's grid opens
    expect(form.locator(f"{ben}[value='5-1']")).to_be_disabled()
    expect(form.locator(f"label.pick.taken:has({ben}[value='5-1'])")).to_be_visible()
    expect(form.locator(f"{ben}[value='4-4']:enabled")).to_have_count(2)
    expect(form.locator(f"{ben}[value='4-1']:enabled")).to_have_count(1)
    page.locator(".step-chip").first.tap()  # back to Aki's grid: the second 4-4 instead of 5-1
    form.locator(f"label.pick:has({aki}[value='5-1'])").tap()
    form.locator(f"label.pick:has({aki}[value='4-4'])").nth(1).tap()
    expect(form.locator(f"{aki}:checked")).to_have_count(2)
    expect(form.locator(f"{ben}[value='4-4']:disabled")).to_have_count(2)
    expect(form.locator(f"{ben}[value='5-1']")).to_be_enabled()


def long_first_hand() -> dict:
    """The two-hand record's starter and four placements, both players passing, each hand still holding
    twelve tiles (every design not on the table, shared out in turn), then its second hand's starter."""
    rec = record("bead-game-two-hands")
    played = rec["events"][:5]
    on_table = [t["tile"] for t in played[0]["starter"]] + [e["tile"] for e in played[1:]]
    left = [f"{hi}-{lo}" for hi in range(5, 0, -1) for lo in range(hi, 0, -1) for _copy in range(2)]
    for tile in on_table:
        left.remove("-".join(sorted(tile.split("-"), reverse=True)))
    end = {"type": "end", "hands": [left[0::2], left[1::2]]}
    passes = [{"type": "pass", "seat": 1}, {"type": "pass", "seat": 0}]
    return {**rec, "events": [*played, *passes, end, rec["events"][30]]}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_second_hand_starts_on_the_screen_after_a_long_hand_end(browser: Browser, base_url: str, lang: str):
    """At 360x740, the end of a hand with twelve tiles in each (25 taps), then the next hand's starter under
    its verdict: every tap on the screen when its turn comes, nothing scrolled, the page never moving by
    itself, the verdict in view (newplayer9 row 25: Start the hand lay below the fold after the summary)."""
    rec = long_first_hand()
    context = browser.new_context(base_url=base_url, **{**PHONE, "viewport": {"width": 360, "height": 740}})
    try:
        page = context.new_page()
        table_in(page, rec, 7, lang)
        for n, (enter, verdict) in ((7, (bead_hand_end, "#bead-end-verdict")), (8, (bead_starter, ".answer-last"))):
            t = Tapper(page)
            y = t.scroll_y()
            enter(page, t, rec["events"][n])
            entered(page, n + 1)
            assert t.outside == [], f"entry {n}: {t.outside} not on the screen when their turn came"
            assert t.scroll_before == t.scroll_between == 0
            assert t.scroll_y() == y, f"entry {n}: the page moved by itself"
            assert page.locator(f"#answer {verdict}").evaluate(IN_REACH), f"entry {n}: the verdict is out of view"
    finally:
        context.close()


# Each way the starter tiles lie: the words' line boxes that leave the box drawn around its choice (the one a
# tick outlines), in px.
WORDS_OUTSIDE = """labels => labels.map(label => {
  const box = label.querySelector('input + *').getBoundingClientRect(), out = [];
  const walk = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.data.trim()) continue;
    const range = document.createRange(); range.selectNodeContents(n);
    for (const r of range.getClientRects())
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
        out.push(`${n.data.trim()}: ${Math.round(r.left)}-${Math.round(r.right)} x ${Math.round(r.top)}-${Math.round(r.bottom)}`);
  }
  return out; }).flat()"""


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(360, 740), (390, 844), (430, 932)], ids=["360x740", "390x844", "430x932"])
def test_how_the_starter_tiles_lie_is_said_inside_each_choices_box(browser: Browser, base_url: str, size, lang):
    """The second hand's starter: "Lying, one above the other" (横置きで上下に重ねる) sat outside its box, beside
    the two tiles the box held, while "Standing, side by side" was inside its own (i27-bead, left alone)."""
    context = browser.new_context(base_url=base_url, **{**PHONE, "viewport": {"width": size[0], "height": size[1]}})
    try:
        page = context.new_page()
        table_in(page, record("bead-game-two-hands"), 30, lang)
        labels = page.locator(".bead-layout label.pick")
        expect(labels).to_have_count(2)
        assert labels.evaluate_all(WORDS_OUTSIDE) == []
    finally:
        context.close()
