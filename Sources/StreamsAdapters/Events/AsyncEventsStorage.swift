import Streams

/// The consumer's side of ``events(of:bufferingPolicy:fileID:line:_:)``: one iterator waiting
/// for what an ``EventsStateMachine`` hands out.
final class AsyncEventsStorage<Element: Sendable>: LockedEventsTarget<EventsStateMachine<Element>>,
  @unchecked Sendable
{
  // Unchecked: no stored state of its own; `LockedEventsTarget`'s machine is a `LockedState`.
  typealias Machine = EventsStateMachine<Element>

  init(policy: AsyncBufferingPolicy, reporter: DiagnosticReporter) {
    super.init(machine: Machine(policy: policy), reporter: reporter)
  }

  func claimIterator() -> Bool { machine.withLock { $0.claimIterator() } }

  func next(isolation: isolated (any Actor)?) async throws -> Element? {
    if Task.isCancelled {
      consumerStopped()
      return nil
    }
    switch machine.withLock({ $0.nextImmediate() }) {
    case .element(let element): return element
    case .end: return nil
    case .failure(let error): throw error
    case nil: break
    }
    return try await withTaskCancellationHandler(
      operation: {
        try await withBridgeContinuation(isolation: isolation) { (continuation: Machine.Continuation) in
          if let action = machine.withLock({ $0.park(continuation) }) { perform(action) }
        }
      },
      onCancel: { consumerStopped() },
      isolation: isolation)
  }

  func consumerStopped() {
    if let action = machine.withLock({ $0.consumerStopped() }) { perform(action) }
  }

  func sequenceReleased() {
    if let action = machine.withLock({ $0.sequenceReleased() }) { perform(action) }
  }

  override func perform(_ action: Machine.Action) {
    action.hook?.run()
    if let continuation = action.continuation, let outcome = action.outcome { continuation.resume(with: outcome) }
    if let diagnostic = action.diagnostic { reporter.report(diagnostic) }
  }
}
