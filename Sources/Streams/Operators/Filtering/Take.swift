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

final class Take<Element>: ElementOperator<Element, Element>, @unchecked Sendable {
  private let count: Int

  init(source: Observable<Element>, count: Int) {
    self.count = count
    super.init(source: source)
  }

  override func makeSink<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> ElementSink<Element, Observer> where Observer.Element == Element
  {
    TakeSink(count: count, observer: observer, cancel: cancel)
  }
}

final class TakeSink<Observer: ObserverType>: ElementSink<Observer.Element, Observer>, @unchecked Sendable {
  // Touched only by `onNext`, whose calls the Rx grammar serializes.
  private var remaining: Int

  init(count: Int, observer: Observer, cancel: Cancelable) {
    self.remaining = count
    super.init(observer: observer, cancel: cancel)
  }

  override func onNext(_ element: Observer.Element) {
    guard remaining > 0 else { return }
    remaining -= 1
    forwardNext(element)
    if remaining == 0 { onTerminal(.completed) }
  }
}
