"""Every page type, read by a screen reader and by tired eyes (issue 33), in one walk per language.

axe-core (shipped inside ``axe-playwright-python``: no download at run time) runs over each page type
as a phone opens it: the start page, each game's table page mid-game (and with its history and share
panels open), a seat's private page, a moment of the history (the dispute view), a correction, the big
screen, the quick checks, the print page, the club, its roster, a player's page, a session's director
page (with a round paired, its table cards), a Trick de Bingo card and the custom-card page, the bead
game's legal-places page, the quick check with a photo read; each sheet and tab panel opened in turn. No serious or
critical violation is allowed, and no minor or moderate one either (there are none today, so any is new).

The same pages at 320 px wide with the text at 200% (the root font size doubled, as a browser's text
setting does) must not scroll sideways, and no two visible controls may overlap there.
"""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from referee.sight.render import render

from .plays import PHONE, import_until, open_tab, ready, record, tap_round

pytestmark = pytest.mark.browser

AXE = Axe()

GAMES = [  # a golden record cut mid-game: the table page as it looks while being played
    ("bingo-four-deals-to-eight", 5),
    ("five-up-partners-to-61", 6),
    ("ninety-nine-three-player-game-to-100", 6),
    ("trick-de-bingo-one-round", 40),
    ("bead-game-two-hands", 5),
]

PHOTO = 1_000_371  # the photo of tests/browser/test_photo_check.py: five tiles read, one unsure

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


def pages_of_a_game_night(page: Page) -> tuple[list[str], list[str]]:
    """Make the tables, club and session the walk visits; return (scorer's pages, a seat phone's pages)."""
    scorer: list[str] = ["/", "/new/bingo", "/import", "/check", "/print", "/clubs/new", "/sessions/new"]
    seat: list[str] = []
    for name, n in GAMES:
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
    page.goto("/new/score-pad")
    for i, player in enumerate(("Aki", "Ben")):
        page.locator("input[name=players]").nth(i).fill(player)
    page.get_by_role("button", name="Start the table").click()
    ready(page)
    tap_round(page, {0: ["plus 5"], 1: ["plus 1"]})
    scorer.append(page.url)

    page.goto("/clubs/new")
    page.get_by_label("Club name").fill("Kobe Domino Club")
    page.get_by_label("Players, one name per line").fill("Aki\nBen\nChie")
    page.get_by_role("button", name="Start the club").click()
    club = page.url.split("?")[0]
    page.get_by_label("Session name").fill("Friday")
    page.get_by_label("Aki").check()
    page.get_by_label("Ben").check()
    page.get_by_role("button", name="Start the session").click()
    expect(page.get_by_role("heading", name="Friday")).to_be_visible()
    # a paired round: the director page with its round's table cards, the player page with its next table
    page.get_by_label("Game").last.select_option("score-pad")
    page.get_by_role("button", name="Pair the round").click()
    expect(page.get_by_role("link", name="Table cards for round 1 (PDF)")).to_be_visible()
    scorer += [club, f"{club}/players", f"{club}/players/0", page.url]
    return scorer, seat


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
        for v in AXE.run(page, context=f"#{state}" if state else None).response["violations"]:
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


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_page_type_reads_well_and_fits_large_text(
    page: Page, browser: Browser, base_url: str, lang: str
):
    scorer, seats = pages_of_a_game_night(page)
    phone = browser.new_context(base_url=base_url, **PHONE).new_page()
    problems: list[str] = []
    try:
        for p in (page, phone):
            p.goto(f"/lang/{lang}?next=/")
        for url in scorer:
            check(page, url, problems)
        page.goto("/check")  # the quick check with a photo of a trick pile read (issue 31)
        page.locator("[data-photo-for=won0] input[type=file]").set_input_files(
            {"name": "pile.jpg", "mimeType": "image/jpeg", "buffer": render(PHOTO).jpeg}
        )
        expect(page.locator("fieldset[data-picker=won0] .photo-maybe")).to_have_count(2)  # 3-1 or 5-3
        examine(page, "/check with a photo read", problems)
        for url in seats:  # each link makes this phone that seat's: the page it redirects to is private
            check(phone, url, problems)
    finally:
        phone.context.close()
    assert not problems, "\n".join(problems)


LOOK = """() => [getComputedStyle(document.querySelector('.total .score')).fontSize,
                 getComputedStyle(document.querySelector('.picker.cards .card.suit-D')).color,
                 getComputedStyle(document.querySelector('.picker.cards .card.suit-H')).color]"""


def test_large_numbers_and_a_four_colour_deck_are_kept_on_the_phone(page: Page):
    import_until(page, record("ninety-nine-three-player-game-to-100"), 3)
    table = page.url
    size, diamonds, hearts = page.evaluate(LOOK)
    assert diamonds == hearts  # the usual deck: red and black
    page.goto("/")
    for name in ("Large numbers", "Four-colour deck"):
        button = page.get_by_role("button", name=name)
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
    page.goto(table)
    big, four_diamonds, four_hearts = page.evaluate(LOOK)
    assert float(big.removesuffix("px")) > 1.5 * float(size.removesuffix("px"))
    assert four_diamonds != four_hearts and four_hearts == hearts
    page.goto("/")
    page.get_by_role("button", name="Large numbers").click()  # and off again
    page.goto(table)
    assert page.evaluate(LOOK)[:2] == [size, four_diamonds]
