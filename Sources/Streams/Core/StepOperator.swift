/// The machinery behind the operators whose per-subscription work is "a little state, updated by
/// each event": `reduce`, `takeLast`, `toArray`, `enumerated`, and friends. (The hot ones, `scan`,
/// `distinctUntilChanged`, `skip` and `take`, are stages of an ``ElementOperator``, whose sink
/// builds no `Event` per element.)
///
/// Each subscription gets fresh state from `makeState`; `step` receives every upstream event with
/// that state and a ``Downstream`` that collects what to send. The sink runs `step` on a copy of
/// the state, stores it back, and only then sends the collected events, so an observer that
/// re-enters the operator (a feedback loop through a subject) sees consistent state and never
/// overlaps an access to it. A terminal event sent downstream, or an error thrown by `step`, ends
/// the subscription and disposes upstream in the same tick.
final class StepOperator<Source, Result, State>: Producer<Result>, @unchecked Sendable {
  // Unchecked: Observable family (see `Observable`): only `let`s.
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

/// Collects the events a ``StepOperator`` step sends, in order, for the sink to send once the step
/// has returned.
///
/// A view of the subscription's ``StepOutbox``, which keeps the first element in a slot allocated
/// once per subscription: in unspecialized generic code, building an `Event` or an `Optional` per
/// element costs a metadata lookup each time, so the usual step (one element, or none) builds
/// neither. Anything else (a terminal event, a second element) waits in order in a list.
struct Downstream<Element> {
  fileprivate unowned(unsafe) let outbox: StepOutbox<Element>

  /// Sends an element.
  mutating func next(_ element: Element) { outbox.next(element) }
  /// Sends an error; the subscription ends.
  mutating func error(_ error: Swift.Error) { outbox.append(.error(error)) }
  /// Sends completion; the subscription ends.
  mutating func completed() { outbox.append(.completed) }

  /// Sends an event unchanged.
  mutating func forward(_ event: Event<Element>) {
    if case .next(let element) = event {
      outbox.next(element)
    } else {
      outbox.append(event)
    }
  }
}

/// What one step of a ``StepSink`` sent: the first element, if the step sent one before anything
/// else, in `slot`; every other event, in order, in `overflow`. Touched only by the sink's `on(_:)`,
/// whose calls the Rx grammar serializes, so the accesses never overlap.
final class StepOutbox<Element> {
  private let slot = UnsafeMutablePointer<Element>.allocate(capacity: 1)
  @exclusivity(unchecked) private(set) var holdsElement = false
  @exclusivity(unchecked) private(set) var hasOverflow = false
  @exclusivity(unchecked) private var overflow: [Event<Element>] = []

  deinit {
    if holdsElement { slot.deinitialize(count: 1) }
    slot.deallocate()
  }

  fileprivate func next(_ element: Element) {
    if holdsElement || hasOverflow {
      appendNext(element)
    } else {
      slot.initialize(to: element)
      holdsElement = true
    }
  }

  /// Out of line, so that the usual `next` does not look up `Event<Element>`.
  @inline(never)
  private func appendNext(_ element: Element) { append(.next(element)) }

  fileprivate func append(_ event: Event<Element>) {
    overflow.append(event)
    hasOverflow = true
  }

  /// The element in the slot, leaving it empty (only when `holdsElement`).
  func takeElement() -> Element {
    holdsElement = false
    return slot.move()
  }

  /// The events in `overflow`, leaving it empty (only when `hasOverflow`).
  func takeOverflow() -> [Event<Element>] {
    hasOverflow = false
    defer { overflow = [] }
    return overflow
  }
}

final class StepSink<Source, State, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // Unchecked: Sink family (see `Sink`): the state is touched only by upstream's serialized events (see the fields).
  typealias Result = Observer.Element
  // Touched only by `on(_:)`, whose calls the Rx grammar serializes. `step` mutates the state in
  // place, so a growing buffer (toArray, takeLast) is never copied; events are emitted after it
  // returns, so a subscriber that re-enters finds the state updated. `stepping` turns away an
  // event that a closure inside `step` sends into the source, which would otherwise overlap the
  // access (the grammar forbids it); so the accesses to `state` never overlap.
  @exclusivity(unchecked) private var state: State
  private var stepping = false
  private let step: StepOperator<Source, Result, State>.Step
  private let outbox = StepOutbox<Result>()

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
    var downstream = Downstream(outbox: outbox)
    do {
      try step(&state, event, &downstream)
    } catch {
      downstream.error(error)
    }
    stepping = false
    // The outbox is emptied before anything is sent, so that a subscriber re-entering this sink
    // steps with an empty one. The usual step sent one element and nothing else.
    guard outbox.hasOverflow else {
      if outbox.holdsElement { forwardNext(outbox.takeElement()) }
      return
    }
    sendWithOverflow()
  }

  /// Sends what a step sent beyond one element. Out of line, so that the usual step does not look
  /// up `Event<Result>` or `Optional<Result>`.
  @inline(never)
  private func sendWithOverflow() {
    let element = outbox.holdsElement ? outbox.takeElement() : nil
    let rest = outbox.takeOverflow()
    if let element { forwardNext(element) }
    for event in rest {
      forwardOn(event)
      if event.isStopEvent { dispose() }
    }
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
