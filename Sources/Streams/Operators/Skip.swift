extension ObservableType {
  /// Drops the first `count` elements and passes on the rest.
  ///
  /// ```
  /// --1--2--3--4--|   skip(2)
  /// --------3--4--|
  /// ```
  public func skip(_ count: Int) -> Observable<Element> {
    if count <= 0 { return asObservable() }
    return Skip(source: asObservable(), count: count)
  }
}

final class Skip<Element>: Producer<Element>, @unchecked Sendable {
  private let source: Observable<Element>
  private let count: Int

  init(source: Observable<Element>, count: Int) {
    self.source = source
    self.count = count
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
  {
    let sink = SkipSink(remaining: count, observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

final class SkipSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // Touched only by `on(_:)`, whose calls the Rx grammar serializes.
  private var remaining: Int

  init(remaining: Int, observer: Observer, cancel: Cancelable) {
    self.remaining = remaining
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next:
      if remaining > 0 {
        remaining -= 1
      } else {
        forwardOn(event)
      }
    case .error, .completed:
      forwardOn(event)
      dispose()
    }
  }
}
