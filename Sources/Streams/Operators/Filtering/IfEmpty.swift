extension ObservableType {
  /// Passes the sequence on; if it completes without an element, sends `default` first.
  ///
  /// ```
  /// -----|   ifEmpty(default: 0)      --1--|   ifEmpty(default: 0)
  /// -----(0|)                         --1--|
  /// ```
  public func ifEmpty(default: Element) -> Observable<Element> {
    step(true) { isEmpty, event, downstream in
      switch event {
      case .next(let element):
        isEmpty = false
        downstream.next(element)
      case .error(let error):
        downstream.error(error)
      case .completed:
        if isEmpty { downstream.next(`default`) }
        downstream.completed()
      }
    }
  }

  /// Passes the sequence on; if it completes without an element, continues with `other` instead.
  ///
  /// `other` is subscribed only then, when the source completes; its events end the result.
  ///
  /// ```
  /// -----|        ifEmpty(switchTo: --7--8--|)
  /// -------7--8--|
  /// ```
  public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
    SwitchIfEmpty(source: asObservable(), other: other)
  }
}

final class SwitchIfEmpty<Element>: Producer<Element>, @unchecked Sendable {
  // Unchecked: Observable family (see `Observable`): only `let`s.
  private let source: Observable<Element>
  private let other: Observable<Element>

  init(source: Observable<Element>, other: Observable<Element>) {
    self.source = source
    self.other = other
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
  {
    let switched = SingleAssignmentDisposable()
    let sink = SwitchIfEmptySink(other: other, switched: switched, observer: observer, cancel: cancel)
    return (sink, Disposables.create(source.subscribe(sink), switched))
  }
}

final class SwitchIfEmptySink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // Unchecked: Sink family (see `Sink`): `isEmpty` is touched only by upstream's serialized events.
  private let other: Observable<Observer.Element>
  private let switched: SingleAssignmentDisposable
  // Touched only by `on(_:)`, whose calls the Rx grammar serializes.
  private var isEmpty = true

  init(
    other: Observable<Observer.Element>, switched: SingleAssignmentDisposable, observer: Observer, cancel: Cancelable
  ) {
    self.other = other
    self.switched = switched
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next(let element):
      isEmpty = false
      forwardNext(element)
    case .error:
      forwardOn(event)
      dispose()
    case .completed where !isEmpty:
      forwardOn(event)
      dispose()
    case .completed:
      switched.setDisposable(other.subscribe(ForwardingSinkObserver(sink: self)))
    }
  }

  /// Forwards an event of `other`.
  fileprivate func forward(_ event: Event<Observer.Element>) {
    forwardOn(event)
    if event.isStopEvent { dispose() }
  }
}

/// Feeds `other`'s events to a ``SwitchIfEmptySink``.
private struct ForwardingSinkObserver<Observer: ObserverType>: ObserverType {
  let sink: SwitchIfEmptySink<Observer>

  func on(_ event: Event<Observer.Element>) { sink.forward(event) }
}
