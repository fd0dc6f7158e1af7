#!/usr/bin/env bash
# The unit and integration tiers, N times in a row (default 3), while stress-ng keeps every core
# busy: the proof that no test depends on an idle machine (README "Testing", "Under load").
# Stops at the first failing run; prints one line per run with its time and the load average.
set -uo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-3}"
command -v stress-ng >/dev/null || { echo "stress-ng is missing: apt-get install stress-ng" >&2; exit 2; }
logs="tmp/stress"
mkdir -p "$logs"
stress-ng --cpu "$(nproc)" --timeout 0 >"$logs/stress-ng.log" 2>&1 &
stress_pid=$!
trap 'kill "$stress_pid" 2>/dev/null' EXIT
for ((run = 1; run <= runs; run++)); do
  started=$(date +%s)
  npx jest --ci --selectProjects unit integration >"$logs/run-$run.log" 2>&1
  status=$?
  summary=$(grep -E '^Tests:' "$logs/run-$run.log" | tail -1)
  echo "run $run/$runs: exit $status in $(($(date +%s) - started)) s, load $(cut -d' ' -f1-3 /proc/loadavg); $summary"
  if ((status != 0)); then
    echo "failed: see $logs/run-$run.log" >&2
    exit "$status"
  fi
done
