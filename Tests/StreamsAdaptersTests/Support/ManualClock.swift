import Foundation

/// A clock that moves only when a test calls `advance(by:)`: timeouts fire exactly then.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
final class ManualClock: Clock, @unchecked Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private let lock = NSLock()
  private var current = Instant(offset: .zero)
  private var sleepers: [Sleeper] = []
  private var nextID = 0
  private let sleeps = Signals()

  var now: Instant {
    lock.lock()
    defer { lock.unlock() }
    return current
  }

  var minimumResolution: Duration { .zero }

  /// Suspends until `advance(by:)` reaches `deadline`; throws `CancellationError` when cancelled.
  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = lock.locked {
      nextID += 1
      return nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        lock.lock()
        if Task.isCancelled {
          lock.unlock()
          continuation.resume(throwing: CancellationError())
        } else if deadline <= current {
          lock.unlock()
          continuation.resume()
        } else {
          sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          lock.unlock()
        }
        sleeps.signal()
      }
    } onCancel: {
      lock.lock()
      let index = sleepers.firstIndex { $0.id == id }
      let sleeper = index.map { sleepers.remove(at: $0) }
      lock.unlock()
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Waits until `count` sleeps in total have started (a timer is armed).
  func waitForSleeps(_ count: Int) async {
    await sleeps.wait(for: count)
  }

  /// Moves the clock forward and wakes every sleeper whose deadline passed.
  func advance(by duration: Duration) {
    lock.lock()
    current = current.advanced(by: duration)
    let due = sleepers.filter { $0.deadline <= current }
    sleepers.removeAll { $0.deadline <= current }
    lock.unlock()
    for sleeper in due { sleeper.continuation.resume() }
  }
}

/// A clock whose sleeps end at once (unless cancelled): a timeout on it fires as soon as its timer
/// task runs, which makes it race with the SDK's callback.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct ImmediateClock: Clock {
  var now: ContinuousClock.Instant { ContinuousClock.now }
  var minimumResolution: Duration { .zero }

  func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
  }
}
