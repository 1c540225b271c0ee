extension ObservableType {
  /// Sends the last `count` elements when the sequence completes.
  ///
  /// ```
  /// --1--2--3--|   takeLast(2)
  /// -----------(23|)
  /// ```
  public func takeLast(_ count: Int) -> Observable<Element> {
    step(ReplayBuffer<Element>(capacity: Swift.max(0, count))) { buffer, event, downstream in
      switch event {
      case .next(let element): buffer.append(element)
      case .error(let error): downstream.error(error)
      case .completed:
        buffer.forEach { downstream.next($0) }
        downstream.completed()
      }
    }
  }
}
