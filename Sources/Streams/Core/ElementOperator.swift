/// The operator `map`, `filter`, `compactMap`, `scan`, `distinctUntilChanged`, `skip`, `take`,
/// `take(while:)`, `skip(while:)` and the traits' `asSingle`/`asMaybe` share: one source, whose
/// subscription is one ``ElementSink`` running the operator's ``ElementStage``.
// Unchecked as every producer: both properties are immutable, and the stage's closures are the
// caller's, checked for their own isolation by the public function (IsolationTests, and the
// suite's real-thread tests of operators under ThreadSanitizer in CI).
final class ElementOperator<Stage: ElementStage>: Producer<Stage.Result>, @unchecked Sendable {
  private let source: Observable<Stage.Element>
  private let stage: Stage

  init(source: Observable<Stage.Element>, stage: Stage) {
    self.source = source
    self.stage = stage
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Stage.Result
  {
    let sink = ElementSink(stage: stage, observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

/// The sink of an ``ElementOperator``: each element goes to the stage's
/// ``ElementStage/onNext(_:_:)`` and each terminal event to its ``ElementStage/onTerminal(_:_:)``,
/// with this sink, which holds the stage and the subscription's state.
// Unchecked as every sink: `stage` is immutable, and `state` and `updatingState` are touched only by
// the stage's handlers, whose calls the Rx grammar serializes (ElementOperatorTests).
final class ElementSink<Stage: ElementStage, Observer: ObserverType>: Sink<Observer>, ObserverType,
  @unchecked Sendable
where Observer.Element == Stage.Result {
  typealias Element = Stage.Element

  /// The operator's parameters.
  let stage: Stage
  /// What this subscription keeps between elements. Each access is instantaneous, except the one
  /// ``updateState(_:)`` holds across a closure, which turns away an access that would overlap it.
  @exclusivity(unchecked) var state: Stage.State
  // Only scan's stage uses it (``updateState(_:)``). Kept here rather than in scan's state: a
  // `(value, flag)` tuple there is a generic tuple whose every access looks up its metadata in
  // unspecialized code; row J was about 10% slower that way (6 interleaved runs, 16:20).
  private var updatingState = false

  init(stage: Stage, observer: Observer, cancel: Cancelable) {
    self.stage = stage
    self.state = stage.makeState()
    super.init(observer: observer, cancel: cancel)
  }

  deinit {
    Stage.destroy(state)
  }

  /// Hands an element to the stage, without building an `Event` (see ``ObserverType/onNext(_:)``).
  @inline(__always)
  func onNext(_ element: Element) {
    Stage.onNext(element, self)
  }

  /// Hands an event to the stage: an element to its `onNext`, an error or completion to its
  /// `onTerminal`.
  func on(_ event: Event<Element>) {
    switch event {
    case .next(let element): Stage.onNext(element, self)
    case .error(let error): Stage.onTerminal(.error(error), self)
    case .completed: Stage.onTerminal(.completed, self)
    }
  }

  /// Whether `predicate` holds; `nil` once the error it threw has been sent downstream (which
  /// disposes).
  @inline(__always)
  func check(_ predicate: () throws -> Bool) -> Bool? {
    do {
      return try predicate()
    } catch {
      forwardErrorAndDispose(error)
      return nil
    }
  }

  /// Calls `update` with ``state`` in place, and returns `true`. An element that `update` sends into
  /// this operator's own source finds the state held: the Rx grammar forbids it, and it would
  /// overlap the access, so it is dropped and reported to ``Hooks/diagnostic`` as
  /// ``Diagnostic/eventDuringOperatorStep`` (this call then returns `false`).
  @inline(__always)
  func updateState(_ update: (inout Stage.State) throws -> Void) rethrows -> Bool {
    guard !updatingState else {
      Hooks.report(.eventDuringOperatorStep)
      return false
    }
    updatingState = true
    do {
      try update(&state)
    } catch {
      updatingState = false
      throw error
    }
    updatingState = false
    return true
  }
}
