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

final class Skip<Element>: ElementOperator<Element, Element>, @unchecked Sendable {
  private let count: Int

  init(source: Observable<Element>, count: Int) {
    self.count = count
    super.init(source: source)
  }

  override func makeSink<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> ElementSink<Element, Observer> where Observer.Element == Element
  {
    SkipSink(count: count, observer: observer, cancel: cancel)
  }
}

final class SkipSink<Observer: ObserverType>: ElementSink<Observer.Element, Observer>, @unchecked Sendable {
  // Touched only by `onNext`, whose calls the Rx grammar serializes.
  private var remaining: Int

  init(count: Int, observer: Observer, cancel: Cancelable) {
    self.remaining = count
    super.init(observer: observer, cancel: cancel)
  }

  override func onNext(_ element: Observer.Element) {
    if remaining > 0 {
      remaining -= 1
    } else {
      forwardNext(element)
    }
  }
}
