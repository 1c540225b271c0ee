import Dispatch
import Foundation

/// The schedulers whose clock is their own: it moves only when the scheduler is driven and never
/// goes back. ``VirtualTimeScheduler`` and its subclasses (``HistoricalScheduler``, StreamsTest's
/// `TestScheduler`) are.
package protocol VirtualClockScheduler: SchedulerType {}

extension VirtualTimeScheduler: VirtualClockScheduler {}

extension SchedulerType {
  /// Seconds on a clock that never goes back, for measuring durations and windows of time on this
  /// scheduler (StreamsAuth's refresh limits, StreamsLaunch's task timings).
  ///
  /// On a virtual-time scheduler it is the scheduler's own clock (``now`` in seconds since 1970),
  /// so a test drives durations exactly as it drives timers. On every other scheduler it is the
  /// system's monotonic uptime: their ``now`` is the wall clock, which the user or a time server
  /// can move at any moment, so a window measured on it could end at once or never.
  package var monotonicNow: TimeInterval {
    if self is any VirtualClockScheduler { return now.timeIntervalSince1970 }
    return TimeInterval(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
  }
}
