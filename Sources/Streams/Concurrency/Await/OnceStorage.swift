/// One awaited outcome: a ``OnceStateMachine`` under a lock.
///
/// The source resolves it from any thread with ``resolve(_:)``; the task's cancellation handler
/// with ``cancel()``. Continuations are resumed and subscriptions disposed only after unlocking,
/// so a cancellation handler never waits for a lock that a resume holds (RxSwift PR #2727).
final class OnceStorage<Value: Sendable>: @unchecked Sendable {
  // Unchecked: its state machine is a `LockedState`.
  typealias Machine = OnceStateMachine<Value, BridgeContinuation<Value>, any Disposable>

  private let machine = LockedState(Machine())

  /// Decides the outcome, if it is still open: disposes the subscription, then resumes the task.
  func resolve(_ result: Result<Value, any Error>) {
    perform(machine.withLock { $0.resolved(result) })
  }

  /// The task was cancelled: disposes the subscription; the outcome is `CancellationError` unless
  /// the source answered first, even while being subscribed.
  func cancel() {
    perform(machine.withLock { $0.cancelled() })
  }

  private func perform(_ action: Machine.ResolveAction) {
    action.dispose?.dispose()
    if let (continuation, result) = action.resume {
      continuation.resume(with: result)
    }
  }

  fileprivate func suspended(_ continuation: BridgeContinuation<Value>) -> Bool {
    switch machine.withLock({ $0.suspended(continuation) }) {
    case .subscribe:
      return true
    case .resume(let continuation, let result):
      continuation.resume(with: result)
      return false
    }
  }

  fileprivate func subscribed(_ subscription: Disposable) {
    perform(machine.withLock { $0.subscribed(subscription) })
  }
}

/// Subscribes with `subscribe` and suspends until the subscription resolves the outcome, or the
/// task is cancelled (then the subscription is disposed and `CancellationError` is thrown).
///
/// A task that is already cancelled still subscribes, as RxSwift's `value` does: a source that
/// answers while being subscribed decides the outcome; otherwise `CancellationError` is thrown
/// and the subscription disposed as soon as `subscribe` returns. `subscribe` runs synchronously
/// in `isolation`.
func awaitOutcome<Value: Sendable>(
  isolation: isolated (any Actor)?,
  subscribe: (OnceStorage<Value>) -> Disposable
) async throws -> Value {
  let storage = OnceStorage<Value>()
  return try await withTaskCancellationHandler {
    try await withBridgeContinuation(isolation: isolation) { (continuation: BridgeContinuation<Value>) in
      guard storage.suspended(continuation) else { return }
      storage.subscribed(subscribe(storage))
    }
  } onCancel: {
    storage.cancel()
  }
}
