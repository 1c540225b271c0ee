/// One awaited outcome: a ``OnceStateMachine`` under a lock.
///
/// The source resolves it from any thread with ``resolve(_:)``; the task's cancellation handler
/// with ``cancel()``. Continuations are resumed and subscriptions disposed only after unlocking,
/// so a cancellation handler never waits for a lock that a resume holds (RxSwift PR #2727).
final class OnceStorage<Value: Sendable>: @unchecked Sendable {
  typealias Machine = OnceStateMachine<Value, BridgeContinuation<Value>, any Disposable>

  private let machine = LockedState(Machine())

  /// Decides the outcome, if it is still open: disposes the subscription, then resumes the task.
  func resolve(_ result: Result<Value, any Error>) {
    let action = machine.withLock { $0.resolved(result) }
    action.dispose?.dispose()
    if let (continuation, result) = action.resume {
      continuation.resume(with: result)
    }
  }

  /// The task was cancelled: the outcome is `CancellationError`, unless it was already decided.
  func cancel() {
    resolve(.failure(CancellationError()))
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
    let disposeNow = machine.withLock { $0.subscribed(subscription) }
    disposeNow?.dispose()
  }
}

/// Subscribes with `subscribe` and suspends until the subscription resolves the outcome, or the
/// task is cancelled (then the subscription is disposed and `CancellationError` is thrown).
///
/// A task that is already cancelled throws at once, without subscribing. `subscribe` runs
/// synchronously in `isolation`; the source may resolve before it returns.
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
