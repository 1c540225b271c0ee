import Foundation

/// A Swift `Clock` that reads and waits in a ``VirtualTimeScheduler``'s virtual time, so async code
/// (`Task.sleep(for:clock:)`, a timeout, an async operator) and Rx operators share one timeline.
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
/// let clock = scheduler.asClock()
/// Task { @MainActor in
///   try await Task.sleep(for: .milliseconds(300), clock: clock)
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
/// clock's `async` ``advance(by:isolation:)``, ``advance(to:isolation:)`` or ``run(isolation:)``
/// instead. Their contract:
/// 1. Before moving time, they let the work already started settle: tasks reach their first
///    sleep.
/// 2. They move to the next instant at which something is due (not past the target), run what the
///    scheduler has due there in order, and resume the sleepers due there.
/// 3. They wait until every resumed sleeper's task runs again, and then until the tasks settle:
///    the clock sees no new sleep, no newly scheduled item and no resumed sleeper for several
///    turns of the caller's executor. Only then do they go on to the next instant.
///
/// So a sleeper that wakes at t and schedules work or sleeps again does so at t, before anything
/// due later runs. The wait in 3 is exact for the step that matters (the sleeper has resumed);
/// what the sleeper does afterwards is waited for by yielding the caller's executor. It is
/// deterministic when the async work and the test share one serial executor: write the test
/// `@MainActor` and start its tasks with `Task { @MainActor in … }` (or write the async operators'
/// closures `{ @MainActor x in … }`), so that each resumed sleeper's work runs before the
/// advancing code gets the main actor back.
///
/// Availability: `Clock` needs macOS 13, iOS 16, tvOS 16, watchOS 9.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct VirtualTimeClock<Converter: VirtualTimeConverterType>: Clock, @unchecked Sendable {
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
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let time = virtualTime(deadline)
    let converter = scheduler.timeConverter
    guard converter.compareVirtualTime(time, scheduler.clock) == .greaterThan else { return }
    let sleeper = VirtualClockSleeper()
    let handOff = scheduler.clockHandOff
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
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
    handOff.acknowledge()
  }

  // MARK: Advancing

  /// Moves virtual time forward by `duration`, running the scheduler's work and resuming the
  /// sleepers that become due, in time order, each instant's sleepers settled before the next
  /// (the contract is in the type's documentation).
  ///
  /// - Parameter isolation: the caller's actor, whose executor the clock yields while it waits.
  public func advance(by duration: Duration, isolation: isolated (any Actor)? = #isolation) async {
    await advance(to: now.advanced(by: duration), isolation: isolation)
  }

  /// Moves virtual time forward to `deadline` (see ``advance(by:isolation:)``); a deadline in the
  /// past only lets the started work settle.
  public func advance(to deadline: Instant, isolation: isolated (any Actor)? = #isolation) async {
    let target = virtualTime(deadline)
    let converter = scheduler.timeConverter
    await settle(isolation: isolation)
    while let next = scheduler.nextScheduledTime(), converter.compareVirtualTime(next, target) != .greaterThan {
      scheduler.advanceTo(notBeforeNow(next))
      await settle(isolation: isolation)
    }
    if converter.compareVirtualTime(target, scheduler.clock) == .greaterThan {
      scheduler.advanceTo(target)
    }
  }

  /// Runs until nothing is scheduled: ``advance(to:isolation:)`` to each next due instant, as long
  /// as there is one. Like the scheduler's `start()`, never returns while a periodic timer runs.
  public func run(isolation: isolated (any Actor)? = #isolation) async {
    await settle(isolation: isolation)
    while let next = scheduler.nextScheduledTime() {
      scheduler.advanceTo(notBeforeNow(next))
      await settle(isolation: isolation)
    }
  }

  /// How many turns of the caller's executor without news the clock waits for before it calls the
  /// work settled.
  static var quietTurns: Int { 12 }

  /// Waits until every resumed sleeper has run again and `quietTurns` yields pass without a new
  /// sleep, scheduled item or resume.
  private func settle(isolation: isolated (any Actor)?) async {
    let handOff = scheduler.clockHandOff
    var stamp = (handOff.stamp, scheduler.schedulingStamp)
    var quiet = 0
    while quiet < Self.quietTurns {
      await handOff.waitForAcknowledgements(isolation: isolation)
      await Task.yield()
      let current = (handOff.stamp, scheduler.schedulingStamp)
      if current == stamp {
        quiet += 1
      } else {
        stamp = current
        quiet = 0
      }
    }
  }

  /// `time`, or the scheduler's clock when `time` is earlier (an item scheduled in the past is
  /// due now).
  private func notBeforeNow(_ time: Converter.VirtualTimeUnit) -> Converter.VirtualTimeUnit {
    let current = scheduler.clock
    return scheduler.timeConverter.compareVirtualTime(time, current) == .greaterThan ? time : current
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
