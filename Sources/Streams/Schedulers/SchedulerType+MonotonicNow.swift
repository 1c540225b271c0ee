import Dispatch
import Foundation

/// A scheduler that keeps a clock of its own that never goes back, on which durations and windows
/// of time are measured (``SchedulerType/monotonicNow``).
///
/// ``VirtualTimeScheduler`` and its subclasses (``HistoricalScheduler``, StreamsTest's
/// `TestScheduler`) conform: their clock moves only when they are driven, so a test drives
/// durations exactly as it drives timers. Conform a scheduler of your own when its `now` never goes
/// back (a virtual clock), and conform a scheduler that wraps another by forwarding the wrapped
/// one's ``SchedulerType/monotonicNow``, so that measurements follow the clock the wrapper runs
/// its timers on.
public protocol MonotonicClockScheduler: SchedulerType {
  /// Seconds on this scheduler's clock that never goes back.
  var monotonicSeconds: TimeInterval { get }
}

extension VirtualTimeScheduler: MonotonicClockScheduler {
  /// The virtual clock (``now``) in seconds since 1970.
  public var monotonicSeconds: TimeInterval { now.timeIntervalSince1970 }
}

extension SchedulerType {
  /// Seconds on a clock that never goes back, for measuring durations and windows of time on this
  /// scheduler (StreamsAuth's refresh limits, StreamsLaunch's task timings).
  ///
  /// On a ``MonotonicClockScheduler`` (every virtual-time scheduler, and wrappers that forward to
  /// one) it is that scheduler's ``MonotonicClockScheduler/monotonicSeconds``. On every other
  /// scheduler it is the system's monotonic uptime: their ``now`` is the wall clock, which the
  /// user or a time server can move at any moment, so a window measured on it could end at once or
  /// never.
  public var monotonicNow: TimeInterval {
    if let scheduler = self as? any MonotonicClockScheduler { return scheduler.monotonicSeconds }
    return TimeInterval(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
  }
}
