import Dispatch
import Foundation
import Streams

/// A scheduler that forwards to `base` and counts the work scheduled on it, so that a test can
/// wait until the code under test armed its timers (``scheduled``) before it advances a
/// `TestScheduler` `base`. A timer that is never advanced also tells the test that the code got
/// as far as arming it.
public final class CountingScheduler: MonotonicClockScheduler, Sendable {
  /// The scheduler that keeps the time and runs the work.
  public let base: any SchedulerType
  /// Signalled once per piece of work scheduled, after `base` queued it.
  public let scheduled = Signals()

  /// A counting scheduler over `base`.
  public init(_ base: any SchedulerType) {
    self.base = base
  }

  /// The time of `base`.
  public var now: RxTime { base.now }

  /// The monotonic time of `base`, so that durations follow the clock the timers run on.
  public var monotonicSeconds: TimeInterval { base.monotonicNow }

  /// Schedules `action` on `base` now, then counts it.
  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
    defer { scheduled.signal() }
    return base.schedule(state, action: action)
  }

  /// Schedules `action` on `base` after `dueTime`, then counts it.
  public func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    defer { scheduled.signal() }
    return base.scheduleRelative(state, dueTime: dueTime, action: action)
  }
}
