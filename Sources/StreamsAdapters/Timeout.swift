import Dispatch
import Streams

/// How long an adapter waits for the SDK before it gives up with ``AdapterError/timedOut``.
///
/// A timeout does not rely on the SDK honouring cancellation: when it elapses the wait ends at
/// once, and the SDK's cancel hook runs. Its timer is stopped as soon as the wait ends.
///
/// ```swift
/// let token = try await withCallback(timeout: .seconds(30)) { (callback: Callback<Token>) in
///   let request = sdk.logIn(completion: callback.optionalPair)
///   return Cancellation(weak: request) { $0.cancel() }
/// }
/// ```
///
/// Time is measured on a Streams scheduler, as everywhere in Streams: ``after(_:on:)`` takes one,
/// and a test passes StreamsTest's `TestScheduler` and advances it, so the timeout fires exactly
/// then. ``seconds(_:)`` and ``duration(_:)`` measure real time, and ``duration(_:clock:)`` takes a
/// Swift `Clock`, for async code that already measures its time on one.
public struct Timeout: Sendable {
  private let start: @Sendable (_ fire: @escaping @Sendable () -> Void) -> TimeoutTimer

  private init(start: @escaping @Sendable (_ fire: @escaping @Sendable () -> Void) -> TimeoutTimer) {
    self.start = start
  }

  /// A timeout of `dueTime` on `scheduler`: it fires when the scheduler runs work scheduled
  /// `dueTime` from now (a `TestScheduler` when the test advances it past that time).
  ///
  /// `.never` never times out. The timeout's work runs on `scheduler` and only ends the wait, so
  /// any scheduler will do.
  public static func after(_ dueTime: RxTimeInterval, on scheduler: any SchedulerType) -> Timeout {
    Timeout { fire in
      if case .never = dueTime { return TimeoutTimer {} }
      let timer = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
        fire()
        return Disposables.create()
      }
      // A disposable may be disposed from any thread.
      let disposable = UncheckedSendable(timer)
      return TimeoutTimer { disposable.value.dispose() }
    }
  }

  /// A timeout of `seconds` seconds of real time (available from iOS 13). Zero, negative and NaN
  /// values time out at once; very large values are capped at about 584 years.
  public static func seconds(_ seconds: Double) -> Timeout {
    let nanoseconds: UInt64
    if !(seconds > 0) {
      nanoseconds = 0
    } else if seconds >= Double(UInt64.max) / 1_000_000_000 {
      nanoseconds = UInt64.max
    } else {
      nanoseconds = UInt64(seconds * 1_000_000_000)
    }
    return sleeping { try await Task.sleep(nanoseconds: nanoseconds) }
  }

  /// A timeout of `duration`, measured on the continuous clock.
  @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
  public static func duration(_ duration: Duration) -> Timeout {
    .duration(duration, clock: ContinuousClock())
  }

  /// A timeout of `duration` measured on a Swift `Clock`, for async code that measures its time
  /// on one; to control a timeout in a test, ``after(_:on:)`` with a `TestScheduler` is the
  /// Streams way.
  @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
  public static func duration<C: Clock>(_ duration: C.Duration, clock: C) -> Timeout {
    sleeping { try await clock.sleep(for: duration) }
  }

  /// A timeout whose timer is a detached task that sleeps with `sleep`: detached so that it never
  /// runs on the caller's actor.
  private static func sleeping(_ sleep: @escaping @Sendable () async throws -> Void) -> Timeout {
    Timeout { fire in
      let task = Task.detached(priority: Task.currentPriority) {
        do {
          try await sleep()
        } catch {
          return
        }
        if Task.isCancelled { return }
        fire()
      }
      return TimeoutTimer { task.cancel() }
    }
  }

  /// Starts the timer: it calls `fire` when the timeout elapses, unless it is cancelled first.
  func startTimer(_ fire: @escaping @Sendable () -> Void) -> TimeoutTimer {
    start(fire)
  }
}

/// A running timeout's timer; ``cancel()`` stops it.
struct TimeoutTimer: Sendable {
  private let stop: @Sendable () -> Void

  init(stop: @escaping @Sendable () -> Void) {
    self.stop = stop
  }

  /// Stops the timer; it will not fire (unless it already has).
  func cancel() {
    stop()
  }
}
