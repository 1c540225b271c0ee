/// The machinery behind the operators whose per-subscription work is "a little state, updated by
/// each event": `scan`, `reduce`, `distinctUntilChanged`, `takeLast`, `toArray`, and friends.
///
/// Each subscription gets fresh state from `makeState`; `step` receives every upstream event with
/// that state and a ``Downstream`` to emit to. A terminal event emitted downstream, or an error
/// thrown by `step`, ends the subscription and disposes upstream in the same tick.
final class StepOperator<Source, Result, State>: Producer<Result>, @unchecked Sendable {
  typealias Step = (inout State, Event<Source>, Downstream<Result>) throws -> Void

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

/// Where a ``StepOperator`` step sends its output.
struct Downstream<Element> {
  fileprivate let emit: (Event<Element>) -> Void

  /// Sends an element.
  func next(_ element: Element) { emit(.next(element)) }
  /// Sends an error; the subscription ends.
  func error(_ error: Swift.Error) { emit(.error(error)) }
  /// Sends completion; the subscription ends.
  func completed() { emit(.completed) }
  /// Forwards a terminal event (or an element) unchanged.
  func forward(_ event: Event<Element>) { emit(event) }
}

final class StepSink<Source, State, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  typealias Result = Observer.Element
  // Touched only by `on(_:)`, whose calls the Rx grammar serializes.
  private var state: State
  private let step: StepOperator<Source, Result, State>.Step
  private lazy var downstream = Downstream<Result> { [unowned self] output in emit(output) }

  init(
    state: State, step: @escaping StepOperator<Source, Result, State>.Step, observer: Observer, cancel: Cancelable
  ) {
    self.state = state
    self.step = step
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Source>) {
    guard !isDisposed else { return }
    do {
      try step(&state, event, downstream)
    } catch {
      emit(.error(error))
    }
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
    _ step: @escaping (inout State, Event<Element>, Downstream<Result>) throws -> Void
  ) -> Observable<Result> {
    StepOperator(source: asObservable(), makeState: makeState, step: step)
  }
}
