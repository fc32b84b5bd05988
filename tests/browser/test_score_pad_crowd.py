"""A score pad for six or eight players on a phone (issue 27): each round one screen, in English and Japanese.

With 6 and 8 players "Record round" and the 6th-8th fields lay under the tab bar in the first rounds at every
size, the running rounds table pushed the form down round after round, the totals strip scrolled away, and at
360x740 the 8-player answer sat under the header. Now every player is one row (the name beside -1, the number
and +1), the rounds wait in History (its race table), and the totals, the answer, every field and Record round
share the screen: the walk taps each field as a player does, typing the points, with "±" for a minus.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from .plays import PHONE, Tapper, entered, import_until, in_japanese, open_tab, ready
from .targets import under_a_thumb

pytestmark = pytest.mark.browser

NAMES = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fay", "Gus", "Hana"]
SIZES = [(360, 740), (390, 844), (430, 932)]

# Each of the targets (by id or name) not wholly below the sticky header, above the tab bar and uncovered.
OUT_OF_REACH = """els => {
  const bar = document.querySelector('header.bar'), tabs = document.querySelector('.table-tabs');
  const top = bar.getBoundingClientRect().bottom, bottom = tabs.getBoundingClientRect().top;
  return els.filter(e => { const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.height === 0 || r.top < top - 1 || r.bottom > bottom + 1 || !hit || !(e.contains(hit) || hit.contains(e)); })
    .map(e => e.id || e.getAttribute('aria-label') || e.innerText.trim()); }"""


def points(n: int, seat: int) -> int:
    """Round ``n``'s points for ``seat``: a spread of minus, zero and plus, the same on every run."""
    return (n * 7 + seat * 5) % 23 - 9


# Eight players at every size in both languages; six (the same crowded form, from five players on: two rows
# fewer, the same totals strip with two names fewer) once, on the hardest phone, 360x740 in Japanese.
CROWDS = [(8, size, lang) for lang in ("en", "ja") for size in SIZES] + [(6, (360, 740), "ja")]


@pytest.mark.parametrize(("players", "size", "lang"), CROWDS, ids=[f"{lang}-{w}x{h}-{n}" for n, (w, h), lang in CROWDS])
def test_each_round_of_a_crowded_pad_is_one_screen(
    browser: Browser, base_url: str, players: int, size, lang: str
):
    """Five rounds: before each, every field, step and Record round is 44x44 px or more and in reach with
    nothing scrolled; a tap on each field, the points typed (a minus by "±", before or after the number),
    Record round; the page never moved, and the answer and the totals are in view after it."""
    width, height = size
    context = browser.new_context(
        base_url=base_url, **{**PHONE, "viewport": {"width": width, "height": height}}
    )
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        names = NAMES[:players]
        pad = {
            "format": "referee-record",
            "version": 1,
            "game": "score-pad",
            "players": names,
            "options": {"target": 1000},  # the longer heading ("Round 1 · playing to 1000"); never reached
            "events": [],
        }
        import_until(page, pad, 0)
        if lang == "ja":
            in_japanese(page)
        else:
            ready(page)
        expect(page.locator("#table .entry h2")).to_contain_text("1000")
        for n in range(1, 6):
            where = f"{players} players, round {n} at {width}x{height} {lang}"
            targets = page.locator("#table .entry").locator("input[name=points], button")
            assert under_a_thumb(targets) == [], where
            assert targets.evaluate_all(OUT_OF_REACH) == [], where
            t = Tapper(page)
            y = t.scroll_y()
            for seat in range(players):
                p = points(n, seat)
                sign = page.locator(f"[data-stepper]:has(#points-{seat}) [data-step=sign]")
                if p < 0 and n % 2:
                    t.tap(sign, f"{names[seat]}'s ±")
                t.tap(page.locator(f"#points-{seat}"), f"{names[seat]}'s points")
                page.keyboard.type(str(abs(p)))
                if p < 0 and not n % 2:
                    t.tap(sign, f"{names[seat]}'s ±")
                expect(page.locator(f"#points-{seat}")).to_have_value(str(p))
            t.tap(page.locator("#record-round"), "Record round")
            entered(page, n)
            assert t.outside == [] and t.scroll_before == 0 and t.scroll_between == 0, f"{where}: {t.outside}"
            assert t.taps == players + 1 + sum(points(n, s) < 0 for s in range(players))
            assert t.scroll_y() == y, f"{where}: the page moved by itself after the round"
            expect(page.locator("#answer .answer-last")).to_be_visible()
            shown = page.locator("#answer .answer-last, .totals").evaluate_all(OUT_OF_REACH)
            assert shown == [], f"{where}: out of view after Record round: {shown}"
        totals = [sum(points(n, s) for n in range(1, 6)) for s in range(players)]
        expect(page.locator(".total .score")).to_have_text([str(x).replace("-", "−") for x in totals])
        open_tab(page, "history")  # the rounds, one tap away: the race table's latest row is round 5
        expect(page.locator(".race-table tbody tr").last.locator("th")).to_have_text("5")
        assert errors == []
    finally:
        context.close()
