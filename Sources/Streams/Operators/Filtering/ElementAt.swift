extension ObservableType {
  /// Sends the element at `index` (zero-based) and completes; fails with
  /// ``StreamsError/argumentOutOfRange`` if the sequence completes before it, or if `index` is
  /// negative (where RxSwift traps).
  ///
  /// ```
  /// --a--b--c--|   element(at: 1)
  /// -----(b|)
  /// ```
  public func element(at index: Int) -> Observable<Element> {
    guard index >= 0 else { return .error(StreamsError.argumentOutOfRange) }
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
        downstream.error(StreamsError.argumentOutOfRange)
      }
    }
  }

  /// Sends the first element, or `nil` if the sequence completes without one, as a ``Single``;
  /// then disposes upstream.
  ///
  /// ```
  /// --a--b--|   first()
  /// --(a|)
  /// -----|      first()
  /// -----(nil|)
  /// ```
  public func first() -> Single<Element?> {
    Single(
      raw: step(()) { _, event, downstream in
        switch event {
        case .next(let element):
          downstream.next(element)
          downstream.completed()
        case .error(let error): downstream.error(error)
        case .completed:
          downstream.next(nil)
          downstream.completed()
        }
      })
  }
}
