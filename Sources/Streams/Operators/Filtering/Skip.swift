extension ObservableType {
  /// Drops the first `count` elements and passes on the rest.
  ///
  /// ```
  /// --1--2--3--4--|   skip(2)
  /// --------3--4--|
  /// ```
  public func skip(_ count: Int) -> Observable<Element> {
    if count <= 0 { return asObservable() }
    return step(count) { remaining, event, downstream in
      switch event {
      case .next(let element):
        if remaining > 0 {
          remaining -= 1
        } else {
          downstream.next(element)
        }
      case .error(let error): downstream.error(error)
      case .completed: downstream.completed()
      }
    }
  }
}
