"""The panels and sheets over the play surface on a phone (issue 27), in headless Chromium with touch.

The Share panel opens on the seats' links: each seat's link (its QR code and address behind a tap) is
in the panel's first screen at 360x740, 390x844 and 430x932, in English and Japanese, where it lay
402-581 px down under the viewer's QR code. Every game's sheets have their ✕ in their first row, a
44x44 px target that scrolls away with the sheet's content instead of floating over it.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from .plays import (
    PHONE,
    Tapper,
    bingo_trick,
    entered,
    import_until,
    open_tab,
    ready,
    record,
    table_in,
    wait_until,
)

pytestmark = pytest.mark.browser

SIZES = [(360, 740), (390, 844), (430, 932)]


def phone(browser: Browser, base_url: str, size: tuple[int, int]) -> Page:
    width, height = size
    return browser.new_context(
        base_url=base_url, **{**PHONE, "viewport": {"width": width, "height": height}}
    ).new_page()


# A sheet's ✕: its size, how far it sits below the sheet's top, and how far it moved when the sheet's
# content was scrolled (a sticky ✕ stays put, drawn over the rows that scroll under it).
CLOSE = """body => { const close = body.querySelector(':scope > .sheet-close'), top = body.getBoundingClientRect().top;
  const was = close.getBoundingClientRect();
  body.scrollTop = Math.min(80, body.scrollHeight - body.clientHeight);
  const scrolled = body.scrollTop, moved = was.top - close.getBoundingClientRect().top;
  body.scrollTop = 0;
  return {width: was.width, height: was.height, below: was.top - top, scrolled, moved}; }"""

SHEETS = [  # a table of each game far enough in that its sheets hold long lists
    ("bingo-four-deals-to-eight", 27),
    ("five-up-partners-to-61", 150),
    ("ninety-nine-three-player-game-to-100", 45),
    ("bead-game-two-hands", 50),
    ("trick-de-bingo-one-round", 40),
]


@pytest.mark.parametrize(("name", "n"), SHEETS, ids=[name for name, _ in SHEETS])
def test_every_sheets_close_button_sits_in_its_first_row(browser: Browser, base_url: str, name, n):
    """The same ✕ in every game's sheets (Bingo's had it first, newplayer5): in the sheet's first row, a
    44x44 px target, scrolling away with the content instead of floating over it."""
    page = phone(browser, base_url, (360, 740))
    try:
        import_until(page, record(name), n)
        ready(page)
        toggles = page.locator(".sheet > .toggle")
        assert toggles.count() > 0
        scrolled = []
        for i in range(toggles.count()):
            toggle = toggles.nth(i)
            if not toggle.is_visible():
                continue
            toggle.tap()
            body = page.locator("#" + toggle.get_attribute("aria-controls"))
            expect(body).to_be_visible()
            close = body.locator("> .sheet-close")
            expect(close).to_have_text("✕")
            got = body.evaluate(CLOSE)
            where = f"{name}, {toggle.get_attribute('aria-controls')}: {got}"
            assert got["width"] >= 44 and got["height"] >= 44, where
            assert got["below"] <= 12, where  # the first row
            assert got["moved"] == pytest.approx(got["scrolled"], abs=1), where  # scrolls with the rows
            scrolled.append(got["scrolled"])
            close.tap()
            expect(body).to_be_hidden()
        assert any(scrolled), f"{name}: no sheet long enough to scroll at 360x740"
    finally:
        page.context.close()


HELD = "document.documentElement.style.minHeight"
# a blank strip: what the player can scroll to beyond both the page's own end (the body's bottom) and
# the bottom of the view
STRIP = """document.documentElement.scrollHeight - Math.max(Math.ceil(document.body.getBoundingClientRect().bottom + scrollY),
  Math.ceil(scrollY + innerHeight))"""


def test_the_height_held_over_a_swap_is_let_go_without_moving_the_page(page: Page):
    """A swap holds the page's height so the browser does not pull a player scrolled down to a shorter
    fresh table (keepPlace, app.js); then the hold goes: at once when the table is tall enough, else as
    the player scrolls up, so no blank strip stays under a short page (issue 27) and nothing moves by
    itself."""
    rec = record("bingo-four-deals-to-eight")
    import_until(page, rec, 2)
    ready(page)
    t = Tapper(page)
    bingo_trick(page, t, rec["events"][2])  # the scorer's own entry, the answer brought into view
    entered(page, 3)
    wait_until(page, f"{HELD} === ''")
    # another phone of the scorer's records the next trick while this one is scrolled down a long page
    page.evaluate(
        "() => { const d = document.createElement('div'); d.style.height = '1500px'; document.querySelector('#table').append(d); }"
    )
    page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
    y = page.evaluate("scrollY")
    other = page.context.new_page()
    try:
        other.goto(page.url)
        ready(other)
        bingo_trick(other, Tapper(other), rec["events"][3])
        entered(other, 4)
    finally:
        other.close()
    entered(page, 4)  # the update swapped in: a table 1500 px shorter
    assert page.evaluate("scrollY") == y, "the page moved by itself"
    assert page.evaluate(HELD) != ""  # held: the browser did not pull it up
    for step in [*range(y - 400, 0, -400), 0]:  # the player scrolls back up
        page.evaluate(f"scrollTo(0, {step})")
        wait_until(page, f"scrollY === {step} && {STRIP} <= 0")
    assert page.evaluate(HELD) == ""


# How many lines a label's words take, and whether its box cuts them off.
LINES = """el => { const tops = [];
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.textContent.trim()) continue;
    const range = document.createRange(); range.selectNodeContents(n);
    for (const r of range.getClientRects()) if (r.width > 0) tops.push(r.top);
  }
  tops.sort((a, b) => a - b);
  const lines = tops.filter((t, i) => i === 0 || t - tops[i - 1] > 6).length;
  const box = el.getBoundingClientRect();
  return {lines, clipped: el.scrollWidth > el.clientWidth + 1, width: box.width, height: box.height}; }"""


def not_one_line(words: Locator, what: str, target: Locator | None = None) -> list[str]:
    """``what`` named with its measures unless ``words`` are on one line, not cut off, in a ``target``
    (the words' own box unless said) of at least 44x44 px."""
    expect(words).to_be_visible()
    got = words.evaluate(LINES)
    box = (target or words).bounding_box()
    fits = got["lines"] == 1 and not got["clipped"] and box and box["width"] >= 44 and box["height"] >= 44
    return [] if fits else [f"{what}: {got}, {box}"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_labels_of_a_bingo_table_keep_to_one_line_on_a_small_phone(browser: Browser, base_url: str, lang):
    """At 360x740: Record trick and the tab bar's Undo last one line each, and each claim ("Ben claims 70")
    and the close in the plays sheet, in Japanese also when tapped once to ask again (「トリックを記／録」, 「最後を取り消す」,
    "Ben claims / 70", 「Akiさんが70点／をクレーム」 and 「もう一度タップで確定：Akiさんが／クローズします。」 wrapped)."""
    rec = record("bingo-four-deals-to-eight")
    page = phone(browser, base_url, (360, 740))
    try:
        table_in(page, rec, 3, lang)
        problems = not_one_line(page.locator("#record-trick"), "Record trick")
        problems += not_one_line(page.locator("#undo"), "Undo last")
        page.locator(".bingo-plays > .toggle").first.tap()
        claims = page.locator(".bingo-claims .big-button")
        expect(claims).to_have_count(2)
        problems += [p for i in range(2) for p in not_one_line(claims.nth(i), f"claim {i}")]
        problems += not_one_line(page.locator("#close"), "close")
        # the question after a first tap (the other one put back); an English claim asks in its half sheet
        # in a smaller font, as tall as before (test_bingo.py)
        for button in ("#claim-1", "#close") if lang == "ja" else ("#close",):
            page.locator(button).tap()
            expect(page.locator(button)).to_have_class(re.compile(r"\barmed\b"))
            problems += not_one_line(page.locator(button), f"{button} asking again")
        expect(page.locator("#table")).to_have_attribute("data-seq", "3")  # nothing was sent
        assert problems == []
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_ninety_nine_checks_chips_keep_their_words_on_a_small_phone(
    browser: Browser, base_url: str, lang
):
    """/check at 360x740: the deal check's chips (Players, Player 1-3, Premium) show their whole word on
    one line ("Premium" was cut off)."""
    page = phone(browser, base_url, (360, 740))
    try:
        if lang == "ja":
            page.context.set_extra_http_headers({"Accept-Language": "ja"})
        page.goto("/check")
        ready(page)
        page.locator("#ninety-nine-deal-tab").tap()
        chips = page.locator("#ninety-nine-deal-form .step-chip:visible")
        expect(chips).to_have_count(5)
        problems = []
        for i in range(5):  # the chip's name; the value it shows once chosen goes under it
            problems += not_one_line(chips.nth(i).locator(".chip-who"), f"chip {i}", chips.nth(i))
        assert problems == []
    finally:
        page.context.close()


# Wholly inside the panel's box as it first opens (nothing scrolled in it) and inside the viewport.
IN_PANEL = """el => { const panel = el.closest('.tab-panel'), p = panel.getBoundingClientRect(), r = el.getBoundingClientRect();
  return panel.scrollTop === 0 && r.height > 0 && r.top >= p.top - 1 && r.bottom <= Math.min(p.bottom, innerHeight) + 1; }"""


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_share_panel_opens_on_every_seats_link(browser: Browser, base_url: str, size, lang):
    rec = record("five-up-partners-to-61")  # four players: the longest list of seats
    page = phone(browser, base_url, size)
    try:
        table_in(page, rec, 3, lang)
        open_tab(page, "share")
        roles = ["scorer", *(f"seat{i}" for i in range(len(rec["players"])))]
        for role in roles:
            choice = page.locator(f"details.link[data-role={role}] > summary")
            assert choice.evaluate(IN_PANEL), (
                f"{role}'s link is below the panel's first screen at {size} ({lang})"
            )
        # a tap shows that seat's QR code and link, and the viewer's link is still in the panel
        page.locator("details.link[data-role=seat3] > summary").tap()
        expect(page.locator("details.link[data-role=seat3] img.qr")).to_be_visible()
        expect(page.locator("details.link[data-role=seat3] a.join-link")).to_be_visible()
        expect(page.locator("#viewer-link")).to_be_attached()
    finally:
        page.context.close()


# The open panel's bottom and the tab bar's top, and the page's bottom padding beside the bar's height.
ABOVE_BAR = """() => { const bar = document.querySelector('.table-tabs'), panel = document.querySelector('.tab-panel:not([hidden])');
  return {panel: panel.getBoundingClientRect().bottom, bar: bar.getBoundingClientRect().top,
          barH: bar.getBoundingClientRect().height,
          pad: parseFloat(getComputedStyle(document.querySelector('.surface')).paddingBottom)}; }"""


@pytest.mark.parametrize("tab", ["share", "history"])
def test_the_panels_end_at_the_tab_bars_real_top_at_200_percent_text(browser: Browser, base_url: str, tab):
    """At 320 px with the text at 200% the tab bar's labels wrap and the bar is taller than 52 px: the
    panels end at its real top (measured, app.js), not under it, and the page leaves room for it."""
    page = phone(browser, base_url, (320, 740))
    try:
        import_until(page, record("bingo-four-deals-to-eight"), 3)
        ready(page)
        open_tab(page, tab)
        # a browser's text size, set on the phone
        page.evaluate("document.documentElement.style.fontSize = '200%'")
        wait_until(page, "document.querySelector('.table-tabs').getBoundingClientRect().height > 60")
        fits = f"(g => g.panel <= g.bar + 0.5 && g.pad >= g.barH)(({ABOVE_BAR})())"
        wait_until(page, fits, 5)  # the bar is measured once its new size is laid out
        assert page.evaluate(fits), page.evaluate(ABOVE_BAR)
    finally:
        page.context.close()


# The "why?" after an answer's sentence and the lines of that sentence's words (its own disclosure's left
# out), and whether the last line had room for the "why?"; the sentence is the answer's element, the
# "why?" the first that follows its start in the page.
WHY_LINE = """el => { const why = [...document.querySelectorAll('details.why > summary')]
    .find(s => el.compareDocumentPosition(s) & (Node.DOCUMENT_POSITION_FOLLOWING | Node.DOCUMENT_POSITION_CONTAINED_BY));
  const lines = [], walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.textContent.trim() || n.parentElement.closest('details')) continue;
    const range = document.createRange(); range.selectNodeContents(n);
    for (const r of range.getClientRects()) if (r.width > 0) lines.push([r.top, r.bottom, r.right]);
  }
  const s = why.getBoundingClientRect(), middle = (s.top + s.bottom) / 2, last = lines[lines.length - 1];
  const right = el.getBoundingClientRect().right - parseFloat(getComputedStyle(el).paddingRight);
  return {inside: el.contains(why), on_a_line: lines.some(([top, bottom]) => top <= middle && middle <= bottom),
          room: right - last[2] >= s.width, under_the_last: s.top - last[1], why: [s.top, s.bottom, s.width], lines}; }"""


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(
    ("name", "n", "sentence"),
    [("bingo-four-deals-to-eight", 2, "#bingo-why"), ("five-up-partners-to-61", 2, "#fu-last")],
    ids=["bingo-declaration", "five-up-play"],
)
def test_an_answers_why_sits_on_its_sentences_line(browser: Browser, base_url: str, name, n, sentence, lang):
    """At 360x740 the "why?" of the answer to a declaration or a play is a tap at the end of its words, on their
    line: in a <p> the browser ended the paragraph at the <details>, so "why?" took a 44 px line of its own
    under the sentence, then an empty paragraph's margin (issue 27)."""
    page = phone(browser, base_url, (360, 740))
    try:
        table_in(page, record(name), n, lang)
        got = page.locator(f"#answer {sentence}").evaluate(WHY_LINE)
        assert got["inside"], got
        # at the end of the words' last line; on the next one only when the words filled it
        assert got["on_a_line"] if got["room"] else got["under_the_last"] < 6, got
        assert page.locator("#answer p:empty").count() == 0
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_tab_bars_labels_keep_to_one_line_on_a_small_phone(browser: Browser, base_url: str, lang):
    """At 360x740 Undo last, History and Share and print are one line each in a 44 px target: three equal
    tabs left "Share and / print" on two lines (issue 27)."""
    rec = record("bingo-four-deals-to-eight")
    page = phone(browser, base_url, (360, 740))
    try:
        table_in(page, rec, len(rec["events"]), lang)
        problems = not_one_line(page.locator("#undo"), "Undo last")
        for tab in ("history", "share"):
            problems += not_one_line(page.locator(f"#tab-{tab} > .toggle"), tab)
        assert problems == []
    finally:
        page.context.close()


# Each name in the totals strip: its words, the width they need and the width they have.
NAMES = """strip => [...strip.querySelectorAll('.total .who')].map(el => ({
  name: el.textContent.trim(), needs: el.scrollWidth, has: el.clientWidth,
  score: el.parentElement.querySelector('.score').textContent.trim()}))"""


# four players far into a game of three-digit totals, one below zero
PAD = {"format": "referee-record", "version": 1, "game": "score-pad", "players": ["Aki", "Ben", "Chie", "Dai"],
       "options": {},
       "events": [{"type": "round", "points": [105, -12, 230, 99]}]}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(
    ("name", "n"),
    [("five-up-partners-to-61", 150), ("trick-de-bingo-one-round", 40), ("ninety-nine-three-player-game-to-100", 45),
     ("score-pad", 1)],
    ids=["five-up", "trick-de-bingo", "ninety-nine", "score-pad"],
)  # fmt: skip
def test_the_totals_strip_shows_whole_names_on_a_small_phone(browser: Browser, base_url: str, name, n, lang):
    """At 360x740 a table of three or four players shows each name whole beside its total: "B…" for Ben
    named nobody (issue 27); a four-player Five Up its two sides, "Aki & Chie" whole (newplayer11 #12)."""
    page = phone(browser, base_url, (360, 740))
    try:
        table_in(page, PAD if name == "score-pad" else record(name), n, lang)
        names = page.locator(".surface .totals").evaluate(NAMES)
        assert len(names) >= (2 if name == "five-up-partners-to-61" else 3)
        assert [t for t in names if t["needs"] > t["has"]] == [], names
    finally:
        page.context.close()
