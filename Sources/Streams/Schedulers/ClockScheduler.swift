import Foundation

/// A Streams scheduler on any Swift `Clock`: its timers are `Task`s that sleep on the clock, so
/// the Rx time operators run on the clock the async code already uses (a `ContinuousClock`, a
/// test clock, or a ``VirtualTimeClock``).
///
/// ```swift
/// let scheduler = ClockScheduler(clock: ContinuousClock())
/// query.debounce(.milliseconds(300), scheduler: scheduler)
/// ```
///
/// Contract:
/// - ``now`` is `referenceDate` plus the clock's time elapsed since the scheduler was created.
/// - Each scheduled action runs in a task of its own, outside any actor, once the clock's sleep
///   until its due time returns: like ``ConcurrentDispatchQueueScheduler``, actions due together
///   may run concurrently, and an action never runs on the caller's thread.
/// - Disposing cancels the sleep; an action disposed before it starts never runs. A periodic
///   action re-arms after each run, from the due time of the previous one.
/// - `DispatchTimeInterval.never` schedules nothing.
///
/// Availability: `Clock` needs macOS 13, iOS 16, tvOS 16, watchOS 9.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public final class ClockScheduler<C: Clock>: SchedulerType, Sendable where C.Duration == Duration {
  /// The clock the timers sleep on.
  public let clock: C
  private let start: C.Instant
  private let referenceDate: Date

  /// A scheduler on `clock`, whose ``now`` reads `referenceDate` at creation.
  public init(clock: C, referenceDate: Date = Date()) {
    self.clock = clock
    self.start = clock.now
    self.referenceDate = referenceDate
  }

  /// The reference date plus the clock's time elapsed since the scheduler was created.
  public var now: RxTime {
    referenceDate.addingTimeInterval(Self.seconds(start.duration(to: clock.now)))
  }

  /// Runs `action` in a new task, as soon as the pool runs it.
  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
    scheduleRelative(state, dueTime: .nanoseconds(0), action: action)
  }

  /// Runs `action` in a new task once the clock has slept `dueTime`.
  public func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    let seconds = dueTime.seconds
    guard seconds.isFinite else { return Disposables.create() }
    let deadline = clock.now.advanced(by: .seconds(seconds))
    let work = SingleAssignmentDisposable()
    // The action and its state are only touched by the one task below.
    let payload = UncheckedBox((state, action))
    let clock = clock
    let task = Task {
      do {
        try await clock.sleep(until: deadline, tolerance: nil)
      } catch {
        return
      }
      guard !work.isDisposed else { return }
      let (state, action) = payload.value
      work.setDisposable(action(state))
    }
    return Disposables.create {
      task.cancel()
      work.dispose()
    }
  }

  private static func seconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
