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
    return step(count) { remaining, event, downstream in
      switch event {
      case .next(let element):
        guard remaining > 0 else { return }
        remaining -= 1
        downstream.next(element)
        if remaining == 0 { downstream.completed() }
      case .error(let error): downstream.error(error)
      case .completed: downstream.completed()
      }
    }
  }
}
