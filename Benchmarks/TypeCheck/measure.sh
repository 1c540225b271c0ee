#!/bin/sh
# Type-checks Chains.swift against the Streams module of a built package and prints the wall time
# of RUNS runs (default 5) and the sum of -debug-time-function-bodies (ms).
# Usage: [RUNS=n] measure.sh [build-dir]
set -e
here="$(cd "$(dirname "$0")" && pwd)"
build="${1:-$here/../../.build/debug}"
"$here/generate.sh" "$here/Chains.swift"
for run in $(seq 1 "${RUNS:-5}"); do
  start=$(date +%s.%N)
  swiftc -typecheck -I "$build/Modules" "$here/Chains.swift" -Xfrontend -debug-time-function-bodies \
    > "$here/.bodies.txt" 2>&1
  end=$(date +%s.%N)
  bodies=$(grep -o '^[0-9.]*ms' "$here/.bodies.txt" | tr -d 'ms' | awk '{ s += $1 } END { printf "%.1f", s }')
  echo "run $run: wall $(echo "$end - $start" | bc) s, function bodies $bodies ms"
done
rm -f "$here/.bodies.txt"
