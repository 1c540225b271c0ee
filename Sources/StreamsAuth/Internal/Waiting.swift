import Streams

/// The outcome handler of a callback-style operation.
typealias AuthCompletion<Value> = @Sendable (Result<Value, AuthError>) -> Void

/// Bridges one cancellable callback-style operation to async/await.
///
/// The first of the operation's outcome and the task's cancellation wins: on cancellation the
/// caller resumes at once with ``AuthError/cancelled`` and the operation's `Cancelable` is
/// disposed (which, for a refresh waiter, only unsubscribes it; the shared refresh carries on).
func awaitOutcome<Value: Sendable>(
  _ start: (@escaping AuthCompletion<Value>) -> Cancelable
) async -> Result<Value, AuthError> {
  let waiter = OneShotWaiter<Value>()
  return await withTaskCancellationHandler {
    await withCheckedContinuation { continuation in
      waiter.install(continuation)
      let cancelable = start { outcome in waiter.finish(outcome) }
      waiter.attach(cancelable)
    }
  } onCancel: {
    waiter.finish(.failure(.cancelled))
  }
}

/// The state of one ``awaitOutcome(_:)`` call: a continuation resumed exactly once.
private final class OneShotWaiter<Value: Sendable>: @unchecked Sendable {
  private let lock = Lock.make()
  private var continuation: CheckedContinuation<Result<Value, AuthError>, Never>?
  private var early: Result<Value, AuthError>?
  private var cancelable: Cancelable?
  private var isFinished = false

  func install(_ continuation: CheckedContinuation<Result<Value, AuthError>, Never>) {
    lock.lock()
    if let early {
      lock.unlock()
      continuation.resume(returning: early)
      return
    }
    self.continuation = continuation
    lock.unlock()
  }

  func attach(_ cancelable: Cancelable) {
    lock.lock()
    if isFinished {
      lock.unlock()
      cancelable.dispose()
      return
    }
    self.cancelable = cancelable
    lock.unlock()
  }

  func finish(_ outcome: Result<Value, AuthError>) {
    lock.lock()
    if isFinished {
      lock.unlock()
      return
    }
    isFinished = true
    let continuation = self.continuation
    self.continuation = nil
    if continuation == nil { early = outcome }
    let cancelable = self.cancelable
    self.cancelable = nil
    lock.unlock()
    continuation?.resume(returning: outcome)
    cancelable?.dispose()
  }
}
