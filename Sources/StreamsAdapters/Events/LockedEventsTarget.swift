import Streams

/// What the two event storages' state machines share: the producer's side of a stream.
protocol EventsMachine: Sendable {
  associatedtype Element: Sendable
  associatedtype Action

  var isTerminated: Bool { get }
  mutating func startReturned(_ cancellation: Cancellation?) -> Cancellation?
  mutating func startThrew(_ error: any Error) -> Action
  mutating func send(_ element: Element) -> (SendResult, Action?)
  mutating func finish(with error: (any Error)?) -> Action?
  mutating func sinkDropped() -> Action?
}

extension EventsStateMachine: EventsMachine {}
extension ObservableEventsStateMachine: EventsMachine {}

/// The producer's side of an events storage: a state machine under a lock, whose actions are
/// performed after unlocking (R2). ``AsyncEventsStorage`` and ``ObservableEventsStorage`` add the
/// consumer's side and say how an action is performed.
// Its stored properties are immutable and Sendable; the state is behind the lock.
class LockedEventsTarget<Machine: EventsMachine>: EventsTarget<Machine.Element>, @unchecked Sendable {
  // Unchecked: its machine is a `LockedState`; `reporter` is a `let`.
  typealias Element = Machine.Element

  let machine: LockedState<Machine>
  let reporter: DiagnosticReporter

  init(machine: Machine, reporter: DiagnosticReporter) {
    self.machine = LockedState(machine)
    self.reporter = reporter
  }

  /// Carries out what the machine decided; called without the lock.
  func perform(_ action: Machine.Action) {
    preconditionFailure("LockedEventsTarget.perform is abstract")
  }

  /// Runs `start` with a new sink, in the caller's context.
  func start(_ start: (EventSink<Element>) throws -> Cancellation?) {
    let outcome = handOver({ EventSink(target: self) }, to: start) { error in
      machine.withLock { $0.startThrew(error) }
    }
    switch outcome {
    case .returned(let cancellation):
      machine.withLock { $0.startReturned(cancellation) }?.run()
    case .threw(let action):
      perform(action)
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
}
