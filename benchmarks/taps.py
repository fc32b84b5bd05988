"""Taps and scrolling per play (issue 12 point 2), run on demand: `.venv/bin/python benchmarks/taps.py`.

For each game: a table imported from its golden record just before one play, then that play entered
by tapping in headless Chromium at 390x844 (Debian's /usr/bin/chromium), as tests/browser/plays.py
does it; another phone size as an argument (`benchmarks/taps.py 360x740`). Prints the taps, the pixels scrolled to reach the first tap, the pixels scrolled between taps
(the target is 0) and which targets were outside the viewport when their turn came. Figures only.
"""

from __future__ import annotations

import logging
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright
from werkzeug.serving import make_server

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.plays import PHONE, PLAYS, play_once  # noqa: E402
from tests.conftest import CHROMIUM, CHROMIUM_ARGS, make_app  # noqa: E402


@contextmanager
def served_chromium(name: str) -> Iterator[tuple[str, Browser]]:
    """The app on a throwaway SQLite database, served on a free local port, and headless Chromium: the
    base URL and the browser (also for benchmarks/announce_delay.py)."""
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no request log between the figures
    with tempfile.TemporaryDirectory() as tmp:
        app = make_app(f"sqlite:///{tmp}/{name}.sqlite3")
        server = make_server("127.0.0.1", 0, app, threaded=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                yield f"http://127.0.0.1:{server.server_port}", browser
                browser.close()
        finally:
            server.shutdown()


def main(size: str = "390x844") -> None:
    width, height = (int(x) for x in size.split("x"))
    phone = {**PHONE, "viewport": {"width": width, "height": height}}
    with served_chromium("taps") as (base, browser):
        print(
            f"{'game':<18} {'taps':>4} {'target':>6} {'scroll before':>13} {'scroll between':>14}  outside the viewport"
        )
        for play in PLAYS:
            context = browser.new_context(base_url=base, **phone)
            page = context.new_page()
            t = play_once(page, play)
            print(
                f"{play.game:<18} {t.taps:>4} {play.target:>6} {t.scroll_before:>11}px {t.scroll_between:>12}px"
                f"  {', '.join(t.outside) or '-'}"
            )
            context.close()


if __name__ == "__main__":
    main(*sys.argv[1:2])
