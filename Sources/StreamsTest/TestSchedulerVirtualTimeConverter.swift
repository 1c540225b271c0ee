import Foundation
import Streams

/// The converter of ``TestScheduler``: virtual time is integer ticks of `resolution` seconds each.
///
/// Dates and intervals convert to ticks as `Int(seconds / resolution + 0.5)`, saturating at
/// `Int.min` and `Int.max` instead of trapping; tick arithmetic saturates too.
public struct TestSchedulerVirtualTimeConverter: VirtualTimeConverterType, Sendable {
  /// A point on the test clock, in ticks.
  public typealias VirtualTimeUnit = Int

  /// A distance on the test clock, in ticks.
  public typealias VirtualTimeIntervalUnit = Int

  private let resolution: Double

  init(resolution: Double) {
    self.resolution = resolution
  }

  /// The date `virtualTime × resolution` seconds after 1970.
  public func convertFromVirtualTime(_ virtualTime: Int) -> RxTime {
    Date(timeIntervalSince1970: Double(virtualTime) * resolution)
  }

  /// The tick nearest to `time` (seconds since 1970, divided by the resolution).
  public func convertToVirtualTime(_ time: RxTime) -> Int {
    ticks(time.timeIntervalSince1970)
  }

  /// `virtualTimeInterval × resolution` seconds.
  public func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> TimeInterval {
    Double(virtualTimeInterval) * resolution
  }

  /// The number of ticks nearest to `timeInterval` seconds.
  public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> Int {
    ticks(timeInterval)
  }

  /// `time + offset`, saturating.
  public func offsetVirtualTime(_ time: Int, offset: Int) -> Int {
    let (sum, overflow) = time.addingReportingOverflow(offset)
    return overflow ? (offset > 0 ? Int.max : Int.min) : sum
  }

  /// Compares two ticks.
  public func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
    lhs < rhs ? .lessThan : (lhs == rhs ? .equal : .greaterThan)
  }

  /// `Int(seconds / resolution + 0.5)`, saturating.
  private func ticks(_ seconds: Double) -> Int {
    let ticks = (seconds / resolution + 0.5).rounded(.towardZero)
    if ticks.isNaN { return 0 }
    if ticks >= Double(Int.max) { return Int.max }
    if ticks <= Double(Int.min) { return Int.min }
    return Int(ticks)
  }
}
