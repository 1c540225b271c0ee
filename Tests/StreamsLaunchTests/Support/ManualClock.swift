import Foundation
import StreamsLaunch

/// A clock that only moves when the test says so.
final class ManualClock: LaunchClock, @unchecked Sendable {
  private let time = Locked<TimeInterval>(100)

  func now() -> TimeInterval { time.value }

  /// Moves the clock forward by `seconds`.
  func advance(by seconds: TimeInterval) {
    time.withLock { $0 += seconds }
  }
}
