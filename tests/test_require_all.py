"""Where every test must run (CI, or REFEREE_REQUIRE_ALL=1), a browser test that cannot start its
browser fails the run instead of skipping quietly; on a developer's machine it still skips."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BROWSER_TEST = "tests/browser/test_score_pad.py::test_an_illegal_entry_shows_why_and_keeps_the_table"


def _run_without_chromium(**env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in ("CI", "REFEREE_REQUIRE_ALL")}
    return subprocess.run(
        [sys.executable, "-m", "pytest", BROWSER_TEST, "-q", "-rs"],
        cwd=ROOT,
        env={**base, "CHROMIUM_PATH": "/nonexistent/chromium", **env},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_a_browser_test_without_a_browser_skips_locally() -> None:
    run = _run_without_chromium()
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 skipped" in run.stdout


def test_a_browser_test_without_a_browser_fails_when_every_test_must_run() -> None:
    for env in ({"REFEREE_REQUIRE_ALL": "1"}, {"CI": "true"}):
        run = _run_without_chromium(**env)
        assert run.returncode == 1, run.stdout + run.stderr
        assert "1 error" in run.stdout and "must run, not skip" in run.stdout  # failed in its set-up
