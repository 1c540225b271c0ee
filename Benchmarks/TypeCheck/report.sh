#!/bin/sh
# Type-check time of RxSwift-style chains, as a Markdown table for the benchmark's second report
# (`StreamsBenchmarks --costs`). Type-checks the first CHAINS (default 5) functions of Chains.swift
# (generate.sh), RUNS times (default 3, the median is shown), against:
#   - the Streams module of a debug build of the root package (built here: swift build --target Streams);
#   - RxSwiftShapes.swift compiled as a module named Streams: the same operators with RxSwift 6's
#     signatures and empty bodies, so the difference is what Streams' declarations add;
# and, as the floor of a chain, a chain of 8 `map`s against Streams.
# The time is the sum of -debug-time-function-bodies (ms) for the file. The whole 50-chain file:
# measure.sh (about 2 minutes a run).
set -e
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
chains="${CHAINS:-5}"
runs="${RUNS:-3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$root" && swift build --target Streams >/dev/null 2>&1) || { echo "report.sh: swift build --target Streams failed" >&2; exit 1; }
streams="$root/.build/debug/Modules"
mkdir -p "$work/shapes"
swiftc -emit-module -module-name Streams -parse-as-library "$here/RxSwiftShapes.swift" \
  -emit-module-path "$work/shapes/Streams.swiftmodule" 2>/dev/null
"$here/generate.sh" "$work/All.swift"
# The header (import, struct User) and the first `chains` functions (each 12 lines, the first at line 6).
head -n $((5 + 12 * chains)) "$work/All.swift" > "$work/Chains.swift"
{
  echo "import Streams"
  echo "func maps(_ ids: Observable<Int>, _ bag: DisposeBag) {"
  echo "  ids.map { \$0 + 1 }.map { \$0 * 2 }.map { \$0 - 3 }.map { \$0 / 4 }.map { \$0 + 5 }.map { \$0 * 6 }"
  echo "    .map { \$0 - 7 }.map { \$0 / 8 }.subscribe(onNext: { print(\$0) }).disposed(by: bag)"
  echo "}"
} > "$work/Maps.swift"
bodies() {  # $1 module dir, $2 file: the summed function-body ms of one type-check
  swiftc -typecheck -I "$1" "$2" -Xfrontend -debug-time-function-bodies 2>&1 |
    grep -o '^[0-9.]*ms' | tr -d 'ms' | awk '{ s += $1 } END { printf "%.0f", s }'
}
median() { tr ' ' '\n' | grep . | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
s=""; r=""; m=""
for run in $(seq 1 "$runs"); do
  s="$s $(bodies "$streams" "$work/Chains.swift")"
  r="$r $(bodies "$work/shapes" "$work/Chains.swift")"
  m="$m $(bodies "$streams" "$work/Maps.swift")"
done
s=$(echo "$s" | median); r=$(echo "$r" | median); m=$(echo "$m" | median)
ratio=$(echo "$s $r" | awk '{ printf "%.2f", $1 / $2 }')
per=$(echo "$s $chains" | awk '{ printf "%.2f", $1 / $2 / 1000 }')
# Targets (issue 27), from 2026-11-27: Streams' declarations add at most 2.2x to the chains' own cost.
target=2.2
met=$(echo "$ratio $target" | awk '{ print ($1 <= $2) ? "✓" : "✗" }')
echo ""
echo "Type-check time (\`swiftc -typecheck -debug-time-function-bodies\`, median of $runs runs, the first $chains of"
echo "Benchmarks/TypeCheck's 50 chains; see Benchmarks/TypeCheck/README.md):"
echo ""
echo "| File | ms | per chain | target |"
echo "|---|--:|--:|---|"
echo "| $chains chains against Streams | $s | $per s | ≤${target}× the RxSwift shapes $met ($ratio×) |"
echo "| the same against RxSwift 6's shapes (RxSwiftShapes.swift) | $r | $(echo "$r $chains" | awk '{ printf "%.2f", $1 / $2 / 1000 }') s | |"
echo "| a chain of 8 \`map\`s against Streams | $m | $(echo "$m" | awk '{ printf "%.2f", $1 / 1000 }') s | |"
