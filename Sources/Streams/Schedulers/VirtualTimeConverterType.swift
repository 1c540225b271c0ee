import Foundation

/// Translates between a ``VirtualTimeScheduler``'s virtual clock and real dates and intervals.
///
/// A converter defines what one unit of virtual time means: ticks of a test clock, or the dates
/// of ``HistoricalScheduler``. The scheduler orders its work only through
/// ``compareVirtualTime(_:_:)``, so the virtual time types need not be `Comparable`.
public protocol VirtualTimeConverterType {
  /// The type of a point on the virtual clock.
  associatedtype VirtualTimeUnit

  /// The type of a distance between two points on the virtual clock.
  associatedtype VirtualTimeIntervalUnit

  /// The real date that `virtualTime` stands for; the scheduler's `now`.
  func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime

  /// The virtual time that stands for `time`; used to place relative schedules on the clock.
  func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit

  /// The number of seconds `virtualTimeInterval` stands for.
  func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval

  /// The virtual interval that stands for `timeInterval` seconds.
  func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit

  /// `time` moved by `offset`.
  func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit

  /// How `lhs` compares with `rhs`.
  func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

/// The result of ``VirtualTimeConverterType/compareVirtualTime(_:_:)``.
///
/// A separate type because virtual times (such as `Date`) need not be `Comparable`.
public enum VirtualTimeComparison: Sendable, Equatable {
  /// The left time is earlier.
  case lessThan
  /// The times are the same.
  case equal
  /// The left time is later.
  case greaterThan
}
