"""The director's screen follows a table within a second of an entry (issue 27), also when the browser
counts it hidden (a window behind another: Chrome reports occluded windows hidden), where phones poll
only every 5 s. A scorer's phone and the director's screen in two browser contexts; the lag from the
scorer's answer to the board showing it is measured in the pages (one clock: both run on this machine)."""

import time

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.plays import ready, tap_round

pytestmark = pytest.mark.browser

# The board as the browser sees a window behind another one.
HIDDEN = "Object.defineProperty(document, 'hidden', { get: () => true });"
# When the board first shows table 1's new score (a MutationObserver, so no poll of ours adds to it).
WATCH = """() => { window.seenAt = null;
  new MutationObserver(() => {
    const score = document.querySelector("[data-table='1'] .score");
    if (score && score.textContent.trim() === "5" && window.seenAt === null) window.seenAt = Date.now();
  }).observe(document.body, { subtree: true, childList: true, characterData: true }); }"""


def test_the_director_screen_shows_a_new_entry_within_a_second_even_when_hidden(
    page: Page, browser: Browser, base_url: str
):
    made = page.request.post(f"{base_url}/api/v1/sessions", data={"name": "Friday club", "players": ["Aki", "Ben"]})
    session = made.json()
    table = page.request.post(
        f"{base_url}/api/v1/sessions/{session['id']}/tables",
        data={"game": "score-pad", "players": ["Aki", "Ben"]},
        headers={"Authorization": f"Bearer {session['director_token']}"},
    ).json()

    tv = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        tv.add_init_script(HIDDEN)
        board = tv.new_page()
        polls: list[float] = []
        board.on("request", lambda r: polls.append(time.monotonic()) if "/live?" in r.url else None)
        board.goto(session["url"])
        ready(board)
        assert board.evaluate("document.hidden") is True
        board.evaluate(WATCH)
        # Its pace: every 0.7 s (plus the answer's time), not the 5 s of a hidden phone. Over 6 s that is
        # about 8 polls; 4 leaves room for a loaded machine, and a 5 s pace makes at most 2. The 6 s end
        # when the fourth poll is asked for (about 2.8 s on an idle machine), not on the clock.
        start = time.monotonic()
        while len([t for t in polls if t >= start]) < 4 and time.monotonic() - start < 6:
            board.wait_for_timeout(100)
        assert len([t for t in polls if start <= t < start + 6]) >= 4

        page.goto(table["scorer_url"])
        ready(page)
        page.evaluate("document.body.addEventListener('htmx:afterRequest', () => { window.answeredAt = Date.now(); })")
        tap_round(page, {0: ["plus 5"], 1: ["plus 1"]})
        # polled from here: wait_for_function compiles its string in the page, which the board's CSP may refuse
        for _ in range(200):
            if board.evaluate("window.seenAt") is not None:
                break
            board.wait_for_timeout(100)
        lag = board.evaluate("window.seenAt") - page.evaluate("window.answeredAt")
        print(f"director lag {lag} ms")
        # within one poll (0.7 s) and its answer, with a generous allowance for a loaded machine
        assert lag < 2_500
    finally:
        tv.close()
