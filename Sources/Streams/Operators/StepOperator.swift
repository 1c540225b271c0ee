/// The machinery behind the operators whose per-subscription work is "a little state, updated by
/// each event": `scan`, `reduce`, `distinctUntilChanged`, `takeLast`, `toArray`, and friends.
///
/// Each subscription gets fresh state from `makeState`; `step` receives every upstream event with
/// that state and a ``Downstream`` that collects what to send. The sink runs `step` on a copy of
/// the state, stores it back, and only then sends the collected events, so an observer that
/// re-enters the operator (a feedback loop through a subject) sees consistent state and never
/// overlaps an access to it. A terminal event sent downstream, or an error thrown by `step`, ends
/// the subscription and disposes upstream in the same tick.
final class StepOperator<Source, Result, State>: Producer<Result>, @unchecked Sendable {
  typealias Step = (inout State, Event<Source>, inout Downstream<Result>) throws -> Void

  private let source: Observable<Source>
  private let makeState: () -> State
  private let step: Step

  init(source: Observable<Source>, makeState: @escaping () -> State, step: @escaping Step) {
    self.source = source
    self.makeState = makeState
    self.step = step
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result
  {
    let sink = StepSink(state: makeState(), step: step, observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

/// Collects the events a ``StepOperator`` step sends; one event is stored inline.
struct Downstream<Element> {
  fileprivate var first: Event<Element>?
  fileprivate var rest: [Event<Element>] = []

  /// Sends an element.
  mutating func next(_ element: Element) { forward(.next(element)) }
  /// Sends an error; the subscription ends.
  mutating func error(_ error: Swift.Error) { forward(.error(error)) }
  /// Sends completion; the subscription ends.
  mutating func completed() { forward(.completed) }

  /// Sends an event unchanged.
  mutating func forward(_ event: Event<Element>) {
    if first == nil {
      first = event
    } else {
      rest.append(event)
    }
  }
}

final class StepSink<Source, State, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  typealias Result = Observer.Element
  // Touched only by `on(_:)`, whose calls the Rx grammar serializes. `step` mutates the state in
  // place, so a growing buffer (toArray, takeLast) is never copied; events are emitted after it
  // returns, so a subscriber that re-enters finds the state updated. `stepping` turns away an
  // event that a closure inside `step` sends into the source, which would otherwise overlap the
  // access (the grammar forbids it); so the accesses to `state` never overlap.
  @exclusivity(unchecked) private var state: State
  private var stepping = false
  private let step: StepOperator<Source, Result, State>.Step

  init(
    state: State, step: @escaping StepOperator<Source, Result, State>.Step, observer: Observer, cancel: Cancelable
  ) {
    self.state = state
    self.step = step
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Source>) {
    guard !isDisposed else { return }
    guard !stepping else {
      Hooks.report(.eventDuringOperatorStep)
      return
    }
    stepping = true
    var downstream = Downstream<Result>()
    do {
      try step(&state, event, &downstream)
    } catch {
      downstream.error(error)
    }
    stepping = false
    guard let first = downstream.first else { return }
    emit(first)
    for event in downstream.rest { emit(event) }
  }

  private func emit(_ event: Event<Result>) {
    forwardOn(event)
    if event.isStopEvent { dispose() }
  }
}

extension ObservableType {
  /// Builds an operator from per-subscription state and a step function; see ``StepOperator``.
  func step<State, Result>(
    _ makeState: @autoclosure @escaping () -> State,
    _ step: @escaping (inout State, Event<Element>, inout Downstream<Result>) throws -> Void
  ) -> Observable<Result> {
    StepOperator(source: asObservable(), makeState: makeState, step: step)
  }
}
