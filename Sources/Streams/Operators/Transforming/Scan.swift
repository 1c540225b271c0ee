extension ObservableType {
  /// Sends each intermediate result of folding the elements into `seed` with `accumulator`.
  ///
  /// An error thrown by `accumulator` ends the sequence with that error.
  ///
  /// ```
  /// --1--2--3--|   scan(0, +)
  /// --1--3--6--|
  /// ```
  public func scan<Accumulate>(
    _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate
  ) -> Observable<Accumulate> {
    scan(into: seed) { accumulate, element in accumulate = try accumulator(accumulate, element) }
  }

  /// Like `scan(_:accumulator:)`, but the accumulator mutates the running value in place.
  public func scan<Accumulate>(
    into seed: Accumulate, accumulator: @escaping (inout Accumulate, Element) throws -> Void
  ) -> Observable<Accumulate> {
    step(seed) { accumulate, event, downstream in
      switch event {
      case .next(let element):
        try accumulator(&accumulate, element)
        downstream.next(accumulate)
      case .error(let error): downstream.error(error)
      case .completed: downstream.completed()
      }
    }
  }
}
