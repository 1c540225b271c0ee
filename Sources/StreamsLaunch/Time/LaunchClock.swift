import Dispatch
import Foundation

/// The source of time a queue measures tasks with.
///
/// The queue reads the clock when it starts and when each task starts and returns, outside its
/// lock. Tests inject a clock they advance by hand, so durations in events and in the report are
/// exact and no test has to sleep.
public protocol LaunchClock: Sendable {
  /// Seconds since a fixed, arbitrary origin; must never decrease.
  func now() -> TimeInterval
}

/// The default clock: monotonic time since boot, unaffected by changes to the wall clock.
public struct SystemLaunchClock: LaunchClock {
  /// Creates the clock.
  public init() {}

  /// Seconds of monotonic uptime.
  public func now() -> TimeInterval {
    TimeInterval(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
  }
}

extension LaunchClock where Self == SystemLaunchClock {
  /// The monotonic system clock.
  public static var system: SystemLaunchClock { SystemLaunchClock() }
}
