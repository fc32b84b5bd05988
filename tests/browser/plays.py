"""One play of each game entered by tapping, as a player at the table would, with a count of the taps
and of the scrolling they needed. Shared by the browser tests (tests/browser/test_one_screen.py) and the
benchmark (benchmarks/taps.py), so both measure the same thing.

A play starts from a table imported from a golden record (tests/records/) cut just before the event to
enter; the play is that event. ``Tapper.tap`` scrolls only when the target is not wholly inside the
part of the viewport below the sticky header bar, and counts that scroll: before the first tap (to reach
the entry at all) and between taps (what issue 12 point 2 forbids).

``ready`` waits for a page to settle as a person does (htmx loaded) before a first tap, and
``tap_round`` enters one score-pad round with the steppers.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect

RECORDS = Path(__file__).resolve().parents[1] / "records"


# What a player does to reach a target out of view: bring its whole entry form up under the header
# when it fits the screen, else centre the target.
SCROLL_TO = """el => {
  const form = el.closest('form'), bar = document.querySelector('header.bar');
  const top = bar ? bar.getBoundingClientRect().bottom : 0;
  if (form && form.getBoundingClientRect().height <= innerHeight - top) {
    window.scrollBy(0, form.getBoundingClientRect().top - top - 4);
  } else {
    el.scrollIntoView({block: 'center'});
  }
}"""

IN_VIEW = """el => { const r = el.getBoundingClientRect();
                     const bar = document.querySelector('header.bar');
                     const top = bar ? bar.getBoundingClientRect().bottom : 0;
                     if (!(r.width > 0 && r.top >= top - 1 && r.bottom <= innerHeight + 1)) return false;
                     const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                     return !!hit && (el.contains(hit) || hit.contains(el)); }"""

# Visible as Playwright's ``to_be_visible`` means it: displayed (``checkVisibility``), not ``visibility: hidden``,
# a box of some width and height.
SHOWN = """el => { const r = el.getBoundingClientRect();
                   return el.checkVisibility() && getComputedStyle(el).visibility === 'visible' && r.width > 0 && r.height > 0; }"""

# Before a tap, in one call to the page (a call each for these, with the walk's other calls to the page,
# were a quarter of the bead game's walk in tests/browser/test_play_surface.py): once the target is shown
# (SHOWN, waited for in the page as ``expect(...).to_be_visible()`` waits, 5 s at most; null when it is not
# shown by then or leaves the page meanwhile), the scroll position, whether the target is in view (IN_VIEW),
# the scroll after bringing it into reach when it was not (SCROLL_TO; the page scrolls at once, never smoothly).
REACH = f"""async el => {{
  for (let waited = 0; el.isConnected && !({SHOWN})(el) && waited < 5000; waited += 20) await new Promise(go => setTimeout(go, 20));
  if (!el.isConnected || !({SHOWN})(el)) return null;
  const before = Math.round(window.scrollY), seen = ({IN_VIEW})(el);
  if (!seen) ({SCROLL_TO})(el);
  return [before, seen, Math.round(window.scrollY)];
}}"""


@dataclass
class Tapper:
    """Taps targets on a page and records taps, scrolling and targets found outside the viewport."""

    page: Page
    taps: int = 0
    scroll_before: int = 0  # px scrolled to reach the first tap of the play
    scroll_between: int = 0  # px scrolled between the play's taps (should be 0)
    outside: list[str] = field(default_factory=list)  # targets not in view when their turn came
    last_y: int = 0

    def scroll_y(self) -> int:
        return int(self.page.evaluate("Math.round(window.scrollY)"))

    def in_view(self, target: Locator) -> bool:
        """Wholly inside the viewport, below the sticky header bar, and what a thumb on its middle hits
        (not covered by a sticky record bar or a sheet)."""
        return bool(target.evaluate(IN_VIEW))

    def tap(self, target: Locator, what: str) -> None:
        """Tap ``target`` once it is shown, as a player does, recording where it was: one call to the page
        before Playwright's tap (``REACH``). Only when the page did not show it (or swapped it away) does
        ``expect`` wait for it and say what it saw (a call of its own before each tap was 1 of a tap's 3)."""
        reach = target.evaluate(REACH)
        if reach is None:
            expect(target).to_be_visible()
            reach = target.evaluate(REACH)
        assert reach is not None, f"{what} is not shown"
        now, seen, after = reach
        if self.taps:  # anything that scrolled the page since the last tap (the tap itself, a script)
            self.scroll_between += abs(now - self.last_y)
        if not seen:
            self.outside.append(what)
        if self.taps:
            self.scroll_between += abs(after - now)
        else:
            self.scroll_before += abs(after - now)
        self.last_y = after
        target.tap()
        self.taps += 1


def out_of_view(targets: Locator, name: str = "el => el.innerText.trim()", reach: str = "el => true") -> list[str]:
    """Those of ``targets`` not in view (``Tapper.in_view``) or not within ``reach`` (a page function: above
    the tab bar, say), each named by the page function ``name``, all in one call to the page. A call for each
    target and each check was 157 s of a 192 s walk of a four-player deal of Ninety-Nine (3,004 calls of
    about 52 ms at load 10-20: a trick's 52 cards checked before each of its four taps)."""
    return targets.evaluate_all(f"els => els.filter(e => !(({IN_VIEW})(e) && ({reach})(e))).map({name})")


def ready(page: Page) -> None:
    """Wait for the stylesheet and the deferred scripts, as a person waits for the page to settle."""
    page.wait_for_load_state("load")
    wait_until(page, "window.htmx !== undefined")


def wait_until(page: Page, expression: str, seconds: float = 30.0) -> None:
    """Poll a page expression from here until it is true. ``page.wait_for_function`` compiles its
    string inside the page, which the app's Content-Security-Policy (no 'unsafe-eval') refuses whenever
    the first check is false; an ``evaluate`` from here is the browser's own devtools call, which it
    allows."""
    for _ in range(int(seconds * 10)):
        if page.evaluate(expression):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"never true within {seconds} s: {expression}")


def tap_round(page: Page, steps: dict[int, list[str]]) -> None:
    """Tap the +/- buttons of each seat, then Record round; wait for the next round's form."""
    heading = page.get_by_role("heading", name=re.compile(r"^Round \d+$"))
    number = int(heading.inner_text().split()[-1])
    for seat, taps in steps.items():
        box = page.locator("[data-stepper]").nth(seat)
        for label in taps:
            box.get_by_role("button", name=re.compile(re.escape(label) + "$")).tap()
    page.get_by_role("button", name="Record round").tap()
    expect(page.get_by_role("heading", name=f"Round {number + 1}")).to_be_visible()


def open_tab(page: Page, tab: str) -> None:
    """Open a panel of the table's tab bar ("history" or "share"): since issue 27 the history, sharing and
    printing wait there, one tap away, instead of under the entry form."""
    box = page.locator(f"#tab-{tab}")
    toggle = box.locator("> .toggle")  # a button that says whether its panel is open (issue 33)
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.tap()
    expect(box.locator(".tab-panel")).to_be_visible()


def record(name: str) -> dict:
    return json.loads((RECORDS / f"{name}.json").read_text())


def import_until(page: Page, rec: dict, n: int) -> None:
    """A table from the record's first ``n`` events, this browser holding its scorer link: the record posted
    as the import page's form posts it (its CSRF token, the pasted text), with the browser's own cookies
    (``context.request``), then the table opened. The entries before a walk are not what it tests (the import
    page has its own tests: test_accessibility, test_one_screen); opening that page in the browser, filling
    it and waiting for the navigation were 1.5-2.8 s of each test at load 10-20."""
    cut = {**rec, "events": rec["events"][:n]}
    request = page.context.request
    token = re.search(r'name="csrf_token" value="([^"]+)"', request.get("/import").text())
    assert token, "no CSRF token on the import page"
    answer = request.post("/import", form={"csrf_token": token[1], "text": json.dumps(cut)}, max_redirects=0)
    assert answer.status == 302, f"the import answered {answer.status}: {answer.text()[:500]}"
    page.goto(answer.headers["location"])
    expect(page.locator("#table")).to_have_attribute("data-seq", str(n))
    page.wait_for_load_state("load")  # the deferred scripts (pickers.js) have run


def in_japanese(page: Page) -> None:
    """The page read in Japanese, switched from the header as a player does."""
    page.locator("header.bar a[lang=ja]").click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    ready(page)


def table_in(page: Page, rec: dict, events: int, lang: str) -> None:
    """The record's table after its first ``events`` entries, read in ``lang`` ("en" or "ja") as a player
    switches language from the header."""
    import_until(page, rec, events)
    if lang == "ja":
        in_japanese(page)
    else:
        ready(page)


# Whether the table comes to have ``seq`` events within ``ms``: true as soon as a swap gives it them (a
# MutationObserver sees the swap), false after ``ms``.
SEQ_SEEN = """([seq, ms]) => new Promise(done => {
  const has = () => document.querySelector('#table')?.getAttribute('data-seq') === seq;
  if (has()) return done(true);
  const watch = new MutationObserver(() => { if (has()) { watch.disconnect(); clearTimeout(late); done(true); } });
  const late = setTimeout(() => { watch.disconnect(); done(false); }, ms);
  watch.observe(document.documentElement, {subtree: true, childList: true, attributes: true, attributeFilter: ['data-seq']});
})"""


def entered(page: Page, n: int) -> None:
    """The table has ``n`` events: the play went in. Waited for in the page, until the swap that brings it
    (``SEQ_SEEN``): Playwright's ``expect`` alone polls 20, 50, 100, 100 ms apart, then every 500 ms, so an
    answer that took 300 ms was seen at 770 ms (``entered`` was 170-420 ms a call at load 12-20, a third of a
    whole walk's time). When the page never shows it, or goes elsewhere meanwhile (its context gone), the
    ``expect`` decides and says what it saw."""
    seen = False
    with suppress(PlaywrightError):
        seen = page.evaluate(SEQ_SEEN, [str(n), 10_000])
    if not seen:
        expect(page.locator("#table")).to_have_attribute("data-seq", str(n))


def pick(page: Page, picker: str, value: str) -> Locator:
    return page.locator(f"label.pick:has(input[name='{picker}'][value='{value}'])")


# --- one play per game: (record, index of the event to enter, how to tap it) --------------------------


def bingo_trick(page: Page, t: Tapper, ev: dict) -> None:
    t.tap(pick(page, "lead", ev["lead"]), "lead tile")
    t.tap(pick(page, "reply", ev["reply"]), "reply tile")
    t.tap(page.locator("#record-trick"), "Record trick")


def five_up_play(page: Page, t: Tapper, ev: dict) -> None:
    on_numbers = set(ev["on"].split("-")) & set(ev["tile"].split("-"))
    ends = page.locator(
        ", ".join(f"a.fu-end[data-on='{ev['on']}'][data-number='{n}']" for n in sorted(on_numbers))
    )
    t.tap(ends.first, "open end")
    t.tap(pick(page, "tile", "-".join(sorted(ev["tile"].split("-"), reverse=True))), "tile")
    t.tap(page.locator("#fu-play"), "Play it")


def ninety_nine_trick(page: Page, t: Tapper, ev: dict) -> None:
    for i, card in enumerate(ev["cards"]):
        t.tap(pick(page, f"cards.{i}", card), f"card {i + 1}")
    t.tap(page.locator("#record-trick"), "Record trick")


def trick_de_bingo_trick(page: Page, t: Tapper, ev: dict) -> None:
    for i, card in enumerate(ev["cards"]):
        t.tap(pick(page, f"cards.{i}", card), f"card {i + 1}")
    t.tap(page.locator("#record-trick"), "Record the trick")


BEAD_CROWDED = 32  # px: a board whose cells are drawn smaller zooms around the first tap on it (bead_game.js)


def bead_place(page: Page, t: Tapper, ev: dict, sight: Callable[[list[Locator]], None] = lambda cells: None) -> None:
    """The cell that takes the higher number, the other cell, the tile: placed by that tap (issue 27). The
    record's first number lies on the top/left cell: when it is the lower one, the bottom/right cell comes
    first. On a board too crowded for a thumb (cells under ``BEAD_CROWDED``) the first tap ticks its cell and
    zooms the board there. ``sight`` checks the two cells before the first tap and after the zoom."""
    a, b = (int(x) for x in ev["tile"].split("-"))
    cells = [
        (page.locator(f".bead-cell:has(input[value='{r},{c}'])"), f"cell {r},{c}")
        for r, c in (ev["cells"] if a >= b else reversed(ev["cells"]))
    ]
    sight([cell for cell, _ in cells])
    crowded = cells[0][0].evaluate("el => el.getBoundingClientRect().width") < BEAD_CROWDED
    t.tap(*cells[0])
    expect(cells[0][0].locator("input")).to_be_checked()
    if crowded:
        sight([cell for cell, _ in cells])
    t.tap(*cells[1])
    t.tap(pick(page, "tile", f"{max(a, b)}-{min(a, b)}"), "tile")


def nn_bid(page: Page, t: Tapper, ev: dict) -> None:
    for i, card in enumerate(ev["cards"]):
        t.tap(pick(page, "cards", card), f"bid card {i + 1}")
    t.tap(page.locator("#seal-bid"), "Seal my bid")


def tdb_pick(page: Page, t: Tapper, ev: dict) -> None:
    # the whole deck is on the screen as a grid of the numbers printed on the cards (issue 27)
    t.tap(page.locator(f"label.tdb-option:has(input[value='{ev['card']}'])"), "card")
    t.tap(page.locator(f".tdb-cells label:has(input[value='{ev['cell']}'])"), "cell")
    t.tap(page.locator("#place-card"), "Place the card")


PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "locale": "en-GB",
}


def seat_phone(scorer: Page, seat: int, viewport: dict | None = None) -> Page:
    """A second phone (a 390x844 one unless ``viewport`` says otherwise), opened on the seat link the
    scorer's phone holds (an imported table keeps them)."""
    href = scorer.locator(f"details.link[data-role='seat{seat}'] a.join-link").get_attribute("href")
    phone = scorer.context.browser.new_context(
        **{**PHONE, "viewport": viewport or PHONE["viewport"]}
    ).new_page()
    phone.goto(href)
    expect(phone.locator("#table")).to_be_visible()
    phone.wait_for_load_state("load")
    return phone


@dataclass(frozen=True)
class Play:
    game: str
    record: str
    index: int  # the event entered by tapping
    enter: object  # callable(page, tapper, event)
    target: int  # most taps allowed (issue 12 point 2)
    seat: int | None = None  # entered on this seat's own phone, not the scorer's


PLAYS = [
    Play("Bingo", "bingo-four-deals-to-eight", 3, bingo_trick, 3),
    Play("Five Up", "five-up-partners-to-61", 2, five_up_play, 3),
    Play("Ninety-Nine", "ninety-nine-three-player-game-to-100", 3, ninety_nine_trick, 4),
    Play("Trick de Bingo", "trick-de-bingo-one-round", 37, trick_de_bingo_trick, 5),
    Play("Domino Bead Game", "bead-game-two-hands", 3, bead_place, 3),
    Play("99 bid (seat)", "ninety-nine-three-player-game-to-100", 1, nn_bid, 4, seat=1),
    Play("TdB pick (seat)", "trick-de-bingo-one-round", 1, tdb_pick, 3, seat=0),
]


def play_once(page: Page, play: Play) -> Tapper:
    """Import the record up to the play, bring the entry into reach, tap the play; return the counts."""
    rec = record(play.record)
    import_until(page, rec, play.index)
    phone = page if play.seat is None else seat_phone(page, play.seat)
    try:
        t = Tapper(phone)
        play.enter(phone, t, rec["events"][play.index])
        entered(phone, play.index + 1)
    finally:
        if phone is not page:
            phone.context.close()
    return t


def cell_name(page: Page, r: int, c: int) -> str:
    """What the board cell at the record's coordinates ``r``, ``c`` is called now (its row and column
    as drawn, counted from 1 at the top left: the numbers shift as the board grows up or left)."""
    return page.locator(f"input[name=cell][value='{r},{c}']").first.get_attribute("aria-label") or ""
