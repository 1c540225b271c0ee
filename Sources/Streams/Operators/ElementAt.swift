extension ObservableType {
  /// Sends the element at `index` (zero-based) and completes; fails with
  /// ``StreamsError/argumentOutOfRange(_:)`` if the sequence completes before it.
  ///
  /// ```
  /// --a--b--c--|   element(at: 1)
  /// -----(b|)
  /// ```
  public func element(at index: Int) -> Observable<Element> {
    guard index >= 0 else { return .error(StreamsError.argumentOutOfRange("element(at:) index \(index) < 0")) }
    return step(index) { remaining, event, downstream in
      switch event {
      case .next(let element):
        if remaining == 0 {
          downstream.next(element)
          downstream.completed()
        }
        remaining -= 1
      case .error(let error): downstream.error(error)
      case .completed:
        downstream.error(StreamsError.argumentOutOfRange("element(at: \(index)) of a shorter sequence"))
      }
    }
  }

  /// Sends only the first element, as a ``Maybe``: empty if the sequence completes without one.
  public func first() -> Maybe<Element> {
    Maybe(raw: take(1))
  }
}
