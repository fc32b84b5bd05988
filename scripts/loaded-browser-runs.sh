#!/usr/bin/env bash
# The browser suite N times in a row on a machine kept busy by a CPU hog (one `yes` per core), to show
# that no browser test depends on how fast the machine is. Prints pass/fail per run and a total; exits 1
# if any run failed. A failed run's log is kept (its path is printed).
#
#   bash scripts/loaded-browser-runs.sh 20                 # tests/browser, 20 runs
#   bash scripts/loaded-browser-runs.sh 5 tests/browser/test_shared_tables.py
#
# HOGS=4 starts more hogs than cores. Browser tests must run, not skip (REFEREE_REQUIRE_ALL=1).
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
shift || true
paths=("$@")
[ ${#paths[@]} -gt 0 ] || paths=(tests/browser)
hogs=${HOGS:-$(nproc)}
if [ ! -x .venv/bin/python ]; then
    echo "no .venv here: run 'bash scripts/test.sh tests/browser -x' once first (it installs Chromium too)" >&2
    exit 2
fi
logs=$(mktemp -d -t loaded-browser-runs.XXXXXX)

pids=()
stop_hogs() { [ ${#pids[@]} -eq 0 ] || kill "${pids[@]}" 2>/dev/null; wait 2>/dev/null; }
trap stop_hogs EXIT
trap 'exit 130' INT TERM
for _ in $(seq "$hogs"); do
    yes > /dev/null &
    pids+=($!)
done
echo "CPU hog: $hogs x yes (pids ${pids[*]}); $runs runs of ${paths[*]}; logs in $logs"

passed=0
for run in $(seq "$runs"); do
    log="$logs/run-$run.log"
    REFEREE_REQUIRE_ALL=1 .venv/bin/python -m pytest "${paths[@]}" -q -p no:randomly -p no:cacheprovider \
        > "$log" 2>&1
    rc=$?
    summary=$(tail -n 1 "$log")
    if [ $rc -eq 0 ]; then
        passed=$((passed + 1))
        echo "run $run/$runs: pass  ($summary)"
        rm -f "$log"
    else
        echo "run $run/$runs: FAIL  ($summary) log: $log"
        grep -E '^(FAILED|ERROR) ' "$log" | sed 's/^/    /'
    fi
done
echo "$passed of $runs runs passed (load: $(cut -d' ' -f1-3 /proc/loadavg))"
[ "$passed" -eq "$runs" ]
