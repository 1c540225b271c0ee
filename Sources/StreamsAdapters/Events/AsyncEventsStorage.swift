import Streams

/// Holds an ``EventsStateMachine`` under a lock and performs its actions after unlocking (R2).
// Its stored properties are immutable and Sendable; the state is behind the lock.
final class AsyncEventsStorage<Element: Sendable>: EventsTarget<Element>, @unchecked Sendable {
  typealias Machine = EventsStateMachine<Element>

  private let machine: LockedState<Machine>
  private let reporter: DiagnosticReporter

  init(policy: AsyncBufferingPolicy, reporter: DiagnosticReporter) {
    self.machine = LockedState(Machine(policy: policy))
    self.reporter = reporter
  }

  /// Runs `start` with a new sink, in the caller's context.
  func start(_ start: (EventSink<Element>) throws -> Cancellation?) {
    switch callStart(start) {
    case .returned(let cancellation):
      machine.withLock { $0.startReturned(cancellation) }?.run()
    case .threw(let action):
      perform(action)
    }
  }

  private enum StartOutcome {
    case returned(Cancellation?)
    case threw(Machine.Action)
  }

  /// Hands the producer its sink. Not inlined, so that only the producer keeps the sink alive
  /// afterwards. A throwing `start` is recorded while the sink is still alive, so that it is not
  /// mistaken for a dropped sink.
  @inline(never)
  private func callStart(_ start: (EventSink<Element>) throws -> Cancellation?) -> StartOutcome {
    let sink = EventSink(target: self)
    return withExtendedLifetime(sink) {
      do {
        return .returned(try start(sink))
      } catch {
        return .threw(machine.withLock { $0.startThrew(error) })
      }
    }
  }

  override func send(_ element: Element) -> SendResult {
    let (result, action) = machine.withLock { $0.send(element) }
    if let action { perform(action) }
    return result
  }

  override func finish(with error: (any Error)?) {
    if let action = machine.withLock({ $0.finish(with: error) }) { perform(action) }
  }

  override func sinkDropped() {
    if let action = machine.withLock({ $0.sinkDropped() }) { perform(action) }
  }

  override var isTerminated: Bool { machine.withLock { $0.isTerminated } }

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

  private func perform(_ action: Machine.Action) {
    action.hook?.run()
    if let continuation = action.continuation, let outcome = action.outcome { continuation.resume(with: outcome) }
    if let diagnostic = action.diagnostic { reporter.report(diagnostic) }
  }
}
