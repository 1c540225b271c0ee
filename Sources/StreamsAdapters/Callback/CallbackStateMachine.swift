/// The once-machine behind `withCallback` and `Single.fromCallback`: pure state, events in,
/// actions out. ``CallbackStorage`` holds it under a lock and performs the actions after
/// unlocking.
///
/// The first of these resolves the wait; every later one is a no-op (or a diagnostic): the SDK's
/// callback (value or error), cancellation (or disposal), the timeout, the callback being dropped,
/// `start` throwing.
struct CallbackStateMachine<Value: Sendable>: Sendable {
  /// Delivers the outcome to the waiter: resumes a continuation, or calls an Rx observer.
  typealias Resolver = @Sendable (Result<Value, any Error>) -> Void

  /// How the wait ended.
  enum Ending: Sendable, Equatable {
    case callback, cancelled, disposed, timedOut, dropped, startFailed
  }

  /// The state: where the wait is.
  private enum State: Sendable {
    /// Created; `begin` has not been called. A cancellation here ends the wait before `start`.
    case idle
    /// `start` has been called and nothing has resolved the wait yet.
    /// `startReturned` is false while `start` runs; `cancellation` is known once it returned.
    case waiting(resolver: Resolver, cancellation: Cancellation?, startReturned: Bool, timer: TimeoutTimer?)
    /// The wait is over. `hookOwed` is true when cancellation or the timeout won while `start` was
    /// still running: the cancel hook is not known yet and runs as soon as `start` returns it.
    case finished(Ending, hookOwed: Bool)
  }

  /// The side effects the storage must perform, outside the lock, in this order: cancel `timer`,
  /// run `hook`, resolve, report `diagnostic`.
  struct Action: Sendable {
    var timer: TimeoutTimer?
    var hook: Cancellation?
    var resolver: Resolver?
    var outcome: Result<Value, any Error>?
    var diagnostic: AdapterDiagnostic.Kind?
  }

  /// What the storage must do at `begin`.
  enum BeginAction: Sendable {
    /// Call `start`.
    case callStart
    /// Do not call `start`: the task was already cancelled. Perform the action.
    case finish(Action)
  }

  /// What the storage must do once `start` returned.
  enum StartReturnedAction: Sendable {
    /// Nothing: wait.
    case wait
    /// The wait is still open: start the timer, if a timeout was asked for.
    case startTimer
    /// Cancellation or the timeout won while `start` ran: run the SDK's cancel hook now.
    case runHook(Cancellation)
  }

  private var state = State.idle

  /// Whether the wait is over.
  var isResolved: Bool {
    if case .finished = state { return true }
    return false
  }

  /// The waiter arrived; `start` is about to be called.
  mutating func begin(resolver: @escaping Resolver) -> BeginAction {
    switch state {
    case .idle:
      state = .waiting(resolver: resolver, cancellation: nil, startReturned: false, timer: nil)
      return .callStart
    case .finished(let ending, _):
      // Only cancellation (or disposal) can end the wait before it began.
      state = .finished(ending, hookOwed: false)
      return .finish(Action(resolver: resolver, outcome: .failure(CancellationError())))
    case .waiting:
      preconditionFailure("Internal inconsistency: CallbackStateMachine.begin called twice")
    }
  }

  /// `start` returned the SDK's cancel hook (or none).
  mutating func startReturned(_ cancellation: Cancellation?) -> StartReturnedAction {
    switch state {
    case .waiting(let resolver, _, _, let timer):
      state = .waiting(resolver: resolver, cancellation: cancellation, startReturned: true, timer: timer)
      return .startTimer
    case .finished(let ending, let hookOwed):
      state = .finished(ending, hookOwed: false)
      if hookOwed, let cancellation { return .runHook(cancellation) }
      return .wait
    case .idle:
      preconditionFailure("Internal inconsistency: start returned before begin")
    }
  }

  /// `start` threw `error`: the SDK was not (successfully) called.
  mutating func startThrew(_ error: any Error) -> Action? {
    switch state {
    case .waiting(let resolver, _, _, _):
      state = .finished(.startFailed, hookOwed: false)
      return Action(resolver: resolver, outcome: .failure(error))
    case .finished(let ending, _):
      // Something else won while start ran; without a cancel hook there is nothing owed.
      state = .finished(ending, hookOwed: false)
      return nil
    case .idle:
      preconditionFailure("Internal inconsistency: start threw before begin")
    }
  }

  /// The timer was started; returns it if it must be cancelled at once.
  mutating func timerStarted(_ task: TimeoutTimer) -> TimeoutTimer? {
    guard case .waiting(let resolver, let cancellation, let startReturned, _) = state else { return task }
    state = .waiting(resolver: resolver, cancellation: cancellation, startReturned: startReturned, timer: task)
    return nil
  }

  /// The SDK called back with `outcome`.
  mutating func callback(_ outcome: Result<Value, any Error>) -> Action? {
    switch state {
    case .waiting(let resolver, _, _, let timer):
      state = .finished(.callback, hookOwed: false)
      return Action(timer: timer, resolver: resolver, outcome: outcome)
    case .finished(let ending, _):
      return Action(diagnostic: Self.ignoredCallback(after: ending))
    case .idle:
      preconditionFailure("Internal inconsistency: a callback exists before begin")
    }
  }

  /// The task was cancelled (`deliver == true`), or the Rx subscription disposed (`false`: the
  /// observer hears nothing).
  mutating func cancel(deliver: Bool) -> Action? {
    let ending: Ending = deliver ? .cancelled : .disposed
    switch state {
    case .idle:
      state = .finished(ending, hookOwed: false)
      return nil
    case .waiting(let resolver, let cancellation, let startReturned, let timer):
      state = .finished(ending, hookOwed: !startReturned)
      return Action(
        timer: timer, hook: cancellation, resolver: deliver ? resolver : nil,
        outcome: deliver ? .failure(CancellationError()) : nil)
    case .finished:
      return nil
    }
  }

  /// The timeout elapsed.
  mutating func timerFired() -> Action? {
    guard case .waiting(let resolver, let cancellation, let startReturned, _) = state else { return nil }
    state = .finished(.timedOut, hookOwed: !startReturned)
    return Action(hook: cancellation, resolver: resolver, outcome: .failure(AdapterError.timedOut))
  }

  /// Every copy of the callback was released.
  mutating func dropped() -> Action? {
    guard case .waiting(let resolver, _, _, let timer) = state else { return nil }
    state = .finished(.dropped, hookOwed: false)
    return Action(
      timer: timer, resolver: resolver, outcome: .failure(AdapterError.callbackDropped),
      diagnostic: .callbackDropped)
  }

  private static func ignoredCallback(after ending: Ending) -> AdapterDiagnostic.Kind {
    switch ending {
    case .callback, .dropped: return .duplicateCallback
    case .cancelled: return .lateCallback(endedBy: .cancelled)
    case .disposed: return .lateCallback(endedBy: .disposed)
    case .timedOut: return .lateCallback(endedBy: .timedOut)
    case .startFailed: return .lateCallback(endedBy: .startFailed)
    }
  }
}
