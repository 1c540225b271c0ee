extension ObservableType {
  /// Passes on the first `count` elements, then completes and disposes upstream.
  ///
  /// `take(0)` completes at once without subscribing upstream. The count is decremented before an
  /// element is forwarded, so an element sent re-entrantly from inside the observer is not taken.
  ///
  /// ```
  /// --1--2--3--4--|   take(2)
  /// --1--(2|)
  /// ```
  public func take(_ count: Int) -> Observable<Element> {
    if count <= 0 { return .empty() }
    return Take(source: asObservable(), count: count)
  }
}

final class Take<Element>: Producer<Element>, @unchecked Sendable {
  private let source: Observable<Element>
  private let count: Int

  init(source: Observable<Element>, count: Int) {
    self.source = source
    self.count = count
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
  {
    let sink = TakeSink(remaining: count, observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

final class TakeSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // Touched only by `on(_:)`, whose calls the Rx grammar serializes.
  private var remaining: Int

  init(remaining: Int, observer: Observer, cancel: Cancelable) {
    self.remaining = remaining
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next:
      guard remaining > 0 else { return }
      remaining -= 1
      forwardOn(event)
      if remaining == 0 {
        forwardOn(.completed)
        dispose()
      }
    case .error, .completed:
      forwardOn(event)
      dispose()
    }
  }
}
