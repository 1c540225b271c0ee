// How many locks one request takes through StreamsAuth: answered 200, and the whole path of an
// expired token (401 → refresh → retry → 200). Counts every `pthread_mutex_lock` call in the process
// (Streams' locks, the Swift runtime's, Foundation's) from `send` to its return, after a warm-up.
// Run: swift run -c release --package-path Benchmarks SessionLockCount [--at-most ANSWERED REFRESHED]
// With `--at-most`, exits with status 1 when a median exceeds its bound (.ci/run checks the figures
// of Benchmarks/README.md this way).
import Foundation
import LockCounter
import SessionScenario

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

guard lock_counter_is_available() != 0 else {
  print("pthread_mutex_lock calls: not counted on this platform (glibc only)")
  exit(0)
}

let scenario = SessionScenario()

/// Signs in with an expired or a valid token (not counted), then counts the locks of one request.
func locks(expired: Bool) async throws -> Int {
  try await scenario.signIn(expired: expired)
  lock_counter_start()
  try await scenario.send()
  return lock_counter_stop()
}

for _ in 0..<50 {
  _ = try await locks(expired: true)
  _ = try await locks(expired: false)
}
let runs = 201
var answered: [Int] = []
var refreshed: [Int] = []
for _ in 0..<runs {
  refreshed.append(try await locks(expired: true))
  answered.append(try await locks(expired: false))
}

func median(_ counts: [Int]) -> Int { counts.sorted()[counts.count / 2] }

func summary(_ counts: [Int]) -> String {
  "\(median(counts)) (min \(counts.min()!), max \(counts.max()!))"
}
print("pthread_mutex_lock calls per request, median of \(runs):")
print("  answered 200:                   \(summary(answered))")
print("  401 → refresh → retry → 200:    \(summary(refreshed))")

let arguments = CommandLine.arguments.dropFirst()
if let flag = arguments.firstIndex(of: "--at-most") {
  let bounds = arguments[(flag + 1)...].prefix(2).compactMap { Int($0) }
  guard bounds.count == 2 else {
    print("usage: SessionLockCount [--at-most ANSWERED REFRESHED]")
    exit(2)
  }
  let over = zip(["answered 200", "401 → refresh → retry → 200"], zip([median(answered), median(refreshed)], bounds))
    .filter { $0.1.0 > $0.1.1 }
  for (name, (count, bound)) in over { print("over budget: \(name) takes \(count) locks, at most \(bound) allowed") }
  exit(over.isEmpty ? 0 : 1)
}
