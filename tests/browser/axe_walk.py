"""The accessibility walk (issue 33) that tests/browser/test_accessibility*.py run over their page
groups, one file per group so that the two test workers share the walk: axe-core (shipped inside
``axe-playwright-python``: no download at run time) over each page as a phone opens it and each sheet
and tab panel opened in turn, no violation of any impact allowed (there are none today, so any is new);
then the page at 320 px wide with the text at 200% (the root font size doubled, as a browser's text
setting does) must not scroll sideways, and no two visible controls may overlap there."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import DEFAULT_OPTIONS, Axe
from playwright.sync_api import Browser, Page

from .plays import PHONE, import_until, open_tab, record

AXE = Axe()

# axe-core's 572 kB script goes into a page once per load, not again before each run: Axe.run sent it before
# every run (the page, then each of its panels), 2 of each run's 3 calls to the page and most of a walk's time.
RUN = "([context, options]) => context ? axe.run(context, options) : axe.run(options)"


def violations(page: Page, context: str | None) -> list[dict]:
    """axe over ``context`` (a selector; the whole page when None), as ``Axe.run`` does it (its options: the
    violations only), its script put into the page first when the page has not got it yet."""
    if not page.evaluate("window.axe !== undefined"):
        page.evaluate(AXE.axe_script)
    return page.evaluate(RUN, [context, DEFAULT_OPTIONS])["violations"]

WIDE = "document.scrollingElement.scrollWidth - window.innerWidth"

CONTROLS = "a[href], button, summary, label, input:not([type=hidden]), select, textarea"

# Pairs of visible controls whose boxes overlap by more than a pixel each way. A box counts only where
# it shows: cut to every scrolling or clipping box around it (a bead board's cells scrolled out of the
# board are not over the button below it), and a sticky or fixed bar is let down into its place in the
# page (it floats over what scrolls under it by design). A control and its own label are one target.
OVERLAPS = """(selector) => {
  const sticky = [...document.querySelectorAll('*')].filter(el => ['sticky', 'fixed'].includes(getComputedStyle(el).position));
  sticky.forEach(el => el.style.setProperty('position', 'relative', 'important'));
  const shown = el => {
    let r = el.getBoundingClientRect();
    let [l, t, ri, b] = [r.left, r.top, r.right, r.bottom];
    for (let a = el.parentElement; a; a = a.parentElement) {
      if (getComputedStyle(a).overflow === 'visible') continue;
      const c = a.getBoundingClientRect();
      l = Math.max(l, c.left); t = Math.max(t, c.top); ri = Math.min(ri, c.right); b = Math.min(b, c.bottom);
    }
    return {left: l, top: t, right: ri, bottom: b};
  };
  const boxes = [...document.querySelectorAll(selector)]
    .filter(el => el.checkVisibility({visibilityProperty: true, opacityProperty: true}))
    .map(el => [el, shown(el)]).filter(([, r]) => r.right - r.left > 1 && r.bottom - r.top > 1);
  const name = el => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : ''} "${(el.getAttribute('aria-label') || el.innerText || el.value || el.getAttribute('href') || '').trim().slice(0, 30)}"`;
  const over = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, ra] = boxes[i], [b, rb] = boxes[j];
    if (a.contains(b) || b.contains(a) || (a.labels && [...a.labels].includes(b)) || (b.labels && [...b.labels].includes(a))) continue;
    const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left), h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
    if (w > 1 && h > 1) over.push(`${name(a)} / ${name(b)} (${w.toFixed(0)}x${h.toFixed(0)} px)`);
  }
  sticky.forEach(el => el.style.removeProperty('position'));
  return over;
}"""


def tables(page: Page, games: list[tuple[str, int]]) -> tuple[list[str], list[str]]:
    """Each golden record cut mid-game (the table page as it looks while being played): (the scorer's
    pages of each table, a seat phone's page of each)."""
    scorer: list[str] = []
    seat: list[str] = []
    for name, n in games:
        rec = record(name)
        import_until(page, rec, n)
        table = page.url.split("?")[0]
        scorer += [table, f"{table}?at=2", f"{table}/screen", f"{table}/correct/{n - 1}"]
        open_tab(page, "share")
        seat.append(page.locator("details.link[data-role='seat0'] a.join-link").get_attribute("href") or "")
        if name.startswith("trick-de-bingo"):
            scorer += [f"/c/{rec['events'][1]['card']}", f"{table}/trick-de-bingo/custom"]
        if name.startswith("bead-game"):
            scorer.append(f"{table}/bead-game/legal")
    return scorer, seat


def table_walk(games: list[tuple[str, int]]):
    """The test of a file of table pages, in each language: its module binds it to its own name,
    ``test_every_table_page_reads_well_and_fits_large_text = table_walk(GAMES)``."""

    @pytest.mark.parametrize("lang", ["en", "ja"])
    def test(page: Page, browser: Browser, base_url: str, lang: str) -> None:
        walk(page, browser, base_url, lang, *tables(page, games))

    return test


def walk(page: Page, browser: Browser, base_url: str, lang: str, scorer: list[str], seats: list[str],
         more=None) -> None:  # fmt: skip
    """Examine the scorer's pages on ``page`` and each seat's link on a phone of its own (the page the
    link redirects to is private), in ``lang``; ``more(page, problems)`` examines what needs more than
    opening an address. Every problem is listed at the end."""
    phone = browser.new_context(base_url=base_url, **PHONE).new_page()
    problems: list[str] = []
    try:
        for p in (page, phone):
            p.goto(f"/lang/{lang}?next=/")
        for url in scorer:
            check(page, url, problems)
        if more:
            more(page, problems)
        for url in seats:
            check(phone, url, problems)
    finally:
        phone.context.close()
    assert not problems, "\n".join(problems)


def check(page: Page, url: str, problems: list[str]) -> None:
    page.goto(url)
    page.wait_for_load_state("load")
    examine(page, url, problems)


def examine(page: Page, url: str, problems: list[str]) -> None:
    """axe over the page as it is, then with each panel that opens over it (a sheet: the Bingo plays, the
    Five Up layout...; the tab bar's History and Share), then the page at 320 px and 200% text."""
    toggles = page.locator(".sheet > .toggle, .tab > .toggle")
    states = [""] + toggles.evaluate_all("els => els.map(el => el.getAttribute('aria-controls'))")
    for state in states:
        if state:  # opened as a tap would, without waiting on a tap (a live update may be swapping)
            page.locator(f".toggle[aria-controls='{state}']").evaluate("el => el.click()")
        # with a panel open, only the panel is new
        for v in violations(page, f"#{state}" if state else None):
            targets = [n["target"] for n in v["nodes"]][:3]
            problems.append(f"{url} {state} axe {v['id']} ({v['impact']}): {targets}")
    page.set_viewport_size({"width": 320, "height": 640})
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    if (wide := page.evaluate(WIDE)) > 1:
        problems.append(f"{url} at 320 px and 200% text scrolls sideways by {wide} px")
    problems += [
        f"{url} at 320 px and 200% text: {pair} overlap" for pair in page.evaluate(OVERLAPS, CONTROLS)
    ]
    page.set_viewport_size(PHONE["viewport"])
