"""A correction opens as a sheet over the play surface (issue 27): the history's "Correct" link brings
it without leaving the page or moving it; saving closes it and the answer says "Corrected:"; Cancel
closes it with nothing sent. On a 390x844 phone with touch, with a clean console."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.plays import open_tab, ready, tap_round

pytestmark = pytest.mark.browser


def test_a_correction_is_a_sheet_over_the_table(page: Page, base_url: str):
    made = page.request.post(f"{base_url}/api/v1/tables", data={"game": "score-pad", "players": ["Aki", "Ben"]}).json()
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
    assert answer.evaluate("el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }")
    expect(page.locator(".total .score")).to_have_text(["7", "6"])
    assert page.url == address
    assert errors == []
