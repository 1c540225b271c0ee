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
    return ElementOperator(source: asObservable(), stage: Take(count: count))
  }
}

/// `take`'s stage. Its state is how many elements are still to be taken, decremented before an
/// element is sent.
struct Take<Element>: ElementStage {
  /// How many elements to take.
  let count: Int

  func makeState() -> Int { count }

  static func onNext<Observer>(_ element: Element, _ sink: ElementSink<Self, Observer>) {
    guard sink.state > 0 else { return }
    sink.state -= 1
    sink.forwardNext(element)
    if sink.state == 0 { sink.on(.completed) }
  }
}
