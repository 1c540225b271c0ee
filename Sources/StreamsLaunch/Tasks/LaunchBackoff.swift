import Dispatch
import Foundation
import Streams

/// How long the queue waits before each retry of a failed task.
///
/// The wait runs on the queue's scheduler (virtual time under StreamsTest's `TestScheduler`).
/// While a task waits it holds no lane: other tasks run, and when the wait ends the task is ready
/// again and goes in rank order. A struct, so that other shapes can be added later.
///
/// ```swift
/// // Retries after 100 ms, 200 ms, 400 ms.
/// LaunchTask(.appInfo, policy: .optional.retrying(3, backoff: .exponential(initial: .milliseconds(100))))
/// ```
public struct LaunchBackoff: Hashable, Sendable, CustomStringConvertible {
  let initial: TimeInterval
  let multiplier: Double
  let maximum: TimeInterval

  private init(initial: TimeInterval, multiplier: Double, maximum: TimeInterval) {
    self.initial = Swift.max(0, initial)
    self.multiplier = Swift.max(1, multiplier)
    self.maximum = Swift.max(self.initial, maximum)
  }

  /// No wait: the retry starts at once, in the lane the task already holds (the default).
  public static let immediate = LaunchBackoff(initial: 0, multiplier: 1, maximum: 0)

  /// The same wait before every retry.
  public static func constant(_ delay: DispatchTimeInterval) -> LaunchBackoff {
    LaunchBackoff(initial: delay.seconds, multiplier: 1, maximum: delay.seconds)
  }

  /// A wait of `initial` before the first retry, multiplied by `multiplier` (at least 1) before each
  /// next one, and never longer than `maximum`.
  public static func exponential(
    initial: DispatchTimeInterval, multiplier: Double = 2, maximum: DispatchTimeInterval = .seconds(60)
  ) -> LaunchBackoff {
    LaunchBackoff(initial: initial.seconds, multiplier: multiplier, maximum: maximum.seconds)
  }

  /// The wait, in seconds, before retry number `retry` (`1` for the first retry).
  public func delay(beforeRetry retry: Int) -> TimeInterval {
    guard initial > 0 else { return 0 }
    let grown = initial * pow(multiplier, Double(Swift.max(0, retry - 1)))
    return Swift.min(maximum, grown)
  }

  /// `immediate`, or the first wait and how it grows.
  public var description: String {
    if initial == 0 { return "immediate" }
    if multiplier == 1 { return "every \(formatMilliseconds(initial))" }
    return "from \(formatMilliseconds(initial)), ×\(multiplier), at most \(formatMilliseconds(maximum))"
  }
}
