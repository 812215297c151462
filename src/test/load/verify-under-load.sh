#!/usr/bin/env bash
# Runs the test command under load: `mvn -B verify` under a virtual X server, as CI runs it, RUNS
# times in a row (default 5) while BUSY other processes (default 2, one per core of a 2-core
# machine) spin on the processor. Prints one line per run (its number, pass or FAIL, its wall
# time) and a closing `N passed, M failed` line; exits 1 if any run failed. Each run's Maven log
# is kept in LOGS (default target/load-runs/).
#
#   src/test/load/verify-under-load.sh [RUNS [BUSY]]
#
# The busy processes are plain shell loops at normal priority: they take what the tests would
# otherwise have, as a laptop's browser or a second build does. They are stopped when the script
# ends, however it ends.
set -euo pipefail
cd "$(dirname "$0")/../../.."

runs=${1:-5}
busy=${2:-2}
logs=${LOGS:-target/load-runs}
if ! [[ $runs =~ ^[1-9][0-9]*$ && $busy =~ ^[0-9]+$ ]]; then
    echo "usage: $0 [RUNS [BUSY]] (whole numbers, RUNS ≥ 1)" >&2
    exit 2
fi
command -v xvfb-run >/dev/null || { echo "$0: xvfb-run is missing (apt install xvfb xauth)" >&2; exit 2; }

spinners=()
stop_spinners() {
    for pid in "${spinners[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
}
trap stop_spinners EXIT
for ((i = 0; i < busy; i++)); do
    bash -c 'while :; do :; done' &
    spinners+=($!)
done

mkdir -p "$logs"
passed=0
failed=0
echo "$(nproc) cores, $busy busy processes, load average $(cut -d' ' -f1-3 /proc/loadavg) before the first run"
for ((run = 1; run <= runs; run++)); do
    log="$logs/run-$run.log"
    start=$(date +%s)
    if xvfb-run -a -s "-screen 0 1280x1024x24" \
        mvn -B verify "-Dhooke.test.jvmArgs=-Dprism.forceGPU=true -Dhooke.render.required=true" >"$log" 2>&1; then
        result=pass
        passed=$((passed + 1))
    else
        result=FAIL
        failed=$((failed + 1))
    fi
    seconds=$(($(date +%s) - start))
    printf 'run %d: %s in %dm%02ds, load average %s (%s)\n' "$run" "$result" $((seconds / 60)) $((seconds % 60)) \
        "$(cut -d' ' -f1-3 /proc/loadavg)" "$log"
    if [[ $result == FAIL ]]; then
        grep -E '^\[ERROR\] (Tests run|  |Failures|Errors)' "$log" | head -20 || true
    fi
done
echo "$passed passed, $failed failed"
((failed == 0))
