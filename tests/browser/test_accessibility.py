"""Every page type, read by a screen reader and by tired eyes (issue 33), one walk per language and page
group (tests/browser/axe_walk.py): this file the site's pages, the score pad, the club and the session;
test_accessibility_dominoes.py and test_accessibility_cards.py each game's table pages.

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
from playwright.sync_api import Browser, Page, expect

from referee.sight.render import render

from .axe_walk import examine, walk
from .plays import import_until, ready, record, tap_round

pytestmark = pytest.mark.browser

PHOTO = 1_000_455  # the photo of tests/browser/test_photo_check.py: six tiles read, one unsure


def pages_of_a_game_night(page: Page) -> list[str]:
    """Make the score pad table, club and session the walk visits; return the scorer's pages."""
    scorer: list[str] = ["/", "/new/bingo", "/import", "/check", "/print", "/clubs/new", "/sessions/new"]
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
    return scorer


def photo_read(page: Page, problems: list[str]) -> None:
    """The quick check with a photo of a trick pile read (issue 31)."""
    page.goto("/check")
    page.locator("[data-photo-for=won0] input[type=file]").set_input_files(
        {"name": "pile.jpg", "mimeType": "image/jpeg", "buffer": render(PHOTO).jpeg}
    )
    expect(page.locator("fieldset[data-picker=won0] .photo-maybe")).to_have_count(2)  # 6-1 or 6-0
    examine(page, "/check with a photo read", problems)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_page_type_reads_well_and_fits_large_text(
    page: Page, browser: Browser, base_url: str, lang: str
):
    walk(page, browser, base_url, lang, pages_of_a_game_night(page), [], photo_read)


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
