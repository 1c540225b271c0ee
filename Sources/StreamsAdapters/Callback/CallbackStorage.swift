import Streams

/// Holds a ``CallbackStateMachine`` under a lock and performs its actions after unlocking (R2):
/// continuations are resumed, Rx observers called and SDK hooks run only outside the lock.
final class CallbackStorage<Value: Sendable>: CallbackTokenTarget, Sendable {
  private let machine = LockedState(CallbackStateMachine<Value>())
  private let timeout: Timeout?
  private let reporter: DiagnosticReporter

  init(timeout: Timeout?, reporter: DiagnosticReporter) {
    self.timeout = timeout
    self.reporter = reporter
  }

  var isResolved: Bool { machine.withLock { $0.isResolved } }

  /// Calls `start` with a fresh ``Callback`` unless the wait already ended (an already-cancelled
  /// task); arms the timeout once `start` returned. Runs synchronously in the caller's isolation.
  func run(
    _ start: (Callback<Value>) throws -> Cancellation?,
    resolver: @escaping CallbackStateMachine<Value>.Resolver
  ) {
    switch machine.withLock({ $0.begin(resolver: resolver) }) {
    case .finish(let action):
      perform(action)
      return
    case .callStart:
      break
    }
    let cancellation: Cancellation?
    let outcome = handOver({ Callback(storage: self) }, to: start) { error in
      machine.withLock { $0.startThrew(error) }
    }
    switch outcome {
    case .returned(let returned):
      cancellation = returned
    case .threw(let action):
      if let action { perform(action) }
      return
    }
    switch machine.withLock({ $0.startReturned(cancellation) }) {
    case .wait:
      break
    case .runHook(let hook):
      hook.run()
    case .startTimer:
      guard let timeout else { break }
      let timer = timeout.startTimer { [self] in
        if let action = machine.withLock({ $0.timerFired() }) { perform(action) }
      }
      if let stale = machine.withLock({ $0.timerStarted(timer) }) { stale.cancel() }
    }
  }

  /// The SDK called back.
  func resolve(_ outcome: Result<Value, any Error>) {
    if let action = machine.withLock({ $0.callback(outcome) }) { perform(action) }
  }

  /// The waiting task was cancelled.
  func cancel() {
    if let action = machine.withLock({ $0.cancel(deliver: true) }) { perform(action) }
  }

  /// The Rx subscription was disposed: run the cancel hook if still waiting, deliver nothing.
  func dispose() {
    if let action = machine.withLock({ $0.cancel(deliver: false) }) { perform(action) }
  }

  func callbackDropped() {
    if let action = machine.withLock({ $0.dropped() }) { perform(action) }
  }

  private func perform(_ action: CallbackStateMachine<Value>.Action) {
    action.timer?.cancel()
    // The hook runs before the waiter resumes: when withCallback throws CancellationError or
    // timedOut, the SDK has already been told to cancel.
    action.hook?.run()
    if let resolver = action.resolver, let outcome = action.outcome { resolver(outcome) }
    if let diagnostic = action.diagnostic { reporter.report(diagnostic) }
  }
}
