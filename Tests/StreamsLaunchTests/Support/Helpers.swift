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
