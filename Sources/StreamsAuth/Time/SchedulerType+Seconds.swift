import Foundation
import Streams

extension SchedulerType {
  /// Runs `action` once after `seconds` (to the millisecond; zero when negative or NaN; at most
  /// about 270 years), unless the result is disposed first.
  package func schedule(afterSeconds seconds: TimeInterval, _ action: @escaping @Sendable () -> Void) -> Disposable {
    let milliseconds = seconds > 0 ? Int(min(seconds, 8.5e9) * 1_000) : 0
    return scheduleRelative((), dueTime: .milliseconds(milliseconds)) { _ in
      action()
      return Disposables.create()
    }
  }
}
