extension ObservableType {
  /// Drops the first `count` elements and passes on the rest.
  ///
  /// ```
  /// --1--2--3--4--|   skip(2)
  /// --------3--4--|
  /// ```
  public func skip(_ count: Int) -> Observable<Element> {
    if count <= 0 { return asObservable() }
    return ElementOperator(source: asObservable(), stage: Skip(count: count))
  }
}

/// `skip`'s stage. Its state is how many elements are still to be dropped.
struct Skip<Element>: ElementStage {
  /// How many elements to drop.
  let count: Int

  func makeState() -> Int { count }

  static func onNext<Observer>(_ element: Element, _ sink: ElementSink<Self, Observer>) {
    if sink.state > 0 {
      sink.state -= 1
    } else {
      sink.forwardNext(element)
    }
  }
}
