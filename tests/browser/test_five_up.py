"""Five Up on a phone (390x844, headless Chromium): a spinner opened on all four sides, entered by
tapping open ends on the layout picture, then a tile in the picker."""

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.plays import (
    PHONE,
    Tapper,
    entered,
    import_until,
    in_japanese,
    pick,
    ready,
    record,
    table_in,
)

pytestmark = pytest.mark.browser


def start_table(page: Page, names=("Aki", "Ben", "Chie", "Dai")) -> None:
    page.goto("/new/five-up")
    for i, name in enumerate(names):
        page.locator("input[name=players]").nth(i).fill(name)
    page.get_by_role("button", name="Start the table").tap()
    expect(page.locator("#table")).to_be_visible()


def tap_end(page: Page, on: str, number: int) -> None:
    page.locator(f"a.fu-end[data-on='{on}'][data-number='{number}']").first.tap()
    expect(page.get_by_role("button", name="Play it")).to_be_visible()


def play(page: Page, tile: str) -> None:
    page.locator(f"label.pick:has(input[name=tile][value='{tile}'])").tap()
    page.get_by_role("button", name="Play it").tap()
    expect(page.locator(f".fu-tile[data-tile='{tile}']")).to_have_count(1)


def play_on(page: Page, on: str, number: int, tile: str) -> None:
    """Tap the open end ``number`` of the tile ``on``, then ``tile``: it joins the layout there. The page
    never moves by itself between these taps nor when the answer comes: the sheet opens over the page,
    which keeps its place (issue 27: it jumped 63-157 px for a player scrolled down to the draw)."""
    y = page.evaluate("scrollY")
    tap_end(page, on, number)
    assert page.evaluate("scrollY") == y, "the page moved when the end was tapped"
    play(page, tile)
    assert page.evaluate("scrollY") == y, "the page moved when the tile was played"
    expect(page.locator("#answer .answer-verdict")).to_be_in_viewport()


def scrolled_down_to(page: Page, on: str, number: int) -> None:
    """Scroll as a player does who looked at the draw and pass forms under the picture: as far down as
    the page goes while the end still shows below the header bar."""
    page.locator(f"a.fu-end[data-on='{on}'][data-number='{number}']").first.evaluate(
        """el => { const top = document.querySelector('header.bar').getBoundingClientRect().bottom;
                   const most = document.documentElement.scrollHeight - innerHeight;
                   scrollTo(0, Math.min(most, scrollY + el.getBoundingClientRect().top - top - 4)); }"""
    )


def table_at(page: Page, size: tuple[int, int], rec: dict, n: int, lang: str) -> None:
    """The table of ``rec``'s first ``n`` events on a phone of ``size``, read in ``lang``."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    import_until(page, rec, n)
    if lang == "ja":
        in_japanese(page)
    else:
        ready(page)


def test_a_spinner_opened_on_all_four_sides_by_tapping_ends(page: Page):
    start_table(page)
    page.locator("label.seat", has_text="Aki").tap()
    page.get_by_role("button", name="Start the hand").tap()
    # before the lead no empty layout box pushes the tiles down: the lowest row stays above "Play it"
    expect(page.get_by_role("button", name="Play it")).to_be_visible()  # the lead's form is in
    expect(page.locator(".fu-layout")).to_have_count(0)
    lowest = page.locator("label.pick:has(input[name=tile][value='0-0'])")
    expect(lowest).to_be_in_viewport(ratio=1)
    assert lowest.evaluate(
        """el => { const r = el.getBoundingClientRect();
                   return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); }"""
    ), "the 0-0 tile is under the Play it bar"
    play(page, "5-5")  # the lead: 5x2 = 10, Aki (and Chie) score 2
    expect(page.locator("#fu-count")).to_have_text("10")
    expect(page.locator("#fu-last")).to_contain_text("scores 2")

    tap_end(page, "5-5", 5)
    # only tiles with a 5 that are not on the table can be chosen
    enabled = page.locator("input[name=tile]:not([disabled])")
    expect(enabled).to_have_count(6)
    play(page, "5-0")
    expect(page.locator("#fu-formula")).to_have_text("5×2 + 0 = 10")
    play_on(page, "5-5", 5, "5-3")  # both sides covered: the spinner now counts nothing, its ends open
    expect(page.locator("#fu-formula")).to_have_text("0 + 3 = 3")
    expect(page.locator("a.fu-end[data-on='5-5']")).to_have_count(2)
    play_on(page, "5-5", 5, "5-1")
    play_on(page, "5-5", 5, "5-4")
    expect(page.locator("#fu-formula")).to_have_text("0 + 3 + 1 + 4 = 8")
    expect(page.locator("a.fu-end[data-on='5-5']")).to_have_count(0)  # four neighbours: full
    expect(page.locator("a.fu-end")).to_have_count(4)

    for on, number, tile in (
        ("5-3", 3, "3-2"), ("5-4", 4, "4-4"), ("5-0", 0, "6-0"), ("5-1", 1, "1-1"), ("3-2", 2, "2-0"),
        ("6-0", 6, "6-4"), ("4-4", 4, "4-1"), ("2-0", 0, "1-0"), ("6-4", 4, "4-3"),
    ):  # fmt: skip
        scrolled_down_to(page, on, number)
        play_on(page, on, number, tile)
    # open ends: [1-1] free on a side (1x2), [4-1] 1, [1-0] 1, [4-3] 3 (the [4-4] spinner's free ends count 0)
    expect(page.locator("#fu-formula")).to_have_text("1×2 + 1 + 1 + 3 = 7")
    expect(page.locator("#fu-count")).to_have_text("7")
    expect(page.locator(".fu-tile")).to_have_count(14)
    expect(page.locator(".total .score")).to_have_text(["2", "2"])  # the two sides: only the lead and [5-0] scored

    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for end in page.locator("a.fu-end").all():
        box = end.bounding_box()
        assert box and box["width"] >= 40 and box["height"] >= 40
    page.reload()
    expect(page.locator(".fu-tile")).to_have_count(14)


def test_a_tile_that_does_not_fit_is_explained_and_nothing_changes(page: Page):
    start_table(page, ("Aki", "Ben"))
    page.locator("label.seat", has_text="Aki").tap()
    page.get_by_role("button", name="Start the hand").tap()
    play(page, "6-4")
    expect(page.locator("#fu-count")).to_have_text("10")
    tap_end(page, "6-4", 6)
    # a phone without the picker's limits (an old page, a forged form) is still refused; the sheet
    # only offers tiles that fit, so the forged tile is written into its first choice
    page.evaluate("document.querySelector('input[name=tile]').value = '3-2'")
    page.locator("label.pick:has(input[name=tile][value='3-2'])").tap()
    page.get_by_role("button", name="Play it").tap()
    expect(page.get_by_role("alert")).to_contain_text(re.compile("does not match"))
    expect(page.locator(".fu-tile")).to_have_count(1)


@pytest.mark.parametrize("size", [(360, 740), (430, 932)])
def test_after_a_hand_the_hands_and_scores_button_keeps_out_of_the_answer(page: Page, size):
    """At a hand's end "Hands and scores" floated at the right of what followed it, so it sat inside the answer's
    frame and squeezed "Recorded: Hand over; pips left: ..." into a narrow column beside it (newplayer10 #8)."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    import_until(page, record("five-up-partners-to-61"), 19)  # hand 1 just ended
    ready(page)
    toggle = page.locator(".fu-more > .toggle")
    expect(toggle).to_be_visible()
    below = page.evaluate("""() => { const t = document.querySelector('.fu-more > .toggle').getBoundingClientRect();
      const a = document.getElementById('answer').getBoundingClientRect(); return a.top >= t.bottom - 0.5; }""")
    assert below


def test_a_tile_ticked_for_one_hand_is_greyed_out_in_the_others(page: Page):
    """The end of hand 1 (four players): a tile ticked for the first hand that holds tiles is greyed out and
    cannot be ticked in the next hand's picker, and comes back when unticked (newplayer10 #13: the second hand
    offered the tiles ticked for the first); tiles on the layout stay off."""
    page.set_viewport_size({"width": 390, "height": 844})
    rec = record("five-up-partners-to-61")
    import_until(page, rec, 18)
    ready(page)
    form = page.locator("#table [data-fu-left]")
    seats = form.locator("input[name=fu-seat]").evaluate_all("els => els.map(e => e.value)")
    first, second = (f"input[name=left{s}]" for s in seats[:2])
    free = form.locator(f"{first}:enabled").first.get_attribute("value")
    on_layout = form.locator(f"{second}:disabled").count()
    form.locator(f"label.pick:has({first}[value='{free}'])").tap()
    form.locator(f"label:has(> input[name=fu-seat][value='{seats[1]}'])").tap()
    expect(form.locator(f"{second}[value='{free}']")).to_be_disabled()
    expect(form.locator(f"label.pick.taken:has({second}[value='{free}'])")).to_be_visible()
    expect(form.locator(f"{second}:disabled")).to_have_count(on_layout + 1)
    form.locator(f"label:has(> input[name=fu-seat][value='{seats[0]}'])").tap()
    form.locator(f"label.pick:has({first}[value='{free}'])").tap()  # unticked: free again for the others
    expect(form.locator(f"{second}[value='{free}']")).to_be_enabled()
    expect(form.locator(f"{second}:disabled")).to_have_count(on_layout)


PHONES = [((360, 740), "ja"), ((390, 844), "en"), ((430, 932), "en")]
PHONE_IDS = ["360x740-ja", "390x844-en", "430x932-en"]
IN_VIEW = "el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"


@pytest.mark.parametrize(("size", "lang"), PHONES, ids=PHONE_IDS)
def test_a_four_player_domino_asks_only_the_opponents_hands(page: Page, size, lang):
    """F25: Aki went out, so the tiles her partner Chie holds are ignored; the form asked for them all the same
    (newplayer9 #6, newplayer10 #13: 3-8 taps for nothing). It asks Ben's and Dai's hands only, says why Chie's
    is not, and the hand end is 3 taps (Ben's 5-5, Dai's 4-4, Score the hand), each in view with nothing
    scrolled; the answer, in view, gives the pips with Chie's hand not counted."""
    table_at(page, size, record("five-up-partners-to-61"), 18, lang)
    form = page.locator("#table [data-fu-left]")
    expect(form.locator("label.fu-left-seat b")).to_have_text(["Ben", "Dai"])
    note = page.locator("#fu-left-uncounted")
    expect(note).to_have_text(
        "Akiさんが上がったので、Chieさんの牌は数えません。"
        if lang == "ja"
        else "Chie's tiles are not counted: Aki went out."
    )
    assert note.evaluate(IN_VIEW)
    t = Tapper(page)
    t.tap(pick(page, "left1", "5-5"), "Ben's 5-5")
    t.tap(pick(page, "left3", "4-4"), "Dai's 4-4")
    t.tap(page.locator("#fu-end"), "Score the hand")
    entered(page, 19)
    assert (t.taps, t.outside, t.scroll_before, t.scroll_between) == (3, [], 0, 0)
    answer = page.locator("#answer")
    expect(answer).to_contain_text(
        "残り目数：Aki 0 · Ben 10 · Chie（数えない） · Dai 8。"
        if lang == "ja"
        else "Pips: Aki 0 · Ben 10 · Chie not counted · Dai 8."
    )
    assert page.locator(".fu-hand-score").evaluate(IN_VIEW) and page.evaluate("scrollY") == 0


DRAW = {
    "format": "referee-record",
    "version": 1,
    "game": "five-up",
    "players": ["Aki", "Ben"],
    "options": {},
    "events": [{"type": "hand", "leader": 0}, {"type": "play", "seat": 0, "tile": "6-6"}],
}


@pytest.mark.parametrize(("size", "lang"), PHONES, ids=PHONE_IDS)
def test_the_draw_box_is_an_empty_question_and_a_count_that_cannot_be_is_refused_in_view(page: Page, size, lang):
    """newplayer10 #10: the box for a count not on a button held a 6, which "Record the draw" recorded untyped.
    It is empty, under a question; an empty box or 13 (12 may be drawn) is refused by the referee with the
    reason in view, nothing recorded and nothing scrolled; 7 typed is recorded."""
    table_at(page, size, DRAW, 2, lang)
    box = page.locator("#fu-draw-count")
    expect(box).to_have_value("")
    expect(page.locator("label[for=fu-draw-count]")).to_have_text(
        "ほかの枚数は？（最大12枚）" if lang == "ja" else "Or how many? (at most 12)"
    )
    answer = page.locator("#answer")
    refusals = {
        "": ("何枚引きますか？" if lang == "ja" else "How many tiles are drawn? Tap a number, or type it in the box"),
        "13": ("今引けるのは12枚までです" if lang == "ja" else "Tiles that can be drawn now: 12; the boneyard keeps its last 2."),
    }
    for typed, reason in refusals.items():
        t = Tapper(page)
        t.tap(page.locator("#fu-draw-count"), "the box")
        page.locator("#fu-draw-count").fill(typed)
        t.tap(page.locator("#fu-draw"), "Record the draw")
        expect(answer).to_contain_text(reason)
        assert (t.outside, t.scroll_before, t.scroll_between) == ([], 0, 0)
        assert answer.evaluate(IN_VIEW) and page.evaluate("scrollY") == 0
        expect(page.locator("#table")).to_have_attribute("data-seq", "2")
    page.locator("#fu-draw-count").fill("7")
    page.locator("#fu-draw").tap()
    entered(page, 3)
    expect(answer).to_contain_text("Benさんが7枚引く。" if lang == "ja" else "Ben draws 7 tiles.")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_four_players_totals_show_the_two_partnerships(page: Page, lang):
    """The totals bar of a four-player game names each side once, its players together as the answer names
    them, with the side's score: "Aki & Chie", "Ben & Dai" (newplayer11 #12: four boxes of 11 at 360x740
    with no sign of who partners whom); both names whole on the smallest phone."""
    table_at(page, (360, 740), record("five-up-partners-to-61"), 19, lang)
    boxes = page.locator(".totals .total")
    expect(boxes.locator(".who")).to_have_text(["Aki & Chie", "Ben & Dai"])
    scores = boxes.locator(".score").all_inner_texts()
    assert len(scores) == 2 and all(s.strip().lstrip("−").isdigit() for s in scores), scores
    cut = boxes.locator(".who").evaluate_all("els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)")
    assert cut == [], f"names cut short: {cut}"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_after_a_hand_its_two_toggles_line_up_at_the_right(browser: Browser, base_url: str, lang):
    """np13 #16: after a hand at 430x932 "The layout" sat at the right and "Hands and scores" under it
    120 px further in (its row was narrowed beside the first one's float). Both end at the right edge."""
    context = browser.new_context(base_url=base_url, **{**PHONE, "viewport": {"width": 430, "height": 932}})
    try:
        page = context.new_page()
        table_in(page, record("five-up-partners-to-61"), 19, lang)  # hand 1 scored
        ends = [page.locator(f"{sheet} > .toggle").bounding_box() for sheet in (".fu-layout-sheet", ".fu-more")]
        assert abs(ends[0]["x"] + ends[0]["width"] - ends[1]["x"] - ends[1]["width"]) <= 1, ends
        assert ends[1]["y"] >= ends[0]["y"] + ends[0]["height"] or ends[1]["x"] >= ends[0]["x"] + ends[0]["width"], ends
    finally:
        context.close()
