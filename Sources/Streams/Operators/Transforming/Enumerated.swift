extension ObservableType {
  /// Pairs each element with its zero-based position.
  ///
  /// ```
  /// --a--b--|   enumerated()
  /// --(0,a)--(1,b)--|
  /// ```
  public func enumerated() -> Observable<(index: Int, element: Element)> {
    step(0) { index, event, downstream in
      switch event {
      case .next(let element):
        downstream.next((index, element))
        index += 1
      case .error(let error): downstream.error(error)
      case .completed: downstream.completed()
      }
    }
  }
}
