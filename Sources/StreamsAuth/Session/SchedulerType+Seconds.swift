import Foundation
import Streams

extension SchedulerType {
  /// Runs `action` once after `seconds`, unless the result is disposed first.
  ///
  /// The delay is counted in whole milliseconds, rounded up so a timer never fires early: zero when
  /// negative or NaN, and at most `Int.max / 2` milliseconds (millions of years, but about 12 days
  /// where `Int` has 32 bits; the proactive refresh timer that fires that early finds the
  /// credential not yet due and re-arms).
  package func schedule(afterSeconds seconds: TimeInterval, _ action: @escaping @Sendable () -> Void) -> Disposable {
    let milliseconds = seconds > 0 ? Int(min((seconds * 1_000).rounded(.up), Double(Int.max / 2))) : 0
    return scheduleRelative((), dueTime: .milliseconds(milliseconds)) { _ in
      action()
      return Disposables.create()
    }
  }
}
