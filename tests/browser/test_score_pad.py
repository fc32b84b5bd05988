"""A person at a table with a phone: the score pad in real headless Chromium at 390x844."""

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.plays import PHONE, in_japanese, open_tab, ready, tap_round

pytestmark = pytest.mark.browser


def start_table(page: Page, names=("Aki", "Ben")) -> str:
    page.goto("/")
    page.get_by_role("link", name=re.compile("Score pad")).click()
    for i, name in enumerate(names):
        page.locator("input[name=players]").nth(i).fill(name)
    page.get_by_role("button", name="Start the table").click()
    expect(page.locator("#table")).to_be_visible()
    ready(page)
    return page.url


def totals(page: Page) -> list[str]:
    return page.locator(".total .score").all_inner_texts()


def test_three_rounds_undo_correct_reload(page: Page, browser: Browser, base_url: str):
    url = start_table(page)
    assert page.evaluate("[innerWidth, innerHeight]") == [390, 844]
    tap_round(page, {0: ["plus 5", "plus 1"], 1: ["plus 1"]})
    expect(page.locator(".total .score").first).to_have_text("6")
    tap_round(page, {0: ["minus 1"], 1: ["plus 5", "plus 5"]})
    tap_round(page, {0: ["plus 5"], 1: ["plus 1"]})
    expect(page.locator(".total .score")).to_have_text(["10", "12"])
    page.locator("#undo").tap()
    page.locator("#undo").tap()  # undo asks for a confirming tap
    expect(page.locator(".total .score")).to_have_text(["5", "11"])

    open_tab(page, "history")
    page.locator(".events li[data-seq='1'] a.edit").tap()
    points = page.locator("#correction input[name=points]")  # in the sheet over the table
    expect(points).to_have_count(2)  # the same steppers as entry, one per player, as recorded
    expect(points.nth(0)).to_have_value("6")
    points.nth(0).fill("2")
    points.nth(1).fill("2")
    page.get_by_role("button", name="Save the correction").tap()
    expect(page.locator(".total .score")).to_have_text(["1", "12"])
    expect(page.locator(".events .corrected")).to_have_count(1)

    page.reload()
    ready(page)
    expect(page.locator(".total .score")).to_have_text(["1", "12"])

    viewer = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        other = viewer.new_page()
        other.goto(url)
        expect(other.locator(".total .score")).to_have_text(["1", "12"])
        expect(other.get_by_role("button", name="Record round")).to_have_count(0)
        expect(other.get_by_role("button", name="Undo last")).to_have_count(0)
    finally:
        viewer.close()


def test_an_illegal_entry_shows_why_and_keeps_the_table(page: Page):
    start_table(page)
    page.locator("#points-0").fill("")
    page.evaluate("document.querySelector('#points-0').removeAttribute('required')")
    page.locator("#points-0").evaluate("el => { el.type = 'text'; el.value = 'abc'; }")
    page.get_by_role("button", name="Record round").tap()
    expect(page.locator("#answer .error")).to_contain_text('must be a whole number of at most 18 digits 0-9 (a minus sign allowed), not "abc"')
    expect(page.get_by_role("alert")).to_contain_text('of at most 18 digits 0 to 9 (a minus sign allowed), not "abc"')  # as said
    expect(page.locator(".total .score")).to_have_text(["0", "0"])


def test_switch_to_japanese_and_see_japanese_labels(page: Page):
    start_table(page)
    page.get_by_role("link", name="日本語").tap()
    expect(page.get_by_role("button", name="ラウンドを記録")).to_be_visible()
    expect(page.get_by_role("heading", name="スコアパッド")).to_be_visible()
    page.goto("/")
    expect(page.get_by_role("heading", name="テーブルを始める")).to_be_visible()
    page.get_by_role("link", name="English").tap()
    expect(page.get_by_role("heading", name="Start a table")).to_be_visible()


def test_the_page_loads_nothing_from_outside_the_app(page: Page, base_url: str):
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    start_table(page)
    tap_round(page, {0: ["plus 1"]})
    expect(page.locator(".total .score").first).to_have_text("1")
    assert requested, "no requests seen"
    outside = [u for u in requested if not u.startswith(base_url) and not u.startswith("data:")]
    assert outside == []
    assert page.evaluate("typeof htmx !== 'undefined' && htmx.version") == "2.0.11"


def test_tap_targets_are_thumb_sized(page: Page):
    start_table(page)
    for name in ("Record round", "Undo last"):
        if page.get_by_role("button", name=name).count():
            box = page.get_by_role("button", name=name).bounding_box()
            assert box and box["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_many_rounds_keep_the_totals_and_the_form_in_view(page: Page):
    """After a dozen rounds the totals and Record round are on the screen and the page did not move: the
    rounds wait in History, their race table opened on the latest (issue 27: the running table grew above
    the form round after round)."""
    rounds = [{"type": "round", "points": [n, 10 - n, 2]} for n in range(12)]
    record = {"format": "referee-record", "version": 1, "game": "score-pad", "players": ["Oli", "Pam", "Quin"],
              "options": {}, "events": rounds}  # fmt: skip
    made = page.request.post("/api/v1/records", data=record)
    assert made.status == 201, made.text()
    page.goto(made.json()["scorer_url"])
    ready(page)
    y = page.evaluate("scrollY")
    tap_round(page, {0: ["plus 5"]})
    expect(page.locator("#table")).to_have_attribute("data-seq", "13")
    for shown in (".totals", "#answer .answer-last", "#record-round"):
        expect(page.locator(shown)).to_be_in_viewport(ratio=1)
    assert page.evaluate("scrollY") == y
    open_tab(page, "history")
    expect(page.locator(".race-table tbody tr").last.locator("th")).to_have_text("13")


def test_a_sign_tapped_first_holds_for_the_points_that_follow(page: Page):
    """newplayer9 row 29: "±" then "+5" on a player at 0 recorded +5 (± flipped the sign of 0, which is 0).
    Now ± on a 0 arms a minus, shown on the button as "−", and the next step or typed number takes it; on a
    number that has a sign, ± still flips it."""
    start_table(page, names=("Aki", "Ben", "Chie"))
    sign = page.get_by_role("button", name="Aki: change the sign (plus or minus)")
    sign.tap()
    expect(sign).to_have_text("−")
    expect(sign).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Aki plus 5").tap()
    expect(page.locator("#points-0")).to_have_value("-5")
    expect(sign).to_have_text("±")  # the minus is taken: the value shows its own sign now
    page.get_by_role("button", name="Aki plus 1").tap()
    expect(page.locator("#points-0")).to_have_value("-4")
    page.get_by_role("button", name="Ben: change the sign (plus or minus)").tap()
    page.locator("#points-1").tap()
    page.keyboard.type("12")
    expect(page.locator("#points-1")).to_have_value("-12")
    page.locator("#points-2").tap()
    page.keyboard.type("7")
    page.get_by_role("button", name="Chie: change the sign (plus or minus)").tap()
    expect(page.locator("#points-2")).to_have_value("-7")
    page.get_by_role("button", name="Record round").tap()
    expect(page.locator(".total .score")).to_have_text(["−4", "−12", "−7"])


# The words (runs of two or more letters, or of kana and kanji) of the elements that are drawn over two
# lines, each found by the line boxes of its Range.
BROKEN_WORDS = """els => { const out = [];
  for (const el of els) {
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const re = /[A-Za-z]{2,}|[\\u3040-\\u30FF\\u4E00-\\u9FFF]{2,}/g; let m;
      while ((m = re.exec(n.data))) {
        const r = document.createRange(); r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
        const tops = new Set(Array.from(r.getClientRects()).filter(b => b.width > 0).map(b => Math.round(b.top)));
        if (tops.size > 1) out.push(m[0]);
      } } }
  return out; }"""


@pytest.mark.parametrize("players", [4, 8])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_round_and_history_are_whole_words_on_a_small_phone(
    browser: Browser, base_url: str, players: int, lang: str
):
    """At 360x740 the rounds table's "Round" header broke as "Roun/d" (「ラ/ウ/ン/ド」 in Japanese) and the
    tab bar's "History" with its badge (a correction waiting for a player) as "Histor/y" (issue 27)."""
    names = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fay", "Gus", "Hana"][:players]
    small = {**PHONE, "viewport": {"width": 360, "height": 740}}
    phones = [browser.new_context(base_url=base_url, **small) for _ in ("scorer", "viewer")]
    try:
        scorer, viewer = (phone.new_page() for phone in phones)
        made = scorer.request.post(
            "/api/v1/tables", data={"game": "score-pad", "players": names, "confirm_corrections": True}
        ).json()
        for page, url in ((scorer, made["scorer_url"]), (viewer, f"/t/{made['id']}")):
            page.goto(url)
            if lang == "ja":
                in_japanese(page)
            else:
                ready(page)
        scorer.locator("#points-0").fill("3")
        scorer.locator("#record-round").tap()
        expect(viewer.locator(".rounds tbody tr")).to_have_count(1)
        open_tab(scorer, "history")
        scorer.locator("a.edit").first.tap()
        scorer.locator("#correction input[name=points]").first.fill("4")
        scorer.locator("#correction .sheet-actions .primary").tap()
        expect(scorer.locator("#tab-history .tab-badge")).to_have_text("1")
        assert scorer.locator(".table-tabs button").evaluate_all(BROKEN_WORDS) == []
        assert viewer.locator(".rounds thead th:first-child").evaluate_all(BROKEN_WORDS) == []
    finally:
        for phone in phones:
            phone.close()
