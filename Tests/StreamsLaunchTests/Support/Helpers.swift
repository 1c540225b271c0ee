import Dispatch
import Foundation
import StreamsLaunch

/// A task that logs its name when it runs.
func logging(
  _ rank: Int, _ name: String, _ log: Log, policy: LaunchFailurePolicy = .required, key: LaunchKey? = nil
) -> LaunchTask<Int> {
  LaunchTask(rank, name: name, key: key, policy: policy) { _ in log(name) }
}

/// Runs `body(index)` on `count` new threads at once and resumes when all have returned.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
  let group = DispatchGroup()
  let threads = (0..<count).map { index in
    group.enter()
    return Thread {
      body(index)
      group.leave()
    }
  }
  threads.forEach { $0.start() }
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    group.notify(queue: .global()) { continuation.resume() }
  }
}

/// A small deterministic random number generator (SplitMix64), so that stress tests are reproducible.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
