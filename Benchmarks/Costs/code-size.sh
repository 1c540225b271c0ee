#!/bin/sh
# Release code size of each library product: builds every library product of the root package with
# `swift build -c release` (scratch path .build-size, so it does not disturb .build), then sums, per
# library, the Berkeley `size` "text" (machine code plus read-only data) and "data" of the object files
# of its target (.build-size/release/<Target>.build/*.o). Object files, not a linked binary, so that each
# library is counted alone and a dead-stripping linker does not hide anything.
# Usage: [SCRATCH=dir] code-size.sh   (from anywhere; prints a Markdown table)
set -e
root="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="${SCRATCH:-$root/.build-size}"
cd "$root"
libraries=$(swift package dump-package | python3 -c '
import json, sys
print(" ".join(p["name"] for p in json.load(sys.stdin)["products"] if "library" in p["type"]))')
for library in $libraries; do
  swift build -c release --scratch-path "$scratch" --product "$library" >/dev/null 2>&1 ||
    { echo "code-size.sh: swift build -c release --product $library failed" >&2; exit 1; }
done
# Targets (issue 27): at most 5% above the figures of 2026-11-27 (main at c7af87f), in KiB of text.
target() {
  case "$1" in
    # main at c7af87f: Streams 1089, StreamsTest 169, StreamsAdapters 172, StreamsAuth 520,
    # StreamsLaunch 371, StreamsBlocking 10, StreamsCocoa 94.
    Streams) echo 1143 ;; StreamsTest) echo 177 ;; StreamsAdapters) echo 181 ;; StreamsAuth) echo 546 ;;
    StreamsLaunch) echo 390 ;; StreamsBlocking) echo 11 ;; StreamsCocoa) echo 99 ;; *) echo 0 ;;
  esac
}
echo ""
echo "Release code size (\`swift build -c release\`, \`size\` of each library's object files; $(uname -m)):"
echo ""
echo "| Library | text KiB | data KiB | target |"
echo "|---|--:|--:|---|"
for library in $libraries; do
  set -- "$scratch"/release/"$library".build/*.o
  totals=$(size -t "$@" | tail -n 1)
  text=$(echo "$totals" | awk '{ printf "%.0f", $1 / 1024 }')
  data=$(echo "$totals" | awk '{ printf "%.0f", $2 / 1024 }')
  limit=$(target "$library")
  if [ "$limit" -gt 0 ]; then
    if [ "$text" -le "$limit" ]; then mark="≤$limit ✓"; else mark="≤$limit ✗"; fi
  else
    mark="(none)"
  fi
  echo "| $library | $text | $data | $mark |"
done
