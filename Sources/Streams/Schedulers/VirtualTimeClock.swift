import Foundation

/// A Swift `Clock` that reads and waits in a ``VirtualTimeScheduler``'s virtual time, so async code
/// (`Task.sleep(for:clock:)`, a timeout, an async operator) and Rx operators share one timeline.
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
/// let clock = scheduler.asClock()
/// Task { @MainActor in
///   try await clock.sleep(for: .milliseconds(300))  // or Task.sleep(for:clock:)
///   query.accept("swift")
/// }
/// await clock.advance(by: .seconds(1))  // the sleeper and the scheduler's work, in time order
/// ```
///
/// A sleep schedules its wake-up on the scheduler, so it takes its turn among the scheduler's
/// items: by virtual time, then in the order they were scheduled. Cancelling the sleeping task
/// ends the sleep at once with `CancellationError` and removes the wake-up. A deadline that is not
/// after ``now`` returns at once.
///
/// ## Advancing time
///
/// The scheduler's own `advanceTo(_:)`, `start()` and `sleep(_:)` move time synchronously: they
/// resume the sleepers that became due but do not wait for them, so a resumed sleeper runs
/// concurrently with what follows. In a test that mixes async code and Rx, move time with this
/// clock's `async` ``advance(by:isolation:fileID:filePath:line:)``,
/// ``advance(to:isolation:fileID:filePath:line:)`` or ``run(isolation:fileID:filePath:line:)``
/// instead. Their contract:
/// 1. Before moving time, they let the work already started settle: tasks reach their first
///    sleep.
/// 2. They run the scheduler's items one at a time, in order (by time, then in the order they
///    were scheduled), moving the clock to each one's time: Rx work, and the wake-ups of sleepers.
/// 3. After each item they wait until every sleeper it resumed has run again and every task the
///    async operators (``ObservableType/asyncMap(priority:_:)`` and the others) created while the
///    item ran has started, and then until the tasks settle: the clock sees no new sleep, no newly
///    scheduled item and no resumed sleeper for several turns of the caller's executor. Only then
///    do they run the next item. (The clock counts those tasks through a task-local it binds while
///    it runs an item, so production code pays nothing for it; a task that a resumed sleeper's own
///    code makes an async operator create is not counted, and the turns cover it.)
///
/// So a sleeper that wakes at t and schedules work or sleeps again does so at t, before anything
/// due later runs.
///
/// **Determinism.** The hand-off is exact, and a test gives the same timeline every run, when the
/// async work runs on the actor that advances the clock (write the test `@MainActor`):
/// - start tasks with `Task { @MainActor in … }` and sleep with the clock's own
///   ``sleep(for:tolerance:)`` or ``sleep(until:tolerance:)`` (`try await clock.sleep(for: .seconds(1))`),
///   which run on the caller's actor: a sleeper goes to sleep and wakes up on the main actor, and
///   what it does until its next suspension runs before `advance` gets the main actor back;
/// - give the async operators (``ObservableType/asyncMap(priority:_:)`` and the others) a
///   `{ @MainActor x in … }` closure: their tasks then start, run and send on the main actor, and
///   `advance` waits until each task the scheduler's work created has started; one that a
///   sleeper's code creates is queued on the main actor ahead of the clock's next turn. (Under
///   heavy load a rare late start, about one run in 1,500, has been seen with the async
///   operators; plain tasks and the clock's own sleeps have not shown it.)
///
/// `Task.sleep(for:clock:)` works too, but the standard library runs it off the actor (it calls
/// the `Clock` protocol from a nonisolated function), so between its wake-up and the sleeper's next
/// step there are hops through the global pool, which `advance` waits for only by yielding
/// (step 3): reliable in practice, not guaranteed on a loaded machine. Sleepers of several tasks
/// started in one go that fall due at the same instant wake in the order they went to sleep, which
/// is the executor's order.
///
/// Availability: `Clock` needs macOS 13, iOS 16, tvOS 16, watchOS 9.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct VirtualTimeClock<Converter: VirtualTimeConverterType>: Clock, @unchecked Sendable {
  // Unchecked: only a `let` of its scheduler, which is thread-safe; the converter is only read.
  /// A point in the scheduler's virtual time: the duration since the reference date of its
  /// converter (1970 for ``VirtualTimeScheduler``'s usual converters, so a `TestScheduler` at
  /// clock 200 with resolution 1 reads 200 seconds).
  public struct Instant: InstantProtocol {
    /// The duration since the reference date.
    public var offset: Duration

    /// The instant `offset` after the reference date.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The duration from this instant to `other`.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  /// The scheduler whose virtual time this clock reads (`@unchecked Sendable`: the scheduler is
  /// `Sendable`, its converter is only read).
  public let scheduler: VirtualTimeScheduler<Converter>

  /// A clock on `scheduler`'s virtual time.
  public init(scheduler: VirtualTimeScheduler<Converter>) {
    self.scheduler = scheduler
  }

  /// The scheduler's virtual time now.
  public var now: Instant {
    Instant(offset: .seconds(scheduler.now.timeIntervalSince1970))
  }

  /// The smallest step of the clock. Virtual time has no smallest step of its own; the scheduler's
  /// converter rounds each deadline to its unit.
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// Suspends until virtual time reaches `deadline` (see the type's documentation).
  ///
  /// Throws `CancellationError` when the task is cancelled before or while it sleeps. `tolerance`
  /// is ignored: virtual time is exact.
  ///
  /// It runs on the caller's actor (`nonisolated(nonsending)`), so a direct call (`clock.sleep(for:)`
  /// or `clock.sleep(until:)`) goes to sleep and wakes up there, with no hop through the global
  /// pool; `Task.sleep(for:clock:)` calls it through the `Clock` protocol, off the actor.
  public nonisolated(nonsending) func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let time = virtualTime(deadline)
    let converter = scheduler.timeConverter
    guard converter.compareVirtualTime(time, scheduler.clock) == .greaterThan else { return }
    try await wait(until: time, isolation: #isolation)
    scheduler.clockHandOff.decrement()
  }

  /// The wait of ``sleep(until:tolerance:)``, on `isolation`: its closures capture it, so they run
  /// there too (the closures of a `nonisolated(nonsending)` function would run on the pool), and
  /// the wake-up is scheduled before the caller's actor runs anything else.
  private func wait(until time: Converter.VirtualTimeUnit, isolation: isolated (any Actor)?) async throws {
    let sleeper = VirtualClockSleeper()
    let handOff = scheduler.clockHandOff
    try await withTaskCancellationHandler {
      _ = isolation
      try await withCheckedThrowingContinuation(isolation: isolation) {
        (continuation: CheckedContinuation<Void, any Error>) in
        guard sleeper.install(continuation) else {
          continuation.resume(throwing: CancellationError())
          return
        }
        sleeper.setItem(
          scheduler.scheduleAbsoluteVirtual((), time: time) { _ in
            sleeper.wake(handOff)
            return Disposables.create()
          })
      }
    } onCancel: {
      sleeper.cancel()
    }
  }

  /// Suspends for `duration` of virtual time: ``sleep(until:tolerance:)`` at `now + duration`, on
  /// the caller's actor.
  public nonisolated(nonsending) func sleep(for duration: Duration, tolerance: Duration? = nil) async throws {
    try await sleep(until: now.advanced(by: duration), tolerance: tolerance)
  }

  // MARK: Advancing

  /// Moves virtual time forward by `duration`, running the scheduler's work and resuming the
  /// sleepers that become due, one at a time in time order, each settled before the next (the
  /// contract is in the type's documentation).
  ///
  /// - Parameters:
  ///   - duration: how far to move virtual time.
  ///   - isolation: the caller's actor, whose executor the clock yields while it waits.
  ///   - fileID: the call site named in a misuse report (advancing from inside the scheduler's work).
  ///   - filePath: the path of that call site.
  ///   - line: the line of that call site.
  public func advance(
    by duration: Duration, isolation: isolated (any Actor)? = #isolation, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line
  ) async {
    await advance(
      to: now.advanced(by: duration), isolation: isolation, fileID: fileID, filePath: filePath, line: line)
  }

  /// Moves virtual time forward to `deadline` (see ``advance(by:isolation:fileID:filePath:line:)``);
  /// a deadline in the past only lets the started work settle.
  ///
  /// - Parameters:
  ///   - deadline: the instant to move virtual time to.
  ///   - isolation: the caller's actor, whose executor the clock yields while it waits.
  ///   - fileID: the call site named in a misuse report (advancing from inside the scheduler's work).
  ///   - filePath: the path of that call site.
  ///   - line: the line of that call site.
  public func advance(
    to deadline: Instant, isolation: isolated (any Actor)? = #isolation, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line
  ) async {
    let target = virtualTime(deadline)
    await settle(isolation: isolation)
    while runNextItem(notAfter: target, fileID: fileID, filePath: filePath, line: line) {
      await settle(isolation: isolation)
    }
    if scheduler.timeConverter.compareVirtualTime(target, scheduler.clock) == .greaterThan {
      AsyncWorkStarts.$current.withValue(scheduler.asyncWorkStarts) {
        scheduler.advanceTo(target, fileID: fileID, filePath: filePath, line: line)
      }
    }
  }

  /// Runs until nothing is scheduled, one item at a time, each settled before the next (see
  /// ``advance(by:isolation:fileID:filePath:line:)``). Like the scheduler's `start()`, never
  /// returns while a periodic timer runs.
  ///
  /// - Parameters:
  ///   - isolation: the caller's actor, whose executor the clock yields while it waits.
  ///   - fileID: the call site named in a misuse report (advancing from inside the scheduler's work).
  ///   - filePath: the path of that call site.
  ///   - line: the line of that call site.
  public func run(
    isolation: isolated (any Actor)? = #isolation, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line
  ) async {
    await settle(isolation: isolation)
    while runNextItem(notAfter: nil, fileID: fileID, filePath: filePath, line: line) {
      await settle(isolation: isolation)
    }
  }

  /// Runs the scheduler's next item due by `deadline` (any, for `nil`), with the scheduler's
  /// ``AsyncWorkStarts`` count bound, so the async operators count the tasks the item creates.
  private func runNextItem(
    notAfter deadline: Converter.VirtualTimeUnit?, fileID: StaticString, filePath: StaticString, line: UInt
  ) -> Bool {
    AsyncWorkStarts.$current.withValue(scheduler.asyncWorkStarts) {
      scheduler.runNextItem(notAfter: deadline, fileID: fileID, filePath: filePath, line: line)
    }
  }

  /// How many turns of the caller's executor without news the clock waits for before it calls the
  /// work settled.
  static var quietTurns: Int { 24 }

  /// Waits until every resumed sleeper has run again, every task an async operator created has
  /// started, and `quietTurns` yields pass without a new sleep, scheduled item, resume or start.
  private func settle(isolation: isolated (any Actor)?) async {
    let handOff = scheduler.clockHandOff
    let starts = scheduler.asyncWorkStarts
    var stamp = (handOff.stamp, scheduler.schedulingStamp, starts.stamp)
    var quiet = 0
    while quiet < Self.quietTurns {
      await handOff.waitUntilZero(isolation: isolation)
      await starts.waitUntilZero(isolation: isolation)
      await Task.yield()
      let current = (handOff.stamp, scheduler.schedulingStamp, starts.stamp)
      if current == stamp {
        quiet += 1
      } else {
        stamp = current
        quiet = 0
      }
    }
  }

  private func virtualTime(_ instant: Instant) -> Converter.VirtualTimeUnit {
    let (seconds, attoseconds) = instant.offset.components
    let interval = Double(seconds) + Double(attoseconds) / 1e18
    return scheduler.timeConverter.convertToVirtualTime(Date(timeIntervalSince1970: interval))
  }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension VirtualTimeScheduler {
  /// This scheduler's virtual time as a Swift `Clock`, for `Task.sleep(for:clock:)` and any API
  /// that takes a clock (see ``VirtualTimeClock``).
  ///
  /// Every clock of one scheduler shares its timeline and its hand-off.
  public func asClock() -> VirtualTimeClock<Converter> {
    VirtualTimeClock(scheduler: self)
  }
}
