"""The new-table form on a phone (390x844): options in words, the common ones first, the rest folded,
and "Start the table" in reach without scrolling past the options (a sticky bar)."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", ["five-up", "bingo", "ninety-nine", "trick-de-bingo"])
def test_start_is_in_reach_and_rare_options_are_folded(page: Page, game: str):
    page.goto(f"/new/{game}")
    start = page.get_by_role("button", name="Start the table")
    expect(start).to_be_in_viewport()  # before any scrolling, with every option on the page
    more = page.locator("details.more-options")
    expect(more).not_to_have_attribute("open", "")
    more.locator("> summary").tap()
    expect(more).to_have_attribute("open", "")
    more.locator("input").last.scroll_into_view_if_needed()
    expect(start).to_be_in_viewport()  # still there at the bottom of the options


def test_an_exclusive_choice_is_one_radio_group(page: Page):
    page.goto("/new/five-up")
    for i, name in enumerate(("Aki", "Ben")):
        page.locator("input[name=players]").nth(i).fill(name)
    group = page.locator("fieldset[data-group=handSize]")
    group.locator("input[value=handSizeLeeflang]").tap()
    group.locator("input[value=handSize5All]").tap()  # a second tap moves the choice, never two
    expect(group.locator("input:checked")).to_have_count(1)
    expect(group.locator("input[value=handSize5All]")).to_be_checked()
    page.get_by_role("button", name="Start the table").tap()
    expect(page.locator("#table")).to_be_visible()


# The form's values as it would send them: what a tap must not change.
VALUES = "form => [...new FormData(form)].map(([k, v]) => `${k}=${v}`).sort()"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_options_why_opens_without_changing_the_option(page: Page, lang: str):
    """At 360x740 a tap on an option's "why?" (a check box's, a choice's, a number's) opens the rule in words and
    leaves every option as it was: inside the option's <label> (issue 27) a tap on it could toggle the option."""
    page.set_viewport_size({"width": 360, "height": 740})
    if lang == "ja":
        page.context.set_extra_http_headers({"Accept-Language": "ja"})
    page.goto("/new/five-up")
    page.locator("details.more-options > summary").tap()
    form = page.locator("form:has(.options)")
    before = form.evaluate(VALUES)
    whys = page.locator(".options .option details.why")
    assert whys.count() >= 5
    for i in range(whys.count()):
        why = whys.nth(i)
        assert why.evaluate("el => !el.closest('label, legend')"), i  # beside its label, not in it
        why.locator("> summary").scroll_into_view_if_needed()
        why.locator("> summary").tap()
        expect(why).to_have_attribute("open", "")
        expect(why.locator(".rule-words")).to_be_visible()
        assert form.evaluate(VALUES) == before, f"a tap on why? {i} changed an option"
