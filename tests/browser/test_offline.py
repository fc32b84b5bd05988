"""No signal, no problem (issue 16), in real Chromium: a table page opens from this phone's copy with
no signal, entries made meanwhile wait on the phone ("waiting for signal (3)") and reach the server
in order, once each, when the signal returns; a queued entry someone else overtook is shown with
the reason and is not sent twice; the service worker follows a new app version; the app installs."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.conftest import make_app, serve

from .plays import wait_until

pytestmark = pytest.mark.browser

RECORDS = Path(__file__).parent.parent / "records"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "locale": "en-GB"}


def new_table(page: Page, base_url: str, game: str, players, events=()) -> dict:
    record = {"format": "referee-record", "version": 1, "game": game, "players": list(players),
              "options": {}, "events": list(events)}  # fmt: skip
    made = page.request.post(f"{base_url}/api/v1/records", data=record)
    assert made.status == 201, made.text()
    return made.json()


def open_kept(page: Page, url: str, seq: int) -> None:
    """Open a table page and wait until the service worker runs it and this phone keeps its copy."""
    page.goto(url)
    expect(page.locator("#table")).to_have_attribute("data-seq", str(seq))
    expect(page.locator("html")).to_have_attribute("data-offline", "ready")


def logged(page: Page, base_url: str, table_id: str) -> list[dict]:
    """The server's log of the table, as its record export has it."""
    resp = page.request.get(f"{base_url}/t/{table_id}/record.json")
    assert resp.ok
    return json.loads(resp.text())["events"]


def bingo_rec(upto: int) -> tuple[dict, list[dict]]:
    record = json.loads((RECORDS / "bingo-four-deals-to-eight.json").read_text())
    return {"game": "bingo", "players": record["players"], "events": record["events"][:upto]}, record[
        "events"
    ]


def enter_round(page: Page, a: int, b: int) -> None:
    page.locator("#points-0").fill(str(a))
    page.locator("#points-1").fill(str(b))
    page.get_by_role("button", name="Record round").tap()


def enter_trick(page: Page, lead: str, reply: str) -> None:
    for name, value in (("lead", lead), ("reply", reply)):
        page.locator(f"label:has(> input[name='{name}'][value='{value}'])").first.tap()
    page.get_by_role("button", name="Record trick").tap()


def overtake(browser, scorer_url: str) -> None:
    """Another scorer's phone, online, records the round 9-9 first (the table's first entry)."""
    other = browser.new_context(**PHONE)
    try:
        phone = other.new_page()
        phone.goto(scorer_url)
        enter_round(phone, 9, 9)
        expect(phone.locator("#table")).to_have_attribute("data-seq", "1")
    finally:
        other.close()


# A send that has read the queue and whose answer is still on its way (on a busy phone, its turn of the
# lock and the table's refresh take long): it finishes only when the test lets it (window.release()).
SLOW_SEND = """() => {
  const flush = RefereeQueue.flush;
  let release;
  const gate = new Promise(resolve => { release = resolve; });
  window.release = release;
  RefereeQueue.flush = table => flush(table).then(result => { window.flushed = true; return gate.then(() => result); });
}"""


def waiting(page: Page, n: int) -> None:
    expect(page.locator("#queue .queue-count")).to_have_text(f"Waiting for signal ({n})")


def offline_reload(context: BrowserContext, page: Page) -> None:
    context.set_offline(True)
    page.reload()
    expect(page.locator("#offline-mark")).to_contain_text("Offline - showing the table as of")


ROUNDS = [(5, 3), (-2, 7), (10, 0)]


@pytest.mark.parametrize("drop_after", [None, 2], ids=["offline-throughout", "drops-before-the-third"])
def test_score_pad_entries_made_offline_arrive_in_order_once(context: BrowserContext, page: Page, base_url: str,
                                                             drop_after):  # fmt: skip
    made = new_table(page, base_url, "score-pad", ("Aki", "Ben"))
    open_kept(page, made["scorer_url"], 0)
    if drop_after is None:
        offline_reload(context, page)
        for a, b in ROUNDS:
            enter_round(page, a, b)
        waiting(page, 3)
    else:
        for n, (a, b) in enumerate(ROUNDS[:drop_after], start=1):
            enter_round(page, a, b)
            expect(page.locator("#table")).to_have_attribute("data-seq", str(n))
        context.set_offline(True)
        enter_round(page, *ROUNDS[drop_after])
        waiting(page, 1)
    context.set_offline(False)
    expect(page.locator("#table")).to_have_attribute("data-seq", "3")
    expect(page.locator("#queue")).to_have_count(0)
    events = logged(page, base_url, made["id"])
    assert [e["points"] for e in events] == [list(r) for r in ROUNDS]
    expect(page.locator(".total .score")).to_have_text(["13", "10"])


def test_bingo_tricks_made_offline_arrive_in_order_once(context: BrowserContext, page: Page, base_url: str):
    rec, all_events = bingo_rec(14)  # the third deal: the next three tricks come from the record
    made = new_table(page, base_url, **rec)
    open_kept(page, made["scorer_url"], 14)
    offline_reload(context, page)
    tricks = all_events[14:17]
    for t in tricks:
        enter_trick(page, t["lead"], t["reply"])
    waiting(page, 3)
    context.set_offline(False)
    expect(page.locator("#table")).to_have_attribute("data-seq", "17")
    expect(page.locator("#queue")).to_have_count(0)
    events = logged(page, base_url, made["id"])
    assert [(e["lead"], e["reply"]) for e in events[14:]] == [(t["lead"], t["reply"]) for t in tricks]


def test_a_queued_entry_someone_overtook_is_explained_and_not_sent_twice(
    context: BrowserContext, page: Page, base_url: str, browser
):
    made = new_table(page, base_url, "score-pad", ("Aki", "Ben"))
    open_kept(page, made["scorer_url"], 0)
    context.set_offline(True)
    enter_round(page, 1, 1)
    enter_round(page, 2, 2)
    waiting(page, 2)
    overtake(browser, made["scorer_url"])
    context.set_offline(False)
    refused = page.locator("#queue .queued.refused")
    expect(refused.get_by_role("alert")).to_contain_text("Someone else recorded something just now")
    expect(refused).to_contain_text("Record round: 1, 1")
    expect(page.locator(".total .score")).to_have_text(["9", "9"])  # the table as it now is
    waiting(page, 2)  # the one after it waits too
    assert [e["points"] for e in logged(page, base_url, made["id"])] == [[9, 9]]
    # Another try sends nothing; the discard is tapped before that try is over, as on a busy phone: the
    # entry the discard frees is sent all the same, once that try is over.
    page.evaluate(SLOW_SEND)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    wait_until(page, "window.flushed === true")
    expect(refused).to_have_count(1)
    refused.get_by_role("button", name="Discard it").tap()
    expect(refused).to_have_count(0)
    page.evaluate("() => window.release()")
    expect(page.locator("#queue")).to_have_count(0)  # the entry after it went through
    expect(page.locator("#table")).to_have_attribute("data-seq", "2")
    assert [e["points"] for e in logged(page, base_url, made["id"])] == [[9, 9], [2, 2]]


def test_correcting_a_refused_entry_puts_it_back_in_the_form(context: BrowserContext, page: Page, base_url: str,
                                                             browser):  # fmt: skip
    made = new_table(page, base_url, "score-pad", ("Aki", "Ben"))
    open_kept(page, made["scorer_url"], 0)
    context.set_offline(True)
    enter_round(page, 4, -4)
    overtake(browser, made["scorer_url"])
    context.set_offline(False)
    page.locator("#queue [data-queue-action=correct]").tap()
    expect(page.locator("#queue")).to_have_count(0)
    expect(page.locator("#points-0")).to_have_value("4")
    expect(page.locator("#points-1")).to_have_value("-4")
    page.get_by_role("button", name="Record round").tap()
    expect(page.locator("#table")).to_have_attribute("data-seq", "2")
    assert [e["points"] for e in logged(page, base_url, made["id"])] == [[9, 9], [4, -4]]


@pytest.fixture
def own_static(tmp_path):
    """The app on its own port, serving a copy of static/ that the test can change like a new release."""
    static = tmp_path / "static"
    shutil.copytree(Path(__file__).parent.parent.parent / "static", static)
    app = make_app(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    app.static_folder = str(static)
    with serve(app) as url:
        yield url, static


def test_a_new_app_version_is_used_after_one_reload(page: Page, own_static):
    base_url, static = own_static
    made = new_table(page, base_url, "score-pad", ("Aki", "Ben"))
    open_kept(page, made["scorer_url"], 0)
    brand = page.locator(".brand")
    expect(brand).not_to_have_css("letter-spacing", "3px")
    with (static / "css" / "app.css").open("a") as css:
        css.write("\n.brand { letter-spacing: 3px; }\n")
    page.reload()  # the browser finds a new worker; it takes over with the new assets
    # The new worker fetches every asset before it takes over, then tells the page, which reloads itself
    # once (a message, which waits for the page however early it comes; a controllerchange came at
    # times before the page listened, and then the page never reloaded). Fetching every asset on a
    # busy machine takes longer than expect's 5 s.
    expect(brand).to_have_css("letter-spacing", "3px", timeout=30_000)
    page.reload()
    expect(brand).to_have_css("letter-spacing", "3px")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_manifest_is_valid(page: Page, base_url: str, lang):
    from io import BytesIO

    from PIL import Image

    made = new_table(page, base_url, "score-pad", ("Aki", "Ben"))
    open_kept(page, made["scorer_url"], 0)
    href = page.locator("link[rel=manifest]").get_attribute("href")
    resp = page.request.get(f"{base_url}{href}", headers={"Accept-Language": lang})
    assert resp.ok and resp.headers["content-type"].startswith("application/manifest+json")
    manifest = resp.json()
    assert (
        manifest["name"]
        == {"en": "referee: table-side referee", "ja": "referee: テーブルの審判と記録係"}[lang]
    )
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = {}
    for icon in manifest["icons"]:
        png = page.request.get(f"{base_url}{icon['src']}")
        assert png.ok and png.headers["content-type"] == "image/png"
        sizes[icon["sizes"]] = Image.open(BytesIO(png.body())).size
    assert sizes == {"192x192": (192, 192), "512x512": (512, 512)}
    expect(page.locator("meta[name=theme-color]")).to_have_count(2)  # light and dark


def test_chromium_finds_the_table_page_installable(
    browser_type, browser_type_launch_args, base_url, tmp_path
):
    """Chromium's own installability check, in a profile of its own (an incognito context never installs)."""
    context = browser_type.launch_persistent_context(
        str(tmp_path / "profile"), **browser_type_launch_args, **PHONE
    )
    try:
        page = context.new_page()
        made = new_table(page, base_url, "score-pad", ("Aki", "Ben"))
        open_kept(page, made["scorer_url"], 0)
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()


def test_an_entry_whose_answer_was_lost_is_sent_again_and_recorded_once(page: Page, base_url: str):
    """The entry reached the server but the signal dropped before its answer came back: the phone
    keeps it and sends it again with the same idempotency key, and the server records it once."""
    made = new_table(page, base_url, "score-pad", ("Aki", "Ben"))
    open_kept(page, made["scorer_url"], 0)

    def lose_the_answer(route):
        route.fetch()  # the server gets it...
        route.abort("internetdisconnected")  # ...the phone never hears back

    page.route("**/events", lose_the_answer)
    enter_round(page, 6, 1)
    waiting(page, 1)
    assert [e["points"] for e in logged(page, base_url, made["id"])] == [[6, 1]]
    page.unroute("**/events")
    page.evaluate("() => window.dispatchEvent(new Event('online'))")  # the signal is back
    expect(page.locator("#queue")).to_have_count(0)
    expect(page.locator("#table")).to_have_attribute("data-seq", "1")
    assert [e["points"] for e in logged(page, base_url, made["id"])] == [[6, 1]]
    expect(page.locator(".total .score")).to_have_text(["6", "1"])


def test_a_seats_sealed_bid_made_offline_is_sealed_when_the_signal_returns(
    context: BrowserContext, page: Page, base_url: str
):
    """A seat's phone (its private view) queues its entry like the scorer's."""
    from .test_ninety_nine import tap_cards

    made = new_table(page, base_url, "ninety-nine", ("Aki", "Ben", "Chie"), [{"type": "deal", "dealer": 0}])
    page.goto(f"{base_url}/t/{made['id']}/join/{made['seat_tokens'][1]}")
    expect(page.get_by_role("heading", name="Your bid, Ben")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-offline", "ready")
    offline_reload(context, page)
    tap_cards(page, "cards", ("AD", "9H", "8C"))
    page.get_by_role("button", name="Seal my bid").tap()
    waiting(page, 1)
    context.set_offline(False)
    expect(page.locator("#queue")).to_have_count(0)
    sealed = page.locator("#my-bid-sealed")
    expect(sealed).to_contain_text("Sealed ✓")
    for card in ("AD", "9H", "8C"):
        expect(sealed.locator(f".card[data-card='{card}']")).to_have_count(1)


def test_the_copy_opened_offline_has_the_latest_entries_this_phone_saw(
    context: BrowserContext, page: Page, base_url: str
):
    made = new_table(page, base_url, "score-pad", ("Aki", "Ben"))
    open_kept(page, made["scorer_url"], 0)
    enter_round(page, 8, 2)  # answered through htmx: no page load
    expect(page.locator("html")).to_have_attribute("data-kept-seq", "1")
    offline_reload(context, page)
    expect(page.locator("#table")).to_have_attribute("data-seq", "1")
    expect(page.locator(".total .score")).to_have_text(["8", "2"])


def test_the_offline_words_in_japanese(browser, base_url: str):
    context = browser.new_context(**{**PHONE, "locale": "ja-JP"})
    try:
        page = context.new_page()
        made = new_table(page, base_url, "score-pad", ("Aki", "Ben"))
        open_kept(page, made["scorer_url"], 0)
        context.set_offline(True)
        page.reload()
        expect(page.locator("#offline-mark")).to_contain_text("オフライン")
        expect(page.locator("#offline-mark")).to_contain_text("時点のテーブルを表示しています")
        page.locator("#points-0").fill("3")
        page.locator("#record-round").tap()
        expect(page.locator("#queue .queue-count")).to_have_text("電波を待っています（1件）")
        context.set_offline(False)
        expect(page.locator("#queue")).to_have_count(0)
        expect(page.locator("#table")).to_have_attribute("data-seq", "1")
    finally:
        context.close()


def test_the_connection_banner_moves_nothing_under_the_thumb(context: BrowserContext, page: Page, base_url: str):
    """When the signal drops (and comes back), the banner saying so lies over the page: the form does
    not jump under a thumb that is about to tap (a loaded run once lost a tap that way)."""
    made = new_table(page, base_url, "score-pad", ("Aki", "Ben"))
    page.goto(made["scorer_url"])
    status, button = page.locator("#live-status"), page.get_by_role("button", name="Record round")
    expect(status).to_be_hidden()
    where = button.bounding_box()
    context.set_offline(True)
    expect(status).to_have_text("Connection lost: the table will update again when it is back.")
    assert button.bounding_box() == where
    context.set_offline(False)
    expect(status).to_have_text("Connected again.")
    assert button.bounding_box() == where
