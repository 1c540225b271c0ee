extension ObservableType {
  /// Folds every element into `seed` with `accumulator` and sends the result when the sequence
  /// completes.
  ///
  /// ```
  /// --1--2--3--|   reduce(0, accumulator: +)
  /// -----------(6|)
  /// ```
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func reduce<Accumulate>(
    _ seed: Accumulate, accumulator: @escaping @isolated(any) (Accumulate, Element) throws -> Accumulate
  ) -> Observable<Accumulate> {
    reduce(seed, accumulator: accumulator, mapResult: { $0 })
  }

  /// Folds every element into `seed`, then sends `mapResult` of the total when the sequence
  /// completes. Errors thrown by either closure end the sequence with that error.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func reduce<Accumulate, Result>(
    _ seed: Accumulate, accumulator: @escaping @isolated(any) (Accumulate, Element) throws -> Accumulate,
    mapResult: @escaping @isolated(any) (Accumulate) throws -> Result
  ) -> Observable<Result> {
    let accumulator = Isolation.checked(accumulator, "reduce")
    let mapResult = Isolation.checked(mapResult, "reduce")
    return step(seed) { accumulate, event, downstream in
      switch event {
      case .next(let element): accumulate = try accumulator(accumulate, element)
      case .error(let error): downstream.error(error)
      case .completed:
        downstream.next(try mapResult(accumulate))
        downstream.completed()
      }
    }
  }

  /// Collects every element and sends them as one array when the sequence completes, as a
  /// ``Single``.
  public func toArray() -> Single<[Element]> {
    Single(
      raw: step([Element]()) { elements, event, downstream in
        switch event {
        case .next(let element): elements.append(element)
        case .error(let error): downstream.error(error)
        case .completed:
          downstream.next(elements)
          downstream.completed()
        }
      })
  }
}
