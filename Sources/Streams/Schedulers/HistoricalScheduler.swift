import Foundation

/// A ``VirtualTimeScheduler`` whose clock is a `Date`: replays work against recorded history, or
/// runs time-based code instantly, without waiting for the machine's clock.
///
/// Nothing runs until ``VirtualTimeScheduler/start(fileID:filePath:line:)`` or
/// ``VirtualTimeScheduler/advanceTo(_:fileID:filePath:line:)``;
/// then the work runs in date order (equal dates in scheduling order), and ``VirtualTimeScheduler/now``
/// reads the date of the work that is running.
///
/// ```swift
/// let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 0))
/// _ = Observable<Int>.timer(.seconds(60), scheduler: scheduler).subscribe(onNext: { _ in
///   print(scheduler.now)  // 1970-01-01 00:01:00
/// })
/// scheduler.start()
/// ```
public final class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter>, @unchecked Sendable {
  // Unchecked: no stored state of its own; `VirtualTimeScheduler`'s is under its lock.
  /// Creates a scheduler whose clock reads `initialClock` (the 1970 epoch when not given).
  public init(initialClock: RxTime = Date(timeIntervalSince1970: 0)) {
    super.init(initialClock: initialClock, converter: HistoricalSchedulerTimeConverter())
  }
}
