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
public final class LaunchGate: Sendable, CustomStringConvertible {
  /// The gate's name, used in errors.
  public let name: String

  private let state: LockedState<LaunchGateState>

  /// Creates a closed gate.
  public init(_ name: String) {
    self.name = name
    state = LockedState(LaunchGateState(name: name))
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
    for continuation in state.withLock({ $0.released() }) {
      continuation.resume(returning: .success(()))
    }
  }

  /// Closes the gate for good: every waiter, present and future, throws
  /// ``LaunchGateError/abandoned(gate:reason:)`` with `reason`.
  public func abandon(reason: String? = nil) {
    let (outcome, continuations) = state.withLock { $0.abandoned(reason: reason) }
    for continuation in continuations { continuation.resume(returning: outcome) }
  }

  /// `LaunchGate("name")`.
  public var description: String { "LaunchGate(\"\(name)\")" }
}
