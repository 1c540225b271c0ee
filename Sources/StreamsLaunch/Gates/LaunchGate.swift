import Dispatch
import Streams

/// Something a task waits for that happens outside the queue, such as the user accepting the terms.
///
/// A gate starts closed. Tasks ``wait()`` for it (suspending, never blocking a thread); the app
/// releases it once, from anywhere, and every waiter goes on, as does every later waiter. Or the
/// app abandons it, and every waiter throws ``LaunchGateError/abandoned(gate:reason:)``.
///
/// ```swift
/// let terms = LaunchGate("terms")
/// queue.enqueue(.onMainActor(.acceptTerms) { _ in
///   presentTerms(onAccept: { terms.release() }, onDecline: { terms.abandon(reason: "declined") })
///   try await terms.wait()
/// })
/// ```
///
/// A gate settles once: after ``release()`` or ``abandon(reason:)``, further calls of either do nothing.
///
/// A gate created with a timeout abandons itself when it isn't released in time, and its waiters
/// throw ``LaunchGateError/timedOut(gate:after:)``: the deadline an app would otherwise write
/// itself.
public final class LaunchGate: Sendable, CustomStringConvertible {
  /// The gate's name, used in errors.
  public let name: String

  private let state: LockedState<LaunchGateState>
  /// The timeout's timer; disposed when the gate settles.
  private let deadline = SingleAssignmentDisposable()

  /// Creates a closed gate.
  public init(_ name: String) {
    self.name = name
    state = LockedState(LaunchGateState(name: name))
  }

  /// Creates a closed gate that abandons itself if it isn't released within `timeout`.
  ///
  /// The time counts from now. When it runs out before ``release()`` or ``abandon(reason:)``, every
  /// waiter, present and future, throws ``LaunchGateError/timedOut(gate:after:)``.
  ///
  /// - Parameters:
  ///   - name: The gate's name, used in errors.
  ///   - timeout: How long the gate may stay closed.
  ///   - scheduler: Where the timeout is measured; a background dispatch queue by default. Tests
  ///     pass a `TestScheduler` to run it in virtual time.
  public convenience init(
    _ name: String, timeout: DispatchTimeInterval,
    scheduler: any SchedulerType = ConcurrentDispatchQueueScheduler(qos: .utility)
  ) {
    self.init(name)
    deadline.setDisposable(
      scheduler.scheduleRelative((), dueTime: timeout) { [weak self] _ in
        self?.settle { $0.timedOut(after: timeout) }
        return Disposables.create()
      })
  }

  /// Whether the gate has been released.
  public var isReleased: Bool { state.withLock { $0.isReleased } }

  /// Suspends until the gate is released; returns at once if it already was.
  ///
  /// - Throws: ``LaunchGateError/abandoned(gate:reason:)`` if the gate is abandoned, and
  ///   ``LaunchGateError/cancelled(gate:)`` if the waiting task is cancelled first (the running task
  ///   of a cancelled ``LaunchQueue`` is).
  public func wait() async throws(LaunchGateError) {
    let id = state.withLock { $0.waiterReserved() }
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<LaunchGateState.Outcome, Never>) in
        if let outcome = state.withLock({ $0.waiterSuspended(id, continuation) }) {
          continuation.resume(returning: outcome)
        }
      }
    } onCancel: {
      state.withLock { $0.waiterCancelled(id) }?.resume(returning: .failure(.cancelled(gate: name)))
    }
    if case .failure(let error) = outcome { throw error }
  }

  /// Opens the gate: every waiter, present and future, goes on.
  public func release() {
    settle { $0.released() }
  }

  /// Closes the gate for good: every waiter, present and future, throws
  /// ``LaunchGateError/abandoned(gate:reason:)`` with `reason`.
  public func abandon(reason: String? = nil) {
    settle { $0.failed(.abandoned(gate: name, reason: reason)) }
  }

  /// Applies a settling transition; outside the lock, resumes the waiters it returns and stops
  /// the timeout.
  private func settle(_ transition: (inout LaunchGateState) -> LaunchGateState.Settlement) {
    let settlement = state.withLock(transition)
    for continuation in settlement.waiters { continuation.resume(returning: settlement.outcome) }
    deadline.dispose()
  }

  /// `LaunchGate("name")`.
  public var description: String { "LaunchGate(\"\(name)\")" }
}
