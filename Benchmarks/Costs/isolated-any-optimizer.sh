#!/bin/sh
# What the optimizer of the installed toolchain does with an `@isolated(any)` closure literal, the
# form in which every closure reaches Streams' operators (issue 36). Compiles a 10-line program
# with `swiftc -O -emit-sil` and prints two findings, each read from the optimized SIL:
#   1. whether the isolation of a closure formed outside any actor is known at compile time: Streams
#      asks each closure for it once, when an operator is built (Isolation.checked); if the
#      optimizer folded it, a nonisolated closure would cost no branch or context;
#   2. whether an operator's own closure that calls the user's closure is specialized with the user's
#      closure inlined ("closure specialization"), as it is for a plain closure: before issue 36's
#      change, `map { $0 &* 3 }` compiled to one function per stage; now the stage calls the user's
#      closure through its isolated context. This is where rows C and J lost time.
# Usage: sh Benchmarks/Costs/isolated-any-optimizer.sh   (prints a Markdown list; exits 0 whatever it finds)
set -e
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/probe.swift" <<'SWIFT'
@inline(__always) func isNonisolated(_ f: @escaping @isolated(any) (Int) -> Int) -> Bool { f.isolation == nil }
public func isolationOfLiteral() -> Bool { isNonisolated { $0 &+ 1 } }

@inline(__always) func plain<A, R>(_ f: @escaping @isolated(any) (A) -> R) -> (A) -> R {
  unsafeBitCast(f, to: ((A) -> R).self)
}
@inline(__always) func stage(_ g: @escaping (Int) -> Int) -> (Int) -> Int { { x in g(x) &* 2 } }
public func stageOfIsolatedAny() -> (Int) -> Int { stage(plain { $0 &+ 1 }) }
public func stageOfPlain() -> (Int) -> Int { stage { $0 &+ 1 } }
SWIFT
swiftc -O -parse-as-library -module-name probe -emit-sil "$work/probe.swift" -o "$work/probe.sil"
body() { awk -v name="$1" '$0 ~ "^sil @\\$s5probe" name { on = 1 } on { print } on && /^} \/\/ end/ { exit }' "$work/probe.sil"; }
for name in 18isolationOfLiteral 12stageOfPlain 18stageOfIsolatedAny; do
  [ -n "$(body "$name")" ] || { echo "isolated-any-optimizer.sh: no function $name in the optimized SIL" >&2; exit 1; }
done
if body 18isolationOfLiteral | grep -q function_extract_isolation; then
  folded="no: the closure's context is allocated and its isolation read at run time"
else
  folded="yes"
fi
if body 12stageOfPlain | grep -q partial_apply; then plain="no"; else plain="yes"; fi
if body 18stageOfIsolatedAny | grep -q "partial_apply.*isolated_any"; then
  isolated="no: the stage calls the user's closure through its isolated context (and a reabstraction thunk)"
else
  isolated="yes"
fi
echo "$(swiftc --version 2>&1 | head -1)"
echo ""
echo "- Isolation of a nonisolated \`@isolated(any)\` closure literal known at compile time: $folded"
echo "- A stage's closure specialized with the user's plain closure inlined: $plain"
echo "- The same with the user's closure passed as \`@isolated(any)\`: $isolated"
