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
    /// Resolved (by cancellation) before the task suspended; the outcome waits for the continuation.
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
    /// Resume at once with this outcome (the task was cancelled before it suspended); do not
    /// subscribe.
    case resume(Continuation, Result<Value, any Error>)
  }

  private var state: State = .pending(subscription: nil)

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

  /// `subscribe` returned `subscription`. Returns it when it must be disposed at once (the outcome
  /// was already decided while subscribing).
  mutating func subscribed(_ subscription: Subscription) -> Subscription? {
    switch state {
    case .pending(subscription: nil):
      state = .pending(subscription: subscription)
      return nil
    case .waiting(let continuation, subscription: nil):
      state = .waiting(continuation, subscription: subscription)
      return nil
    case .pending, .waiting:
      preconditionFailure("Internal inconsistency: an awaited outcome was subscribed twice")
    case .resolvedEarly, .finished:
      return subscription
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
