"""A past moment of a table on a phone (headless Chromium, 390x844): the history links to it, the step
links walk entries and deals, nothing can be recorded there, and "Back to now" returns to the table."""

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .plays import open_tab

pytestmark = pytest.mark.browser

RECORD = json.loads((Path(__file__).parents[1] / "records" / "bingo-four-deals-to-eight.json").read_text())


def test_walking_through_a_bingo_match(page: Page, base_url: str):
    table = page.request.post(f"{base_url}/api/v1/records", data=RECORD).json()
    page.goto(f"/t/{table['id']}")
    open_tab(page, "history")
    page.locator("li[data-seq='5'] a.moment-link").tap()
    moment = page.locator("#moment")
    expect(moment).to_have_attribute("data-at", "5")
    page.wait_for_load_state("load")  # measured with its stylesheets applied, not mid-load on a busy machine
    assert page.evaluate("[innerWidth, innerHeight]") == [390, 844]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    expect(page.locator("input[name=based_on]")).to_have_count(0)  # nothing to record at a past moment
    page.locator("[data-step=entry] a[data-dir=next]").tap()
    expect(moment).to_have_attribute("data-at", "6")
    deals = [i + 1 for i, e in enumerate(RECORD["events"]) if e["type"] == "deal"]
    page.locator("[data-step=deal] a[data-dir=next]").tap()
    expect(moment).to_have_attribute("data-at", str(deals[1]))
    page.locator("[data-step=entry] a[data-dir=previous]").tap()
    expect(moment).to_have_attribute("data-at", str(deals[1] - 1))
    page.locator("#back-to-now").tap()
    expect(page.locator("#table")).to_have_attribute("data-seq", str(len(RECORD["events"])))
