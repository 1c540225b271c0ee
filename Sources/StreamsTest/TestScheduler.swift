import Foundation
import Streams

/// A virtual-time scheduler for testing time-based code deterministically and instantly: a
/// `VirtualTimeScheduler` whose clock counts integer ticks (``TestTime``).
///
/// Work runs only when the test drives the clock with `start()` or `advanceTo(_:)`; nothing waits
/// for real time. The rules:
///
/// - The queue is ordered by time, then by scheduling order: work due at the same time runs first
///   in, first out.
/// - When work runs, the clock jumps to its time. Work due in the past runs at the current clock;
///   the clock never goes back.
/// - ``scheduleAt(_:action:)`` and the events of hot and cold test observables run exactly at the
///   time given. `schedule(_:action:)` and `scheduleRelative(_:dueTime:action:)`, which operators
///   use, move any time at or before the clock to `clock + 1` (or to `clock` when
///   `simulateProcessingDelay` is `false`), so an operator's own work never runs in the same tick as
///   the event that caused it.
/// - A relative interval of `s` seconds lands on tick `Int((clock × resolution + s) / resolution + 0.5)`;
///   `.never` is never run.
/// - Disposing the result of a schedule call before the work ran cancels it.
///
/// These are RxTest's rules, with two differences: misuse (running the scheduler from inside its
/// own work, moving the clock back, a second `start` in the past) is reported as a test failure
/// instead of trapping or being ignored, and a `.never` due time is dropped instead of being queued
/// at the distant future.
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)
/// let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
/// let res = scheduler.start { xs.map { $0 * 10 } }
/// #expect(res.events == [.next(210, 10), .next(220, 20), .completed(300)])
/// #expect(xs.subscriptions == [Subscription(200, 300)])
/// ```
///
/// The scheduler is `Sendable` so that operators may hold it, and its state is guarded by a lock,
/// but it is meant to be driven by one test at a time: run its work from one thread.
public final class TestScheduler: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter>, @unchecked Sendable {
  // Unchecked: only `let`s of its own; `VirtualTimeScheduler`'s state is under its lock.
  /// The times ``start(created:subscribed:disposed:fileID:filePath:line:create:)`` uses when not told otherwise.
  public enum Defaults {
    /// The time the observable under test is created: 100.
    public static let created: TestTime = 100
    /// The time it is subscribed to: 200.
    public static let subscribed: TestTime = 200
    /// The time the subscription is disposed: 1000.
    public static let disposed: TestTime = 1000
  }

  /// How many seconds one tick is, for converting the `RxTimeInterval`s operators pass.
  public let resolution: Double

  /// Whether work scheduled by operators for now or the past runs one tick later (`true`) or at
  /// the current tick (`false`).
  public let simulateProcessingDelay: Bool

  /// Creates a scheduler whose clock reads `initialClock`.
  ///
  /// - Parameters:
  ///   - initialClock: The starting time, usually 0.
  ///   - resolution: Seconds per tick, used to convert relative intervals and to compute `now`
  ///     (`clock × resolution` seconds after 1970).
  ///   - simulateProcessingDelay: Whether operator work scheduled for now or the past runs at
  ///     `clock + 1` instead of `clock`.
  public init(initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
    self.resolution = resolution
    self.simulateProcessingDelay = simulateProcessingDelay
    super.init(initialClock: initialClock, converter: TestSchedulerVirtualTimeConverter(resolution: resolution))
    misuseHandler = { misuse in
      TestFailureReporter.report(
        TestFailure(misuse.message, fileID: misuse.fileID, filePath: misuse.filePath, line: misuse.line, column: 1))
    }
  }

  /// Schedules `action` to run at exactly `time`, without the processing-delay adjustment.
  ///
  /// A time in the past runs at the current clock; the queue still orders it by its own time, so
  /// it runs before work due at the current time.
  /// - Returns: A disposable that cancels the action if it has not run yet.
  @discardableResult
  public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) -> Disposable {
    scheduleAbsoluteVirtual((), time: time) { _ in
      action()
      return Disposables.create()
    }
  }

  /// Moves a time at or before the clock to `clock + 1`, or to `clock` without
  /// `simulateProcessingDelay`; later times are kept.
  override public func adjustScheduledTime(_ time: TestTime) -> TestTime {
    let current = clock
    guard time <= current else { return time }
    return simulateProcessingDelay && current < Int.max ? current + 1 : current
  }
}
