import Foundation

extension DispatchTimeInterval {
  /// The interval in seconds; `.never` is infinite.
  var seconds: Double {
    switch self {
    case .seconds(let value): return Double(value)
    case .milliseconds(let value): return Double(value) / 1_000
    case .microseconds(let value): return Double(value) / 1_000_000
    case .nanoseconds(let value): return Double(value) / 1_000_000_000
    case .never: return .infinity
    @unknown default: return .infinity
    }
  }

  /// Whether the interval is zero or negative.
  var isNow: Bool { seconds <= 0 }
}
