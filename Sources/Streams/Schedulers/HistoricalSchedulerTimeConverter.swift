import Foundation

/// The converter of ``HistoricalScheduler``: virtual time is a `Date` and virtual intervals are
/// seconds, both passed through unchanged.
public struct HistoricalSchedulerTimeConverter: VirtualTimeConverterType, Sendable {
  /// A point on the historical clock is a date.
  public typealias VirtualTimeUnit = RxTime

  /// A distance on the historical clock is a number of seconds.
  public typealias VirtualTimeIntervalUnit = TimeInterval

  /// Creates the converter.
  public init() {}

  /// Returns `virtualTime` unchanged.
  public func convertFromVirtualTime(_ virtualTime: RxTime) -> RxTime { virtualTime }

  /// Returns `time` unchanged.
  public func convertToVirtualTime(_ time: RxTime) -> RxTime { time }

  /// Returns `virtualTimeInterval` unchanged.
  public func convertFromVirtualTimeInterval(_ virtualTimeInterval: TimeInterval) -> TimeInterval {
    virtualTimeInterval
  }

  /// Returns `timeInterval` unchanged.
  public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> TimeInterval { timeInterval }

  /// `time` plus `offset` seconds.
  public func offsetVirtualTime(_ time: RxTime, offset: TimeInterval) -> RxTime {
    time.addingTimeInterval(offset)
  }

  /// Compares the two dates.
  public func compareVirtualTime(_ lhs: RxTime, _ rhs: RxTime) -> VirtualTimeComparison {
    lhs < rhs ? .lessThan : (lhs == rhs ? .equal : .greaterThan)
  }
}
