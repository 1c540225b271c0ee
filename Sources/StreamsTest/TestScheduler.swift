import Foundation
import Streams

/// A scheduler with a virtual clock, for testing time-based code deterministically and instantly.
///
/// Work runs only when the test drives the clock with ``start(fileID:filePath:line:)`` or
/// ``advanceTo(_:fileID:filePath:line:)``; nothing waits for real time. The rules:
///
/// - The queue is ordered by time, then by scheduling order: work due at the same time runs first
///   in, first out.
/// - When work runs, the clock jumps to its time. Work due in the past runs at the current clock;
///   the clock never goes back.
/// - ``scheduleAt(_:action:)`` and the events of hot and cold test observables run exactly at the
///   time given. ``schedule(_:action:)`` and ``scheduleRelative(_:dueTime:action:)``, which operators
///   use, move any time at or before the clock to `clock + 1` (or to `clock` when
///   `simulateProcessingDelay` is `false`), so an operator's own work never runs in the same tick as
///   the event that caused it.
/// - A relative interval of `s` seconds is `Int(s / resolution + 0.5)` ticks; `.never` is never run.
/// - Disposing the result of a schedule call before the work ran cancels it.
///
/// These are RxTest's rules but for one difference: RxTest also moves `scheduleAt` times and cold
/// observable events that are not in the future to `clock + 1`; here they run when asked.
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
public final class TestScheduler: SchedulerType, @unchecked Sendable {
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

  private let lock = NSLock()
  private var currentClock: TestTime
  private var queue = ScheduleQueue()
  private var nextSequence: UInt64 = 0
  private var isRunning = false
  private var stopRequested = false

  /// Creates a scheduler whose clock reads `initialClock`.
  ///
  /// - Parameters:
  ///   - initialClock: The starting time, usually 0.
  ///   - resolution: Seconds per tick, used to convert relative intervals and to compute ``now``.
  ///   - simulateProcessingDelay: Whether operator work scheduled for now or the past runs at
  ///     `clock + 1` instead of `clock`.
  public init(initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
    self.currentClock = initialClock
    self.resolution = resolution
    self.simulateProcessingDelay = simulateProcessingDelay
  }

  /// The current virtual time.
  public var clock: TestTime { lock.locked { currentClock } }

  /// The current virtual time as a date: `clock * resolution` seconds after 1970.
  public var now: RxTime { Date(timeIntervalSince1970: Double(clock) * resolution) }

  // MARK: Scheduling

  /// Schedules `action` to run at exactly `time`, without the processing-delay adjustment.
  ///
  /// A time in the past runs at the current clock; the queue still orders it by its own time, so
  /// it runs before work due at the current time.
  /// - Returns: A disposable that cancels the action if it has not run yet.
  @discardableResult
  public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) -> Disposable {
    enqueue(at: time) {
      action()
      return Disposables.create()
    }
  }

  /// Schedules `action` to run one tick from now (or now, without `simulateProcessingDelay`).
  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
    enqueue(adjusting: lock.locked { currentClock }) { action(state) }
  }

  /// Schedules `action` after `dueTime`, converted to ticks as `Int(seconds / resolution + 0.5)`.
  ///
  /// A due time at or before the clock runs at `clock + 1` (or at `clock` without
  /// `simulateProcessingDelay`); `.never` does not run.
  public func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    guard let ticks = ticks(for: dueTime) else { return BooleanDisposable() }
    let target = lock.locked { saturatingAdd(currentClock, ticks) }
    return enqueue(adjusting: target) { action(state) }
  }

  /// The number of ticks in `interval`, or `nil` for `.never`.
  func ticks(for interval: RxTimeInterval) -> Int? {
    let seconds: Double
    switch interval {
    case .seconds(let value): seconds = Double(value)
    case .milliseconds(let value): seconds = Double(value) / 1_000
    case .microseconds(let value): seconds = Double(value) / 1_000_000
    case .nanoseconds(let value): seconds = Double(value) / 1_000_000_000
    case .never: return nil
    @unknown default: return nil
    }
    let ticks = (seconds / resolution + 0.5).rounded(.towardZero)
    guard ticks.isFinite else { return ticks > 0 ? nil : Int.min }
    if ticks >= Double(Int.max) { return Int.max }
    if ticks <= Double(Int.min) { return Int.min }
    return Int(ticks)
  }

  /// Schedules at `time`, moved to `clock + 1` (or `clock`) if it is not in the future.
  private func enqueue(adjusting time: TestTime, _ action: @escaping () -> Disposable) -> Disposable {
    lock.locked {
      let due = time <= currentClock ? saturatingAdd(currentClock, simulateProcessingDelay ? 1 : 0) : time
      return enqueueLocked(at: due, action)
    }
  }

  /// Schedules at exactly `time`.
  func enqueue(at time: TestTime, _ action: @escaping () -> Disposable) -> ScheduledItem {
    lock.locked { enqueueLocked(at: time, action) }
  }

  private func enqueueLocked(at time: TestTime, _ action: @escaping () -> Disposable) -> ScheduledItem {
    let item = ScheduledItem(time: time, sequence: nextSequence, lock: lock, action: action)
    nextSequence += 1
    queue.insert(item)
    return item
  }

  // MARK: Running

  /// Runs the queued work, in order, until the queue is empty or ``stop()`` is called.
  ///
  /// Work scheduled while running is run too. Calling `start()` from inside scheduled work is a
  /// misuse: it is reported as a test failure and does nothing.
  public func start(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line) {
    guard beginRunning("start()", fileID: fileID, filePath: filePath, line: line) else { return }
    while let (item, action) = nextItem(notAfter: nil) {
      item.setResult(action())
    }
    lock.locked {
      stopRequested = false
      isRunning = false
    }
  }

  /// Makes ``start(fileID:filePath:line:)`` or ``advanceTo(_:fileID:filePath:line:)`` return after
  /// the work that is running now.
  ///
  /// The remaining work stays queued; a later `start()` continues with it.
  public func stop() {
    lock.locked { stopRequested = true }
  }

  /// Runs the work due at or before `time`, then sets the clock to `time`.
  ///
  /// If ``stop()`` is called meanwhile, the clock stays at the last work run. Moving the clock
  /// backwards, or calling this from inside scheduled work, is reported as a test failure.
  public func advanceTo(
    _ time: TestTime, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
  ) {
    let current = clock
    guard time >= current else {
      report(
        "advanceTo(\(time)) would move the clock back from \(current); virtual time only goes forward.",
        fileID: fileID, filePath: filePath, line: line)
      return
    }
    guard beginRunning("advanceTo(_:)", fileID: fileID, filePath: filePath, line: line) else { return }
    while let (item, action) = nextItem(notAfter: time) {
      item.setResult(action())
    }
    lock.locked {
      if !stopRequested { currentClock = max(currentClock, time) }
      stopRequested = false
      isRunning = false
    }
  }

  /// Moves the clock forward by `ticks` without running any work.
  ///
  /// Work that was due meanwhile runs at the new clock on the next ``start(fileID:filePath:line:)`` or
  /// ``advanceTo(_:fileID:filePath:line:)``. A negative `ticks` is reported as a test failure.
  public func sleep(
    _ ticks: Int, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
  ) {
    guard ticks >= 0 else {
      report("sleep(\(ticks)): virtual time only goes forward.", fileID: fileID, filePath: filePath, line: line)
      return
    }
    lock.locked { currentClock = saturatingAdd(currentClock, ticks) }
  }

  /// Marks the scheduler as running; reports and returns `false` if it already is.
  private func beginRunning(_ caller: String, fileID: StaticString, filePath: StaticString, line: UInt) -> Bool {
    let started = lock.locked { () -> Bool in
      if isRunning { return false }
      isRunning = true
      stopRequested = false
      return true
    }
    if !started {
      report(
        "\(caller) was called while the TestScheduler is already running; "
          + "schedule work with scheduleAt(_:action:) instead.",
        fileID: fileID, filePath: filePath, line: line)
    }
    return started
  }

  /// Removes the next item that was not cancelled and is due at or before `limit`, and sets the
  /// clock to its time if that is later. Returns `nil` when there is none or a stop was requested.
  private func nextItem(notAfter limit: TestTime?) -> (ScheduledItem, () -> Disposable)? {
    lock.locked {
      while !stopRequested, let first = queue.first {
        if let limit, first.time > limit { return nil }
        _ = queue.removeFirst()
        guard let action = first.takeActionLocked() else { continue }
        currentClock = max(currentClock, first.time)
        return (first, action)
      }
      return nil
    }
  }

  private func saturatingAdd(_ lhs: Int, _ rhs: Int) -> Int {
    let (sum, overflow) = lhs.addingReportingOverflow(rhs)
    return overflow ? (rhs > 0 ? Int.max : Int.min) : sum
  }

  private func report(_ message: String, fileID: StaticString, filePath: StaticString, line: UInt) {
    TestFailureReporter.report(TestFailure(message, fileID: fileID, filePath: filePath, line: line, column: 1))
  }
}
