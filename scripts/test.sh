#!/usr/bin/env bash
# Command 2 of README: install the test dependencies (Debian chromium, PostgreSQL, ...) and run every test.
set -euo pipefail
source "$(dirname "$0")/setup.sh" chromium postgresql poppler-utils zbar-tools nginx
install_app ".[test]"
.venv/bin/ruff check .
.venv/bin/mypy  # strict, over the whole referee package and printables (pyproject.toml)
# Every test must run: a test that would skip (no Chromium, PostgreSQL, poppler, zbar or Japanese font; not
# root to install them) fails instead. REFEREE_REQUIRE_ALL=0 lets them skip (CI=true never does).
export REFEREE_REQUIRE_ALL=${REFEREE_REQUIRE_ALL:-1}
# Compiled modules and pytest's rewritten test modules are kept, outside the clone: with bytecode off
# (PYTHONDONTWRITEBYTECODE=1, as on the shared machine) each worker compiled the package and rewrote ~275
# test modules again, and so did every served clone, every time (a worker's collection: 15.8 CPU-s, 5.8
# with the cache warm). Python checks each cached file against its source, so an edit is compiled afresh.
unset PYTHONDONTWRITEBYTECODE
export PYTHONPYCACHEPREFIX=${PYTHONPYCACHEPREFIX:-${TMPDIR:-/tmp}/referee-pycache}
set +e
# Both cores: each test file runs whole on one worker (module fixtures such as a served clone are made
# once), in the order tests/conftest.py gives (browser and club files first, so both workers end together
# on short files); REFEREE_TEST_WORKERS=0 runs in one process.
.venv/bin/python -m pytest -n "${REFEREE_TEST_WORKERS:-2}" --dist loadfile --no-loadscope-reorder "$@"
rc=$?
set -e
if [ $rc -eq 5 ]; then echo "no tests were collected" >&2; exit 1; fi
exit $rc
