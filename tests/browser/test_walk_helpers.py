"""The browser walks' helpers (tests/browser/plays.py, axe_walk.py) ask the browser no more often than their
checks need: every call is a round trip to it (30-50 ms at load 10-20), and calls for each card, each axe run's
572 kB script and the import page before every walk were most of the slowest walks' time (benchmarks/RESULTS.md
section 58). Each helper still checks what it checked."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit

import pytest
from playwright._impl._sync_base import SyncBase
from playwright.sync_api import Browser, Page, expect

from .axe_walk import AXE, violations
from .plays import Tapper, entered, import_until, out_of_view, record
from .test_play_surface import BY_GAME, Walk, walk

pytestmark = pytest.mark.browser


@contextmanager
def calls_to_the_browser(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The names of the Playwright calls made inside, in order: every call of the sync API goes through
    ``SyncBase._sync``, once, to the browser and back."""
    calls: list[str] = []
    real = SyncBase._sync

    def counted(self, awaitable):
        calls.append(sys._getframe(1).f_code.co_name)
        return real(self, awaitable)

    with monkeypatch.context() as patch:
        patch.setattr(SyncBase, "_sync", counted)
        yield calls


def test_out_of_view_names_every_target_out_of_reach_in_one_call(page: Page, monkeypatch):
    """Twenty 100 px labels on a 390x844 phone: the first eight are on the screen; the rest, and one that fails
    ``reach``, are named, all in one call (one for each label and each check before: 3,004 calls, 157 s of a
    four-player deal's walk)."""
    page.set_content('<meta name="viewport" content="width=device-width"><style>body{margin:0} label{display:block;'
                     'height:100px}</style>' + "".join(f"<label>c{i}</label>" for i in range(20)))  # fmt: skip
    with calls_to_the_browser(monkeypatch) as calls:
        out = out_of_view(page.locator("label"), reach="el => el.textContent !== 'c3'")
    assert out == ["c3", *(f"c{i}" for i in range(8, 20))]
    assert calls == ["evaluate_all"]


def test_axe_goes_into_a_page_once_per_load(page: Page, monkeypatch):
    """axe-core's script is sent with a page's first run only (Axe.run sent it before every run), and again
    after the page is loaded anew; each run answers with its violations."""
    page.goto("/")
    sent: list[bool] = []
    real = Page.evaluate

    def evaluate(self, expression, arg=None):
        sent.append(expression == AXE.axe_script)
        return real(self, expression, arg)

    monkeypatch.setattr(Page, "evaluate", evaluate)
    assert violations(page, None) == [] and violations(page, "main") == []
    assert sent.count(True) == 1
    page.reload()
    assert violations(page, None) == []
    assert sent.count(True) == 2


def test_import_until_opens_the_table_and_no_other_page(page: Page):
    """The record goes in without the import page opening in the browser, and the browser holds the scorer's
    links as after the import page: the table's share panel has each seat's link."""
    opened: list[str] = []
    page.on("request", lambda r: opened.append(urlsplit(r.url).path) if r.is_navigation_request() else None)
    import_until(page, record("bingo-four-deals-to-eight"), 3)
    assert opened == [urlsplit(page.url).path] and opened[0].startswith("/t/")
    expect(page.locator("details.link[data-role^='seat'] a.join-link")).to_have_count(2)


def test_entered_waits_in_the_page_for_a_later_swap(page: Page, monkeypatch):
    """A table swapped for one with the next seq a second later: entered waits for it in the page, one call that
    returns at the swap, where Playwright's expect alone polls every 500 ms after its first 270 ms."""
    page.set_content('<div id="table" data-seq="1"></div>')
    page.evaluate("""() => setTimeout(() => { const t = document.createElement('div'); t.id = 'table';
                                              t.dataset.seq = '2'; document.querySelector('#table').replaceWith(t); },
                                      1000)""")  # fmt: skip
    with calls_to_the_browser(monkeypatch) as calls:
        entered(page, 2)
    assert calls == ["evaluate"]


def test_a_tap_asks_the_page_once_before_tapping_a_target_shown_later(page: Page, monkeypatch):
    """A button shown half a second after the play began: the tap waits for it in the page and checks its place
    in the same call (REACH), then taps (an ``expect`` of its own before each tap was one of a tap's three
    calls); it was in view when its turn came."""
    page.set_content('<meta name="viewport" content="width=device-width"><button id="b" hidden>Go</button>'
                     '<script>setTimeout(() => document.querySelector("#b").hidden = false, 500)</script>')  # fmt: skip
    t = Tapper(page)
    with calls_to_the_browser(monkeypatch) as calls:
        t.tap(page.locator("#b"), "Go")
    assert calls == ["evaluate", "tap"]
    assert t.taps == 1 and t.outside == [] and t.scroll_before == 0


def test_an_entry_of_a_walk_asks_the_page_nine_times_for_three_taps(browser: Browser, base_url: str, monkeypatch):
    """A Bingo trick (lead, reply, Record trick) walked after another: the second entry's calls to the browser
    are one before it (scroll, chips), two a tap (REACH, the tap), one for the answer (``entered``) and one for
    everything after it (the verdict shown and in reach, the scroll, the table's words and names): 9, where
    they were 17."""
    counts = []
    for last in (3, 4):
        w = Walk("bingo", "bingo-four-deals-to-eight", 3, last, BY_GAME["bingo"].enter, BY_GAME["bingo"].verdict)
        with calls_to_the_browser(monkeypatch) as calls:
            walk(browser, base_url, w)
        counts.append(len(calls))
    assert counts[1] - counts[0] == 9
