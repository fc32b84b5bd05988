"""What a screen reader says unasked at a table of several phones (issue 33): another phone's entry is
said once, politely, in the page's own live region (#announce); a correction that waits for this phone
is said at once (#alarm, assertive); the player's own entry is not repeated there (its answer says it).

Each live region's changes are recorded by a MutationObserver in the page, so the test counts what a
screen reader was given, not what is on screen at the end."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from .plays import PHONE, open_tab, ready, tap_round

pytestmark = pytest.mark.browser

LISTEN = """() => {
  window.said = {announce: [], alarm: []};
  for (const id of ['announce', 'alarm']) {
    const region = document.getElementById(id);
    new MutationObserver(() => { if (region.textContent) window.said[id].push(region.textContent); })
      .observe(region, {childList: true, characterData: true, subtree: true});
  }
}"""


def said(page: Page) -> dict[str, list[str]]:
    return page.evaluate("window.said")


def test_another_phones_entry_is_said_once_and_a_waiting_correction_at_once(
    page: Page, browser: Browser, base_url: str
):
    made = page.request.post(
        "/api/v1/tables", data={"game": "score-pad", "players": ["Aki", "Ben"], "confirm_corrections": True}
    ).json()
    page.goto(made["scorer_url"])
    ready(page)
    ben = browser.new_context(base_url=base_url, **PHONE).new_page()
    try:
        ben.goto(f"/t/{made['id']}/join/{made['seat_tokens'][1]}")
        ready(ben)
        for phone in (page, ben):
            expect(phone.locator("#announce")).to_be_empty()
            expect(phone.locator("#alarm")).to_be_empty()
            phone.evaluate(LISTEN)

        tap_round(page, {0: ["plus 5"], 1: ["plus 1"]})  # Aki's phone, the scorer's
        expect(ben.locator(".total .score")).to_have_text(["5", "1"])
        ben.wait_for_function("window.said.announce.length > 0")
        [entry] = said(ben)["announce"]
        assert entry == "Recorded: A round: Aki +5, Ben +1"
        assert said(page) == {"announce": [], "alarm": []}  # the scorer's own tap: its answer says it

        # The scorer corrects round 1; at this table Ben confirms it, so Ben's phone says so at once.
        open_tab(page, "history")
        page.locator("a.edit").first.click()
        page.get_by_role("button", name="Aki plus 1").tap()
        page.get_by_role("button", name="Save the correction").click()
        expect(ben.locator(".pending-correction")).to_have_count(1)
        ben.wait_for_function("window.said.alarm.length > 0")
        assert len(said(ben)["alarm"]) == 1 and "proposes" in said(ben)["alarm"][0]
        # many polls came and went meanwhile: the entry was said once
        assert said(ben)["announce"] == [entry]
    finally:
        ben.context.close()
