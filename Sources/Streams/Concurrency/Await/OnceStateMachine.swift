/// The state of one `await` of a single outcome (`.value`, `first()`, `last()`, `toArray()`):
/// pure, with no locks and no side effects.
///
/// The outcome is decided once: by the source (a value or an error), or by cancellation. Every
/// later resolution is ignored. The continuation is resumed exactly once, by whichever event
/// finds it stored; ``OnceStorage`` performs the returned actions after unlocking.
struct OnceStateMachine<Value, Continuation, Subscription> {
  fileprivate enum State {
    /// Not suspended yet and not resolved; `subscription` is known once `subscribe` returned.
    case pending(subscription: Subscription?)
    /// Resolved before the task suspended; the outcome waits for the continuation.
    case resolvedEarly(Result<Value, any Error>)
    /// Suspended and not resolved.
    case waiting(Continuation, subscription: Subscription?)
    /// The continuation was resumed, or is about to be. Nothing happens any more.
    case finished
  }

  /// What the storage does after the outcome was decided.
  struct ResolveAction {
    /// The continuation to resume with `result`, if the task had suspended.
    var resume: (continuation: Continuation, result: Result<Value, any Error>)?
    /// The subscription to dispose.
    var dispose: Subscription?
  }

  /// What the storage does after the task suspended.
  enum SuspendAction {
    /// Subscribe to the source now.
    case subscribe
    /// Resume at once with this outcome (decided before the task suspended); do not subscribe.
    case resume(Continuation, Result<Value, any Error>)
  }

  private var state: State = .pending(subscription: nil)
  /// The task was cancelled before `subscribe` returned.
  private var isCancelled = false

  init() {}

  /// The task suspended with `continuation`.
  mutating func suspended(_ continuation: Continuation) -> SuspendAction {
    switch state {
    case .pending(let subscription):
      state = .waiting(continuation, subscription: subscription)
      return .subscribe
    case .resolvedEarly(let result):
      state = .finished
      return .resume(continuation, result)
    case .waiting, .finished:
      preconditionFailure("Internal inconsistency: an awaited outcome suspended twice")
    }
  }

  /// `subscribe` returned `subscription`. If the task was cancelled meanwhile and the source did not
  /// answer while subscribing, the outcome is now `CancellationError`. The action says what to
  /// dispose (the subscription, when the outcome is already decided) and whom to resume.
  mutating func subscribed(_ subscription: Subscription) -> ResolveAction {
    switch state {
    case .pending(subscription: nil):
      state = .pending(subscription: subscription)
      return isCancelled ? resolved(.failure(CancellationError())) : ResolveAction(resume: nil, dispose: nil)
    case .waiting(let continuation, subscription: nil):
      state = .waiting(continuation, subscription: subscription)
      return isCancelled ? resolved(.failure(CancellationError())) : ResolveAction(resume: nil, dispose: nil)
    case .pending, .waiting:
      preconditionFailure("Internal inconsistency: an awaited outcome was subscribed twice")
    case .resolvedEarly, .finished:
      return ResolveAction(resume: nil, dispose: subscription)
    }
  }

  /// The task was cancelled. As in RxSwift, cancellation disposes the subscription, and the outcome
  /// is `CancellationError` only if the source has not answered by then: a source that answers
  /// while being subscribed (in a task that is already cancelled, too) still decides the outcome.
  /// Before `subscribe` returned, cancellation is only recorded; ``subscribed(_:)`` applies it.
  mutating func cancelled() -> ResolveAction {
    switch state {
    case .pending(subscription: nil), .waiting(_, subscription: nil):
      isCancelled = true
      return ResolveAction(resume: nil, dispose: nil)
    case .pending, .waiting, .resolvedEarly, .finished:
      return resolved(.failure(CancellationError()))
    }
  }

  /// The outcome is `result`: from the source, or `CancellationError` from cancellation. Only the
  /// first call counts.
  mutating func resolved(_ result: Result<Value, any Error>) -> ResolveAction {
    switch state {
    case .pending(let subscription):
      state = .resolvedEarly(result)
      return ResolveAction(resume: nil, dispose: subscription)
    case .waiting(let continuation, let subscription):
      state = .finished
      return ResolveAction(resume: (continuation, result), dispose: subscription)
    case .resolvedEarly, .finished:
      return ResolveAction(resume: nil, dispose: nil)
    }
  }
}

extension OnceStateMachine: Sendable where Value: Sendable, Continuation: Sendable, Subscription: Sendable {}
extension OnceStateMachine.State: Sendable where Value: Sendable, Continuation: Sendable, Subscription: Sendable {}
