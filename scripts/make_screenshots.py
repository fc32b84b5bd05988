"""Take the README's phone screenshots (docs/screenshot-*.png) of the play surface as it is now.

Run it after changing what a table page looks like: ``.venv/bin/python scripts/make_screenshots.py``.
It serves the app as the browser tests do (tests/conftest.py: a throwaway SQLite database, a free
loopback port), imports each table from a golden record (tests/records/) cut mid-game as a player
would (the /import page), and photographs the first screen of a 390x844 phone (at twice its pixels,
as a phone draws them) in Debian's Chromium (``CHROMIUM_PATH`` to use another). The same records and
cuts give the same pictures, byte for byte. Each PNG is reduced to a 64-colour palette so it stays small
(well under 150 KB) for the README.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import tempfile
from pathlib import Path

from PIL import Image
from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import make_app, serve  # noqa: E402  (the browser tests' own server)

DOCS = ROOT / "docs"
RECORDS = ROOT / "tests" / "records"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True,
         "locale": "en-GB"}  # fmt: skip
COLOURS = 64
SCORE_PAD = {"format": "referee-record", "version": 1, "game": "score-pad", "players": ["Aki", "Ben", "Chie"],
             "options": {}, "events": [{"type": "round", "points": p} for p in ([12, 7, 9], [4, 15, 6], [10, 3, 11])]}  # fmt: skip
# picture -> (the record, how many of its events the table holds)
SHOTS = {
    "screenshot-bingo.png": ("bingo-four-deals-to-eight", 17),  # the third deal, a trick just won
    "screenshot-five-up.png": ("five-up-partners-to-61", 12),  # a layout with a spinner, a count scored
    "screenshot-score-pad.png": (SCORE_PAD, 3),
}


def table(page: Page, record: dict, events: int) -> None:
    """Import the record's first ``events`` events and wait for the table page to settle."""
    page.goto("/import")
    page.locator("textarea[name=text]").fill(json.dumps({**record, "events": record["events"][:events]}))
    page.get_by_role("button", name="Import").click()
    expect(page.locator("#table")).to_have_attribute("data-seq", str(events))
    page.wait_for_load_state("networkidle")
    page.evaluate("window.scrollTo(0, 0)")


def shrink(path: Path) -> None:
    """The screenshot as a small palette PNG (flat UI colours survive a 64-colour palette)."""
    with Image.open(path) as img:
        small = img.convert("RGB").quantize(
            COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
        )
    small.save(path, optimize=True)


def main() -> None:
    chromium = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request
    with (
        tempfile.TemporaryDirectory() as tmp,
        serve(make_app(f"sqlite:///{Path(tmp) / 'shots.sqlite3'}")) as url,
        sync_playwright() as pw,
    ):
        browser = pw.chromium.launch(
            executable_path=chromium, args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        try:
            for name, (source, events) in SHOTS.items():
                record = (
                    source
                    if isinstance(source, dict)
                    else json.loads((RECORDS / f"{source}.json").read_text())
                )
                context = browser.new_context(base_url=url, **PHONE)
                page = context.new_page()
                table(page, record, events)
                page.screenshot(path=DOCS / name)
                context.close()
                shrink(DOCS / name)
                print(f"{name}: {(DOCS / name).stat().st_size // 1024} KB")
        finally:
            browser.close()


if __name__ == "__main__":
    main()
