import Foundation

/// A scheduler with a virtual clock: work runs only when the clock is driven, instantly and in a
/// deterministic order.
///
/// The `Converter` says what the clock's units mean (see ``VirtualTimeConverterType``);
/// ``HistoricalScheduler`` uses dates, StreamsTest's `TestScheduler` uses integer ticks. The rules:
///
/// - Work is queued by time, then by scheduling order: work due at the same time runs first in,
///   first out.
/// - Nothing runs until ``start(fileID:filePath:line:)`` (run everything) or
///   ``advanceTo(_:fileID:filePath:line:)`` (run what is due up to a time). When work runs, the
///   clock jumps to its time; work due in the past runs at the current clock, which never goes back.
/// - ``stop()`` makes the run return after the work that is running; the rest stays queued.
/// - ``scheduleRelative(_:dueTime:action:)`` (and ``schedule(_:action:)``, a relative schedule of
///   zero) places work at `now + dueTime` converted to virtual time, then passes it through
///   ``adjustScheduledTime(_:)``. A `.never` due time is never run.
/// - Disposing the result of a schedule call before the work ran cancels it; disposing it later
///   disposes what the work returned.
///
/// Misuse never traps: running the scheduler from inside its own work, moving the clock back with
/// `advanceTo` or sleeping a negative interval is ignored and reported to ``Hooks/diagnostic``
/// (StreamsTest's `TestScheduler` reports it as a test failure instead). RxSwift traps on the last
/// two and on calls from a thread other than the creator's; here the state is guarded by a lock,
/// but the scheduler is meant to be driven from one thread.
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType, @unchecked Sendable {
  // Unchecked: the clock, queue and run state are under `lock`; `misuseHandler` is set before sharing.
  /// A point on the virtual clock.
  public typealias VirtualTime = Converter.VirtualTimeUnit

  /// A distance on the virtual clock.
  public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

  private let converter: Converter
  /// Where misuse is reported: ``Hooks/diagnostic`` unless a subclass in the package (StreamsTest's
  /// `TestScheduler`) replaces it in its initializer, before the scheduler is shared.
  package var misuseHandler: @Sendable (VirtualTimeSchedulerMisuse) -> Void = { misuse in
    Hooks.report(.virtualTimeSchedulerMisuse(misuse.description))
  }
  /// Guards the clock, the queue and the run state. Scheduled work always runs outside it. The one
  /// exception to "no calls out under the lock" is the converter's `compareVirtualTime` and
  /// `offsetVirtualTime`: pure arithmetic the queue's order depends on, which must not call back
  /// into the scheduler.
  private let lock = Lock.make()
  private var currentClock: VirtualTime
  private var queue: VirtualTimeSchedulerQueue<VirtualTime>
  /// How many items were ever scheduled (``schedulingStamp``).
  private var scheduledCount = 0
  private var running = false
  private var stopRequested = false
  /// What ``VirtualTimeClock`` shares between every clock of this scheduler: the sleepers it
  /// resumed that have not run yet.
  let clockHandOff = PendingCount()
  /// What ``VirtualTimeClock`` shares between every clock of this scheduler: the tasks the async
  /// operators created, while a clock ran this scheduler's items, that have not started yet
  /// (``AsyncWorkStarts``).
  let asyncWorkStarts = PendingCount()

  /// Creates a scheduler whose clock reads `initialClock`, with `converter` for its time units.
  public init(initialClock: VirtualTime, converter: Converter) {
    self.currentClock = initialClock
    self.converter = converter
    self.queue = VirtualTimeSchedulerQueue(compare: converter.compareVirtualTime)
  }

  /// The current virtual time.
  public var clock: VirtualTime { lock.withLock { currentClock } }

  /// The current virtual time as a date, through the converter.
  public var now: RxTime { converter.convertFromVirtualTime(clock) }

  // MARK: Scheduling

  /// Schedules `action` for now: a relative schedule of zero, so ``adjustScheduledTime(_:)`` applies.
  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
    scheduleRelative(state, dueTime: .microseconds(0), action: action)
  }

  /// Schedules `action` at `now + dueTime`, converted to virtual time and passed through
  /// ``adjustScheduledTime(_:)``; a `.never` due time is never run.
  public func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    let seconds = dueTime.seconds
    guard seconds.isFinite else { return Disposables.create() }
    let time = adjustScheduledTime(converter.convertToVirtualTime(now.addingTimeInterval(seconds)))
    return scheduleAbsoluteVirtual(state, time: time, action: action)
  }

  /// Schedules `action` at the current clock moved by `dueTime`, without adjustment.
  public func scheduleRelativeVirtual<StateType>(
    _ state: StateType, dueTime: VirtualTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    scheduleAbsoluteVirtual(state, time: converter.offsetVirtualTime(clock, offset: dueTime), action: action)
  }

  /// Schedules `action` at exactly `time`, without adjustment; a time in the past runs at the
  /// current clock, ordered by its own time among the work that is due.
  public func scheduleAbsoluteVirtual<StateType>(
    _ state: StateType, time: VirtualTime, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    lock.withLock {
      let item = VirtualTimeSchedulerItem(time: time, lock: lock) { action(state) }
      scheduledCount += 1
      queue.insert(item)
      return item
    }
  }

  /// The time at which relative work (``schedule(_:action:)``, ``scheduleRelative(_:dueTime:action:)``)
  /// is queued, given the time it asked for; the default keeps it.
  ///
  /// Subclasses override it to model processing delays, as `TestScheduler` does.
  /// Runs the earliest scheduled item that is due no later than `limit` (any, when `limit` is
  /// `nil`), moving the clock to its time; whether one ran. ``VirtualTimeClock`` advances this way,
  /// one item at a time, so that it can let resumed sleepers run between two items.
  func runNextItem(notAfter limit: VirtualTime?, fileID: StaticString, filePath: StaticString, line: UInt) -> Bool {
    guard beginRunning("advance(by:)", fileID: fileID, filePath: filePath, line: line) else { return false }
    let next = nextItem(notAfter: limit)
    if let (item, action) = next {
      item.setResult(action())
    }
    lock.withLock {
      stopRequested = false
      running = false
    }
    return next != nil
  }

  /// The converter between this scheduler's virtual time and dates.
  var timeConverter: Converter { converter }

  /// A number that grows each time an item is scheduled: ``VirtualTimeClock`` compares two reads
  /// to tell whether work scheduled more work.
  var schedulingStamp: Int {
    lock.withLock { scheduledCount }
  }

  /// The virtual time at which work scheduled through ``schedule(_:action:)`` or
  /// ``scheduleRelative(_:dueTime:action:)`` for `time` is queued; this scheduler returns `time`
  /// unchanged.
  ///
  /// Called once per item, before it is queued, with its due time already converted to virtual
  /// time; the `…Virtual` forms bypass it. Subclasses override it to shift due times, as
  /// `TestScheduler` moves a time at or before its clock one tick later (RxTest's rule).
  open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime {
    time
  }

  // MARK: Running

  /// Runs the queued work in order, including work scheduled meanwhile, until the queue is empty
  /// or ``stop()`` is called.
  ///
  /// Calling it from inside the scheduler's own work is a misuse: it is reported and does nothing.
  public func start(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line) {
    guard beginRunning("start()", fileID: fileID, filePath: filePath, line: line) else { return }
    while let (item, action) = nextItem(notAfter: nil) {
      item.setResult(action())
    }
    lock.withLock {
      stopRequested = false
      running = false
    }
  }

  /// Runs the work due at or before `virtualTime`, then sets the clock to `virtualTime`.
  ///
  /// If ``stop()`` is called meanwhile, the clock stays at the last work run. Moving the clock
  /// backwards, or calling this from inside the scheduler's own work, is reported and does nothing.
  public func advanceTo(
    _ virtualTime: VirtualTime, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line
  ) {
    let current = clock
    guard converter.compareVirtualTime(virtualTime, current) != .lessThan else {
      reportMisuse(
        "advanceTo(\(virtualTime)) would move the clock back from \(current); virtual time only goes forward.",
        fileID: fileID, filePath: filePath, line: line)
      return
    }
    guard beginRunning("advanceTo(_:)", fileID: fileID, filePath: filePath, line: line) else { return }
    while let (item, action) = nextItem(notAfter: virtualTime) {
      item.setResult(action())
    }
    lock.withLock {
      if !stopRequested, converter.compareVirtualTime(virtualTime, currentClock) == .greaterThan {
        currentClock = virtualTime
      }
      stopRequested = false
      running = false
    }
  }

  /// Moves the clock forward by `virtualInterval` without running any work.
  ///
  /// Work that was due meanwhile runs at the new clock on the next run. An interval that would
  /// move the clock back is reported and ignored.
  public func sleep(
    _ virtualInterval: VirtualTimeInterval, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line
  ) {
    let moved = lock.withLock { () -> Bool in
      let target = converter.offsetVirtualTime(currentClock, offset: virtualInterval)
      guard converter.compareVirtualTime(target, currentClock) != .lessThan else { return false }
      currentClock = target
      return true
    }
    if !moved {
      reportMisuse(
        "sleep(\(virtualInterval)): virtual time only goes forward.", fileID: fileID, filePath: filePath, line: line)
    }
  }

  /// Makes the running ``start(fileID:filePath:line:)`` or ``advanceTo(_:fileID:filePath:line:)``
  /// return after the work that is running now; the remaining work stays queued.
  public func stop() {
    lock.withLock { stopRequested = true }
  }

  /// Marks the scheduler as running; reports and returns `false` if it already is.
  private func beginRunning(_ caller: String, fileID: StaticString, filePath: StaticString, line: UInt) -> Bool {
    let started = lock.withLock { () -> Bool in
      if running { return false }
      running = true
      stopRequested = false
      return true
    }
    if !started {
      reportMisuse(
        "\(caller) was called while the \(type(of: self)) is already running (from inside its own work); "
          + "schedule the work instead.",
        fileID: fileID, filePath: filePath, line: line)
    }
    return started
  }

  /// Removes the next item that was not cancelled and is due at or before `limit`, and moves the
  /// clock to its time if that is later. `nil` when there is none or a stop was requested.
  private func nextItem(
    notAfter limit: VirtualTime?
  ) -> (VirtualTimeSchedulerItem<VirtualTime>, () -> Disposable)? {
    lock.withLock {
      while !stopRequested, let first = queue.first {
        if let limit, converter.compareVirtualTime(first.time, limit) == .greaterThan { return nil }
        queue.removeFirst()
        guard let action = first.takeActionLocked() else { continue }
        if converter.compareVirtualTime(first.time, currentClock) == .greaterThan { currentClock = first.time }
        return (first, action)
      }
      return nil
    }
  }

  private func reportMisuse(_ message: String, fileID: StaticString, filePath: StaticString, line: UInt) {
    misuseHandler(VirtualTimeSchedulerMisuse(message: message, fileID: fileID, filePath: filePath, line: line))
  }
}

/// A misuse of a ``VirtualTimeScheduler`` and the call site it is attributed to.
package struct VirtualTimeSchedulerMisuse: Sendable, CustomStringConvertible {
  /// What went wrong and what to do instead.
  package let message: String
  /// The `#fileID` of the call.
  package let fileID: StaticString
  /// The `#filePath` of the call.
  package let filePath: StaticString
  /// The line of the call.
  package let line: UInt

  /// `File.swift:12: message`.
  package var description: String { "\(fileID):\(line): \(message)" }
}
