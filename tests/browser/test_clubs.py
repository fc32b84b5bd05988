"""Club pages on a phone (issue 17): the director starts a session from the club's roster, and a
player's history reads as sentences, all within the phone's width."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.browser.plays import ready
from tests.browser.targets import under_a_thumb
from tests.web.test_sessions import golden

pytestmark = pytest.mark.browser
AXE = Axe()


def fits(page: Page) -> None:
    """Nothing wider than the phone: no sideways scrolling."""
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth + 1")


def test_a_club_on_a_phone_from_a_session_to_a_players_history(page: Page, base_url: str):
    page.goto(f"{base_url}/clubs/new")
    page.get_by_label("Club name").fill("Kobe Domino Club")
    page.get_by_label("Players, one name per line").fill("Aki\nBen\nChie")
    page.get_by_role("button", name="Start the club").click()
    expect(page.get_by_role("heading", name="Kobe Domino Club")).to_be_visible()
    fits(page)
    assert under_a_thumb(page.locator(".club-players a")) == []  # "Ann" was 33x20 px (newplayer10 #37)

    page.get_by_label("Session name").fill("Friday")
    page.get_by_label("Aki").check()
    page.get_by_label("Ben").check()
    page.get_by_role("button", name="Start the session").click()
    ready(page)
    expect(page.get_by_role("heading", name="Friday")).to_be_visible()  # the director's screen

    # A finished Bingo table, imported into the session with its director token (from the club's API).
    club_id = page.get_by_role("link", name="Players' pages").get_attribute("href").split("/")[2]
    page.goto(f"{base_url}/club/{club_id}")
    session_url = page.get_by_role("link", name="Friday").get_attribute("href")
    token = session_url.split("token=")[1]
    session_id = session_url.split("/s/")[1].split("?")[0]
    made = page.request.post(
        f"{base_url}/api/v1/sessions/{session_id}/records",
        data=golden("records/bingo-four-deals-to-eight.json", ["Aki", "Ben"]),
        headers={"Authorization": f"Bearer {token}"},
    )
    assert made.status == 201

    page.goto(f"{base_url}/club/{club_id}")
    assert under_a_thumb(page.locator(".club-sessions > li > a")) == []
    page.goto(f"{base_url}/club/{club_id}/players")
    assert under_a_thumb(page.locator(".club-players a")) == []
    page.get_by_role("link", name="Aki").click()
    expect(page.get_by_role("heading", name="Aki")).to_be_visible()
    expect(page.get_by_text("Aki has finished 1 game at this club and won 1.")).to_be_visible()
    expect(page.locator("tr[data-game='bingo'] .history-notes")).to_have_text("3 claims made; 0 failed.")
    fits(page)
    # the table just finished heads Aki's recent tables, its rating change within the phone's width (issue 32)
    expect(page.locator(".recent li").first).to_contain_text("Bingo against Ben: won.")
    page.set_viewport_size({"width": 320, "height": 640})
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    expect(page.locator(".recent .rating-change").first).to_be_visible()
    fits(page)

    # the rating chart is drawn into the page (a data: image, which the CSP allows), and axe finds nothing
    # wrong with the ratings, the recent tables and the head-to-head, in both languages (issue 32)
    page.set_viewport_size({"width": 390, "height": 844})
    for lang in ("en", "ja"):
        page.goto(f"{base_url}/lang/{lang}?next=/club/{club_id}/players/0")
        page.wait_for_load_state("load")
        chart = page.locator("figure.rating-chart img")
        expect(chart).to_have_count(1)
        assert chart.evaluate("img => img.complete && img.naturalWidth > 0")
        for part in (".ratings", ".recent-tables", ".head-to-head"):
            violations = AXE.run(page, context=part).response["violations"]
            assert violations == [], (lang, part, [(v["id"], [n["target"] for n in v["nodes"]]) for v in violations])
