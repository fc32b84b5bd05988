"""The table page as a one-screen play surface (issue 27), on phones in headless Chromium with touch.

Each game is played through a whole deal, hand or run of tricks from its golden record, every entry by
tapping. At every tap the target is inside the viewport, below the header, above the tab bar and
uncovered (nothing was scrolled to reach it); the page does not move between the taps of a play nor when
the answer comes; after each entry the answer, with the game's verdict, is in view; no raw identifier
(rule code, card id, field name, template leftover) is on the screen; the console stays clean. Bingo and
Five Up are also walked at 360x740 and 430x932, and every game once in Japanese. The tools of the table
(undo, history, sharing) are one tap away in the tab bar, and the Bingo trick keeps its steps after an
entry swapped the table (the stepping state htmx's settle used to drop). A Trick de Bingo round's first
draft pick is two taps from the table (History, the picker's name), its Correct link on the screen.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from ..raw_ids import RAW, raw_names  # what a player must never read or hear (closed "why?"s are not shown)
from .plays import (
    PHONE,
    SHOWN,
    Tapper,
    bead_place,
    bingo_trick,
    entered,
    import_until,
    ninety_nine_trick,
    nn_bid,
    open_tab,
    out_of_view,
    pick,
    ready,
    record,
    seat_phone,
    table_in,
    tdb_pick,
    trick_de_bingo_trick,
    wait_until,
)
from .targets import under_a_thumb

pytestmark = pytest.mark.browser


# Below the sticky header and above the tab bar: where a thumb can tap without scrolling.
IN_REACH = """el => { const r = el.getBoundingClientRect();
  const bar = document.querySelector('header.bar'), tabs = document.querySelector('.table-tabs');
  const top = bar ? bar.getBoundingClientRect().bottom : 0;
  const bottom = tabs && !el.closest('.table-tabs, .bottom-sheet, .sheet-body') ? tabs.getBoundingClientRect().top : innerHeight;
  return r.height > 0 && r.top >= top - 1 && r.bottom <= bottom + 1; }"""


def bingo_deal(page: Page, t: Tapper, ev: dict) -> None:
    a, b = ev["indicator"].split("-")
    # "Start the deal" comes under the indicator it needs, and the form's words are not a disabled grey
    below = page.locator("#start-deal").evaluate(
        """el => el.getBoundingClientRect().top >
                 document.querySelector('fieldset[data-picker=indicator] legend').getBoundingClientRect().bottom"""
    )
    assert below, "Start the deal sits above the indicator still to choose"
    legend = page.locator("fieldset[data-picker=indicator] legend")
    assert legend.evaluate("el => getComputedStyle(el).color") == page.evaluate(
        "getComputedStyle(document.body).color"
    )
    t.tap(pick(page, "indicator", ev["indicator"] if a >= b else f"{b}-{a}"), "indicator")
    t.tap(page.locator("#start-deal"), "Start the deal")


def bingo_confirmed(button: str) -> Callable[[Page, Tapper, dict], None]:
    def enter(page: Page, t: Tapper, ev: dict) -> None:
        t.tap(page.locator(".bingo-plays > .toggle"), "other plays")
        target = page.locator(button.format(seat=ev.get("seat")))
        t.tap(target, button)
        t.tap(target, "confirm")

    return enter


def bingo_declare(page: Page, t: Tapper, ev: dict) -> None:
    """The other plays' sheet, the leader's declaration (open already when it must come first), each
    double, Declare: 3 taps and one per double (issue 27)."""
    t.tap(page.locator(".bingo-plays > .toggle"), "other plays")
    declares = page.locator("button[aria-controls=bingo-declare-panel]")
    if declares.get_attribute("aria-expanded") != "true":
        t.tap(declares, "declares doubles")
    for double in ev["doubles"]:
        t.tap(pick(page, "doubles", double), double)
    t.tap(page.locator("#declare"), "Declare")


def bingo_show(page: Page, t: Tapper, ev: dict) -> None:
    """The show of a hand after a claim: its sheet, who shows (when both still may), each tile, then
    Show these tiles (newplayer8: the button lay under the tab bar at every size, the tiles below the fold)."""
    t.tap(page.locator("button[aria-controls=bingo-show-sheet]"), "show sheet")
    seat = page.locator(f"button[aria-controls=bingo-show-panel-{ev['seat']}]")
    if seat.count():
        t.tap(seat, "who shows")
    form = page.locator(f"#bingo-show-{ev['seat']}")
    for tile in ("-".join(sorted(x.split("-"), reverse=True)) for x in ev["tiles"]):
        t.tap(form.locator(f"label.pick:has(input[value='{tile}'])"), tile)
    t.tap(form.locator("button[type=submit]"), "Show these tiles")


def five_up_play(page: Page, t: Tapper, ev: dict) -> None:
    """The end on the picture, then the tile. Every open end is a thumb's target, 44x44 px however far
    the layout grew, on the smallest phone too (newplayer4: 36 px with six open ends; newplayer7: 33 px at
    360x740); no two targets overlap, and a tap at the middle of one lands on that end."""
    targets = page.locator("a.fu-end").evaluate_all(
        """els => els.map(e => {
            const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
            const hit = document.elementFromPoint(x, y);
            return {w: r.width, h: r.height, l: r.left, t: r.top, r: r.right, b: r.bottom,
                    own: !!hit && hit.closest("a.fu-end") === e};
        })"""
    )
    assert all(min(r["w"], r["h"]) >= 44 for r in targets), f"open ends smaller than 44 px: {targets}"
    assert all(r["own"] for r in targets), f"a tap on an open end lands elsewhere: {targets}"
    assert not [
        (a, b)
        for i, a in enumerate(targets)
        for b in targets[:i]
        if a["l"] < b["r"] and b["l"] < a["r"] and a["t"] < b["b"] and b["t"] < a["b"]
    ], f"open ends overlap: {targets}"
    tile = "-".join(sorted(ev["tile"].split("-"), reverse=True))
    if "on" in ev:  # a play on the layout: the end on the picture, then the tile in the sheet
        numbers = sorted(set(ev["on"].split("-")) & set(ev["tile"].split("-")))
        ends = ", ".join(f"a.fu-end[data-on='{ev['on']}'][data-number='{n}']" for n in numbers)
        t.tap(page.locator(ends).first, "open end")
    t.tap(pick(page, "tile", tile), "tile")
    t.tap(page.locator("#fu-play"), "Play it")


def by_thumb(enter: Callable[[Page, Tapper, dict], None]) -> Callable[[Page, Tapper, dict], None]:
    """A trick whose every card in the open picker is a thumb's target, 44x44 CSS px at least (nine to
    a row left 35-38 px wide cards, newplayer3), then tapped as ever."""

    def trick(page: Page, t: Tapper, ev: dict) -> None:
        cards = page.locator("form.stepping fieldset.current label.pick")
        expect(cards.first).to_be_visible()
        assert under_a_thumb(cards) == [], "cards smaller than 44x44 px"
        enter(page, t, ev)

    return trick


ninety_nine_trick_by_thumb = by_thumb(ninety_nine_trick)


# Those of the elements on the screen that a thumb cannot tap as they lie: not wholly below the header and
# above the tab bar (IN_REACH), or with something else drawn over their middle.
OUT_OF_REACH = """els => {
  const bar = document.querySelector('header.bar'), tabs = document.querySelector('.table-tabs');
  const top = bar ? bar.getBoundingClientRect().bottom : 0, bottom = tabs ? tabs.getBoundingClientRect().top : innerHeight;
  return els.filter(e => e.checkVisibility()).filter(e => { const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.top < top - 1 || r.bottom > bottom + 1 || !hit || !(e.contains(hit) || hit.contains(e)); })
    .map(e => e.innerText.trim()); }"""


def all_in_reach(targets: str, enter: Callable[[Page, Tapper, dict], None]) -> Callable[[Page, Tapper, dict], None]:
    """A play whose every target of ``targets`` (a Trick de Bingo trick's cards, the draft's numbers) is a
    thumb's 44x44 px and on the screen, under the header, above the tab bar and uncovered, before its first
    tap (issue 27: the draft's numbers were 24x44 px at 360, the trick's cards 46x36 px, and 44 px high cards
    put the last row under the tab bar after a long verdict), then tapped as ever."""

    def play(page: Page, t: Tapper, ev: dict) -> None:
        shown = page.locator(targets)
        expect(page.locator(f"{targets}:visible").first).to_be_visible()
        assert under_a_thumb(shown) == [], f"{targets}: smaller than 44x44 px"
        hidden = shown.evaluate_all(OUT_OF_REACH)
        assert hidden == [], f"{targets}: off the screen, under a bar or covered: {hidden}"
        enter(page, t, ev)

    return play


# The katakana words of the screen drawn over two lines, each by the line boxes of its Range (words only a screen
# reader reads, clipped to a pixel, left out), and the Trick de Bingo status's "who leads / picks" if it is split.
SPLIT_WORDS = """root => {
  const out = [], walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const unseen = el => { for (let a = el; a && a !== root; a = a.parentElement) if (getComputedStyle(a).clipPath !== 'none') return true;
                         return !el.checkVisibility(); };
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (unseen(n.parentElement)) continue;
    const re = /[\\u30A1-\\u30FA\\u30FC]{2,}/g; let m;
    while ((m = re.exec(n.data))) {
      const range = document.createRange(); range.setStart(n, m.index); range.setEnd(n, m.index + m[0].length);
      const tops = new Set(Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (tops.size > 1) out.push(`${m[0]} in "${n.data.trim()}"`);
    }
  }
  for (const who of root.querySelectorAll('.tdb-next small')) if (who.getClientRects().length > 1) out.push(who.textContent);
  return out; }"""


def words_whole(enter: Callable[[Page, Tapper, dict], None]) -> Callable[[Page, Tapper, dict], None]:
    """A play whose screen breaks no katakana word over two lines, nor who leads or picks, before its first tap
    (issue 27: at 360x740 in Japanese 「Danさんがリード」 broke as 「…リー」/「ド」, 「ディーラー」 and 「トリック」 in the
    answer's sentences too), then entered as ever."""

    def play(page: Page, t: Tapper, ev: dict) -> None:
        split = page.locator("#table").evaluate(SPLIT_WORDS)
        assert split == [], f"words broken over two lines: {split}"
        enter(page, t, ev)

    return play


tdb_trick_in_reach = words_whole(all_in_reach("form.stepping fieldset.current label.pick", trick_de_bingo_trick))
tdb_pick_in_reach = words_whole(all_in_reach("label.tdb-option", tdb_pick))


def ninety_nine_scorer_bid(page: Page, t: Tapper, ev: dict) -> None:
    """A bid entered on the scorer's phone: whose bid (chosen already when it is the last one missing),
    then its three cards and Record bid."""
    seat = page.locator(f".nn-scorer-bid input[name=seat][value='{ev['seat']}']")
    if not seat.is_checked():
        t.tap(page.locator(f".nn-scorer-bid label:has(input[name=seat][value='{ev['seat']}'])"), "whose bid")
    for i, card in enumerate(ev["cards"]):
        t.tap(pick(page, "cards", card), f"bid card {i + 1}")
    t.tap(page.locator("#record-bid"), "Record bid")


THUMB = "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })"


def bead_starter(page: Page, t: Tapper, ev: dict) -> None:
    """A hand's starter: who leads (the first hand), how the two tiles lie, the four numbers, Start.
    Each of the twenty numbers is a thumb's 44x44 px (side by side the cells left 29-36 px; newplayer7),
    and the page is no wider than the phone."""
    boxes = page.locator(".bead-square label.pick").evaluate_all(THUMB)
    assert len(boxes) == 20 and all(w >= 44 and h >= 44 for w, h in boxes), f"numbers under 44x44 px: {boxes}"
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the page scrolls sideways"
    if "leader" in ev:
        t.tap(page.locator(f"label.seat:has(input[name=leader][value='{ev['leader']}'])"), "leader")
    (r1, c1), (r2, c2) = ev["starter"][0]["cells"]
    t.tap(page.locator(f"label:has(input[name=layout][value={'columns' if c1 == c2 else 'rows'}])"), "layout")
    for tile in ev["starter"]:
        for (r, c), number in zip(tile["cells"], tile["tile"].split("-"), strict=True):
            t.tap(page.locator(f"label:has(input[name=v{r}{c}][value='{number}'])"), f"cell {r}{c}")
    t.tap(page.locator("#bead-start"), "Start the hand")


def bead_pass(page: Page, t: Tapper, ev: dict) -> None:
    """A pass: one tap on the button beside "Cannot play?", under the board."""
    t.tap(page.locator("#bead-pass"), "pass")


def bead_hand_end(page: Page, t: Tapper, ev: dict) -> None:
    """The tiles each player still holds, ticked in that player's picker (a design held twice: its
    second box), then the button; the board waits in a sheet, so every picker is on the screen."""
    for seat, hand in enumerate(ev["hands"]):
        for i, tile in enumerate("-".join(sorted(x.split("-"), reverse=True)) for x in hand):
            boxes = page.locator(f"label.pick:has(input[name='left{seat}'][value='{tile}'])")
            box = boxes.nth(1) if boxes.nth(0).locator("input").is_checked() else boxes.nth(0)
            t.tap(box, f"{tile} left in hand {seat} ({i + 1})")
    t.tap(page.locator("#bead-end"), "Record the end of the hand")


def five_up_hand_end(page: Page, t: Tapper, ev: dict) -> None:
    """The tiles each hand still holds, tapped: for each seat, tiles not on the layout that add up to the
    record's pips (as many as the hand holds); the next hand's picker opens by itself, then the button."""
    taken: set[str] = set()
    for seat in page.locator("input[name=fu-seat]").evaluate_all("els => els.map(e => +e.value)"):
        held = int(page.locator(f".fu-left-tally[data-picker-for=left{seat}]").get_attribute("data-held"))
        free = page.locator(f"input[name=left{seat}]").evaluate_all("els => els.map(e => e.value)")
        tiles = next(
            c
            for c in itertools.combinations([v for v in free if v not in taken], held)
            if sum(int(n) for tile in c for n in tile.split("-")) == ev["pips"][seat]
        )
        for tile in tiles:
            t.tap(pick(page, f"left{seat}", tile), f"{tile} left in hand {seat}")
        taken.update(tiles)
    t.tap(page.locator("#fu-end"), "Score the hand")


# The two cells of a placement, in one call to the page: for each, whether it lies wholly inside the board's box as
# it is scrolled and on the screen in reach (IN_REACH), what a thumb on its middle hits, and its size as drawn;
# with the height of the box's room on the screen (its most height) and whether a status (a player out, the last
# turns) stands above the board.
CELLS_IN_SIGHT = f"""els => els.map(el => {{
  const box = el.closest('[data-bead-board]'), b = box.getBoundingClientRect(), r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {{inside: r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1
                   && ({IN_REACH})(el) && !!hit && el.contains(hit),
          size: Math.min(r.width, r.height), room: parseFloat(getComputedStyle(box).maxHeight),
          status: !!document.querySelector('section.bead > .bead-status')}}; }})"""


def bead_place_in_sight(page: Page, t: Tapper, ev: dict) -> None:
    """A placement whose two cells are in the board's box and on the screen, uncovered, with no panning, before
    its first tap: the whole layout and its empty rings fit the box (issue 27: at b72b15e a layout too big for
    44 px cells panned, and a cell lay out of sight in 18 placements of the golden game at 360x740 in Japanese,
    9 at 430x932). Each cell is drawn 32 px at least (BEAD_CROWDED), or the board is crowded and the first tap
    ticks the first cell and zooms the board around it to a thumb's 44 px, the two cells still in sight: no drag,
    still three taps. The
    box has 40 % of the screen at least unless a status stands above it (newplayer11 #1)."""
    height = page.viewport_size["height"]

    def sight(cells: list[Locator]) -> None:
        seen = cells[0].or_(cells[1]).evaluate_all(CELLS_IN_SIGHT)
        assert len(seen) == 2 and all(cell["inside"] for cell in seen), f"a cell out of sight without a pan: {seen}"
        assert seen[0]["status"] or seen[0]["room"] >= 0.4 * height, f"the board's box is {seen[0]['room']} px high"
        if t.taps:  # zoomed by the first tap
            assert min(cell["size"] for cell in seen) >= 44 - 0.5, f"zoomed cells under 44 px: {seen}"

    bead_place(page, t, ev, sight)


@dataclass(frozen=True)
class Walk:
    game: str
    record: str | dict  # a golden record's name (tests/records), or a record
    first: int  # the first event entered by tapping (the table is imported up to it)
    last: int  # the last one
    enter: dict[str, tuple[Callable[[Page, Tapper, dict], None], int]]  # event type -> (how, most taps)
    verdict: dict[str, str]  # event type -> what in the answer says the verdict
    ja: tuple[int, int] | None = None  # the entries walked in Japanese (default: the first three)


WALKS = [
    Walk(
        "bingo",
        "bingo-four-deals-to-eight",
        13,
        24,  # the third deal: dealt, four tricks, a close, five tricks, the claim
        {
            "deal": (bingo_deal, 2),
            "trick": (bingo_trick, 3),
            "close": (bingo_confirmed("#close"), 3),
            "claim": (bingo_confirmed("#claim-{seat}"), 3),
        },
        {"trick": "#bingo-why", "deal": "#bingo-why", "close": "#bingo-closed", "claim": "#bingo-award"},
        # in Japanese the fourth deal, whose indicator 0-0 is in the triangle's last row: under "Start the
        # deal" until the triangle was folded (newplayer5: the indicator's tap scrolled the page +254 px,
        # then Start brought the answer back, -161 px)
        ja=(27, 29),
    ),
    Walk(
        "five_up",
        "five-up-partners-to-61",
        1,
        18,  # the first hand: 17 plays, then the tiles left in the three hands (one each) and the button
        {"play": (five_up_play, 3), "end": (five_up_hand_end, 4)},
        {"play": ".answer-verdict", "end": ".fu-hand-score"},
        ja=(16, 18),
    ),
    Walk(
        "ninety_nine",
        "ninety-nine-three-player-game-to-100",
        3,
        12,  # nine tricks, then the last bid on the scorer's phone: the deal is scored in the answer
        {"trick": (ninety_nine_trick_by_thumb, 4), "bid": (ninety_nine_scorer_bid, 4)},
        {"trick": ".answer-verdict", "bid": ".nn-deal-score"},
    ),
    Walk(
        "trick_de_bingo",
        "trick-de-bingo-one-round",
        33,
        49,  # the last four picks of the draft (the whole deck on the screen), then the thirteen tricks
        {"pick": (tdb_pick_in_reach, 3), "trick": (tdb_trick_in_reach, 5)},
        {"pick": ".answer-last", "trick": ".answer-verdict"},
    ),
    Walk(
        "bead_game",
        "bead-game-two-hands",
        29,
        57,  # the end of the first hand, the second hand's starter and placements, two passes, its end
        {
            "end": (bead_hand_end, 5),
            "hand": (bead_starter, 6),
            "place": (bead_place_in_sight, 3),
            "pass": (bead_pass, 1),
        },
        {"end": "#bead-end-verdict", "hand": ".answer-last", "place": ".answer-verdict", "pass": ".answer-last"},
        ja=(54, 57),  # a placement, both passes and the end's verdict in Japanese
    ),
]
BY_GAME = {w.game: w for w in WALKS}


# A chip's words cut short (an ellipsis, or hidden under its edge): each chip says at least its player's
# whole name ("2. K…" for Kim, "Annさんのリ…"; newplayer7).
CUT = """els => els.filter(e => e.getClientRects().length
                           && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1))
                .map(e => e.textContent)"""


# Before an entry of a walk, in one call to the page: the scroll position, the step chips cut short (CUT).
BEFORE_ENTRY = f"() => [Math.round(window.scrollY), ({CUT})([...document.querySelectorAll('.step-chip .chip-who')])]"

# After an entry of a walk, in one call to the page (six before, a third of the calls of a walk's entry): whether
# the answer's first ``selector`` is shown (SHOWN) and in reach (IN_REACH), the scroll position, how many tables
# the page has, the table's text and its HTML.
AFTER_ENTRY = f"""selector => {{
  const answer = document.querySelector(selector), tables = document.querySelectorAll('#table');
  const shown = !!answer && ({SHOWN})(answer);
  return {{shown, reach: shown && ({IN_REACH})(answer), y: Math.round(window.scrollY), tables: tables.length,
          text: tables[0]?.innerText, html: tables[0]?.innerHTML}};
}}"""


def walk(
    browser: Browser, base_url: str, w: Walk, *, width: int = 390, height: int = 844, japanese: bool = False
) -> None:
    context = browser.new_context(
        base_url=base_url, **{**PHONE, "viewport": {"width": width, "height": height}}
    )
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        rec = record(w.record) if isinstance(w.record, str) else w.record
        import_until(page, rec, w.first)
        if japanese:  # the player switches the page to Japanese in the bar
            page.locator("header.bar a[lang=ja]").click()
            expect(page.locator("html")).to_have_attribute("lang", "ja")
            entered(page, w.first)
            # the header's buttons keep to one line ("画面をオンのままにする" took two at 360 px)
            wake = page.locator("#wake")
            expect(wake).to_be_visible()
            assert wake.evaluate("el => el.getBoundingClientRect().height") < 50, "the header wraps"
        wait_until(page, "window.htmx !== undefined")
        for n in range(w.first, w.last + 1):
            ev = rec["events"][n]
            enter, most = w.enter[ev["type"]]
            t = Tapper(page)
            y, cut = page.evaluate(BEFORE_ENTRY)
            assert cut == [], f"entry {n}: chips cut short: {cut}"
            enter(page, t, ev)
            entered(page, n + 1)
            where = f"entry {n} ({ev['type']}) at {width}x{height}"
            assert t.outside == [], f"{where}: {t.outside} not in view when their turn came"
            assert t.scroll_between == 0, f"{where}: the page moved {t.scroll_between}px between taps"
            assert t.taps <= most, f"{where}: {t.taps} taps"
            answer = f"#answer {w.verdict[ev['type']]}"
            seen = page.evaluate(AFTER_ENTRY, answer)
            if not seen["shown"]:  # not yet: Playwright waits for it, and says what it saw
                expect(page.locator(answer).first).to_be_visible()
                seen = page.evaluate(AFTER_ENTRY, answer)
            assert seen["tables"] == 1, f"{where}: {seen['tables']} tables on the page"
            assert seen["reach"], f"{where}: the verdict is out of view"
            assert seen["y"] == y, f"{where}: the page moved by itself after the entry"
            raw = [m.group(0) for p in RAW for m in p.finditer(seen["text"])]
            assert not raw, f"{where}: raw identifiers on the screen: {raw}"
            named = sorted(set(raw_names(seen["html"])))  # a chip's card too (pickers.js)
            assert not named, f"{where}: named by ids for a screen reader: {named}"
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("w", WALKS, ids=[w.game for w in WALKS])
def test_a_whole_run_of_plays_fits_one_screen_per_play(browser: Browser, base_url: str, w: Walk):
    walk(browser, base_url, w)


def bingo_trick_in_reach(page: Page, t: Tapper, ev: dict) -> None:
    """A trick whose every tile of the lead's triangle, then of the reply's, is on the screen, under the
    header, above the tab bar and uncovered before its tap (newplayer8: after a declaration at the first
    lead the triangle's last rows lay under the tab bar), entered as ever."""
    step = page.locator("form.stepping fieldset.current label.pick")
    for which, tile in (("lead", ev["lead"]), ("reply", ev["reply"])):
        expect(page.locator(f"form.stepping fieldset.current[data-picker={which}]")).to_be_visible()
        hidden = step.evaluate_all(OUT_OF_REACH)
        assert hidden == [], f"{which}: tiles off the screen, under a bar or covered: {len(hidden)}"
        t.tap(pick(page, which, tile), f"{which} tile")
    t.tap(page.locator("#record-trick"), "Record trick")


# Bingo's first deal after its first entry: a declaration at the first lead, the lead after it (newplayer8:
# 0-0 lay 108 px under the tab bar at 360x740, 21 px at 390x844 in Japanese), a trick, a claim, the shows of
# both hands (the sheet's "Show these tiles" lay under the tab bar at every size), the next deal and its
# first trick: every tap in view at each phone size, in both languages.
FIRST_DEAL = Walk(
    "bingo",
    "bingo-four-deals-to-eight",
    1,
    7,
    {**BY_GAME["bingo"].enter, "trick": (bingo_trick_in_reach, 3), "declare": (bingo_declare, 5), "show": (bingo_show, 3 + 7)},
    {**BY_GAME["bingo"].verdict, "declare": "#bingo-why", "show": "#bingo-award"},
)


# and the third deal's claim, then both hands shown one after the other (the second alone in its sheet),
# the next deal and its first trick, on the smallest phone
SHOWS = Walk("bingo", "bingo-four-deals-to-eight", 24, 28, FIRST_DEAL.enter, FIRST_DEAL.verdict)


@pytest.mark.parametrize("japanese", [False, True], ids=["en", "ja"])
@pytest.mark.parametrize(
    ("w", "size"),
    [(FIRST_DEAL, (360, 740)), (FIRST_DEAL, (390, 844)), (FIRST_DEAL, (430, 932)), (SHOWS, (360, 740))],
    ids=["first-deal-360x740", "first-deal-390x844", "first-deal-430x932", "two-shows-360x740"],
)
def test_a_bingo_declaration_claim_and_shows_fit_every_phone(
    browser: Browser, base_url: str, w: Walk, size, japanese: bool
):
    walk(browser, base_url, w, width=size[0], height=size[1], japanese=japanese)


@pytest.mark.parametrize("size", [(360, 740), (430, 932)], ids=["360x740", "430x932"])
@pytest.mark.parametrize("game", ["bingo", "five_up"])
def test_bingo_and_five_up_fit_small_and_large_phones(browser: Browser, base_url: str, game: str, size):
    walk(browser, base_url, BY_GAME[game], width=size[0], height=size[1])


# The scorer's longest entry forms of the two card games, walked at 360x740: a deal's three bids all
# entered on the scorer's phone (the first needs whose bid: 5 taps), the first picks of the draft with
# the whole deck of 50 on the screen, and tricks from the 36-card pack with thumb-sized cards; and the
# bead game's last placement, both passes and the end of the hand with its verdict.
NARROW = [
    Walk(
        "ninety_nine",
        "ninety-nine-three-player-game-to-100",
        15,
        17,
        {"bid": (ninety_nine_scorer_bid, 5)},
        {"bid": ".answer-last"},
    ),
    Walk(
        "trick_de_bingo", "trick-de-bingo-one-round", 1, 3, {"pick": (tdb_pick_in_reach, 3)}, {"pick": ".answer-last"}
    ),
    Walk(
        "ninety_nine",
        "ninety-nine-three-player-game-to-100",
        3,
        5,
        {"trick": (ninety_nine_trick_by_thumb, 4)},
        {"trick": ".answer-verdict"},
    ),
    Walk("bead_game", "bead-game-two-hands", 54, 57, BY_GAME["bead_game"].enter, BY_GAME["bead_game"].verdict),
]


@pytest.mark.parametrize("w", NARROW, ids=[f"{w.game}-{next(iter(w.enter))}" for w in NARROW])
def test_the_scorers_bids_and_draft_fit_a_small_phone(browser: Browser, base_url: str, w: Walk):
    walk(browser, base_url, w, width=360, height=740)


def tdb_round(page: Page, t: Tapper, ev: dict) -> None:
    t.tap(page.locator("#start-round"), "Start the round")


# Trick de Bingo's second round started under the first one's summary (the last trick's answer: each sheet's
# points): 「ラウンド開始」 lay at 792 px at 360x740 in Japanese (newplayer11 #7).
TDB_ONE = record("trick-de-bingo-one-round")
TWO_ROUNDS = {**TDB_ONE, "options": {**TDB_ONE["options"], "rounds": 2}, "events": [*TDB_ONE["events"], {"type": "round"}]}


# A deal or a hand started under the last one's verdict on a 360x740 phone: Bingo's second deal after a claim
# and a show (the "show" toggle above the form; the triangle's last row lay under Start the deal, Start under
# the tab bar) and the bead game's second hand after the first hand's end (Start the hand lay 71 px under the
# tab bar), each walked on into its first play.
STARTS = [
    Walk("bingo", "bingo-four-deals-to-eight", 6, 7, BY_GAME["bingo"].enter, BY_GAME["bingo"].verdict),
    Walk("bead_game", "bead-game-two-hands", 29, 31, BY_GAME["bead_game"].enter, BY_GAME["bead_game"].verdict),
    Walk(
        "trick_de_bingo",
        TWO_ROUNDS,
        49,
        50,
        {**BY_GAME["trick_de_bingo"].enter, "round": (tdb_round, 1)},
        {**BY_GAME["trick_de_bingo"].verdict, "round": ".answer-last"},
    ),
]


@pytest.mark.parametrize("japanese", [False, True], ids=["en", "ja"])
@pytest.mark.parametrize("w", STARTS, ids=[w.game for w in STARTS])
def test_the_next_deal_or_hand_starts_on_a_small_phone(browser: Browser, base_url: str, w: Walk, japanese: bool):
    walk(browser, base_url, w, width=360, height=740, japanese=japanese)


@pytest.mark.parametrize(
    ("size", "japanese"),
    [((360, 740), False), ((390, 844), False), ((430, 932), False), ((360, 740), True)],
    ids=["360x740", "390x844", "430x932", "360x740-ja"],
)
def test_the_first_bead_starter_fits_every_phone_with_thumb_sized_numbers(
    browser: Browser, base_url: str, size, japanese: bool
):
    """The first hand's starter (who leads, how the tiles lie, the four numbers, Start) at each phone
    size: every number 44x44 px, nothing scrolled, Start in view (newplayer7: 29x44 px numbers)."""
    w = Walk("bead_game", "bead-game-two-hands", 0, 0, {"hand": (bead_starter, 7)}, {"hand": ".answer-last"})
    walk(browser, base_url, w, width=size[0], height=size[1], japanese=japanese)


# The bead game's whole game of two hands, every entry tapped: each placement three taps (two cells, the
# tile; on a crowded board the first also zooms it: bead_place_in_sight), with its product in view after it, the starters, the passes, the tiles left and the winner; nothing
# scrolled to reach a tap, the page never moving by itself (newplayer9/i27-walk2: +94 px at 360x740 in
# Japanese after the placement that empties a hand; the second hand's Start below the fold). Walked whole on
# the hardest phone, 360x740 in Japanese; the other sizes play each kind of entry in shorter walks (the second
# hand whole at 390x844 above; at 360x740 in English its end, starter and first placement, its last placement,
# passes and end; the first starter at every size).
WHOLE_BEAD_GAME = Walk(
    "bead_game",
    "bead-game-two-hands",
    0,
    57,
    {**BY_GAME["bead_game"].enter, "hand": (bead_starter, 7)},
    {**BY_GAME["bead_game"].verdict, "place": ".bead-product"},
)


@pytest.mark.parametrize("japanese", [False, True], ids=["en", "ja"])
@pytest.mark.parametrize("size", [(360, 740), (430, 932)], ids=["360x740", "430x932"])
def test_a_whole_bead_game_places_each_tile_without_a_pan_or_a_jump(browser: Browser, base_url: str, size, japanese: bool):
    """And both cells of every placement in sight in the board's box with no pan, in both languages on the
    smallest and the largest phone (bead_place_in_sight; newplayer11 #1: 13 of 56 placements at 430x932 out of
    sight; at b72b15e 18 at 360x740 in Japanese, 9 at 430x932, needed a drag of the board first)."""
    walk(browser, base_url, WHOLE_BEAD_GAME, width=size[0], height=size[1], japanese=japanese)


CHIPS = {game: {"enter": BY_GAME[game].enter, "verdict": BY_GAME[game].verdict} for game in BY_GAME}


@pytest.mark.parametrize(
    ("w", "japanese"),
    [
        (Walk("bingo", "bingo-four-deals-to-eight", 14, 15, **CHIPS["bingo"]), True),
        (Walk("trick_de_bingo", "trick-de-bingo-one-round", 37, 37, **CHIPS["trick_de_bingo"]), False),
    ],
    ids=["bingo-ja", "trick_de_bingo"],
)
def test_the_step_chips_say_whole_names_on_a_small_phone(browser: Browser, base_url: str, w: Walk, japanese: bool):
    """A trick or two at 360x740, the chips beside the record button: no chip cuts its player's name
    (newplayer7: "2. K…" for Kim in Trick de Bingo, "Annさんのリ…" in Japanese Bingo); walk() checks it."""
    walk(browser, base_url, w, width=360, height=740, japanese=japanese)


@pytest.mark.parametrize("w", WALKS, ids=[w.game for w in WALKS])
def test_once_in_japanese(browser: Browser, base_url: str, w: Walk):
    first, last = w.ja or (w.first, w.first + 2)
    short = Walk(w.game, w.record, first, last, w.enter, w.verdict)
    walk(browser, base_url, short, japanese=True)


def test_five_ups_open_ends_are_a_thumb_wide_on_a_small_phone_in_japanese(browser: Browser, base_url: str):
    """The first hand's last five plays, its layout at its widest, on a 360x740 phone in Japanese: every
    open end a 44x44 px target and the play one screen (newplayer7: 33 px there)."""
    w = BY_GAME["five_up"]
    walk(browser, base_url, Walk(w.game, w.record, 12, 16, w.enter, w.verdict), width=360, height=740, japanese=True)


# Every open end the layout offers, wholly below the header and above the tab bar (a layout's top ends lay
# 38-68 px under the header once the page had been scrolled down to Record the draw; newplayer, issue 27).
ENDS_OUT_OF_REACH = f"""els => els.filter(e => !({IN_REACH})(e))
    .map(e => `${{e.dataset.on}}:${{e.dataset.number}} ${{Math.round(e.getBoundingClientRect().top)}}`)"""


def five_up_ends_in_reach(enter: Callable[[Page, Tapper, dict], None]) -> Callable[[Page, Tapper, dict], None]:
    """A Five Up entry made while every open end on the picture is in reach, then entered as ever."""

    def entry(page: Page, t: Tapper, ev: dict) -> None:
        hidden = page.locator("a.fu-end").evaluate_all(ENDS_OUT_OF_REACH)
        assert hidden == [], f"open ends under the header or the tab bar: {hidden}"
        enter(page, t, ev)

    return entry


def five_up_draw(page: Page, t: Tapper, ev: dict) -> None:
    """A draw: one tap on its count, 1 to 5 or all that may be drawn (newplayer9 row 8: a draw of 10 was 10
    taps on a counter); any other count typed (the field tapped, its digits), then Record the draw."""
    chip = page.locator(f"#fu-entry .fu-draw-chips button[name=count][value='{ev['count']}']")
    if chip.count():
        t.tap(chip, f"draw {ev['count']}")
        return
    t.tap(page.locator("#fu-draw-count"), "the count")
    page.locator("#fu-draw-count").fill(str(ev["count"]))
    t.tap(page.locator("#fu-draw"), "Record the draw")


def five_up_pass(page: Page, t: Tapper, ev: dict) -> None:
    t.tap(page.locator("#fu-pass"), "pass")


# Five Up's third hand: a long layout, a draw of six tiles and one of one, and the four passes that block it.
FIVE_UP_DRAWS = Walk(
    "five_up",
    "five-up-partners-to-61",
    44,
    65,
    {
        "play": (five_up_ends_in_reach(five_up_play), 3),
        "draw": (five_up_ends_in_reach(five_up_draw), 2),
        "pass": (five_up_ends_in_reach(five_up_pass), 1),
    },
    {"play": ".answer-verdict", "draw": ".answer-last", "pass": ".answer-last"},
)


def test_a_five_up_hand_with_draws_and_passes_is_one_screen_per_play(browser: Browser, base_url: str):
    """The third hand of a game, its layout at its longest, on the hardest phone, 360x740 in Japanese (the other
    sizes play its draws and a pass below): every play, draw and pass with its button above the tab bar and
    every open end in reach, nothing scrolled (issue 27: Record the draw lay 62-242 px under the tab bar at
    360x740, still 50-95 px at 430x932; the ends at the layout's top went under the header)."""
    walk(browser, base_url, FIVE_UP_DRAWS, width=360, height=740, japanese=True)


TDB = BY_GAME["trick_de_bingo"]

# Each kind of entry of the walks played whole on the hardest phone only (360x740 in Japanese: above and below),
# played at the sizes they no longer walk whole: Trick de Bingo's first picks (the whole deck on the screen), the
# draft's last pick and the first tricks (a hand of 13 cards, the longest verdicts); Five Up's third hand from
# its first draw (six tiles) to its first pass, its layout at its longest (the plays, both draws, a pass).
PLAYS_AT_OTHER_SIZES = [
    (Walk(TDB.game, TDB.record, 1, 2, TDB.enter, TDB.verdict), (430, 932)),
    (Walk(TDB.game, TDB.record, 36, 38, TDB.enter, TDB.verdict), (430, 932)),
    (Walk(TDB.game, TDB.record, 36, 38, TDB.enter, TDB.verdict), (360, 740)),
    *((Walk(FIVE_UP_DRAWS.game, FIVE_UP_DRAWS.record, 57, 62, FIVE_UP_DRAWS.enter, FIVE_UP_DRAWS.verdict), size)
      for size in ((360, 740), (390, 844), (430, 932))),
]


@pytest.mark.parametrize(
    ("w", "size"), PLAYS_AT_OTHER_SIZES, ids=[f"{w.game}-{w.first}-{w.last}-{x}x{y}" for w, (x, y) in PLAYS_AT_OTHER_SIZES]
)
def test_each_kind_of_play_fits_the_sizes_not_walked_whole(browser: Browser, base_url: str, w: Walk, size):
    walk(browser, base_url, w, width=size[0], height=size[1])


@pytest.mark.parametrize("size", [(360, 740), (390, 844), (430, 932)], ids=["360x740", "390x844", "430x932"])
def test_from_the_home_page_each_score_pad_round_is_one_screen(browser: Browser, base_url: str, size):
    """A returning player (six tables on this phone already) finds every game in view on the home page,
    starts a score pad for four and enters whole rounds: a tap on each player's number, typed, then
    Record round; nothing scrolls, the answer is in view after each round."""
    width, height = size
    context = browser.new_context(
        base_url=base_url, **{**PHONE, "viewport": {"width": width, "height": height}}
    )
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        for n in range(6):  # tables this phone holds: opening a scorer link keeps the table on the phone
            made = page.request.post(
                "/api/v1/tables", data={"game": "score-pad", "players": [f"P{n}", f"Q{n}"]}
            ).json()
            assert page.request.get(made["scorer_url"]).ok
        page.goto("/")
        expect(page.locator(".held-table")).to_have_count(6)
        t = Tapper(page)
        games = page.locator(".game-list a")
        for i in range(games.count()):
            assert t.in_view(games.nth(i)), f"{games.nth(i).inner_text()} is not in view at {width}x{height}"
        assert t.in_view(page.locator("#to-your-tables"))  # this phone's tables, one tap away
        t.tap(page.locator(".game-list a[href$='/score-pad']"), "Score pad")
        names = ["Aki", "Ben", "Chie", "Dan"]
        for i, name in enumerate(names):
            page.locator("input[name=players]").nth(i).fill(name)
        page.get_by_role("button", name="Start the table").click()
        expect(page.locator("#table")).to_be_visible()
        page.wait_for_load_state("load")
        wait_until(page, "window.htmx !== undefined")
        rounds = [[5, 3, 0, 12], [-2, 7, 4, 1], [10, 0, 6, 3]]
        for n, points in enumerate(rounds, start=1):
            t = Tapper(page)
            y = t.scroll_y()
            for i, p in enumerate(points):  # one field a player: tap it, type the points
                t.tap(page.locator(f"#points-{i}"), f"{names[i]}'s points")
                page.keyboard.type(str(p))
            t.tap(page.locator("#record-round"), "Record round")
            entered(page, n)
            where = f"round {n} at {width}x{height}"
            assert t.outside == [] and t.scroll_between == 0, f"{where}: {t.outside}, {t.scroll_between}px"
            assert t.taps == len(names) + 1
            answer = page.locator("#answer .answer-last")
            expect(answer).to_contain_text("Recorded:")
            assert answer.evaluate(IN_REACH), f"{where}: the answer is out of view"
            assert t.scroll_y() == y, f"{where}: the page moved by itself after the round"
        expect(page.locator(".total .score")).to_have_text([str(sum(r[i] for r in rounds)) for i in range(4)])
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize(
    ("size", "japanese"),
    [((360, 740), False), ((360, 740), True), ((390, 844), False)],
    ids=["360x740", "360x740-ja", "390x844"],
)
def test_a_long_score_pad_game_keeps_each_round_on_one_screen(browser: Browser, base_url: str, size, japanese: bool):
    """Nine rounds for four players, totals going below zero and past 100: each round one tap a field and
    Record round, every target above the tab bar with nothing scrolled, the answer in view, and the rounds
    one tap away in History (issue 27: Record round went under the tab bar from round 3 at 360x740, round 6
    at 390x844, as the running table grew above the form; it now waits in History's race table)."""
    width, height = size
    context = browser.new_context(base_url=base_url, **{**PHONE, "viewport": {"width": width, "height": height}})
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        pad = {"format": "referee-record", "version": 1, "game": "score-pad",
               "players": ["Aki", "Ben", "Chie", "Dan"], "options": {}, "events": []}  # fmt: skip
        import_until(page, pad, 0)
        if japanese:
            page.locator("header.bar a[lang=ja]").click()
            expect(page.locator("html")).to_have_attribute("lang", "ja")
        ready(page)
        points = [14, -13, 0, 12]
        for n in range(1, 10):
            t = Tapper(page)
            y = t.scroll_y()
            for i, p in enumerate(points):
                t.tap(page.locator(f"#points-{i}"), f"points {i}")
                page.keyboard.type(str(p))
            t.tap(page.locator("#record-round"), "Record round")
            entered(page, n)
            where = f"round {n} at {width}x{height}"
            assert t.outside == [] and t.scroll_between == 0, f"{where}: {t.outside} out of reach"
            assert t.scroll_y() == y, f"{where}: the page moved by itself after the round"
            assert page.locator("#answer .answer-last").evaluate(IN_REACH), f"{where}: the answer is out of view"
            expect(page.locator(".rounds")).to_have_count(0)  # nothing grows above the form
        expect(page.locator(".total .score")).to_have_text([f"{9 * p}".replace("-", "−") for p in points])
        open_tab(page, "history")
        expect(page.locator(".race-table tbody tr").last.locator("th")).to_have_text("9")
        assert errors == []
    finally:
        context.close()


def test_the_tools_are_one_tap_away_and_undo_asks_once_more(page: Page):
    rec = record("bingo-four-deals-to-eight")
    import_until(page, rec, 4)
    tabs = page.locator(".table-tabs")
    history = page.locator("#tab-history")
    expect(page.locator(".history")).to_be_hidden()  # not under the form
    history.locator("> .toggle").tap()
    expect(page.locator(".history li[data-seq='3']")).to_be_visible()  # a sheet over the surface
    page.locator("#tab-share > .toggle").tap()  # one panel at a time
    expect(page.locator("#viewer-link")).to_be_visible()
    expect(page.locator(".history")).to_be_hidden()
    page.locator("#tab-share > .toggle").tap()
    expect(page.locator("#viewer-link")).to_be_hidden()
    history.locator(
        "> .toggle"
    ).tap()  # the race (issue 32) heads the history: its SVG loads under the page's CSP
    expect(page.locator("#race .race-summary")).to_be_visible()
    wait_until(page, "document.querySelector('#race img.race-chart').naturalWidth > 0")
    history.locator("> .toggle").tap()
    y = page.evaluate("scrollY")
    undo = tabs.locator("#undo")
    undo.tap()
    expect(undo).to_contain_text("Tap again to undo")
    # armed, it keeps its place: the other tabs stay reachable, its question stands above the bar
    t = Tapper(page)
    for target in ("#tab-history > .toggle", "#tab-share > .toggle", "#undo"):
        assert t.in_view(page.locator(target)), f"{target} is covered while undo waits for its second tap"
    question = undo.evaluate("el => getComputedStyle(el, '::before').content")
    assert question.startswith('"Tap again to undo: ') and page.evaluate("scrollY") == y
    undo.tap()
    entered(page, 5)  # the undo is an entry of its own: the log keeps the claim
    expect(page.locator("#answer .answer-undone")).to_be_visible()
    assert page.evaluate("scrollY") == y


def test_a_bingo_trick_keeps_its_steps_after_the_table_is_swapped(page: Page):
    rec = record("bingo-four-deals-to-eight")
    import_until(page, rec, 2)
    wait_until(page, "window.htmx !== undefined")
    for n in (2, 3):
        expect(page.locator("form#bingo-trick.stepping")).to_have_count(1)
        expect(page.locator("#bingo-trick .step-chips")).to_have_count(1)
        expect(page.locator("fieldset[data-picker=reply]")).to_be_hidden()  # one triangle at a time
        t = Tapper(page)
        bingo_trick(page, t, rec["events"][n])
        entered(page, n + 1)
        page.wait_for_timeout(100)  # htmx's settle: the steps must survive it


def test_the_five_up_layout_has_no_links_inside_an_image(page: Page):
    import_until(page, record("five-up-partners-to-61"), 3)
    expect(page.locator("svg.fu-svg")).to_have_attribute("role", "group")
    expect(page.locator("svg.fu-svg a.fu-end").first).to_have_attribute("data-number", re.compile(r"\d"))


PICKS_HEADING = {"en": "Round 1 · Aki's picks", "ja": "第1ラウンド · Akiさんが取ったカード"}
ENTRY_TAG = {"en": "entry 2", "ja": "記録2"}
# the text a player reads in an element, its history rows' entry tags left out
WITHOUT_ENTRY_TAGS = """el => { const tags = [...el.querySelectorAll('.entry-no')];
  tags.forEach(t => { t.hidden = true; }); const text = el.innerText; tags.forEach(t => { t.hidden = false; }); return text; }"""


@pytest.mark.parametrize(
    ("size", "lang", "rounds"),
    [((390, 844), "en", 1), ((360, 740), "en", 2), ((360, 740), "ja", 2)],
    ids=["390x844-one-round", "360x740-two-rounds", "360x740-ja-two-rounds"],
)
def test_a_rounds_first_draft_pick_is_two_taps_from_the_table(browser: Browser, base_url: str, size, lang, rounds):
    """History, then the dealer's name in round 1's row of History: the round's first pick (the dealer's)
    is at the top of that player's picks, its Correct link on the screen and uncovered with nothing
    scrolled, also once round 2 has begun (issue 27: it lay 5,324-5,533 px down one list of fifty)."""
    rec = record("trick-de-bingo-one-round")
    if rounds == 2:
        rec = {**rec, "options": {**rec["options"], "rounds": 2}, "events": [*rec["events"], {"type": "round"}]}
    width, height = size
    context = browser.new_context(base_url=base_url, **{**PHONE, "viewport": {"width": width, "height": height}})
    try:
        page = context.new_page()
        table_in(page, rec, len(rec["events"]), lang)
        first = rec["events"][1]  # entry 2: Aki, the dealer, opens the draft
        assert first["type"] == "pick" and first["seat"] == 0
        t = Tapper(page)
        t.tap(page.locator("#tab-history > .toggle"), "History")
        t.tap(page.locator(f".history-jump a[href='#history-1-picks{first['seat']}']"), "Aki in round 1's row")
        expect(page.locator("#history-1-picks0")).to_have_text(PICKS_HEADING[lang])
        correct = page.locator(".history li[value='2'] a.edit")
        expect(correct).to_be_visible()
        assert t.taps == 2 and t.outside == [] and t.scroll_before == 0 and t.scroll_between == 0
        assert t.in_view(correct), f"the first pick's Correct link is off the screen at {width}x{height}"
        # each row's own "entry 5" tag is the one place a player reads entry numbers (issue 27: "entry 5" only
        # where the player sees entry numbers in the history): the rest of the history holds none
        shown = page.locator(".history").evaluate(WITHOUT_ENTRY_TAGS)
        assert not [m.group(0) for p in RAW for m in p.finditer(shown)]
        assert page.locator(".history li[value='2'] .entry-no").inner_text() == ENTRY_TAG[lang]
        correct.tap()  # and it opens the pick's correction
        expect(page.locator("#correction-slot input[name=cell][value='5']")).to_be_attached()
    finally:
        context.close()


def ninety_nine_bid_from_the_band(page: Page, t: Tapper, ev: dict) -> None:
    """A bid the scorer enters while tricks go on: "Enter a bid" in the deal's band opens its sheet over
    the trick form (it stays open after a bid while others are missing), then whose bid, cards, Record."""
    toggle = page.locator(".nn-bid-sheet > .toggle")
    if toggle.get_attribute("aria-expanded") != "true":
        t.tap(toggle, "Enter a bid")
    ninety_nine_scorer_bid(page, t, ev)


def test_the_scorers_bids_beside_the_tricks_fit_a_small_phone(browser: Browser, base_url: str):
    """The two bids of the first deal entered on the scorer's phone while the trick form waits: no
    scrolling before or between the taps, the page never moves (newplayer4: 267-407 px down to the cards
    under the trick form, then a jump of -247 px after Record bid)."""
    w = Walk(
        "ninety_nine",
        "ninety-nine-three-player-game-to-100",
        1,
        2,
        {"bid": (ninety_nine_bid_from_the_band, 6)},
        {"bid": ".answer-last"},
    )
    walk(browser, base_url, w, width=360, height=740)


def test_a_seats_own_bid_fits_a_small_phone(browser: Browser, base_url: str):
    """On a seat's phone at 360x740 every bid card is in view and uncovered (the last row lay 48 px under
    Seal my bid), and the bid is its three cards and Seal with no scrolling."""
    context = browser.new_context(base_url=base_url, **{**PHONE, "viewport": {"width": 360, "height": 740}})
    try:
        scorer = context.new_page()
        rec = record("ninety-nine-three-player-game-to-100")
        import_until(scorer, rec, 1)
        phone = seat_phone(scorer, 1, viewport={"width": 360, "height": 740})
        t = Tapper(phone)
        cards = phone.locator(".nn-my-bid label.pick")
        assert cards.count() == 36
        hidden = out_of_view(cards)
        assert hidden == [], f"bid cards out of view or under a bar: {hidden}"
        nn_bid(phone, t, rec["events"][1])
        entered(phone, 2)
        assert t.outside == [] and t.scroll_before == t.scroll_between == 0
        phone.context.close()
    finally:
        context.close()


NN_FOUR = {"format": "referee-record", "version": 1, "game": "ninety-nine", "players": ["Aki", "Ben", "Chie", "Dan"],
           "options": {}, "events": [{"type": "deal", "dealer": 0}, {"type": "bid", "seat": 0, "cards": ["2S", "3S", "4S"]},
                                     {"type": "bid", "seat": 1, "cards": ["5S", "6S", "7S"]}]}  # fmt: skip


@pytest.mark.parametrize("size", [(360, 740), (390, 844), (430, 932)], ids=["360x740", "390x844", "430x932"])
def test_a_four_player_packs_52_cards_are_each_a_thumbs_target(browser: Browser, base_url: str, size):
    """N30: four players bid and play from all 52 cards, seven to a row, each card 44x44 px at least with no
    sideways scroll and its button in view: the trick form and the scorer's bid sheet, and a seat's own bid on
    its phone (38 px wide on main: Ninety-Nine's rule for a row of cards squeezed the picker's rows). Every card
    is on the screen and uncovered too, above the tab bar, on a 360x740 phone as well (the bids and the chips
    take a row each; the last rows of the trick's cards lay under the tab bar, 111 px at 360 px; the seat's
    own, 62 px)."""
    width, height = size
    context = browser.new_context(base_url=base_url, **{**PHONE, "viewport": {"width": width, "height": height}})
    try:
        page = context.new_page()
        import_until(page, NN_FOUR, 3)
        t = Tapper(page)
        for cards, button in (("form.stepping fieldset.current label.pick", "#record-trick"),
                              (".nn-scorer-bid fieldset.picker.cards label.pick", "#record-bid")):  # fmt: skip
            if button == "#record-bid":
                page.locator(".nn-bid-sheet > .toggle").tap()
            expect(page.locator(f"{cards}:visible")).to_have_count(52)
            assert under_a_thumb(page.locator(cards)) == [], f"{cards} at {width}x{height}"
            hidden = out_of_view(page.locator(cards), reach=IN_REACH)
            assert hidden == [], f"{cards} out of view or covered at {width}x{height}: {hidden}"
            assert t.in_view(page.locator(button)), f"{button} out of view at {width}x{height}"
            assert page.evaluate("document.documentElement.scrollWidth") <= width
        phone = seat_phone(page, 3, viewport={"width": width, "height": height})
        cards = phone.locator(".nn-my-bid label.pick")
        expect(cards).to_have_count(52)
        assert under_a_thumb(cards) == [], f"a seat's bid cards at {width}x{height}"
        assert out_of_view(cards) == []
        assert Tapper(phone).in_view(phone.locator("#seal-bid"))
        assert phone.evaluate("document.documentElement.scrollWidth") <= width
        phone.context.close()
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_trick_de_bingo_sheets_fill_their_panel(page: Page, lang: str):
    """Sheets and scores at 390x844: the sheets span the panel's width, from under its close button down
    (the grid of sheets began beside the floating button and kept its width off: a blank strip down the
    right of every sheet)."""
    table_in(page, record("trick-de-bingo-one-round"), 40, lang)
    page.locator(".tdb-more > .toggle").tap()
    expect(page.locator("#tdb-more-sheet .tdb-sheet").first).to_be_visible()
    gap = page.locator("#tdb-more-sheet").evaluate(
        """body => { const s = getComputedStyle(body), inner = body.getBoundingClientRect().right - parseFloat(s.paddingRight);
                     return [...body.querySelectorAll('.tdb-sheet')].map(f => inner - f.getBoundingClientRect().right); }"""
    )
    assert len(gap) == 4 and max(gap) <= 1, f"blank px right of each sheet: {gap}"


def test_a_whole_trick_de_bingo_round_fits_a_small_phone_in_japanese(browser: Browser, base_url: str):
    """The whole round, its 36 picks and 13 tricks, on the hardest phone, 360x740 in Japanese (at 390x844 the
    walk above plays its end; at 360x740 in English and at 430x932 shorter walks play its first picks, the
    draft's end and its first tricks), every number and card a 44x44 px target on the screen before the play's
    first tap, the answer in view after each entry (issue 27: 24x44 px numbers, 46x36 px cards, the last cards
    under the tab bar)."""
    w = BY_GAME["trick_de_bingo"]
    walk(browser, base_url, Walk(w.game, w.record, 1, 49, w.enter, w.verdict), width=360, height=740, japanese=True)



NAME = "e => (e.querySelector('input') || {}).value || e.textContent.trim()"  # a tile by its value


@pytest.mark.parametrize("size", [(390, 844), (360, 740)], ids=["390x844", "360x740"])
def test_the_next_deal_stays_in_reach_under_a_long_correction_answer(browser: Browser, base_url: str, size):
    """At 390x844 in Japanese, trick 2 of the first deal corrected (Ben's reply was the 6-0: the claim fails
    now, the answer names both verdicts) with a show still open: the next deal's triangle and Start are above
    the tab bar with nothing scrolled (they were 77 px under it: 108 px of thumb scroll before the next tap);
    and at 360x740 (newplayer11 #7: 「ディールを始める」 at 742 px, under the screen's foot)."""
    context = browser.new_context(base_url=base_url, **{**PHONE, "viewport": {"width": size[0], "height": size[1]}})
    try:
        page = context.new_page()
        import_until(page, record("bingo-four-deals-to-eight"), 5)
        page.locator("header.bar a[lang=ja]").click()
        expect(page.locator("html")).to_have_attribute("lang", "ja")
        ready(page)
        page.locator("#tab-history > .toggle").tap()
        page.locator("#tab-history li[data-seq='4'] a.edit").tap()
        sheet = page.locator("dialog#correction")
        sheet.locator("label.pick:has(input[name='reply'][value='6-0'])").tap()
        sheet.locator("button[type=submit]", has_text="訂正を保存").tap()
        expect(page.locator("dialog#correction")).to_have_count(0)
        expect(page.locator("#take-back")).to_be_visible()
        y = page.evaluate("scrollY")
        expect(page.locator("#start-deal")).to_have_count(1)
        out = out_of_view(page.locator("fieldset[data-picker=indicator] label.pick, #start-deal"), NAME, IN_REACH)
        assert out == [], f"out of reach under the correction's answer: {out}"
        assert page.evaluate("scrollY") == y
    finally:
        context.close()
