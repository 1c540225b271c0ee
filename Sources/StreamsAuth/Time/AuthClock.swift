import Dispatch
import Foundation
import Streams

/// The time source of StreamsAuth: wall time for expiry, monotonic time for the refresh window,
/// and one-shot timers for proactive refresh.
///
/// Use ``SystemClock`` (``AuthClock/system``) in apps and a virtual-time scheduler in tests:
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)       // StreamsTest
/// let session = SessionManager(refresher: refresher, clock: .scheduler(scheduler))
/// scheduler.advanceTo(970)                              // fires the proactive refresh timer
/// ```
public protocol AuthClock: Sendable {
  /// The current wall-clock time, compared with ``Credential/expiresAt``.
  var now: Date { get }
  /// Seconds on a clock that never goes back, for counting refreshes within a window.
  var uptime: TimeInterval { get }
  /// Runs `action` once after `delay` seconds, unless the returned value is disposed first.
  func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> Cancelable
}

/// The real clock: `Date()`, the system's monotonic uptime, and dispatch timers.
public struct SystemClock: AuthClock {
  /// Creates the system clock.
  public init() {}

  /// `Date()`.
  public var now: Date { Date() }

  /// The monotonic time since boot, in seconds.
  public var uptime: TimeInterval { TimeInterval(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000 }

  /// Schedules `action` on a global queue after `delay` seconds.
  public func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> Cancelable {
    let item = DispatchWorkItem(block: action)
    DispatchQueue.global().asyncAfter(deadline: .now() + max(0, delay), execute: item)
    return Disposables.create { item.cancel() }
  }
}

/// A clock driven by a Streams scheduler, such as StreamsTest's `TestScheduler` for virtual time.
///
/// `now` is the scheduler's `now`; `uptime` is the same instant in seconds (a virtual clock never
/// goes back); timers are the scheduler's relative schedules.
public struct SchedulerClock: AuthClock {
  /// The scheduler that provides time.
  public let scheduler: any SchedulerType

  /// Creates a clock over `scheduler`.
  public init(_ scheduler: any SchedulerType) {
    self.scheduler = scheduler
  }

  /// The scheduler's time.
  public var now: Date { scheduler.now }

  /// The scheduler's time in seconds since 1970.
  public var uptime: TimeInterval { scheduler.now.timeIntervalSince1970 }

  /// Schedules `action` on the scheduler after `delay` seconds (millisecond precision).
  public func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> Cancelable {
    let milliseconds = Int((max(0, delay) * 1_000).rounded())
    let disposable = scheduler.scheduleRelative((), dueTime: .milliseconds(milliseconds)) { _ in
      action()
      return Disposables.create()
    }
    return Disposables.create { disposable.dispose() }
  }
}

extension AuthClock where Self == SystemClock {
  /// The real clock.
  public static var system: SystemClock { SystemClock() }
}

extension AuthClock where Self == SchedulerClock {
  /// A clock driven by `scheduler` (virtual time in tests).
  public static func scheduler(_ scheduler: any SchedulerType) -> SchedulerClock { SchedulerClock(scheduler) }
}
