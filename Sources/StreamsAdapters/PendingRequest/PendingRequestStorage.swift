import Streams

/// Holds a ``PendingRequestStateMachine`` under a lock and performs its actions after unlocking
/// (R2): continuations are resumed and SDK hooks run only outside the lock.
final class PendingRequestStorage<Value: Sendable>: Sendable {
  typealias Machine = PendingRequestStateMachine<Value>

  private let machine: LockedState<Machine>
  private let reporter: DiagnosticReporter

  init(overlap: PendingRequest<Value>.Overlap, reporter: DiagnosticReporter) {
    self.machine = LockedState(Machine(overlap: overlap))
    self.reporter = reporter
  }

  var isPending: Bool { machine.withLock { $0.isPending } }

  func run(
    isolation: isolated (any Actor)?,
    sender: ObjectIdentifier?,
    timeout: Timeout?,
    cancel: Cancellation?,
    start: () throws -> Void
  ) async throws -> Value {
    let id = machine.withLock { $0.makeID() }
    return try await withTaskCancellationHandler(
      operation: {
        var wake = try await withBridgeContinuation(isolation: isolation) { (continuation: Machine.Continuation) in
          let action = machine.withLock {
            $0.arrive(
              id: id, continuation: continuation, sender: sender, cancellation: cancel,
              isCancelled: Task.isCancelled)
          }
          perform(action)
          if action.callStart { callStart(id: id, start: start, cancel: cancel) }
          if action.armTimer, let timeout { armTimer(id: id, timeout: timeout) }
        }
        while true {
          switch wake {
          case .value(let value):
            return value
          case .yourTurn:
            wake = try await withBridgeContinuation(isolation: isolation) { (continuation: Machine.Continuation) in
              let action = machine.withLock { $0.beginTurn(id: id, continuation: continuation) }
              perform(action)
              if action.callStart { callStart(id: id, start: start, cancel: cancel) }
            }
          }
        }
      },
      onCancel: { leave(id: id, error: CancellationError()) },
      isolation: isolation)
  }

  func resume(from sender: ObjectIdentifier?, with outcome: Result<Value, any Error>) -> Bool {
    let (action, resolved) = machine.withLock { $0.resume(from: sender, with: outcome) }
    perform(action)
    return resolved
  }

  func failAll(_ error: any Error) {
    perform(machine.withLock { $0.failAll(error) })
  }

  private func callStart(id: UInt64, start: () throws -> Void, cancel: Cancellation?) {
    do {
      try start()
    } catch {
      perform(machine.withLock { $0.startThrew(id: id, error: error) })
      return
    }
    if machine.withLock({ $0.startReturned(id: id) }) { cancel?.run() }
  }

  private func armTimer(id: UInt64, timeout: Timeout) {
    let timer = timeout.startTimer { [self] in leave(id: id, error: AdapterError.timedOut) }
    if let stale = machine.withLock({ $0.timerStarted(id: id, timer: timer) }) { stale.cancel() }
  }

  private func leave(id: UInt64, error: any Error) {
    perform(machine.withLock { $0.leave(id: id, error: error) })
  }

  private func perform(_ action: Machine.Action) {
    for timer in action.timers { timer.cancel() }
    // The hook runs before the waiters resume: when run throws CancellationError or timedOut,
    // the SDK has already been told to cancel.
    action.hook?.run()
    for resumption in action.resumptions { resumption.continuation.resume(with: resumption.outcome) }
    if let diagnostic = action.diagnostic { reporter.report(diagnostic) }
  }
}
