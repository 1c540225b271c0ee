import Dispatch
import Foundation

/// Bounded waits for tests that run real threads: a deadlock fails the test instead of hanging it.
enum Watchdog {
  /// How long a test waits for work that, without a deadlock, takes milliseconds.
  static let patience: DispatchTimeInterval = .seconds(5)

  /// Runs each of `bodies` on its own thread at once (each thread waits until all have started,
  /// so that the bodies overlap as much as they can); returns `true` if all returned within
  /// ``patience``. A thread that deadlocked is left blocked; the test reports the failure.
  static func run(_ bodies: [@Sendable () -> Void]) -> Bool {
    let start = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    for body in bodies {
      Thread.detachNewThread {
        start.wait()
        body()
        done.signal()
      }
    }
    bodies.forEach { _ in start.signal() }
    for _ in bodies {
      guard done.wait(timeout: .now() + patience) == .success else { return false }
    }
    return true
  }

  /// Waits for `semaphore` within ``patience``; returns whether it was signalled.
  static func wait(_ semaphore: DispatchSemaphore) -> Bool {
    semaphore.wait(timeout: .now() + patience) == .success
  }
}
