import Foundation
import StreamsLaunch

/// Simulated services: each call takes a few milliseconds, so the whole demo runs in well under a
/// second (CI runs it).
enum Services {
  /// What the simulated services throw.
  enum Failure: Error, CustomStringConvertible {
    case sessionExpired, bannerServerDown, noConnection, storeTimeout

    var description: String {
      switch self {
      case .sessionExpired: return "session expired"
      case .bannerServerDown: return "banner server returned 503"
      case .noConnection: return "no network connection"
      case .storeTimeout: return "app store lookup timed out"
      }
    }
  }

  /// Simulates `milliseconds` of work; throws if the task was cancelled.
  static func work(_ milliseconds: UInt64) async throws {
    try await Task.sleep(nanoseconds: milliseconds * 1_000_000)
  }

  /// Counts calls, from any thread.
  final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// Adds one and returns the new count.
    func next() -> Int {
      lock.lock()
      defer { lock.unlock() }
      value += 1
      return value
    }
  }

  /// Login fails the first time: the stored session has expired.
  static let logins = Counter()

  /// The update check times out once, then succeeds on its retry.
  static let updateChecks = Counter()

  /// The user accepting the terms of service: a gate released from the (simulated) UI.
  static let terms = LaunchGate("terms of service")
}
