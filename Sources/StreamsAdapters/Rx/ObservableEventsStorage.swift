import Streams

/// Holds an ``ObservableEventsStateMachine`` under a lock and delivers its queue to the Rx
/// observer after unlocking.
// Its stored properties are immutable and Sendable; the state is behind the lock. The observer, in
// the state, is `AnyObserver`, which Streams makes Sendable; events reach it one at a time (see
// `drain`).
final class ObservableEventsStorage<Element: Sendable>: EventsTarget<Element>, @unchecked Sendable {
  typealias Machine = ObservableEventsStateMachine<Element>

  private let machine: LockedState<Machine>
  private let reporter: DiagnosticReporter

  init(observer: AnyObserver<Element>, reporter: DiagnosticReporter) {
    self.machine = LockedState(Machine(observer: observer))
    self.reporter = reporter
  }

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

  func dispose() {
    if let action = machine.withLock({ $0.disposed() }) { perform(action) }
  }

  private func perform(_ action: Machine.Action) {
    action.hook?.run()
    if let diagnostic = action.diagnostic { reporter.report(diagnostic) }
    if action.drain { drain() }
  }

  /// Delivers queued events until the queue is empty. Only one thread drains at a time (the state
  /// machine hands out the turn), which serializes delivery as the Rx contract requires; the lock
  /// is never held while the observer runs.
  private func drain() {
    while let (event, observer) = machine.withLock({ $0.nextToDeliver() }) {
      switch event {
      case .next(let element): observer.onNext(element)
      case .completed: observer.onCompleted()
      case .failed(let error): observer.onError(error)
      }
    }
  }
}
