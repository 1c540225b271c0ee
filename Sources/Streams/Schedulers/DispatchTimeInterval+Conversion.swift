import Foundation

/// The one conversion between `DispatchTimeInterval` and seconds, for Streams' schedulers and
/// operators and for the libraries built on them (StreamsLaunch's backoff and deadlines).
extension DispatchTimeInterval {
  /// The interval in seconds; `.never` is infinite.
  package var seconds: Double {
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

  /// `seconds`, rounded to the nanosecond.
  package init(timeInterval seconds: TimeInterval) {
    self = .nanoseconds(Int((seconds * 1_000_000_000).rounded()))
  }
}
