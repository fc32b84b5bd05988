"""The director's screen of a club session (issue 17) in Chromium: it follows a table live."""

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.test_score_pad import ready, tap_round

pytestmark = pytest.mark.browser


def test_the_director_screen_follows_a_scorer_and_opens_the_table(
    page: Page, browser: Browser, base_url: str
):
    made = page.request.post(
        f"{base_url}/api/v1/sessions", data={"name": "Friday club", "players": ["Aki", "Ben", "Chie", "Dai"]}
    )
    assert made.status == 201
    session = made.json()
    auth = {"Authorization": f"Bearer {session['director_token']}"}
    tables = [
        page.request.post(
            f"{base_url}/api/v1/sessions/{session['id']}/tables",
            data={"game": "score-pad", "players": players},
            headers=auth,
        ).json()
        for players in (["Aki", "Ben"], ["Chie", "Dai"])
    ]

    tv = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        board = tv.new_page()
        board.goto(session["url"])
        ready(board)
        expect(board.get_by_role("heading", name="Friday club")).to_be_visible()
        second = board.locator("[data-table='2']")
        expect(second.locator(".score")).to_have_text(["0", "0"])

        page.goto(tables[1]["scorer_url"])  # the scorer of table 2 on a phone
        ready(page)
        tap_round(page, {0: ["plus 5"], 1: ["plus 1"]})

        # the poll brought it (a generous wait: a loaded machine, or a page the browser counts as hidden,
        # polls less often; this waits on the condition, it does not time the update)
        expect(second.locator(".score")).to_have_text(["5", "1"], timeout=20_000)
        expect(second.locator(".board-progress")).to_contain_text("Round 1")
        expect(board.locator("[data-table='1'] .score")).to_have_text(["0", "0"])

        second.click()
        expect(board).to_have_url(re.compile(rf"/t/{tables[1]['id']}$"))
        expect(board.locator(".total .score")).to_have_text(["5", "1"])
        expect(board.get_by_role("button", name="Record round")).to_have_count(
            0
        )  # read-only for the director
    finally:
        tv.close()
